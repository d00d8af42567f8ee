// Draws a car as SVG from a side profile (shapes.ts) and a camera. The profile is extruded across the
// car's width and seen through an orthographic camera turned by a yaw and a pitch, so one drawing routine
// gives the front three-quarter, side, rear three-quarter, cargo and wheel views with consistent shading.
// Paint is lit from the camera's upper left; the sides get the gradient bands that make paint look glossy.
import { mix, shade } from './color';
import type { CarShape, Material, ProfilePoint, Pt, RimStyle } from './shapes';

export type Vec3 = [number, number, number];
type Vec2 = [number, number];

/** Orthographic camera: screen = origin + x*ex + y*ey + z*ez (pixels, y down). */
export interface Camera {
  ex: Vec2;
  ey: Vec2;
  ez: Vec2;
  origin: Vec2;
  /** Unit vector from the car towards the camera, in car coordinates. */
  toCamera: Vec3;
  /** Unit light direction (towards the light), in car coordinates. */
  light: Vec3;
  scale: number;
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const norm = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

/**
 * yaw 0 looks at the near (z = 0) side with the nose pointing left; positive yaw swings the camera
 * round towards the front, negative towards the rear. pitch raises the camera.
 */
export function makeCamera(yawDeg: number, pitchDeg: number, scale = 1, origin: Vec2 = [0, 0]): Camera {
  const t = (yawDeg * Math.PI) / 180;
  const f = (pitchDeg * Math.PI) / 180;
  const view: Vec3 = [-Math.sin(t), 0, Math.cos(t)]; // camera → car, before pitch
  const right: Vec3 = [-Math.cos(t), 0, -Math.sin(t)];
  const up: Vec3 = [view[0] * Math.sin(f), Math.cos(f), view[2] * Math.sin(f)];
  const pitchedView: Vec3 = [view[0] * Math.cos(f), -Math.sin(f), view[2] * Math.cos(f)];
  const toCamera: Vec3 = [-pitchedView[0], -pitchedView[1], -pitchedView[2]];
  const light = norm([up[0] * 1.3 + toCamera[0] * 0.7 - right[0] * 0.45, up[1] * 1.3 + toCamera[1] * 0.7 - right[1] * 0.45, up[2] * 1.3 + toCamera[2] * 0.7 - right[2] * 0.45]);
  return {
    ex: [scale * right[0], -scale * up[0]],
    ey: [scale * right[1], -scale * up[1]],
    ez: [scale * right[2], -scale * up[2]],
    origin,
    toCamera,
    light,
    scale,
  };
}

/** The same camera, scaled and moved (projection is linear, so framing is done after a trial render). */
export function reframe(cam: Camera, scale: number, origin: Vec2): Camera {
  const k = scale / cam.scale;
  return {
    ...cam,
    ex: [cam.ex[0] * k, cam.ex[1] * k],
    ey: [cam.ey[0] * k, cam.ey[1] * k],
    ez: [cam.ez[0] * k, cam.ez[1] * k],
    origin,
    scale,
  };
}

export function project(cam: Camera, x: number, y: number, z: number): Vec2 {
  return [
    cam.origin[0] + x * cam.ex[0] + y * cam.ey[0] + z * cam.ez[0],
    cam.origin[1] + x * cam.ex[1] + y * cam.ey[1] + z * cam.ez[1],
  ];
}

const f1 = (n: number) => (Math.round(n * 10) / 10).toString();
const pts = (list: Vec2[]) => list.map(([x, y]) => `${f1(x)},${f1(y)}`).join(' ');
const f3 = (n: number) => (Math.round(n * 1000) / 1000).toString();

/** SVG transform mapping plane coordinates (u along x, v along y, at depth z) onto the screen. */
function planeMatrix(cam: Camera, z: number): string {
  const o = project(cam, 0, 0, z);
  return `matrix(${f3(cam.ex[0])} ${f3(cam.ex[1])} ${f3(cam.ey[0])} ${f3(cam.ey[1])} ${f1(o[0])} ${f1(o[1])})`;
}

/** Ground-plane transform: u along x, v along z, at height 0. */
export function groundMatrix(cam: Camera): string {
  const o = project(cam, 0, 0, 0);
  return `matrix(${f3(cam.ex[0])} ${f3(cam.ex[1])} ${f3(cam.ez[0])} ${f3(cam.ez[1])} ${f1(o[0])} ${f1(o[1])})`;
}

interface OutlinePoint { x: number; y: number; m: Material }

/** Replaces rounded corners by short polylines, so extruded surfaces bend smoothly. */
export function roundOutline(points: ProfilePoint[], steps = 4): OutlinePoint[] {
  const out: OutlinePoint[] = [];
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const prev = points[(i - 1 + n) % n]!;
    const cur = points[i]!;
    const next = points[(i + 1) % n]!;
    if (cur.r <= 0) {
      out.push({ x: cur.x, y: cur.y, m: cur.m });
      continue;
    }
    const d1 = Math.hypot(cur.x - prev.x, cur.y - prev.y);
    const d2 = Math.hypot(next.x - cur.x, next.y - cur.y);
    const r1 = Math.min(cur.r, d1 / 2) / d1;
    const r2 = Math.min(cur.r, d2 / 2) / d2;
    const a = { x: cur.x + (prev.x - cur.x) * r1, y: cur.y + (prev.y - cur.y) * r1 };
    const b = { x: cur.x + (next.x - cur.x) * r2, y: cur.y + (next.y - cur.y) * r2 };
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      const x = (1 - t) * (1 - t) * a.x + 2 * (1 - t) * t * cur.x + t * t * b.x;
      const y = (1 - t) * (1 - t) * a.y + 2 * (1 - t) * t * cur.y + t * t * b.y;
      // The first half of the bend still belongs to the incoming edge.
      out.push({ x, y, m: s < steps / 2 ? prev.m : cur.m });
    }
  }
  return out;
}

function signedArea(poly: { x: number; y: number }[]): number {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % poly.length]!;
    a += p.x * q.y - q.x * p.y;
  }
  return a / 2;
}

/** Largest (front) or smallest (rear) x of the outline at height y. */
function outlineXAt(outline: OutlinePoint[], y: number, side: 'front' | 'rear'): number {
  let best = side === 'front' ? -Infinity : Infinity;
  for (let i = 0; i < outline.length; i++) {
    const p = outline[i]!;
    const q = outline[(i + 1) % outline.length]!;
    if ((p.y - y) * (q.y - y) > 0 || p.y === q.y) continue;
    const x = p.x + ((y - p.y) / (q.y - p.y)) * (q.x - p.x);
    best = side === 'front' ? Math.max(best, x) : Math.min(best, x);
  }
  return Number.isFinite(best) ? best : side === 'front' ? 0 : 0;
}

export interface CarPaint {
  paint: string;
  /** Wheel finish: bright machined alloy or dark painted. */
  rimTone: 'silver' | 'dark';
}

const GLASS = '#1b232d';
const TRIM = '#1e2023';
const FABRIC = '#2a2b2f';
const TIRE = '#18191b';

/** Collects SVG definitions with unique ids (several cars can share one document). */
export class Defs {
  private n = 0;
  readonly items: string[] = [];
  constructor(private readonly prefix: string) {}
  id(): string {
    return `${this.prefix}${this.n++}`;
  }
  linear(stops: [number, string, number?][], x1 = 0, y1 = 0, x2 = 0, y2 = 1, units = 'objectBoundingBox'): string {
    const id = this.id();
    const s = stops.map(([o, c, a]) => `<stop offset="${f3(o)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${f3(a)}"`}/>`).join('');
    this.items.push(`<linearGradient id="${id}" gradientUnits="${units}" x1="${f3(x1)}" y1="${f3(y1)}" x2="${f3(x2)}" y2="${f3(y2)}">${s}</linearGradient>`);
    return `url(#${id})`;
  }
  radial(stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id();
    const s = stops.map(([o, c, a]) => `<stop offset="${f3(o)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${f3(a)}"`}/>`).join('');
    this.items.push(`<radialGradient id="${id}" cx="${f3(cx)}" cy="${f3(cy)}" r="${f3(r)}">${s}</radialGradient>`);
    return `url(#${id})`;
  }
  clip(content: string, transform?: string): string {
    const id = this.id();
    this.items.push(`<clipPath id="${id}"${transform ? ` transform="${transform}"` : ''}>${content}</clipPath>`);
    return `url(#${id})`;
  }
  toString(): string {
    return `<defs>${this.items.join('')}</defs>`;
  }
}

function pathOf(points: { x: number; y: number }[] | Pt[]): string {
  const list = points.map((p) => (Array.isArray(p) ? p : [p.x, p.y]) as Pt);
  return `M${list.map(([x, y]) => `${f3(x)} ${f3(y)}`).join('L')}Z`;
}

/** Screen-space bounding box of the car, for framing. */
export function carBounds(shape: CarShape, cam: Camera): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const add = ([x, y]: Vec2) => {
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  };
  for (const z of [0, shape.width]) {
    for (const p of shape.body) add(project(cam, p.x, Math.max(0, p.y), z));
    for (const p of shape.cabin) add(project(cam, p.x, p.y, z));
    for (const ax of shape.axles) add(project(cam, ax, 0, z));
  }
  return { minX, minY, maxX, maxY };
}

/** Soft contact shadow on the ground, drawn before the car. */
export function carShadow(shape: CarShape, cam: Camera, defs: Defs, strength = 1): string {
  const { length: L, width: W } = shape;
  const soft = defs.radial([[0, '#000', 0.34 * strength], [0.55, '#000', 0.2 * strength], [1, '#000', 0]]);
  const core = defs.radial([[0, '#000', 0.55 * strength], [0.7, '#000', 0.3 * strength], [1, '#000', 0]]);
  const g = groundMatrix(cam);
  return `<g transform="${g}"><ellipse cx="${f3(L / 2)}" cy="${f3(W / 2)}" rx="${f3(L * 0.66)}" ry="${f3(W * 0.95)}" fill="${soft}"/>`
    + `<ellipse cx="${f3(L / 2)}" cy="${f3(W / 2)}" rx="${f3(L * 0.53)}" ry="${f3(W * 0.62)}" fill="${core}"/></g>`;
}

interface Quad { pts: Vec2[]; depth: number; fill: string }

function materialColour(m: Material, paint: string, light: number): string {
  switch (m) {
    case 'glass': return mix(GLASS, '#9db2c6', Math.max(0, light) * 0.55);
    case 'trim': return shade(TRIM, (light - 0.4) * 0.5);
    case 'fabric': return shade(FABRIC, (light - 0.4) * 0.4);
    // Upward surfaces mirror the sky; damped so coloured paint stays saturated on the hood and roof.
    default: {
      const t = (light - 0.5) * 1.25;
      return shade(paint, t > 0 ? t * 0.6 : t);
    }
  }
}

/** Visible surfaces swept by an outline between two depths, sorted far to near. */
function extrude(outline: OutlinePoint[], z0: number, z1: number, cam: Camera, paint: string): Quad[] {
  const ccw = signedArea(outline) > 0;
  const quads: Quad[] = [];
  for (let i = 0; i < outline.length; i++) {
    const a = outline[i]!;
    const b = outline[(i + 1) % outline.length]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy);
    if (len < 1e-6) continue;
    const n: Vec3 = ccw ? [dy / len, -dx / len, 0] : [-dy / len, dx / len, 0];
    if (dot(n, cam.toCamera) <= 0.002) continue;
    const lit = dot(n, cam.light);
    const quad: Vec2[] = [project(cam, a.x, a.y, z0), project(cam, b.x, b.y, z0), project(cam, b.x, b.y, z1), project(cam, a.x, a.y, z1)];
    const mid: Vec3 = [(a.x + b.x) / 2, (a.y + b.y) / 2, (z0 + z1) / 2];
    const m = a.m === 'backlight' ? 'paint' : a.m;
    quads.push({ pts: quad, depth: -dot(mid, cam.toCamera), fill: materialColour(m, paint, lit) });
    if (a.m === 'backlight') {
      // A pickup's cab has a small rear window set into a painted back wall.
      const inset = (t: number, zt: number): Vec2 => project(cam, a.x + dx * t, a.y + dy * t, z0 + (z1 - z0) * zt);
      quads.push({ pts: [inset(0.25, 0.16), inset(0.85, 0.16), inset(0.85, 0.84), inset(0.25, 0.84)], depth: -dot(mid, cam.toCamera) - 1e-3, fill: materialColour('glass', paint, lit) });
    }
  }
  return quads.sort((p, q) => q.depth - p.depth);
}

function drawQuads(quads: Quad[]): string {
  // A hairline stroke in the fill colour hides antialiasing seams between neighbouring strips.
  return quads.map((q) => `<polygon points="${pts(q.pts)}" fill="${q.fill}" stroke="${q.fill}" stroke-width="0.8" stroke-linejoin="round"/>`).join('');
}

function rimSpokes(style: RimStyle, r: number, colour: string, dark: string): string {
  const spoke = (angle: number, w0: number, w1: number, inner: number, outer: number, fill: string) => {
    const a = (angle * Math.PI) / 180;
    const c = Math.cos(a), s = Math.sin(a);
    const px = (d: number, w: number): string => `${f3(c * d - s * w)} ${f3(s * d + c * w)}`;
    return `<path d="M${px(inner, -w0)}L${px(outer, -w1)}L${px(outer, w1)}L${px(inner, w0)}Z" fill="${fill}"/>`;
  };
  const parts: string[] = [];
  const hub = r * 0.2;
  switch (style) {
    case 'five':
      for (let i = 0; i < 5; i++) parts.push(spoke(i * 72 - 90, r * 0.13, r * 0.2, hub * 0.8, r * 0.93, colour));
      break;
    case 'split':
      for (let i = 0; i < 5; i++) {
        parts.push(spoke(i * 72 - 96, r * 0.07, r * 0.07, hub * 0.8, r * 0.93, colour));
        parts.push(spoke(i * 72 - 84, r * 0.07, r * 0.07, hub * 0.8, r * 0.93, colour));
      }
      break;
    case 'six':
      for (let i = 0; i < 6; i++) parts.push(spoke(i * 60 - 90, r * 0.15, r * 0.19, hub * 0.8, r * 0.92, colour));
      break;
    case 'ten':
      for (let i = 0; i < 10; i++) parts.push(spoke(i * 36 - 90, r * 0.05, r * 0.08, hub * 0.8, r * 0.94, colour));
      break;
    case 'multi':
      for (let i = 0; i < 7; i++) {
        parts.push(spoke(i * (360 / 7) - 90, r * 0.1, r * 0.04, hub * 0.8, r * 0.94, colour));
        parts.push(spoke(i * (360 / 7) - 90 + 360 / 14, r * 0.06, r * 0.03, r * 0.45, r * 0.94, colour));
      }
      break;
    case 'steel':
      parts.push(`<circle r="${f3(r * 0.94)}" fill="${colour}"/>`);
      for (let i = 0; i < 8; i++) {
        const a = (i * 45 * Math.PI) / 180;
        parts.push(`<circle cx="${f3(Math.cos(a) * r * 0.62)}" cy="${f3(Math.sin(a) * r * 0.62)}" r="${f3(r * 0.07)}" fill="${dark}"/>`);
      }
      parts.push(`<circle r="${f3(r * 0.42)}" fill="#dde1e5"/>`); // hub cap
      break;
  }
  return parts.join('');
}

/** A wheel whose outer face is at depth zFace; tread drawn back to zBack (towards the car's centre). */
function wheel(shape: CarShape, cam: Camera, defs: Defs, x: number, zFace: number, zBack: number, tone: 'silver' | 'dark', faceVisible: boolean): string {
  const r = shape.wheelRadius;
  const parts: string[] = [];
  const edgeOn = Math.abs(cam.toCamera[2]) < 0.25;
  if (edgeOn) {
    // Seen from behind: the tyre is a dark rounded block.
    const zs = [zFace, zBack];
    const corners: Vec2[] = [project(cam, x, 0.02, zs[0]!), project(cam, x, 2 * r, zs[0]!), project(cam, x, 2 * r, zs[1]!), project(cam, x, 0.02, zs[1]!)];
    return `<polygon points="${pts(corners)}" fill="${TIRE}" stroke="${TIRE}" stroke-width="${f1(cam.scale * 0.06)}" stroke-linejoin="round"/>`;
  }
  const steps = 5;
  for (let i = steps; i >= 1; i--) {
    const z = zFace + ((zBack - zFace) * i) / steps;
    parts.push(`<g transform="${planeMatrix(cam, z)}"><circle cx="${f3(x)}" cy="${f3(r)}" r="${f3(r)}" fill="${i === steps ? '#0e0f10' : '#151618'}"/></g>`);
  }
  if (faceVisible) {
    const rim = tone === 'silver' ? '#c9ced4' : '#3a3e44';
    const rimDark = tone === 'silver' ? '#7c838b' : '#1f2226';
    const side = defs.radial([[0, '#2c2d30'], [0.78, '#202124'], [0.93, '#2b2c2f'], [1, '#151617']]);
    const rimFill = defs.linear([[0, mix(rim, '#ffffff', 0.35)], [0.5, rim], [1, rimDark]], 0, 0, 1, 1);
    const barrel = defs.radial([[0, '#0c0d0f'], [0.85, '#24262a'], [1, '#4a4e54']]);
    const rr = r * 0.66;
    // Local frame: origin at the hub.
    parts.push(`<g transform="${planeMatrix(cam, zFace)} translate(${f3(x)} ${f3(r)})">`
      + `<circle r="${f3(r)}" fill="${side}"/>`
      + `<circle r="${f3(rr)}" fill="${barrel}"/>`
      + `<circle r="${f3(rr * 0.62)}" fill="#5d6167" opacity="0.55"/>`
      + `<g>${rimSpokes(shape.rim, rr, rimFill, rimDark)}</g>`
      + `<circle r="${f3(rr)}" fill="none" stroke="${rimFill}" stroke-width="${f3(r * 0.07)}"/>`
      + `<circle r="${f3(rr * 0.2)}" fill="${rimFill}" stroke="${rimDark}" stroke-width="${f3(r * 0.015)}"/>`
      + `<circle r="${f3(rr * 0.07)}" fill="${rimDark}"/>`
      + `</g>`);
  }
  return parts.join('');
}

/** The whole car: far wheels, extruded body and cabin, near faces with details, near wheels. */
export function drawCar(shape: CarShape, cam: Camera, look: CarPaint, defs: Defs): string {
  const { paint } = look;
  const W = shape.width;
  const body = roundOutline(shape.body);
  const cabin = roundOutline(shape.cabin);
  const out: string[] = [];
  const sideVisible = cam.toCamera[2] < -0.05; // near side (normal -z) faces the camera
  const frontVisible = cam.toCamera[0] > 0.05;
  const rearVisible = cam.toCamera[0] < -0.05;

  // Far wheels peek out under the body.
  for (const ax of shape.axles) out.push(wheel(shape, cam, defs, ax, W - 0.04, W - 0.26, look.rimTone, false));

  out.push(drawQuads(extrude(body, 0, W, cam, paint)));
  if (shape.bed) out.push(drawBed(shape, cam, defs));
  out.push(drawQuads(extrude(cabin, shape.cabinInset, W - shape.cabinInset, cam, paint)));
  if (shape.roofRails) out.push(drawRoofRails(shape, cabin, cam));

  if (frontVisible) out.push(drawFront(shape, body, cam, defs, paint));
  if (rearVisible) out.push(drawRear(shape, body, cam, defs));

  if (sideVisible) {
    out.push(drawCabinSide(shape, cabin, cam, defs, look));
    out.push(drawBodySide(shape, body, cam, defs, look));
    for (const ax of shape.axles) out.push(wheel(shape, cam, defs, ax, 0.02, 0.2, look.rimTone, true));
    out.push(drawMirror(shape, cam, paint));
  } else {
    for (const ax of shape.axles) out.push(wheel(shape, cam, defs, ax, 0.02, 0.24, look.rimTone, false));
  }
  return out.join('');
}

/** Highest y of the outline at a given x (the roof line). */
function outlineTopAt(outline: OutlinePoint[], x: number): number {
  let best = -Infinity;
  for (let i = 0; i < outline.length; i++) {
    const p = outline[i]!;
    const q = outline[(i + 1) % outline.length]!;
    if ((p.x - x) * (q.x - x) > 0 || p.x === q.x) continue;
    best = Math.max(best, p.y + ((x - p.x) / (q.x - p.x)) * (q.y - p.y));
  }
  return best;
}

function drawRoofRails(shape: CarShape, cabin: OutlinePoint[], cam: Camera): string {
  // Rails follow the roof from just behind the windshield header to just before the tailgate.
  const top = Math.max(...cabin.map((p) => p.y));
  const roof = cabin.filter((p) => p.y > top - 0.12);
  const x0 = Math.min(...roof.map((p) => p.x)) + 0.08;
  const x1 = Math.max(...roof.map((p) => p.x)) - 0.3;
  const lines: string[] = [];
  for (const z of [shape.cabinInset + 0.1, shape.width - shape.cabinInset - 0.1]) {
    const line: Vec2[] = [];
    for (let i = 0; i <= 8; i++) {
      const x = x0 + ((x1 - x0) * i) / 8;
      line.push(project(cam, x, outlineTopAt(cabin, x) + 0.045, z));
    }
    lines.push(`<polyline points="${pts(line)}" fill="none" stroke="#202226" stroke-width="${f1(cam.scale * 0.045)}" stroke-linecap="round" stroke-linejoin="round"/>`);
    lines.push(`<polyline points="${pts(line.map(([x, y]) => [x, y - cam.scale * 0.014] as Vec2))}" fill="none" stroke="#8a9099" stroke-width="${f1(cam.scale * 0.01)}" stroke-linecap="round" opacity="0.7"/>`);
  }
  return lines.join('');
}

function drawBed(shape: CarShape, cam: Camera, defs: Defs): string {
  const bed = shape.bed!;
  const W = shape.width;
  const z0 = bed.rail, z1 = W - bed.rail;
  const opening: Vec2[] = [project(cam, bed.x0, bed.y, z0), project(cam, bed.x1, bed.y, z0), project(cam, bed.x1, bed.y, z1), project(cam, bed.x0, bed.y, z1)];
  const clip = defs.clip(`<polygon points="${pts(opening)}"/>`);
  const parts = [`<polygon points="${pts(opening)}" fill="#202225"/>`];
  const floor: Vec2[] = [project(cam, bed.x0, bed.floor, z0), project(cam, bed.x1, bed.floor, z0), project(cam, bed.x1, bed.floor, z1), project(cam, bed.x0, bed.floor, z1)];
  parts.push(`<polygon points="${pts(floor)}" fill="#26282b"/>`);
  // Ribbed floor of a spray-in liner.
  for (let i = 1; i < 8; i++) {
    const z = z0 + ((z1 - z0) * i) / 8;
    const a = project(cam, bed.x0, bed.floor, z), b = project(cam, bed.x1, bed.floor, z);
    parts.push(`<line x1="${f1(a[0])}" y1="${f1(a[1])}" x2="${f1(b[0])}" y2="${f1(b[1])}" stroke="#34373b" stroke-width="${f1(cam.scale * 0.012)}"/>`);
  }
  const wall = (xa: number, xb: number, za: number, zb: number, fill: string) => {
    const q: Vec2[] = [project(cam, xa, bed.y, za), project(cam, xb, bed.y, zb), project(cam, xb, bed.floor, zb), project(cam, xa, bed.floor, za)];
    return `<polygon points="${pts(q)}" fill="${fill}"/>`;
  };
  if (cam.toCamera[2] < 0) parts.push(wall(bed.x0, bed.x1, z1, z1, '#2e3034')); // far side wall faces us
  if (cam.toCamera[0] < 0) parts.push(wall(bed.x1, bed.x1, z0, z1, '#35383c')); // front wall, seen from behind
  if (cam.toCamera[0] > 0) parts.push(wall(bed.x0, bed.x0, z0, z1, '#2b2d31')); // tailgate inside, seen from ahead
  return `<g clip-path="${clip}">${parts.join('')}</g>`;
}

function drawFront(shape: CarShape, body: OutlinePoint[], cam: Camera, defs: Defs, paint: string): string {
  const W = shape.width;
  const { lamps, grille, intake, grilleShare } = shape.front;
  const face = (z0: number, z1: number, y0: number, y1: number): Vec2[] => {
    const x0 = outlineXAt(body, y0, 'front') + 0.004;
    const x1 = outlineXAt(body, y1, 'front') + 0.004;
    return [project(cam, x0, y0, z0), project(cam, x0, y0, z1), project(cam, x1, y1, z1), project(cam, x1, y1, z0)];
  };
  const parts: string[] = [];
  const gw = W * grilleShare;
  const gz0 = (W - gw) / 2, gz1 = (W + gw) / 2;
  const grilleFill = defs.linear([[0, '#2a2d31'], [0.5, '#15171a'], [1, '#0d0e10']]);
  parts.push(`<polygon points="${pts(face(gz0, gz1, grille[0], grille[1]))}" fill="${grilleFill}" stroke="${shade(paint, -0.2)}" stroke-width="${f1(cam.scale * 0.012)}" stroke-linejoin="round"/>`);
  // Horizontal grille bars.
  const bars = 5;
  for (let i = 1; i < bars; i++) {
    const y = grille[0] + ((grille[1] - grille[0]) * i) / bars;
    const x = outlineXAt(body, y, 'front') + 0.006;
    const a = project(cam, x, y, gz0 + 0.02), b = project(cam, x, y, gz1 - 0.02);
    parts.push(`<line x1="${f1(a[0])}" y1="${f1(a[1])}" x2="${f1(b[0])}" y2="${f1(b[1])}" stroke="#3d4147" stroke-width="${f1(cam.scale * 0.012)}"/>`);
  }
  parts.push(`<polygon points="${pts(face(W * 0.22, W * 0.78, intake[0], intake[1]))}" fill="#111214"/>`);
  const lampW = W * 0.2;
  const lens = defs.linear([[0, '#f7fafc'], [0.55, '#c9d3dc'], [1, '#8c98a4']]);
  // Lamps taper towards the grille, as modern headlamps do.
  const lamp = (zOuter: number, zInner: number, y0: number, y1: number, taper: number): Vec2[] => {
    const at = (z: number, y: number) => project(cam, outlineXAt(body, y, 'front') + 0.005, y, z);
    return [at(zOuter, y0), at(zInner, y0 + taper), at(zInner, y1), at(zOuter, y1)];
  };
  for (const [z0, z1] of [[0.05, 0.05 + lampW], [W - 0.05, W - 0.05 - lampW]] as [number, number][]) {
    const dz = Math.sign(z1 - z0) * 0.02;
    parts.push(`<polygon points="${pts(lamp(z0, z1, lamps[0], lamps[1], (lamps[1] - lamps[0]) * 0.45))}" fill="#2a3038" stroke="#15181c" stroke-width="${f1(cam.scale * 0.008)}" stroke-linejoin="round"/>`);
    const inner = lamp(z0 + dz, z1 - dz, lamps[0] + 0.015, lamps[1] - 0.015, (lamps[1] - lamps[0]) * 0.42);
    parts.push(`<polygon points="${pts(inner)}" fill="${lens}"/>`);
    // LED signature strip along the top of each lamp.
    const yl = lamps[1] - 0.025;
    const xl = outlineXAt(body, yl, 'front') + 0.008;
    const a = project(cam, xl, yl, z0 + 0.03), b = project(cam, xl, yl, z1 - 0.03);
    parts.push(`<line x1="${f1(a[0])}" y1="${f1(a[1])}" x2="${f1(b[0])}" y2="${f1(b[1])}" stroke="#ffffff" stroke-width="${f1(cam.scale * 0.014)}" stroke-linecap="round"/>`);
  }
  return parts.join('');
}

function drawRear(shape: CarShape, body: OutlinePoint[], cam: Camera, defs: Defs): string {
  const W = shape.width;
  const { lamps, plate, lampWidth } = shape.rear;
  const face = (z0: number, z1: number, y0: number, y1: number): Vec2[] => {
    const x0 = outlineXAt(body, y0, 'rear') - 0.004;
    const x1 = outlineXAt(body, y1, 'rear') - 0.004;
    return [project(cam, x0, y0, z0), project(cam, x0, y0, z1), project(cam, x1, y1, z1), project(cam, x1, y1, z0)];
  };
  const parts: string[] = [];
  const tail = defs.linear([[0, '#e0343c'], [0.5, '#a3111a'], [1, '#6d0a10']]);
  const lw = W * lampWidth;
  for (const [z0, z1] of [[0.03, 0.03 + lw], [W - 0.03 - lw, W - 0.03]] as [number, number][]) {
    parts.push(`<polygon points="${pts(face(z0, z1, lamps[0], lamps[1]))}" fill="${tail}" stroke="#3b0609" stroke-width="${f1(cam.scale * 0.008)}"/>`);
    const yl = (lamps[0] + lamps[1]) / 2;
    const xl = outlineXAt(body, yl, 'rear') - 0.008;
    const a = project(cam, xl, yl, z0 + 0.03), b = project(cam, xl, yl, z1 - 0.03);
    parts.push(`<line x1="${f1(a[0])}" y1="${f1(a[1])}" x2="${f1(b[0])}" y2="${f1(b[1])}" stroke="#ff8a8a" stroke-width="${f1(cam.scale * 0.012)}" stroke-linecap="round" opacity="0.9"/>`);
  }
  // Alberta plates: rear only, white with a red band (no text, so nothing to misread).
  const pw = 0.52;
  parts.push(`<polygon points="${pts(face(W / 2 - pw / 2, W / 2 + pw / 2, plate[0], plate[1]))}" fill="#f3f4f1" stroke="#555a60" stroke-width="${f1(cam.scale * 0.006)}"/>`);
  const band = plate[1] - (plate[1] - plate[0]) * 0.22;
  parts.push(`<polygon points="${pts(face(W / 2 - pw / 2 + 0.02, W / 2 + pw / 2 - 0.02, band, plate[1] - 0.015))}" fill="#b3262d" opacity="0.85"/>`);
  if (shape.bed) {
    const y = (shape.bed.y + lamps[0]) / 2 + 0.1;
    parts.push(`<polygon points="${pts(face(W / 2 - 0.14, W / 2 + 0.14, y - 0.04, y + 0.04))}" fill="#2a2c30"/>`);
  }
  return parts.join('');
}

function drawCabinSide(shape: CarShape, cabin: OutlinePoint[], cam: Camera, defs: Defs, look: CarPaint): string {
  // Plane coordinates: x along the car, y up (the plane matrix turns them into screen pixels).
  const m = planeMatrix(cam, shape.cabinInset);
  const fabric = shape.cabin.some((p) => p.m === 'fabric');
  const base = fabric ? FABRIC : look.paint;
  const fill = defs.linear([[0, shade(base, 0.25)], [1, shade(base, -0.05)]], 0, 1, 0, 0);
  const glass = defs.linear([[0, '#3a4654'], [0.45, '#1c242e'], [1, '#0f141a']], 0, 1, 0, 0);
  const parts: string[] = [`<path d="${pathOf(cabin)}" fill="${fill}"/>`];
  const windows = shape.windows.map((w) => roundOutline(w.map(([x, y]) => ({ x, y, r: 0.05, m: 'glass' as Material })), 3));
  for (const w of windows) parts.push(`<path d="${pathOf(w)}" fill="${glass}" stroke="#121519" stroke-width="0.022"/>`);
  // A sky reflection across the glass sells it as glass rather than black paint.
  const xs = shape.windows.flat().map(([x]) => x);
  const ys = shape.windows.flat().map(([, y]) => y);
  if (xs.length) {
    const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
    const X = (t: number) => f3(x0 + (x1 - x0) * t);
    const clip = defs.clip(windows.map((w) => `<path d="${pathOf(w)}"/>`).join(''));
    const sheen = defs.linear([[0, '#ffffff', 0], [0.5, '#e4edf5', 0.26], [1, '#ffffff', 0]], 0, 0, 1, 0);
    parts.push(`<g clip-path="${clip}"><path d="M${X(0.2)} ${f3(y1)}L${X(0.46)} ${f3(y1)}L${X(0.32)} ${f3(y0)}L${X(0.06)} ${f3(y0)}Z" fill="${sheen}"/>`
      + `<path d="M${X(0.58)} ${f3(y1)}L${X(0.64)} ${f3(y1)}L${X(0.53)} ${f3(y0)}L${X(0.47)} ${f3(y0)}Z" fill="#ffffff" opacity="0.07"/></g>`);
  }
  for (const pl of shape.pillars) parts.push(`<path d="${pathOf(pl)}" fill="#15171a"/>`);
  return `<g transform="${m}">${parts.join('')}</g>`;
}

function drawBodySide(shape: CarShape, body: OutlinePoint[], cam: Camera, defs: Defs, look: CarPaint): string {
  const { paint } = look;
  const r = shape.wheelRadius;
  const m = planeMatrix(cam, 0);
  const outline = pathOf(body);
  const ys = body.map((p) => p.y);
  const top = Math.max(...ys);
  const bottom = Math.min(...ys);
  const h = top - bottom;
  const t0 = (dot([0, 0, -1], cam.light) - 0.5) * 1.25;
  // Glossy paint: bright shoulder, a crisp highlight line, a darker sill reflecting the ground.
  const fill = defs.linear([
    [0, shade(paint, t0 + 0.38)],
    [0.1, shade(paint, t0 + 0.22)],
    [0.14, shade(paint, t0 + 0.5)],
    [0.18, shade(paint, t0 + 0.12)],
    [0.55, shade(paint, t0 - 0.02)],
    [0.82, shade(paint, t0 - 0.3)],
    [1, shade(paint, t0 - 0.5)],
  ], 0, 1, 0, 0);
  const clip = defs.clip(`<path d="${outline}"/>`);
  const wide = shape.length + 2;
  const inner: string[] = [];
  // A soft reflection of the horizon across the doors.
  const refl = defs.linear([[0, '#ffffff', 0], [0.5, '#ffffff', 0.13], [1, '#ffffff', 0]], 0, 1, 0, 0);
  const yr = top - h * 0.42;
  inner.push(`<rect x="-1" y="${f3(yr - 0.06)}" width="${f3(wide)}" height="0.12" fill="${refl}"/>`);
  inner.push(shape.cladding
    ? `<rect x="-1" y="${f3(bottom - 0.2)}" width="${f3(wide)}" height="0.33" fill="#202226"/>`
    : `<rect x="-1" y="${f3(bottom - 0.2)}" width="${f3(wide)}" height="0.25" fill="#000" opacity="0.16"/>`);
  for (const seam of shape.seams) {
    const d = `M${seam.map(([x, y]) => `${f3(x)} ${f3(y)}`).join('L')}`;
    inner.push(`<path d="${d}" stroke="#000" stroke-opacity="0.45" stroke-width="0.012" fill="none"/>`);
    inner.push(`<path d="${d}" transform="translate(0.012 0)" stroke="#fff" stroke-opacity="0.16" stroke-width="0.008" fill="none"/>`);
  }
  if (shape.track) {
    inner.push(`<path d="M${shape.track.map(([x, y]) => `${f3(x)} ${f3(y)}`).join('L')}" stroke="#000" stroke-opacity="0.5" stroke-width="0.016" fill="none"/>`);
  }
  for (const [x, y] of shape.handles) {
    inner.push(`<rect x="${f3(x - 0.09)}" y="${f3(y - 0.022)}" width="0.18" height="0.044" rx="0.02" fill="${shade(paint, -0.35)}"/>`);
    inner.push(`<rect x="${f3(x - 0.08)}" y="${f3(y + 0.004)}" width="0.16" height="0.014" rx="0.007" fill="${shade(paint, 0.45)}"/>`);
  }
  // Lamps wrap round the corners onto the side.
  const [fl0, fl1] = shape.front.lamps;
  const fx0 = outlineXAt(body, fl0, 'front');
  const fx1 = outlineXAt(body, fl1, 'front');
  inner.push(`<path d="M${f3(fx1 - 0.42)} ${f3(fl1)}L${f3(fx1 + 0.02)} ${f3(fl1)}L${f3(fx0 + 0.02)} ${f3(fl0)}L${f3(fx0 - 0.22)} ${f3(fl0)}Z" fill="#2a3038"/>`);
  inner.push(`<path d="M${f3(fx1 - 0.36)} ${f3(fl1 - 0.02)}L${f3(fx1)} ${f3(fl1 - 0.02)}L${f3(fx0)} ${f3(fl0 + 0.02)}L${f3(fx0 - 0.18)} ${f3(fl0 + 0.02)}Z" fill="#dfe6ec"/>`);
  const [rl0, rl1] = shape.rear.lamps;
  const rx0 = outlineXAt(body, rl0, 'rear');
  const rx1 = outlineXAt(body, rl1, 'rear');
  const tail = defs.linear([[0, '#d82a33'], [1, '#7a0b12']], 0, 1, 0, 0);
  const tailLen = shape.bed ? 0.06 : 0.3;
  inner.push(`<path d="M${f3(rx1 - 0.02)} ${f3(rl1)}L${f3(rx1 + tailLen)} ${f3(rl1)}L${f3(rx0 + tailLen * 0.7)} ${f3(rl0)}L${f3(rx0 - 0.02)} ${f3(rl0)}Z" fill="${tail}"/>`);
  // Wheel arches: dark wells, with plastic flares on crossovers and body-colour lips elsewhere.
  for (const ax of shape.axles) {
    const ra = r + 0.075;
    const arch = (rad: number) => `M${f3(ax - rad)} ${f3(bottom - 0.3)}L${f3(ax - rad)} ${f3(r)}A${f3(rad)} ${f3(rad)} 0 0 0 ${f3(ax + rad)} ${f3(r)}L${f3(ax + rad)} ${f3(bottom - 0.3)}Z`;
    if (shape.cladding) inner.push(`<path d="${arch(ra + 0.06)}" fill="#1f2125"/>`);
    else inner.push(`<path d="${arch(ra + 0.025)}" fill="${shade(paint, 0.3)}"/>`);
    inner.push(`<path d="${arch(ra)}" fill="#0b0c0e"/>`);
  }
  // A light edge along the top of the side catches the light like a shoulder crease; it fades out lower down.
  const edge = defs.linear([[0, '#ffffff', 0.55], [0.25, '#ffffff', 0], [1, '#ffffff', 0]], 0, 1, 0, 0);
  return `<g transform="${m}"><path d="${outline}" fill="${fill}"/><g clip-path="${clip}">${inner.join('')}</g>`
    + `<path d="${outline}" fill="none" stroke="${edge}" stroke-width="0.02"/></g>`;
}

function drawMirror(shape: CarShape, cam: Camera, paint: string): string {
  // Door mirror at the base of the A-pillar, standing off the body towards the viewer.
  const win = shape.windows[shape.windows.length - 1];
  if (!win) return '';
  const front = Math.max(...win.map(([x]) => x));
  const base = Math.min(...win.map(([, y]) => y));
  const m = planeMatrix(cam, -0.1);
  const x = front - 0.14, y = base + 0.02;
  return `<g transform="${m}"><path d="M${f3(x - 0.02)} ${f3(y)}L${f3(x + 0.2)} ${f3(y)}Q${f3(x + 0.24)} ${f3(y + 0.13)} ${f3(x + 0.12)} ${f3(y + 0.16)}L${f3(x)} ${f3(y + 0.15)}Q${f3(x - 0.05)} ${f3(y + 0.08)} ${f3(x - 0.02)} ${f3(y)}Z" fill="${shade(paint, 0.05)}" stroke="${shade(paint, -0.45)}" stroke-width="0.012"/></g>`;
}
