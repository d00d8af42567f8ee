// Reading photo uploads (multipart, field `photos`), shared by the admin image manager and private sellers. A request
// is all or nothing: one bad file (empty, not an image by content, over 15 MB, too many pixels) refuses the whole
// request with a 4xx naming the file, and every file already stored for it is removed again.
import type { FastifyRequest } from 'fastify';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, UPLOAD_FIELD } from '@domain/media';
import { AppError, badRequest, conflict } from '../../errors';
import { deleteImage, processImage, storeImage, type SavedImage } from './pipeline';
import type { Storage } from './storage';

/** For `app.register(multipart, …)` in each plugin that takes photos (multipart stays encapsulated there). */
export const PHOTO_MULTIPART_OPTIONS = {
  throwFileSizeLimit: true,
  // One byte over the limit is enough to know the file is too large.
  limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 10, fieldSize: 1024, parts: MAX_FILES_PER_UPLOAD + 10 },
};

export type UploadedPhoto = SavedImage & { alt: string; name: string };

/** A part's file name, for messages: trimmed and without a path. */
const displayName = (name: string | undefined) => (name ?? '').split(/[\\/]/).pop()!.slice(0, 120) || 'unnamed file';

/** Removes photos readPhotoUploads stored, when the caller refuses them after all (a limit, a failed save). */
export async function discardPhotoUploads(storage: Storage, stored: readonly UploadedPhoto[]): Promise<void> {
  await Promise.allSettled(stored.map((img) => deleteImage(storage, img.storageKey, img.variants)));
}

/** How many more photos the upload's target (a vehicle, a listing, an estimate) can take, and how to say it is full. */
export interface PhotoRoom {
  left: number;
  /** The 409's message once the request's `arrived`-th photo is one too many. */
  full: (arrived: number) => string;
}

/**
 * Processes and stores every photo of the request under `folder`; at least one photo is required. `maxFiles` must
 * match the `files` limit the caller registered multipart with (it names the limit in the 413 message). With
 * `room`, the photo one past it is refused with 409 as its part arrives, before it is read or decoded (issue 31: the
 * cap was once checked after every file was decoded, 39 s of CPU for 17 large PNGs before the 409); the caller
 * re-checks under its lock when it saves.
 */
export async function readPhotoUploads(storage: Storage, request: FastifyRequest, folder: string, maxFiles = MAX_FILES_PER_UPLOAD, room?: PhotoRoom): Promise<UploadedPhoto[]> {
  const stored: UploadedPhoto[] = [];
  let arrived = 0;
  try {
    // Processed and stored one at a time as they arrive: memory holds one photo, not the whole request.
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const name = displayName(part.filename);
      if (part.fieldname !== UPLOAD_FIELD) {
        await part.toBuffer().catch(() => undefined);
        throw badRequest(`Unexpected file field "${part.fieldname}"; send photos in the field "${UPLOAD_FIELD}"`);
      }
      arrived++;
      if (room && arrived > room.left) {
        part.file.resume();
        throw conflict(room.full(arrived));
      }
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'image_too_large', `${name}: the file is over 15 MB; photos can be at most 15 MB.`);
        }
        throw err;
      }
      try {
        const image = await processImage(buffer, { kind: 'vehicle' });
        stored.push({ ...(await storeImage(storage, image, folder)), alt: '', name });
      } catch (err) {
        if (err instanceof AppError) throw new AppError(err.status, err.code, `${name}: ${err.message}`);
        throw err;
      }
    }
  } catch (err) {
    await discardPhotoUploads(storage, stored);
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError(413, 'too_many_files', `At most ${maxFiles} photos per upload; send the rest in another upload.`);
    }
    throw err;
  }
  if (stored.length === 0) throw badRequest(`Choose at least one photo (multipart field "${UPLOAD_FIELD}")`);
  return stored;
}
