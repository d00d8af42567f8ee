// The HTTP side of the photo upload flow (issue 31 §2): multipart settings for a route that takes photos, and the
// adapter from a request's parts to the files acceptPhotoUploads (upload.ts) takes. Limits are the service's; here
// multipart only stops a request that is not a photo upload at all (a flood of fields or parts).
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@domain/media';
import { AppError, badRequest } from '../../errors';
import type { IncomingPhoto } from './upload';

/**
 * For `app.register(multipart, …)` in each plugin that takes photos (multipart stays encapsulated there). One file
 * more than the caller takes and one byte more than a photo may have get through, so the service sees them and
 * refuses them in its own words.
 */
export const photoMultipartOptions = (maxFiles: number) => ({
  throwFileSizeLimit: false,
  limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: maxFiles + 1, fields: 10, fieldSize: 1024, parts: maxFiles + 11 },
});

/** The request's files, for acceptPhotoUploads; 400 when the body is not multipart. */
export async function* photoPartsOf(request: FastifyRequest, field: string): AsyncGenerator<IncomingPhoto> {
  if (!request.isMultipart()) throw badRequest(`Send the photos as multipart/form-data in the field "${field}"`);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') yield { field: part.fieldname, filename: part.filename ?? '', data: part.file };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(413, 'too_many_files', 'The upload has too many parts; send photos only.');
    throw err;
  }
}

/** A request whose body is one image (a blog cover), as the single file acceptPhotoUploads takes. */
export async function* bodyPhotoOf(request: FastifyRequest, field: string): AsyncGenerator<IncomingPhoto> {
  if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw badRequest('Send the image file as the request body');
  yield { field, data: Readable.from([request.body]) };
}
