// The photo pipeline's CPU per photo, stage by stage, with the bytes and SSIM of every stored variant (issue 54 §3).
//   npx tsx server/modules/media/bench-pipeline.ts [--photos 4 --runs 5 --upload]
// Photos are seeded photograph-like JPEGs (sample-photo.ts), 1024 × 768 as a DMS serves them; --upload adds a
// 12-megapixel phone photo. CPU is the process's user + system time (process.cpuUsage), medians over the runs.
// `npm run bench:feed` prints the same per-photo figure for the photos its feed serves.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { AVIF_OPTIONS, avifOptions, processImage, variantWidths, WEBP_OPTIONS } from './pipeline';
import { samplePhoto } from './sample-photo';
import { ssim } from './ssim';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
async function cpuOf<T>(work: () => Promise<T>): Promise<{ ms: number; out: T }> {
  const start = cpuMs();
  const out = await work();
  return { ms: cpuMs() - start, out };
}

export interface PipelineFigures {
  /** processImage (header checks, decode, scale, every variant), one photo at a time: median CPU ms per photo. */
  perPhotoMs: number;
  /** Each stage's median CPU ms: decode and scale to the largest width, each smaller width's scale, each encode. */
  stages: { stage: string; ms: number }[];
  /** Each stored variant's median bytes and SSIM against the original scaled to its size. */
  variants: { variant: string; bytes: number; ssim: number }[];
}

/** Runs every photo through processImage `runs` times, then each stage alone, and measures the variants. */
export async function measurePipeline(photos: Buffer[], runs: number): Promise<PipelineFigures> {
  const perPhoto: number[] = [];
  for (let r = 0; r < runs; r++) {
    for (const p of photos) perPhoto.push((await cpuOf(() => processImage(p, { kind: 'vehicle' }))).ms);
  }

  // The stages as encodeVariants runs them (pipeline.ts), timed one by one.
  const stageTimes = new Map<string, number[]>();
  const record = (stage: string, ms: number) => stageTimes.set(stage, [...(stageTimes.get(stage) ?? []), ms]);
  const variantFigures = new Map<string, { bytes: number[]; ssim: number[] }>();
  for (let r = 0; r < runs; r++) {
    for (const p of photos) {
      const { width = 0 } = await sharp(p).metadata();
      const widths = variantWidths('vehicle', width).sort((a, b) => b - a);
      const decoded = await cpuOf(() => sharp(p).autoOrient().resize({ width: widths[0] }).flatten({ background: '#ffffff' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }));
      record(`decode and scale to ${widths[0]}`, decoded.ms);
      let step = decoded.out;
      for (const w of widths) {
        if (w !== step.info.width) {
          const h = Math.round((w * step.info.height) / step.info.width);
          const from = step.info.width;
          const scaled = await cpuOf(() => sharp(step.data, { raw: step.info }).resize(w, h, { kernel: 'lanczos3' }).raw().toBuffer({ resolveWithObject: true }));
          record(`scale ${from} → ${w}`, scaled.ms);
          step = scaled.out;
        }
        const { data, info } = step;
        for (const format of ['avif', 'webp'] as const) {
          const img = sharp(data, { raw: info });
          const encoded = await cpuOf(() => (format === 'avif' ? img.avif(avifOptions(info.width)) : img.webp(WEBP_OPTIONS)).toBuffer());
          record(`encode ${format} ${info.width}`, encoded.ms);
          if (r > 0) continue;
          const reference = sharp(p).resize(info.width, info.height, { kernel: 'lanczos3' });
          const key = `${format} ${info.width}`;
          const f = variantFigures.get(key) ?? { bytes: [], ssim: [] };
          f.bytes.push(encoded.out.length);
          f.ssim.push(await ssim(encoded.out, reference));
          variantFigures.set(key, f);
        }
      }
    }
  }
  return {
    perPhotoMs: median(perPhoto),
    stages: [...stageTimes].map(([stage, xs]) => ({ stage, ms: median(xs) })),
    variants: [...variantFigures].map(([variant, f]) => ({ variant, bytes: median(f.bytes), ssim: median(f.ssim) })),
  };
}

export function printPipeline(label: string, f: PipelineFigures): void {
  console.log(`${label}: ${f.perPhotoMs.toFixed(0)} ms CPU per photo (median), all variants included`);
  for (const s of f.stages) console.log(`  ${s.stage.padEnd(28)} ${s.ms.toFixed(1).padStart(7)} ms`);
  for (const v of f.variants) console.log(`  ${v.variant.padEnd(28)} ${(v.bytes / 1024).toFixed(0).padStart(5)} KB  SSIM ${v.ssim.toFixed(4)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { photos: { type: 'string', default: '4' }, runs: { type: 'string', default: '5' }, upload: { type: 'boolean', default: false } } });
  const photos = await Promise.all(Array.from({ length: Number(values.photos) }, (_, i) => samplePhoto(i + 1)));
  console.log(`${photos.length} seeded 1024 × 768 photos (${photos.map((p) => `${Math.round(p.length / 1024)} KB`).join(', ')}), ${values.runs} runs, sharp concurrency ${sharp.concurrency()}, AVIF ${JSON.stringify(AVIF_OPTIONS)}, WebP ${JSON.stringify(WEBP_OPTIONS)}`);
  printPipeline('1024 × 768 JPEG', await measurePipeline(photos, Number(values.runs)));
  if (values.upload) {
    const phone = await sharp(photos[0]).resize(4032, 3024).jpeg({ quality: 90 }).toBuffer();
    printPipeline(`4032 × 3024 JPEG (${(phone.length / 1e6).toFixed(1)} MB)`, await measurePipeline([phone], Number(values.runs)));
  }
}
