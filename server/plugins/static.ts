// One process serves the API, uploaded images under /uploads and the built client (DESIGN.md "One process").
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { Readable } from 'node:stream';
import type { Config } from '../config';

/** An uploaded file from wherever uploads live (the bucket, with the disk behind it), or null. */
export type UploadSource = (key: string) => Promise<{ body: Readable; contentType: string } | null>;

/** Hashed build assets and upload variants never change under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const staticPlugin = fp<{ config: Config; clientDir: string; uploads?: UploadSource }>(async (app, { config, clientDir, uploads }) => {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // One route per built file: unknown paths go to the page renderer (plugins/pages.ts).
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts precompress).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const isAsset = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
        reply.header('cache-control', isAsset ? IMMUTABLE : 'no-cache');
      },
    });
  }
  if (!hasClient) {
    app.log.info({ clientDir }, 'no built client found: serving the API only (run npm run build:client)');
  }

  await mkdir(config.uploadsDir, { recursive: true });
  if (uploads) {
    // Uploads in a bucket (modules/media/s3-storage.ts) streamed at the same addresses as files on disk.
    app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const found = await uploads(key).catch((err: unknown) => {
        if (err instanceof Error && err.message.startsWith('Invalid storage key')) return null;
        throw err;
      });
      if (!found) return reply.code(404).send({ message: 'Not found' });
      return reply.header('cache-control', IMMUTABLE).type(found.contentType).send(found.body);
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: !hasClient,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => { reply.header('cache-control', IMMUTABLE); },
  });

}, { name: 'static' });
