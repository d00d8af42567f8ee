// Personal data at rest (issue 6, DESIGN.md "Consent"): AES-256-GCM with a key from the environment.
// Envelope: `v1.<keyId>.<iv>.<tag>.<ciphertext>`, base64url parts. The key id (first 8 hex digits of the key's
// SHA-256) says which key sealed a value, so a key can be rotated: the new key encrypts, retired keys
// (PII_ENCRYPTION_OLD_KEYS) still decrypt until every row has been re-sealed or purged.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface PiiKeys { current: Buffer; retired: Buffer[] }

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export class PiiDecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PiiDecryptError';
  }
}

/** Seals a JSON value. A fresh 96-bit IV per value; `context` (e.g. the table name) is bound as associated data. */
export function encryptPii(keys: PiiKeys, value: unknown, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, keys.current, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [VERSION, keyIdOf(keys.current), iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Opens an envelope; throws PiiDecryptError when the key is unknown or the data was tampered with. */
export function decryptPii<T = unknown>(keys: PiiKeys, envelope: string, context: string): T {
  const parts = envelope.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new PiiDecryptError('not a v1 PII envelope');
  const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
  const key = [keys.current, ...keys.retired].find((k) => keyIdOf(k) === keyId);
  if (!key) throw new PiiDecryptError(`no key with id ${keyId} is configured (PII_ENCRYPTION_KEY / PII_ENCRYPTION_OLD_KEYS)`);
  try {
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as T;
  } catch {
    throw new PiiDecryptError('the value does not authenticate (wrong key or altered data)');
  }
}

/** Whether a value was sealed by a retired key (and should be re-sealed with the current one). */
export function needsRotation(keys: PiiKeys, envelope: string): boolean {
  return envelope.split('.')[1] !== keyIdOf(keys.current);
}
