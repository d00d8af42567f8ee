// Turns photo specs into WebP files under the uploads directory: render the SVG illustration once at
// full size, then encode each stored width from those pixels. Nothing is downloaded, ever (DESIGN.md).
// Files that already exist are kept, so re-seeding and test runs cost nothing after the first time.
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { renderPhotoSvg } from './art/scenes';
import { PHOTO_FORMAT, PHOTO_HEIGHT, PHOTO_WIDTH, PHOTO_WIDTHS, variantPath, type PhotoSpec } from './photos';

export const WEBP_QUALITY = 78;
/** libwebp effort 2 of 6: the same picture quality as the default 4 at half the encode time, files ~6 % larger. */
export const WEBP_EFFORT = 2;

export interface ImageRunOptions {
  /** Images rendered at once. sharp is itself multithreaded, so a few are enough to keep the cores busy. */
  concurrency?: number;
  log?: (msg: string) => void;
}

async function fileSize(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch {
    return null;
  }
}

/** Writes atomically: a concurrent seed (two test workers) never sees a half-written file. */
async function writeAtomic(file: string, data: Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/** Renders one SVG and encodes it at every stored width; returns the total bytes written. */
export async function renderSvgToVariants(svg: string, files: { file: string; width: number; height: number }[], quality = WEBP_QUALITY): Promise<number> {
  // Opaque pictures: dropping the alpha channel makes every encode that follows cheaper.
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let bytes = 0;
  for (const { file, width, height } of files) {
    const img = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const out = await (width === info.width && height === info.height ? img : img.resize(width, height, { kernel: 'lanczos3' }))
      .webp({ quality, effort: WEBP_EFFORT })
      .toBuffer();
    await writeAtomic(file, out);
    bytes += out.length;
  }
  return bytes;
}

/** Makes sure every distinct photo exists on disk. Returns the bytes on disk per storage key. */
export async function ensurePhotoFiles(specs: Iterable<PhotoSpec>, uploadsDir: string, opts: ImageRunOptions = {}): Promise<Map<string, number>> {
  const unique = new Map<string, PhotoSpec>();
  for (const s of specs) if (!unique.has(s.storageKey)) unique.set(s.storageKey, s);
  const sizes = new Map<string, number>();
  const todo: PhotoSpec[] = [];
  for (const spec of unique.values()) {
    const existing = await Promise.all(PHOTO_WIDTHS.map((w) => fileSize(path.join(uploadsDir, variantPath(spec.storageKey, w)))));
    if (existing.every((n) => n !== null)) sizes.set(spec.storageKey, existing.reduce<number>((a, n) => a + (n ?? 0), 0));
    else todo.push(spec);
  }
  opts.log?.(`seed images: ${unique.size} distinct photos, ${todo.length} to render`);
  if (todo.length === 0) return sizes;

  await mkdir(path.join(uploadsDir, path.dirname(todo[0]!.storageKey)), { recursive: true });
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (;;) {
      const spec = todo[next++];
      if (!spec) return;
      const svg = renderPhotoSvg({ view: spec.view, body: spec.body, paint: spec.paint, interior: spec.interior, width: PHOTO_WIDTH, height: PHOTO_HEIGHT });
      const files = PHOTO_WIDTHS.map((w) => ({
        file: path.join(uploadsDir, variantPath(spec.storageKey, w, PHOTO_FORMAT)),
        width: w,
        height: Math.round((w * PHOTO_HEIGHT) / PHOTO_WIDTH),
      }));
      sizes.set(spec.storageKey, await renderSvgToVariants(svg, files));
      if (++done % 50 === 0) opts.log?.(`seed images: ${done}/${todo.length}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  return sizes;
}
