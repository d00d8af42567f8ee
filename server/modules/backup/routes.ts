// POST /internal/backup (issue 18): the running server writes a backup for `npm run db:backup`, which reads the
// port and token from the control file (./service.ts). app.ts registers it only when BACKUP_ENDPOINT=on.
import { createHash, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { writeBackup } from './logical-backup';
import { backupInto } from './service';

const backupRequest = z.object({
  file: z.string().min(1, 'file is required').refine((f) => path.isAbsolute(f), 'file must be an absolute path').optional(),
}).strict();

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** SHA-256 of a string: digests are always 32 bytes, so timingSafeEqual never sees buffers of unequal length. */
const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * POST /internal/backup: the running server writes a backup for `npm run db:backup`. Only from this machine
 * (the socket's address, never a forwarded one; checked first, so nothing from elsewhere reaches the token
 * comparison) and only with the control file's token. The caller registers it only when BACKUP_ENDPOINT=on
 * (issue 36 item 5): behind a reverse proxy on the same host every request comes from the loopback, and the token
 * alone would guard it.
 */
export function registerBackupControl(app: FastifyInstance, token: () => string | null) {
  app.post('/internal/backup', { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    const notFound = () => reply.code(404).send({ message: 'Not found' });
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return notFound();
    const expected = token();
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Compared as digests: a token of another byte length (any non-ASCII character) was a 500 from timingSafeEqual.
    if (expected === null || !timingSafeEqual(digest(given), digest(expected))) return notFound();
    const body = backupRequest.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ message: body.error.issues.map((i) => i.message).join('; ') });
    const { backupDir, backupKeep } = app.config.backup;
    const result = body.data.file
      ? { ...(await writeBackup(app.database, body.data.file)), deleted: [] as string[] }
      : await backupInto(app.database, backupDir, backupKeep);
    return reply.header('cache-control', 'no-store').send(result);
  });
}
