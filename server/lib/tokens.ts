// Secrets that travel (session tokens, reset and unsubscribe links) are stored only as their SHA-256, so a leaked
// table yields nothing usable. The lowest layer: sessions, password resets and e-mail preferences all hash this way.
import { createHash } from 'node:crypto';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
