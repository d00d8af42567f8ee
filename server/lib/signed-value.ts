// A value the server issued, proved by an HMAC the client sends back with it (issue 56 finding 5: a trade-in value
// is the "trade appraiser range" only when our appraiser gave it). The key is derived from SESSION_SECRET for one
// purpose, so a proof for one kind of value is worth nothing for another, nor as a signed link.
import { createHmac, timingSafeEqual } from 'node:crypto';

const keyFor = (secret: string, purpose: string) => createHmac('sha256', secret).update(`signed-value:${purpose}`).digest();
const mac = (secret: string, purpose: string, value: string) => createHmac('sha256', keyFor(secret, purpose)).update(value).digest();

/** The proof of `value` for `purpose` (base64url, 43 characters). */
export function signValue(secret: string, purpose: string, value: string | number): string {
  return mac(secret, purpose, String(value)).toString('base64url');
}

/** Whether `proof` is this server's proof of `value` for `purpose`; compared in constant time. */
export function isSignedValue(secret: string, purpose: string, value: string | number, proof: string | undefined | null): boolean {
  if (!proof) return false;
  const given = Buffer.from(proof, 'base64url');
  const expected = mac(secret, purpose, String(value));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
