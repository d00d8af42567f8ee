// Notification API (spec §7: GET /api/notifications, POST …/:id/mark-read, POST …/mark-all-read; issue 5 adds a
// real DELETE). Signed-in users only; each reads and changes only their own.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readRoute } from '../../plugins/page-reads';
import { errorSchema, messageSchema } from '@domain/api';
import { markAllReadResultSchema, notificationIdParams, notificationListSchema } from '@domain/notifications';
import { requireUser } from '../../plugins/auth';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const stop = app.services.notifications.startNotificationDispatch();
  app.addHook('onClose', async () => stop());

  readRoute(app, '/api/notifications', {
    signedIn: true,
    cacheControl: 'private, no-store',
    schema: { tags: ['notifications'], summary: 'My notifications, newest first (at most 50)', response: { 200: notificationListSchema, 401: errorSchema, 403: errorSchema } },
  }, ({ user }) => app.services.notifications.listNotifications(user!.id));

  app.post('/api/notifications/mark-all-read', {
    preHandler: requireUser,
    schema: { tags: ['notifications'], summary: 'Mark all my notifications read', response: { 200: markAllReadResultSchema, 401: errorSchema, 403: errorSchema } },
  }, async (request) => {
    const updated = await app.services.notifications.markAllNotificationsRead(request.user!.id);
    return { message: 'All notifications marked as read', updated };
  });

  app.post('/api/notifications/:id/mark-read', {
    preHandler: requireUser,
    schema: { tags: ['notifications'], summary: 'Mark one of my notifications read', params: notificationIdParams, response: { 200: messageSchema, ...errors } },
  }, async (request) => {
    await app.services.notifications.markNotificationRead(request.user!.id, request.params.id);
    return { message: 'Notification marked as read' };
  });

  app.delete('/api/notifications/:id', {
    preHandler: requireUser,
    schema: { tags: ['notifications'], summary: 'Delete one of my notifications', params: notificationIdParams, response: { 200: messageSchema, ...errors } },
  }, async (request) => {
    await app.services.notifications.deleteNotification(request.user!.id, request.params.id);
    return { message: 'Notification deleted' };
  });
};
