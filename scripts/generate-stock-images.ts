// npx tsx scripts/generate-stock-images.ts
// Renders the client's marketing images into client/public/images/stock/ (committed, so a build needs no
// rendering): the four homepage carousel pictures at 1600 and 800 pixels wide, and the placeholder shown
// for a vehicle without photos. They are illustrations drawn by server/db/seed/art; nothing is downloaded.
// Output is deterministic: re-running it only changes files when the drawings change.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import { HERO_IMAGES, renderPlaceholderSvg } from '../server/db/seed/art/marketing';

const OUT_DIR = fileURLToPath(new URL('../client/public/images/stock/', import.meta.url));
/** Each file must stay small for the homepage's first paint (budget per image). */
const MAX_BYTES = 120 * 1024;
const HERO = { width: 1600, height: 900, smallWidth: 800 };
const PLACEHOLDER = { width: 800, height: 600 };

/** Encodes at the highest quality (from 82 down) that fits the byte budget. */
async function encode(pixels: Sharp, label: string): Promise<Buffer> {
  for (let quality = 82; quality >= 50; quality -= 4) {
    const out = await pixels.clone().webp({ quality, effort: 6 }).toBuffer();
    if (out.length <= MAX_BYTES) return out;
  }
  throw new Error(`${label}: cannot fit ${MAX_BYTES} bytes`);
}

async function write(name: string, data: Buffer): Promise<void> {
  await writeFile(path.join(OUT_DIR, name), data);
  console.log(`${name.padEnd(32)} ${(data.length / 1024).toFixed(1).padStart(6)} KB`);
}

await mkdir(OUT_DIR, { recursive: true });
for (const hero of HERO_IMAGES) {
  const svg = hero.render(HERO.width, HERO.height);
  const full = sharp(Buffer.from(svg)).removeAlpha();
  await write(`${hero.name}-${HERO.width}.webp`, await encode(full, hero.name));
  const small = sharp(Buffer.from(svg)).removeAlpha().resize(HERO.smallWidth, Math.round((HERO.smallWidth * HERO.height) / HERO.width));
  await write(`${hero.name}-${HERO.smallWidth}.webp`, await encode(small, hero.name));
}
const placeholder = sharp(Buffer.from(renderPlaceholderSvg(PLACEHOLDER.width, PLACEHOLDER.height))).removeAlpha();
await write('vehicle-placeholder.webp', await encode(placeholder, 'vehicle-placeholder'));
