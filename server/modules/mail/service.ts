// The mail service as the app holds it (server/services.ts, issue 31 §1). Small for now: the outbox's retention
// (the scheduled job). Queueing stays a plain function a caller's transaction calls (./mailer.ts, queueMail), and
// delivery is the app's mailer (Deps.mailer).
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';
import { purgeSentMail } from './mailer';

export function mailService(deps: Deps) {
  return bindFirst(deps.db, { purgeSentMail });
}
