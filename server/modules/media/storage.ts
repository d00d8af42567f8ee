// Where uploaded images live (admin issue, "Uploads go to a storage module with a local-disk implementation under
// the data directory; its interface is small enough that an S3-compatible one can be added later").
//
// How other modules use it (profile photos, private-listing photos, blog covers):
//
//   // through the upload flow (upload.ts), whose write gets the stored images:
//   const saved = await storeImage(app.storage, await processImage(buffer, { kind: 'avatar' }), `avatars/${userId}`);
//   // store saved.storageKey, saved.width, saved.height, saved.variants ([{width, format}]) in your table
//   // URL of a variant: app.storage.url(variantKey(saved.storageKey, 480, 'webp')) → /uploads/avatars/7/ab12…-480.webp
//   await deleteImage(app.storage, saved.storageKey, saved.variants); // when the row goes
//
// Keys are relative, slash-separated paths ("vehicles/12/3f9c…-960.webp"). A key never changes content once written
// (new uploads get a new random key), which is why every file is served with a one-year immutable cache header.
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface Storage {
  /** Writes (or replaces) the object at key. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream, or null when there is none (for serving large files without buffering). */
  stream(key: string): Promise<Readable | null>;
  /** Removes the object; a missing key is not an error (deletes are retried after partial failures). */
  delete(key: string): Promise<void>;
  /** The public URL a browser loads the object from. */
  url(key: string): string;
  /** Readiness (modules/health): rejects when the storage cannot take uploads. */
  ping(): Promise<void>;
}

/** Letters, digits, and `_ . -` in slash-separated segments; no empty, `.` or `..` segment, no leading slash. */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

export function assertValidKey(key: string): void {
  if (key.length > 300 || !KEY_PATTERN.test(key) || key.split('/').some((s) => s === '.' || s === '..')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/**
 * Files under a directory (config.uploadsDir = DATA_DIR/uploads), served by the static plugin at `/uploads/<key>`
 * with long immutable cache headers (server/plugins/static.ts). An S3-compatible storage would implement the same
 * five methods with PutObject/GetObject/DeleteObject and return its CDN URL from url().
 */
export class LocalDiskStorage implements Storage {
  constructor(readonly root: string, readonly publicPrefix = '/uploads') {}

  private file(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside the target and renamed: a reader never sees half a file.
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async stream(key: string): Promise<Readable | null> {
    const file = this.file(key);
    const stream = createReadStream(file);
    return new Promise((resolve, reject) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? resolve(null) : reject(err)));
    });
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  url(key: string): string {
    assertValidKey(key);
    return `${this.publicPrefix}/${key}`;
  }

  async ping(): Promise<void> {
    await access(this.root, constants.W_OK);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (buildApp decorates it with LocalDiskStorage under config.uploadsDir). */
    storage: Storage;
  }
}
