// Signed links in shopper e-mails (issue 33 §1; docs/SECURITY.md "Signed links"): the link to change or cancel a
// booking carries its own proof, so the shopper needs no account. The token is the payload (base64url JSON) and an
// HMAC-SHA256 of it under a key derived from SESSION_SECRET for this purpose only. It expires, and it names the
// booking's link version, which a change or cancellation bumps, so an older e-mail's link stops working.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LinkPayload { /** what it is for */ p: string; /** the record */ id: number; /** its link version */ v: number; /** expiry, epoch seconds */ e: number }

const keyFor = (secret: string, purpose: string) => createHmac('sha256', secret).update(`signed-link:${purpose}`).digest();
const mac = (secret: string, purpose: string, body: string) => createHmac('sha256', keyFor(secret, purpose)).update(body).digest('base64url');

export function signLink(secret: string, payload: LinkPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, payload.p, body)}`;
}

// An expired token whose signature holds still names its record (the page of a dead link names that booking's
// store); an invalid one names nothing.
export type LinkCheck = { ok: true; payload: LinkPayload } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'expired'; payload: LinkPayload };

/** Verifies a token for `purpose` at `now`: a tampered, foreign or malformed token is invalid; a late one expired. */
export function verifyLink(secret: string, purpose: string, token: string, now: Date): LinkCheck {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(mac(secret, purpose, body));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let payload: LinkPayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as LinkPayload;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (payload.p !== purpose || !Number.isInteger(payload.id) || !Number.isInteger(payload.v) || typeof payload.e !== 'number') return { ok: false, reason: 'invalid' };
  if (now.getTime() >= payload.e * 1000) return { ok: false, reason: 'expired', payload };
  return { ok: true, payload };
}
