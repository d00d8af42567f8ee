// The one photo upload flow (issue 31 §2), for every caller: vehicle photos in the image manager, private-listing
// photos, appraisal photos, the profile photo and blog covers. A request is all or nothing: one bad file (empty, not
// an image by content, over 15 MB, too many pixels, one too many) refuses the whole request with a 4xx naming the
// file, and nothing of it stays stored.
//
// Two phases, so that nothing is decoded before the whole request is known to be acceptable:
//   1. receive: each file is written to a temporary file as it arrives, and refused from its part header (field,
//      count, the caller's cap) and then from its image header (bytes, format, width × height);
//   2. decode, encode and store each file in turn, under the process-wide decode slots (pipeline.ts), then hand the
//      stored photos to the caller's write (rows, audit). Any failure from here on removes what was stored, here.
// The route adapter (upload-route.ts) turns a multipart request into the files this takes; this file knows no HTTP.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES } from '@domain/media';
import { AppError, badRequest, conflict } from '../../errors';
import { deleteImage, encodeImage, inspectImage, storeImage, type ImageKind, type InspectedImage, type SavedImage } from './pipeline';
import type { Storage } from './storage';

/** One file of an upload, as its part header announced it; `data` is read once. */
export interface IncomingPhoto {
  field: string;
  /** The file name the browser sent, for messages; none for a request whose body is the one image. */
  filename?: string;
  data: Readable;
}

export type UploadedPhoto = SavedImage & { alt: string; name: string };

/** How many more photos the upload's target (a vehicle, a listing, an estimate) can take, and how to say it is full. */
export interface PhotoRoom {
  left: number;
  /** The 409's message once the request's `arrived`-th photo is one too many. */
  full: (arrived: number) => string;
}

export interface PhotoUpload<T> {
  storage: Storage;
  /** Storage folder of the new photos: `vehicles/12`, `leads/7`, `avatars/3`, `covers`. */
  folder: string;
  kind: ImageKind;
  /** The multipart field the photos come in. */
  field: string;
  /** Photos one request may carry (413 past it). */
  maxFiles: number;
  /** Room left under the target's cap (409 past it). The caller's write re-checks under its lock. */
  room?: PhotoRoom;
  /** Records the stored photos; when it throws, they are removed again. */
  write: (photos: UploadedPhoto[]) => Promise<T>;
}

/** A part's file name, for messages: trimmed and without a path. */
const displayName = (name: string | undefined) => (name ?? '').split(/[\\/]/).pop()!.slice(0, 120) || 'unnamed file';

/** The same refusal, naming the file it is about when it has a name. */
const naming = (name: string | undefined, err: unknown) =>
  name !== undefined && err instanceof AppError ? new AppError(err.status, err.code, `${name}: ${err.message}`) : err;

const tooLarge = () => new AppError(413, 'image_too_large', 'the file is over 15 MB; photos can be at most 15 MB.');

/** Copies a file's bytes to disk, refusing it as soon as it passes the size limit. */
async function spool(data: Readable, file: string): Promise<void> {
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > MAX_UPLOAD_BYTES ? tooLarge() : null, chunk);
    },
  });
  await pipeline(data, limit, createWriteStream(file));
}

/** Phase 1: every file on disk and checked from its headers, or a 4xx before anything is decoded. */
async function receive(files: AsyncIterable<IncomingPhoto>, upload: PhotoUpload<unknown>, dir: string) {
  const received: { name: string | undefined; image: InspectedImage }[] = [];
  for await (const part of files) {
    if (part.field !== upload.field) {
      part.data.resume();
      throw badRequest(`Unexpected file field "${part.field}"; send photos in the field "${upload.field}"`);
    }
    const name = part.filename === undefined ? undefined : displayName(part.filename);
    const arrived = received.length + 1;
    if (arrived > upload.maxFiles) {
      part.data.resume();
      const max = upload.maxFiles;
      throw new AppError(413, 'too_many_files', max === 1
        ? 'Send one photo per upload.'
        : `At most ${max} photos per upload; send the rest in another upload.`);
    }
    if (upload.room && arrived > upload.room.left) {
      part.data.resume();
      throw conflict(upload.room.full(arrived));
    }
    const file = path.join(dir, String(arrived));
    try {
      await spool(part.data, file);
      received.push({ name, image: await inspectImage(file) });
    } catch (err) {
      throw naming(name, err);
    }
  }
  if (received.length === 0) throw badRequest(`Choose at least one photo (multipart field "${upload.field}")`);
  return received;
}

/**
 * Accepts one request's photos for a caller: checks all of them before decoding any, then decodes, stores and
 * writes them; returns what the caller's write returned.
 */
export async function acceptPhotoUploads<T>(files: AsyncIterable<IncomingPhoto>, upload: PhotoUpload<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'photo-upload-'));
  const stored: UploadedPhoto[] = [];
  try {
    const received = await receive(files, upload, dir);
    for (const { name, image } of received) {
      let encoded;
      try {
        encoded = await encodeImage(image, upload.kind);
      } catch (err) {
        throw naming(name, err);
      }
      stored.push({ ...(await storeImage(upload.storage, encoded, upload.folder)), alt: '', name: name ?? '' });
    }
    return await upload.write(stored);
  } catch (err) {
    // The one place a failed upload's stored files are removed: a bad file, a failed store, a refused write.
    await Promise.allSettled(stored.map((img) => deleteImage(upload.storage, img.storageKey, img.variants)));
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
