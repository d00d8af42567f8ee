// The one way the browser talks to the API (spec §7, §8).
// Every call sends cookies, JSON bodies carry a JSON content type, and the stored admin token
// (spec §6: kept in browser storage) goes out as a bearer header when present.
import { STORAGE_KEYS } from '@domain/constants';
import type { ApiErrorBody } from '@domain/api';
import { isErrorCode, type ErrorCode } from '@domain/error-codes';
import type { ApiTransport } from '@domain/page-render';
import { readString } from './storage';

/**
 * spec §8: any non-successful answer becomes an error whose message is
 * "<status>: <body text, or the status text when the body is empty>".
 * status and the parsed JSON body ({code, message, fields?}) are kept: `code` to tell kinds of failure apart
 * (never the message text, which is for people), `fields` for forms that show field errors.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  /** Parsed JSON body, when the body was JSON. */
  readonly body: unknown;

  constructor(status: number, statusText: string, bodyText: string, body: unknown) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    this.body = body;
  }

  /**
   * What went wrong, for code to branch on ({code}, listed in domain/errors.ts): undefined when the answer did not
   * come from our API (a proxy's HTML page, a network cut) or names a code this client does not know.
   */
  get code(): ErrorCode | undefined {
    const b = this.body as Partial<ApiErrorBody> | undefined;
    return b && typeof b === 'object' && isErrorCode(b.code) ? b.code : undefined;
  }

  /** The server's human message ({message}), when it sent one. */
  get serverMessage(): string | undefined {
    const b = this.body as Partial<ApiErrorBody> | undefined;
    return b && typeof b === 'object' && typeof b.message === 'string' ? b.message : undefined;
  }

  /** Validation errors per field ({fields}), when the server sent them. */
  get fields(): Record<string, string> {
    const b = this.body as Partial<ApiErrorBody> | undefined;
    return b && typeof b === 'object' && b.fields && typeof b.fields === 'object' ? b.fields : {};
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** A message fit to show a person: the server's own message, else a generic one. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isApiError(err)) return err.serverMessage ?? fallback;
  return fallback;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** Build "?a=1&make=Ford&make=RAM" from params; undefined, null and '' are left out, arrays repeat the key (spec §7). */
export function toQueryString(params?: QueryParams): string {
  if (!params) return '';
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) q.append(key, String(v));
    else q.append(key, String(value));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export interface RequestOptions {
  params?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Where requests go instead of fetch(): set by the server renderer (client/entry-server.tsx), which answers GETs
 * from the API in process, as the visitor, while it renders a page. It returns the transport of the render in
 * progress (requests of concurrent renders must not mix), or null outside one. The browser never sets it.
 */
let currentTransport: () => ApiTransport | null = () => null;

export function setApiTransport(resolve: () => ApiTransport | null) {
  currentTransport = resolve;
}

export async function apiRequest<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // spec §6: the bearer header goes on every request while an admin token is stored.
  const token = readString(STORAGE_KEYS.adminToken);
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = path + toQueryString(options.params);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const transport = currentTransport();
  if (transport) {
    const answer = await transport(method, url, headers, payload);
    return settle<T>(answer.status, answer.statusText, answer.text);
  }

  const res = await fetch(url, {
    method,
    headers,
    body: payload,
    credentials: 'include',
    signal: options.signal,
  });
  return settle<T>(res.status, res.statusText, await res.text());
}

/** An answer as the app sees it: the parsed JSON (or the text) when successful, else an ApiError (spec §8). */
function settle<T>(status: number, statusText: string, text: string): T {
  let json: unknown;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (status < 200 || status > 299) throw new ApiError(status, statusText, text, json);
  return (json === undefined ? (text || undefined) : json) as T;
}

export const apiGet = <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options);
export const apiPost = <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, body, options);
export const apiPut = <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, body, options);
export const apiPatch = <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, body, options);
export const apiDelete = <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options);
