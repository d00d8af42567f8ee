// Times processImage on a 12-megapixel phone-sized JPEG: `npx tsx server/modules/media/bench-pipeline.ts`.
import sharp from 'sharp';
import { processImage } from './pipeline';
// A 12 MP "phone photo" with noise-like detail (gradients + text shapes), then time processImage.
const w = 4032, h = 3024;
const raw = Buffer.alloc(w * h * 3);
// Gradients plus pseudo-random grain: about as hard to compress as a real photo.
let seed = 1;
for (let i = 0; i < raw.length; i++) { seed = (seed * 1103515245 + 12345) & 0x7fffffff; raw[i] = ((((i / 3) % w) / w) * 160 + (seed % 64)) & 0xff; }
const jpeg = await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).blur(0.8).jpeg({ quality: 90 }).toBuffer();
console.log('input', (jpeg.length / 1e6).toFixed(1), 'MB');
for (let r = 0; r < 3; r++) {
  const t = performance.now();
  const out = await processImage(jpeg, { kind: 'vehicle' });
  console.log('run', r, Math.round(performance.now() - t), 'ms; stored', Math.round(out.variants.reduce((n, v) => n + v.data.length, 0) / 1024), 'KB', out.variants.map((v) => `${v.format}${v.width}:${Math.round(v.data.length / 1024)}K`).join(' '));
}
export {};
