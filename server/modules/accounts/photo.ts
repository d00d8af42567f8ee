// The profile photo (issue 5: "uploaded through the image pipeline, re-encoded"): the one upload flow
// (media/upload.ts) checks the file by content, strips metadata and stores square WebP/AVIF variants. The account
// keeps the URL of the 256 px WebP to show, and the storage key and variants its files are found by (issue 31 §2:
// never by parsing the URL).
import type { SavedImage } from '../media/pipeline';
import { deleteImage, variantKey } from '../media/pipeline';
import type { Storage } from '../media/storage';

const SHOWN_WIDTH = 256;

/** A stored profile photo's files. */
export interface ProfilePhotoFiles { storageKey: string; variants: { width: number; format: 'webp' | 'avif' }[] }
export type ProfilePhoto = ProfilePhotoFiles & { url: string };

/** What the account records for a photo just stored. */
export function profilePhotoOf(storage: Storage, saved: SavedImage): ProfilePhoto {
  // Never upscaled: a small original has only smaller variants; take the largest WebP up to the shown size.
  const webp = saved.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  const pick = webp.filter((v) => v.width <= SHOWN_WIDTH).pop() ?? webp[0]!;
  return {
    url: storage.url(variantKey(saved.storageKey, pick.width, 'webp')),
    storageKey: saved.storageKey,
    variants: saved.variants.map(({ width, format }) => ({ width, format })),
  };
}

/** Removes the files of a profile photo the account no longer shows. */
export async function deleteProfilePhoto(storage: Storage, photo: ProfilePhotoFiles | null): Promise<void> {
  if (photo) await deleteImage(storage, photo.storageKey, photo.variants);
}
