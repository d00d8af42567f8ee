// Colour arithmetic for the illustrations: shading paint by surface angle is what makes a flat drawing
// read as a glossy car, so every tint goes through these few helpers.

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function format([r, g, b]: Rgb): string {
  const c = (v: number) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear blend of two colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = parse(a);
  const y = parse(b);
  return format([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * t) as Rgb);
}

/** Relative luminance in [0, 1] (sRGB weights, no gamma: enough to tell dark paint from light). */
export function luminance(hex: string): number {
  const [r, g, b] = parse(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

const SKY = '#dbe6f0';
const SHADOW_DARK = '#0a0c10';
/** Light paint in shade turns a cool grey, not black (white trucks should still look white). */
const SHADOW_LIGHT = '#5d6a78';

/**
 * Paint as seen on a surface: t > 0 towards the sky reflection, t < 0 towards shadow.
 * Dark paint reflects more visibly than light paint, so highlights are scaled by darkness.
 */
export function shade(base: string, t: number): string {
  if (t >= 0) {
    const gain = 0.55 + 0.6 * (1 - luminance(base));
    return mix(base, SKY, Math.min(0.92, t * gain));
  }
  const lum = luminance(base);
  const target = mix(SHADOW_DARK, SHADOW_LIGHT, lum);
  const depth = 0.75 - 0.25 * (1 - lum);
  return mix(base, target, Math.min(0.9, -t * depth));
}
