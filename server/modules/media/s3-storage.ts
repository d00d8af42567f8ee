// Uploaded images in an S3-compatible bucket (issue 18: several instances share one set of uploads). Chosen by
// S3_BUCKET; the local disk stays the default. Any S3-protocol store works (AWS S3, Cloudflare R2, MinIO,
// DigitalOcean Spaces): S3_ENDPOINT points at it, path-style addressing by default when an endpoint is given.
//
// Where browsers load images from: S3_PUBLIC_URL (the bucket's public URL or a CDN in front of it) when set, the
// best choice under load since the app then serves no image bytes; otherwise the app streams them from the bucket
// at the same /uploads/<key> addresses as the disk storage (modules/media/routes.ts), so nothing stored changes and
// a private bucket works. Keys never change content, so both are served with a one-year immutable cache header.
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { assertValidKey, type Storage } from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Public base URL of the bucket or its CDN; without it the app serves /uploads/<key> from the bucket. */
  publicUrl?: string;
  forcePathStyle: boolean;
}

const missing = (err: unknown) => err instanceof NoSuchKey || err instanceof NotFound || (err as { name?: string }).name === 'NoSuchKey' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export class S3Storage implements Storage {
  readonly client: S3Client;

  constructor(readonly settings: S3Settings, readonly publicPrefix = '/uploads') {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new PutObjectCommand({
      Bucket: this.settings.bucket, Key: key, Body: data, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable',
    }));
  }

  async get(key: string): Promise<Buffer | null> {
    const object = await this.object(key);
    return object ? Buffer.from(await object.body.transformToByteArray()) : null;
  }

  async stream(key: string): Promise<Readable | null> {
    return (await this.object(key))?.body as unknown as Readable ?? null;
  }

  /** The object's body and content type, or null when there is none. */
  async object(key: string) {
    assertValidKey(key);
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!r.Body) return null;
      return { body: r.Body as Readable & { transformToByteArray(): Promise<Uint8Array> }, contentType: r.ContentType, length: r.ContentLength };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (err) {
      if (missing(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  url(key: string): string {
    assertValidKey(key);
    return `${this.settings.publicUrl ?? this.publicPrefix}/${key}`;
  }

  /** Readiness (modules/health): the bucket is there and these credentials may use it. */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }
}

const TYPES: Record<string, string> = { webp: 'image/webp', avif: 'image/avif', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', svg: 'image/svg+xml' };

/** The content type of an upload by its extension (the disk keeps no metadata). */
export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * What GET /uploads/<key> serves with a bucket: the bucket's object, else the file on disk (the demo's generated
 * stock images, and anything uploaded before the move that `npm run storage:copy` has not copied yet).
 */
export function uploadSource(bucket: S3Storage, disk: Storage) {
  return async (key: string) => {
    const object = await bucket.object(key);
    if (object) return { body: object.body, contentType: object.contentType ?? contentTypeOf(key) };
    const file = await disk.stream(key);
    return file ? { body: file, contentType: contentTypeOf(key) } : null;
  };
}
