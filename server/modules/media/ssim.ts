// Structural similarity (SSIM) of a stored variant against the pixels it was encoded from: the quality figure the
// pipeline's encoder settings are chosen by (docs/decisions/003-uploaded-images.md) and that its test holds.
// Luma only, 8 × 8 windows at a stride of 4, the constants of Wang et al. (2004); 1 means identical.
import sharp, { type Sharp } from 'sharp';

const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;
const WINDOW = 8;
const STRIDE = 4;

/** SSIM of two greyscale pictures of the same size, given as one byte per pixel. */
export function ssimOfLuma(a: Uint8Array, b: Uint8Array, width: number, height: number): number {
  let total = 0;
  let windows = 0;
  for (let y = 0; y + WINDOW <= height; y += STRIDE) {
    for (let x = 0; x + WINDOW <= width; x += STRIDE) {
      let sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
      for (let dy = 0; dy < WINDOW; dy++) {
        const row = (y + dy) * width + x;
        for (let dx = 0; dx < WINDOW; dx++) {
          const va = a[row + dx]!, vb = b[row + dx]!;
          sa += va; sb += vb; saa += va * va; sbb += vb * vb; sab += va * vb;
        }
      }
      const n = WINDOW * WINDOW;
      const ma = sa / n, mb = sb / n;
      const va = saa / n - ma * ma, vb = sbb / n - mb * mb, cov = sab / n - ma * mb;
      total += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
      windows++;
    }
  }
  return total / windows;
}

/** SSIM of an encoded picture (any format sharp reads) against a reference picture of the same size. */
export async function ssim(encoded: Buffer | Sharp, reference: Buffer | Sharp): Promise<number> {
  const luma = (img: Buffer | Sharp) => (Buffer.isBuffer(img) ? sharp(img) : img).greyscale().raw().toBuffer({ resolveWithObject: true });
  const [a, b] = await Promise.all([luma(encoded), luma(reference)]);
  if (a.info.width !== b.info.width || a.info.height !== b.info.height) {
    throw new Error(`SSIM needs pictures of one size: ${a.info.width} × ${a.info.height} against ${b.info.width} × ${b.info.height}`);
  }
  return ssimOfLuma(a.data, b.data, a.info.width, a.info.height);
}
