// Admin inventory imports (admin issue): the CSV template, CSV preview and commit (bulk import), VIN decoding of a
// list (fast and VIN import) and publishing decoded vehicles. Admin only (401/403): app.ts registers this plugin in the
// admin scope (modules/admin/guard.ts). Every write is one change (one transaction, or journalled steps on the
// embedded database: decision 031) with one audit entry, and drops the inventory cache.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '@domain/api';
import {
  csvCommitBodySchema, csvPreviewBodySchema, csvPreviewSchema, decodeBodySchema, decodeResultSchema, IMPORT_MAX_BYTES,
  importResultSchema, importTemplateCsv, publishBodySchema, type ImportProgressLine,
} from '@domain/imports';
import { AppError } from '../../errors';
import { actorOf } from '../audit/record';
import { rowsToCommit, toPreview } from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 413: errorSchema, 422: errorSchema };

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  // A CSV travels as a JSON string: allow a whole file (JSON escaping can double its quotes) in this plugin only;
  // the rest of the API keeps the 1 MiB limit.
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 2 * IMPORT_MAX_BYTES + 64 * 1024 }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    defaultParser(request, text, done);
  });
  const imports = app.services.imports;

  app.get('/api/admin/imports/template.csv', {
    schema: { tags: ['admin', 'imports'], summary: 'The bulk-import CSV template: our column headers and one example row', response: { 401: errorSchema, 403: errorSchema } },
  }, async (_request, reply) => {
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="inventory-import-template.csv"');
    // Plain text, not a JSON document: sent as is (no 200 schema to serialise with).
    return reply.send(importTemplateCsv() as never);
  });

  app.post('/api/admin/imports/csv/preview', {
    schema: {
      tags: ['admin', 'imports'], summary: 'Parse and check a CSV: per-row errors and what would be created or updated (nothing is written)',
      body: csvPreviewBodySchema, response: { 200: csvPreviewSchema, ...errors },
    },
  }, async (request) => toPreview(await imports.planCsvImport(request.body.csv, request.body.mapping)));

  // The answer streams NDJSON progress lines so the page can draw a real progress bar; the checks that can refuse
  // the import (token, mode, malformed file) run first and answer a plain 4xx before any line is sent.
  app.post('/api/admin/imports/csv/commit', {
    schema: {
      tags: ['admin', 'imports'],
      summary: 'Import a previewed CSV as one change, all or nothing (or only the valid rows); streams progress as NDJSON',
      body: csvCommitBodySchema, response: errors,
    },
    // A compressor holds lines back until its buffer fills: the progress bar would jump from 0 to done.
    compress: false,
  }, async (request, reply) => {
    const { csv, mapping, mode, token, fileName } = request.body;
    const plan = await imports.planCsvImport(csv, mapping);
    const good = rowsToCommit(plan, token, mode);
    const stream = new PassThrough();
    const send = (line: ImportProgressLine) => stream.write(`${JSON.stringify(line)}\n`);
    reply.header('content-type', 'application/x-ndjson; charset=utf-8');
    reply.header('cache-control', 'no-store');
    reply.header('x-accel-buffering', 'no');
    void (async () => {
      send({ type: 'progress', done: 0, total: good.length });
      try {
        const result = await imports.commitCsvImport(actorOf(request), plan, good, fileName, mode, (done, total) => send({ type: 'progress', done, total }));
        send({ type: 'done', ...result });
      } catch (err) {
        request.log.error({ err }, 'CSV import failed and was rolled back');
        const message = err instanceof AppError && err.status < 500 ? err.message
          : isUniqueViolation(err) ? 'Another change added one of these VINs or stock numbers meanwhile; nothing was imported. Preview the file again'
            : 'The import failed and nothing was imported';
        send({ type: 'error', message });
      } finally {
        stream.end();
      }
    })();
    return reply.send(stream as never);
  });

  app.post('/api/admin/imports/decode', {
    schema: {
      tags: ['admin', 'imports'], summary: 'Decode a list of VINs for fast or VIN import: new, already in inventory, repeated or invalid',
      body: decodeBodySchema, response: { 200: decodeResultSchema, ...errors },
    },
  }, async (request) => ({ rows: await imports.decodeVinList(request.body.vins) }));

  app.post('/api/admin/imports/publish', {
    schema: {
      tags: ['admin', 'imports'], summary: 'Create the reviewed vehicles of a fast or VIN import in one transaction',
      body: publishBodySchema, response: { 200: importResultSchema, ...errors },
    },
  }, async (request) => imports.publishVehicles(actorOf(request), request.body.source, request.body.vehicles));
};

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
  return code === '23505';
}
