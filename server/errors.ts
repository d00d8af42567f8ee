// One error type, translated in one handler (DESIGN.md convention 5). Every error answer is JSON {code, message},
// validation errors add {fields}; 4xx give their message, 5xx a generic one (logged with the request id).
// `code` (the list and why: domain/errors.ts) is what clients branch on; the helpers below imply the usual one
// for their status and take a specific one where a client must tell cases apart (e.g. invalid_credentials).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@domain/errors';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Facts about what was refused that the client may show (ErrorBody.context). */
    readonly context?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Input that was read but is refused (a business rule, a value the schema cannot check); `fields` names the inputs. */
export const badRequest = (message: string, fields?: Record<string, string>, code: ErrorCode = 'validation_failed') => new AppError(400, code, message, fields);
export const unauthorized = (message = 'Authentication required', code: ErrorCode = 'unauthorized') => new AppError(401, code, message);
export const forbidden = (message: string, code: ErrorCode = 'forbidden') => new AppError(403, code, message);
export const notFound = (message: string, code: ErrorCode = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string, fields?: Record<string, string>, code: ErrorCode = 'conflict') => new AppError(409, code, message, fields);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * The JSON 404 for an unknown path: names the method and path (without the query) so a client bug is obvious.
 * Its own code (path_not_found), so a client tells a missing feature from a missing record (not_found).
 */
export function notFoundFor(request: FastifyRequest): AppError {
  return notFound(`Not found: ${request.method} ${request.url.split('?')[0]}`, 'path_not_found');
}

/** The code of an error that brought only its status: Fastify's own 4xx, plugins' errors, the router's. */
const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict',
  // @fastify/multipart answers 406 for a body that is not multipart: a content type the route does not read.
  406: 'unsupported_media_type', 413: 'payload_too_large', 414: 'uri_too_long', 415: 'unsupported_media_type', 429: 'rate_limited',
};
function codeForStatus(status: number): ErrorCode {
  return status >= 500 ? 'internal' : CODE_FOR_STATUS[status] ?? 'bad_request';
}

/** The one shape of an error answer (domain/errors.ts): `fields` and `context` only when there are some. */
export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>, context?: Record<string, string>): ErrorBody {
  return { code, message, ...(fields ? { fields } : {}), ...(context ? { context } : {}) };
}

const CONTEXT_NAMES: Record<string, string> = { querystring: 'query', body: 'body', params: 'path parameter', headers: 'header' };

interface ValidationIssue { instancePath: string; message?: string }

/** Turns schema issues into {fields:{path: message}} and a one-line summary such as "Invalid query: page must be a whole number". */
function validationBody(issues: ValidationIssue[], context: string | undefined) {
  const where = CONTEXT_NAMES[context ?? ''] ?? 'request';
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (context ?? 'request');
    fields[key] ??= issue.message ?? 'is invalid';
  }
  const [key, msg] = Object.entries(fields)[0] ?? [where, 'is invalid'];
  // Our domain messages already name their field ("page must be…"); zod's defaults do not.
  const summary = msg.toLowerCase().startsWith(key.split('.').pop()!.toLowerCase()) ? msg : `${key}: ${msg}`;
  return errorBody('validation_failed', `Invalid ${where}: ${summary}`, fields);
}

/** PostgreSQL class 22 (data exception): a value the database refuses, e.g. a NUL byte. A client's fault, never a 500. */
function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('22');
}

/**
 * Issue 30: what node-postgres (and the pool) raise while PostgreSQL is restarting, failing over or away:
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (terminated by an administrator, crash, or "the database
 * system is starting up / shutting down"), 53300 (too many connections), the socket's own errors, and the pool's
 * and client's messages for a connection that timed out or ended. Such a request is answered 503 with Retry-After
 * at once: a client retries shortly instead of reading a 500 as a bug, and a proxy can send it elsewhere.
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Client was closed and is not queryable|the database system is (starting up|shutting down|in recovery mode)|sorry, too many clients/;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/**
 * Issue 30: the database's disk is full (SQLSTATE 53100 disk_full; "No space left on device" from a file write).
 * PostgreSQL refuses the write and keeps serving reads, so the request answers 503 with Retry-After (the space comes
 * back when an operator frees it, not in a few seconds) and the log says why; readiness is red meanwhile
 * (modules/health).
 */
export function isDiskFull(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '53100' || code === 'ENOSPC') return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /No space left on device/.test(message)) return true;
  }
  return false;
}

export const DISK_FULL_RETRY_AFTER_SECONDS = 60;

/** Seconds a client should wait before retrying a request refused during an outage. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Errors raised by the router before a request reaches any route or hook (Fastify's frameworkErrors option):
 * a path that is not valid percent-encoding (400) or a path segment over the length limit (414).
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode ?? 500;
  const [code, message]: [ErrorCode, string] = err.code === 'FST_ERR_BAD_URL' ? ['bad_request', 'Malformed URL']
    : err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? ['uri_too_long', 'URL path segment too long']
      : [codeForStatus(status), 'Internal server error'];
  reply.code(status).send(errorBody(code, message));
}

/**
 * busboy's errors for a multipart body it cannot read (no boundary, cut short, a bad part header): plain Errors
 * without a status, thrown from request.file() and request.parts(). The client's fault, so a 400, not a 500
 * (found by the route fuzzing, server/test/fuzz).
 */
function isMalformedMultipart(err: Error): boolean {
  return /^(Multipart: |Unexpected end of (multipart|form) data|Malformed part header|Malformed urlencoded form)/.test(err.message);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(validationBody(err.validation, err.validationContext));
    }
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.status).send(errorBody(err.code, err.message, err.fields, err.context));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (body too large 413, unsupported media type 415, malformed JSON 400) and plugins' (multipart).
      const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Request body is not valid JSON' : err.message;
      return reply.code(status).send(errorBody(codeForStatus(status), message));
    }
    if (isMalformedMultipart(err)) {
      return reply.code(400).send(errorBody('bad_request', `The multipart body is malformed (${err.message}); send the file as multipart/form-data`));
    }
    if (isDataException(err)) {
      request.log.warn({ err }, 'database refused a client value');
      return reply.code(400).send(errorBody('validation_failed', 'Invalid input'));
    }
    if (isDiskFull(err)) {
      request.log.error({ err }, 'the database disk is full: a write was refused (503); free space on the data directory\'s disk');
      reply.header('retry-after', String(DISK_FULL_RETRY_AFTER_SECONDS));
      return reply.code(503).send(errorBody('unavailable', 'Changes cannot be saved right now. Please try again later.'));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable: answered 503');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.code(503).send(errorBody('unavailable', 'The service is briefly unavailable. Please try again in a few seconds.'));
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send(errorBody('internal', 'Internal server error'));
  });
}
