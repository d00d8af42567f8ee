// The API reads a server render asks for, answered without app.inject (issue 31 §4). A route declared with readRoute
// is one handler registered twice: as the API route the browser calls, and here, where the page renderer's
// transport (plugins/pages.ts) finds it by path and calls it directly, as the visitor whose page it renders: the
// same parameter and query schemas, the same access rule, the same response schema and serialisation, but none of
// the per-request work of an HTTP request in process (hooks, session lookup, rate limits, headers, compression).
// What is not declared here (or fails in a way only the full pipeline describes: an invalid query, a database
// outage) is still asked of the API with app.inject, so every answer a page renders from is the API's answer.
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { User } from '@domain/auth';
import type { RawAnswer } from '@domain/page-render';
import { AppError, errorBody } from '../errors';
import { requireUser } from './auth';

/** What a read handler is given: the validated path parameters and query, and who asks (null: a visitor). */
export interface ReadInput<P, Q> {
  params: P;
  query: Q;
  user: User | null;
}

type Schema = {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  response: { 200: z.ZodType } & Record<number, z.ZodType>;
};
type Out<S, K extends 'params' | 'querystring'> = S extends { [k in K]: infer T extends z.ZodType } ? z.output<T> : Record<string, never>;

export interface ReadRouteOptions<S extends Schema> {
  schema: S;
  /** requireUser: a visitor gets 401, a deactivated account 403. */
  signedIn?: boolean;
  /** The API answer's Cache-Control. */
  cacheControl?: string;
}

/**
 * A read handler answers the response body: an object (checked and serialised by the 200 response schema) or a
 * string already so serialised (the inventory's cached answers, modules/vehicles/service.ts toJson).
 */
type ReadHandler<S extends Schema> = (input: ReadInput<Out<S, 'params'>, Out<S, 'querystring'>>) => Promise<z.input<S['response'][200]> | string>;

interface Entry {
  segments: string[];
  answer(params: Record<string, string>, query: Record<string, unknown>, user: User | null): Promise<RawAnswer | null>;
}

/** The declared reads, by path pattern ("/api/vehicles/:id/similar"). */
export class PageReads {
  private readonly entries: Entry[] = [];

  add(pattern: string, answer: Entry['answer']) {
    this.entries.push({ segments: pattern.split('/'), answer });
  }

  /** The answer to GET `url` for `user`, or null when no declared read can give it (ask the API instead). */
  async answer(url: string, user: User | null): Promise<RawAnswer | null> {
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const parts = path.split('/');
    // As Fastify's router: a static segment wins over a parameter (/api/vehicles/facets is not /api/vehicles/:id).
    let best: { entry: Entry; params: Record<string, string>; rank: string } | null = null;
    for (const entry of this.entries) {
      const params = matchPath(entry.segments, parts);
      const rank = entry.segments.map((seg) => (seg.startsWith(':') ? '0' : '1')).join('');
      if (params && (!best || rank > best.rank)) best = { entry, params, rank };
    }
    return best ? best.entry.answer(best.params, q < 0 ? {} : { ...parseQuery(url.slice(q + 1)) }, user) : null;
  }
}

function matchPath(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p.startsWith(':')) {
      let value: string;
      try { value = decodeURIComponent(parts[i]!); } catch { return null; }
      if (!value) return null;
      params[p.slice(1)] = value;
    } else if (p !== parts[i]) {
      return null;
    }
  }
  return params;
}

const json = (status: number, text: string): RawAnswer => ({ status, statusText: '', text });

/** Declares a read: the API route, and the same handler for server renders (above). */
export function readRoute<S extends Schema>(app: FastifyInstance, path: string, options: ReadRouteOptions<S>, handler: ReadHandler<S>) {
  const { schema, signedIn = false, cacheControl } = options;
  // Typed by the handler above; Fastify's zod type provider checks the same schemas at run time.
  app.get(path, { schema: schema as FastifySchema, ...(signedIn ? { preHandler: requireUser } : {}) }, async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    if (cacheControl) reply.header('cache-control', cacheControl);
    const body = await handler({ params: request.params, query: request.query, user: request.user } as never);
    return typeof body === 'string' ? reply.type('application/json; charset=utf-8').send(body) : body;
  });

  const success = schema.response[200];
  app.pageReads.add(path, async (rawParams, rawQuery, user) => {
    // Whatever the API would refuse before the handler (no session, bad input) is left to the API to word.
    if (signedIn && !user?.isActive) return null;
    const params = schema.params ? schema.params.safeParse(rawParams) : { success: true as const, data: {} };
    const query = schema.querystring ? schema.querystring.safeParse(rawQuery) : { success: true as const, data: {} };
    if (!params.success || !query.success) return null;
    try {
      const body = await handler({ params: params.data, query: query.data, user } as never);
      return json(200, typeof body === 'string' ? body : JSON.stringify(success.parse(body)));
    } catch (err) {
      // The service's own refusals (a missing vehicle's 404) have one shape, errors.ts errorBody; the rest (an
      // outage, a bug) go through the API, whose error handler logs and words them.
      if (err instanceof AppError) return json(err.status, JSON.stringify(errorBody(err.code, err.message, err.fields)));
      return null;
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The reads a server render answers in process (plugins/page-reads.ts). */
    pageReads: PageReads;
  }
}

export const pageReadsPlugin: FastifyPluginAsyncZod = fp(async (app) => {
  app.decorate('pageReads', new PageReads());
}, { name: 'page-reads' });
