// The closed list of the API's error codes (domain/errors.ts says what they are for), without the response schema:
// the browser's API client tests codes on every page, and zod must not come into every page's entry with them
// (PERFORMANCE.md, "a module the shopping pages import for values holds no zod schema").
export const ERROR_CODES = [
  // 400
  /** The request could not be read as sent: malformed JSON, multipart body or URL, a protocol-level fault. */
  'bad_request',
  /** The request was read but its values are refused (schema or business rules); `fields` names the inputs when it can. */
  'validation_failed',
  // 401
  /** Nobody is signed in, or the session or token is no longer valid. */
  'unauthorized',
  /** Sign-in with a wrong username, e-mail or password (or an account that cannot sign in). */
  'invalid_credentials',
  /** The password was right; the answer carries a `challenge` to send with the authenticator code (admin two-factor). */
  'two_factor_required',
  /** The password was right but a staff account must set up two-factor first; the answer carries an enrolment `challenge`. */
  'two_factor_enrolment_required',
  /** The authenticator or recovery code of the second sign-in step is wrong. */
  'invalid_two_factor_code',
  /** The two-factor challenge expired or was used up: only signing in with the password again helps. */
  'challenge_expired',
  // 403
  /** Signed in, but not allowed (not staff, account disabled, cross-site request, bad photo token). */
  'forbidden',
  // 404
  /** The route exists but what it names does not (a vehicle, a post, a lead). */
  'not_found',
  /** Nothing answers at this path at all: no such API route, no such file. Tells "feature missing" from "record missing". */
  'path_not_found',
  // 409
  /** The change clashes with the current state (a taken username, a duplicate VIN, a stale edit). */
  'conflict',
  // 410
  /** Issue 33 §1: a signed link in a shopper's e-mail that expired or was replaced by a newer one. */
  'link_expired',
  // 413
  /** The request body is over the size limit. */
  'payload_too_large',
  /** More photos in one upload than allowed. */
  'too_many_files',
  /** One photo is over the per-file size limit. */
  'image_too_large',
  /** One photo has more pixels than the pipeline decodes. */
  'image_too_many_pixels',
  // 414
  /** A path segment over the router's length limit. */
  'uri_too_long',
  // 415 (and the multipart plugin's 406 for a body that is not multipart)
  /** A request body in a content type the route does not read. */
  'unsupported_media_type',
  /** An upload that is not a photo format we accept (checked by content). */
  'image_unsupported',
  // 400, photo uploads
  /** An empty photo file. */
  'image_empty',
  /** A photo that cannot be decoded (damaged or cut short). */
  'image_corrupt',
  // 422
  /** A CSV import with invalid rows: nothing was imported. */
  'import_has_errors',
  // 429
  /** Too many attempts; the answer has a Retry-After header. */
  'rate_limited',
  // 503
  /** A service we depend on (the database) is unreachable for now; the answer has a Retry-After header. Try again. */
  'unavailable',
  // 500
  /** Our fault; the message is generic and the details are in the server log under the request id. */
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const codeSet: ReadonlySet<string> = new Set(ERROR_CODES);

/** True for a code of the list: a client reading an answer from elsewhere (a proxy, an older server) checks first. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && codeSet.has(value);
}
