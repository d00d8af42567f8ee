// Shapes every endpoint shares.
import { z } from 'zod';
import { errorBodySchema, type ErrorBody } from './errors';

/** Every error is JSON {code, message}; validation errors add the failing fields (foundation issue; the codes: errors.ts). */
export const errorSchema = errorBodySchema;
export type ApiErrorBody = ErrorBody;

export const messageSchema = z.object({ message: z.string() });
