// The profile photo (issue 5: "uploaded through the image pipeline, re-encoded"): sharp checks the file by content,
// strips metadata and stores square WebP/AVIF variants; the account keeps the URL of the 256 px WebP.
import type { Storage } from '../media/storage';
import { deleteImage, KIND_SPECS, saveImage, VARIANT_FORMATS, variantKey } from '../media/pipeline';

const SHOWN_WIDTH = 256;

export async function storeProfilePhoto(storage: Storage, userId: number, data: Buffer): Promise<string> {
  const saved = await saveImage(storage, data, { kind: 'avatar', keyPrefix: `avatars/${userId}` });
  // Never upscaled: a small original has only smaller variants; take the largest WebP up to the shown size.
  const webp = saved.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  const pick = webp.filter((v) => v.width <= SHOWN_WIDTH).pop() ?? webp[0]!;
  return storage.url(variantKey(saved.storageKey, pick.width, 'webp'));
}

/** Removes the files of a photo this module stored (any URL it did not make is left alone). */
export async function deleteProfilePhoto(storage: Storage, url: string | null): Promise<void> {
  if (!url) return;
  const base = storage.url('x').slice(0, -1);
  if (!url.startsWith(base)) return;
  const match = /^(avatars\/\d+\/.+)-\d+\.webp$/.exec(url.slice(base.length));
  if (!match) return;
  const variants = KIND_SPECS.avatar.widths.flatMap((width) => VARIANT_FORMATS.map((format) => ({ width, format })));
  await deleteImage(storage, match[1]!, variants);
}
