// A seeded stand-in for a dealer's camera JPEG, for the pipeline's tests and benchmarks. Flat colours compress to
// nothing and encode five times faster than a photograph (issue 54 §3: the 190 ms once documented came from them),
// so this one has what makes a photo expensive: detail at every scale (octaves of smoothed noise, as in a real
// scene), hard edges (a vehicle's body, wheels and windows, a sign with lettering), and sensor grain. The same seed
// gives the same bytes on every machine; nothing is downloaded.
import sharp from 'sharp';
import { createRng, type Rng } from '../../db/seed/prng';

export interface SamplePhotoOptions {
  width?: number;
  height?: number;
  /** JPEG quality the "camera" saved at; 90 with 4:2:0 chroma is what dealer cameras and phones write. */
  quality?: number;
}

/** Octaves of value noise, coarse to fine, each half the amplitude of the one before (a 1/f scene). */
async function sceneNoise(rng: Rng, width: number, height: number): Promise<Float32Array> {
  const out = new Float32Array(width * height * 3);
  let amplitude = 60;
  for (let cell = 256; cell >= 2; cell /= 2) {
    const w = Math.max(2, Math.ceil(width / cell));
    const h = Math.max(2, Math.ceil(height / cell));
    const small = Buffer.alloc(w * h * 3);
    for (let i = 0; i < small.length; i++) small[i] = Math.round(rng.next() * 255);
    const big = await sharp(small, { raw: { width: w, height: h, channels: 3 } })
      .resize(width, height, { kernel: 'cubic', fit: 'fill' }).raw().toBuffer();
    for (let i = 0; i < out.length; i += 3) {
      // Mostly brightness, a little colour: a photo's channels move together.
      const luma = (big[i]! + big[i + 1]! + big[i + 2]!) / 3;
      for (let c = 0; c < 3; c++) out[i + c]! += (((luma * 0.8 + big[i + c]! * 0.2) - 127.5) / 127.5) * amplitude;
    }
    amplitude *= 0.9;
  }
  return out;
}

/** A lot scene in SVG: sky, asphalt, a vehicle with wheels and glass, a sign with text. Positions from the seed. */
function sceneSvg(rng: Rng, width: number, height: number): string {
  const horizon = Math.round(height * rng.float(0.35, 0.5));
  const body = `hsl(${rng.int(0, 359)}, ${rng.int(20, 70)}%, ${rng.int(25, 60)}%)`;
  const x = Math.round(width * rng.float(0.08, 0.2));
  const w = Math.round(width * rng.float(0.6, 0.75));
  const y = Math.round(height * rng.float(0.45, 0.55));
  const h = Math.round(height * 0.22);
  const wheel = Math.round(h * 0.42);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6d9ccf"/><stop offset="1" stop-color="#dfe9f2"/></linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#77736c"/><stop offset="1" stop-color="#3f3d3a"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1c2630"/><stop offset="1" stop-color="#8da3b5"/></linearGradient>
  </defs>
  <rect width="${width}" height="${horizon}" fill="url(#sky)"/>
  <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#ground)"/>
  ${Array.from({ length: 6 }, (_, i) => `<rect x="${Math.round((i + rng.next()) * width / 6)}" y="${horizon - rng.int(40, 140)}" width="${rng.int(40, 120)}" height="${height}" fill="hsl(${rng.int(0, 359)}, 12%, ${rng.int(30, 70)}%)"/>`).join('')}
  <rect x="${Math.round(width * 0.62)}" y="${Math.round(horizon * 0.25)}" width="${Math.round(width * 0.33)}" height="${Math.round(height * 0.11)}" fill="#f4f1e8" stroke="#1d3557" stroke-width="4"/>
  <text x="${Math.round(width * 0.64)}" y="${Math.round(horizon * 0.25 + height * 0.075)}" font-family="sans-serif" font-weight="bold" font-size="${Math.round(height * 0.04)}" fill="#1d3557">PRAIRIE MOTOR HUB</text>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.round(h * 0.25)}" fill="${body}"/>
  <path d="M ${x + w * 0.2} ${y} L ${x + w * 0.32} ${y - h * 0.7} L ${x + w * 0.72} ${y - h * 0.7} L ${x + w * 0.85} ${y} Z" fill="${body}"/>
  <path d="M ${x + w * 0.25} ${y - 4} L ${x + w * 0.35} ${y - h * 0.6} L ${x + w * 0.52} ${y - h * 0.6} L ${x + w * 0.52} ${y - 4} Z" fill="url(#glass)"/>
  <path d="M ${x + w * 0.55} ${y - 4} L ${x + w * 0.55} ${y - h * 0.6} L ${x + w * 0.7} ${y - h * 0.6} L ${x + w * 0.8} ${y - 4} Z" fill="url(#glass)"/>
  <line x1="${x + w * 0.535}" y1="${y + 6}" x2="${x + w * 0.535}" y2="${y + h - 6}" stroke="#111" stroke-width="2"/>
  <rect x="${x + w * 0.9}" y="${y + h * 0.2}" width="${w * 0.08}" height="${h * 0.18}" fill="#fff6c8"/>
  ${[0.2, 0.78].map((f) => `<circle cx="${x + w * f}" cy="${y + h}" r="${wheel}" fill="#151515"/><circle cx="${x + w * f}" cy="${y + h}" r="${Math.round(wheel * 0.55)}" fill="#b9bcc0" stroke="#555" stroke-width="3"/>`).join('')}
  <text x="${x + w * 0.08}" y="${y + h * 0.55}" font-family="sans-serif" font-size="${Math.round(h * 0.16)}" fill="#eeeeee">${rng.int(2015, 2026)} ${rng.pick(['F-150', 'RAV4', 'Civic', 'Equinox', '1500'])}</text>
</svg>`;
}

/** A deterministic photograph-like JPEG (about 250 KB at 1024 × 768, the size a DMS serves). */
export async function samplePhoto(seed: number, { width = 1024, height = 768, quality = 90 }: SamplePhotoOptions = {}): Promise<Buffer> {
  const rng = createRng(`sample-photo:${seed}`);
  const scene = await sharp(Buffer.from(sceneSvg(rng, width, height))).removeAlpha().raw().toBuffer();
  const noise = await sceneNoise(rng, width, height);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) {
    // Sensor grain: a few levels per pixel, independent per channel, as in any camera at ISO 200-400.
    const grain = (rng.next() + rng.next() + rng.next() - 1.5) * 16;
    pixels[i] = Math.max(0, Math.min(255, Math.round(scene[i]! * 0.7 + 38 + noise[i]! * 0.5 + grain)));
  }
  // A touch of lens softness, then the camera's JPEG.
  return sharp(pixels, { raw: { width, height, channels: 3 } }).blur(0.4).jpeg({ quality, chromaSubsampling: '4:2:0' }).toBuffer();
}
