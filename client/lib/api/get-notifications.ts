// GET /api/notifications (spec §7): the signed-in shopper's notifications, polled every 30 s. Apart from the bell
// (app/layouts/notification-bell.tsx, loaded on first use) so the root loader can fetch them without its code.
import { queryOptions } from '@tanstack/react-query';
import { TIMING } from '@domain/constants';
import type { AppNotification } from '@domain/notifications';
import { apiGet } from '@/lib/api-client';

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/notifications'],
    queryFn: ({ signal }) => apiGet<AppNotification[]>('/api/notifications', { signal }),
    refetchInterval: TIMING.notificationPoll, // spec §7: refetched every 30 s
  });
