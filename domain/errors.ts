// The error answer of the API ("module boundaries": errors carry their code to the client). Every error is JSON
// {code, message, fields?}: `message` is for people (the spec fixes many texts, and they may be reworded), `code` is
// for programs. A client that must react to a kind of failure (ask for the two-factor code, say the link expired,
// drop a stale token) tests the code, never the wording or the bare HTTP status, which several kinds share (a 401 is
// "not signed in", "wrong password", "enter your code" or "this sign-in expired").
// The list is closed and stable: the server may only send these (the route response schemas check it), so renaming
// or removing one breaks clients; add new ones instead.
import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

export { ERROR_CODES, isErrorCode, type ErrorCode } from './error-codes';

/**
 * The body of every error answer, for route response schemas (and so the OpenAPI document). A strict enum: the
 * response serializer refuses a code not in the list, so an unlisted code fails loudly in tests, not silently in
 * a client.
 */
export const errorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  /** Input path → what is wrong with it, for forms that show errors beside their fields. */
  fields: z.record(z.string(), z.string()).optional(),
  /** Facts about what was refused that a client may show, e.g. the store of a booking whose link is dead. */
  context: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
