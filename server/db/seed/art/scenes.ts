// Whole pictures: a backdrop (showroom or an Alberta lot under a big sky), the car framed for the
// requested view, and the two views that are not a car from outside (dashboard, cargo opening).
import type { BodyType } from '../../../../domain/constants';
import { INTERIOR_HEX, PAINT_HEX, type InteriorFamily, type PaintFamily } from '../colors';
import type { View } from '../photos';
import {
  carBounds, carShadow, Defs, drawCar, groundMatrix, makeCamera, project, reframe, type Camera, type CarPaint,
} from './car';
import { mix, shade } from './color';
import { SHAPES, type CarShape } from './shapes';

export type Backdrop = 'studio' | 'prairie';

const f1 = (n: number) => (Math.round(n * 10) / 10).toString();

/** Same inputs, same backdrop: every photo of one vehicle shares a setting. */
export function backdropFor(body: BodyType, paint: PaintFamily): Backdrop {
  let h = 7;
  for (const ch of `${body}/${paint}`) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % 5 < 3 ? 'studio' : 'prairie';
}

export function rimToneFor(body: BodyType, paint: PaintFamily): CarPaint['rimTone'] {
  // Dark wheels on light trucks and sporty cars, as the appearance packages do; bright alloys elsewhere.
  if ((body === 'Truck' || body === 'Coupe') && ['white', 'grey', 'red', 'blue', 'orange'].includes(paint)) return 'dark';
  return 'silver';
}

/** Floor line as a share of the height. */
const HORIZON = 0.56;

export function backdrop(kind: Backdrop, w: number, h: number, defs: Defs): string {
  const hy = h * HORIZON;
  if (kind === 'studio') {
    const wall = defs.linear([[0, '#f3f4f6'], [0.7, '#e3e6ea'], [1, '#d4d8dd']]);
    const floor = defs.linear([[0, '#c9cdd2'], [0.25, '#dadde1'], [1, '#eceef0']]);
    const glow = defs.radial([[0, '#ffffff', 0.9], [1, '#ffffff', 0]]);
    const cove = defs.linear([[0, '#000000', 0], [0.5, '#000000', 0.06], [1, '#000000', 0]]);
    return `<rect width="${w}" height="${h}" fill="${wall}"/>`
      + `<ellipse cx="${f1(w * 0.5)}" cy="${f1(hy * 0.6)}" rx="${f1(w * 0.55)}" ry="${f1(hy * 0.7)}" fill="${glow}"/>`
      + `<rect y="${f1(hy)}" width="${w}" height="${f1(h - hy)}" fill="${floor}"/>`
      + `<rect y="${f1(hy - h * 0.03)}" width="${w}" height="${f1(h * 0.06)}" fill="${cove}"/>`;
  }
  // Alberta: a big pale-blue sky, a thin line of aspen and wheat at the horizon, a clean paved lot.
  const sky = defs.linear([[0, '#6f9fcd'], [0.55, '#a9c8e4'], [1, '#e6eef4']]);
  const field = defs.linear([[0, '#c9b27a'], [1, '#a89158']]);
  const lot = defs.linear([[0, '#8d9196'], [0.2, '#9fa3a7'], [1, '#c3c6c9']]);
  const haze = defs.linear([[0, '#ffffff', 0], [1, '#ffffff', 0.5]]);
  const trees: string[] = [];
  let x = -20;
  let seed = 11;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  while (x < w + 20) {
    const tw = 18 + rnd() * 40;
    const th = 8 + rnd() * 22;
    trees.push(`<ellipse cx="${f1(x)}" cy="${f1(hy - h * 0.075)}" rx="${f1(tw)}" ry="${f1(th)}"/>`);
    x += tw * (0.9 + rnd() * 0.8);
  }
  const clouds = [[0.18, 0.16, 0.16], [0.62, 0.1, 0.22], [0.86, 0.24, 0.12], [0.4, 0.28, 0.1]]
    .map(([cx, cy, rw]) => `<ellipse cx="${f1(w * cx!)}" cy="${f1(h * cy!)}" rx="${f1(w * rw!)}" ry="${f1(h * 0.028)}" fill="#ffffff" opacity="0.55"/>`
      + `<ellipse cx="${f1(w * (cx! + 0.03))}" cy="${f1(h * (cy! - 0.02))}" rx="${f1(w * rw! * 0.55)}" ry="${f1(h * 0.03)}" fill="#ffffff" opacity="0.6"/>`).join('');
  return `<rect width="${w}" height="${h}" fill="${sky}"/>${clouds}`
    + `<g fill="#6d7f6a" opacity="0.85">${trees.join('')}</g>`
    + `<rect y="${f1(hy - h * 0.08)}" width="${w}" height="${f1(h * 0.05)}" fill="${field}"/>`
    + `<rect y="${f1(hy - h * 0.1)}" width="${w}" height="${f1(h * 0.07)}" fill="${haze}"/>`
    + `<rect y="${f1(hy - h * 0.03)}" width="${w}" height="${f1(h - hy + h * 0.03)}" fill="${lot}"/>`;
}

/** Parking-stall lines on the lot, drawn in the car's ground plane so they share its perspective. */
function stallLines(shape: CarShape, cam: Camera): string {
  const g = groundMatrix(cam);
  const lines: string[] = [];
  for (const z of [-0.9, shape.width + 0.9]) {
    lines.push(`<line x1="-3" y1="${z}" x2="${shape.length + 3}" y2="${z}" stroke="#f4f4ef" stroke-width="0.1" opacity="0.75"/>`);
  }
  return `<g transform="${g}">${lines.join('')}</g>`;
}

interface ViewSetup { yaw: number; pitch: number; fill: number; centreY: number }

const VIEW_SETUP: Record<Exclude<View, 'interior' | 'wheel' | 'cargo'>, ViewSetup> = {
  front: { yaw: 38, pitch: 9, fill: 0.8, centreY: 0.56 },
  side: { yaw: 2, pitch: 5, fill: 0.86, centreY: 0.58 },
  rear: { yaw: -40, pitch: 9, fill: 0.8, centreY: 0.56 },
};

/** Fits the car into the picture: `fill` of the width (or 80 % of the height), centred at centreY. */
export function frame(shape: CarShape, yaw: number, pitch: number, w: number, h: number, fill: number, centreY: number): Camera {
  const probe = makeCamera(yaw, pitch, 100, [0, 0]);
  const b = carBounds(shape, probe);
  const k = Math.min((w * fill) / (b.maxX - b.minX), (h * 0.8) / (b.maxY - b.minY));
  const scale = 100 * k;
  const cx = (b.minX + b.maxX) / 2 * k;
  const cy = (b.minY + b.maxY) / 2 * k;
  return reframe(probe, scale, [w / 2 - cx, h * centreY - cy]);
}

export interface SceneInput {
  view: View;
  body: BodyType;
  paint: PaintFamily;
  interior: InteriorFamily;
  width: number;
  height: number;
}

function svgDoc(w: number, h: number, defs: Defs, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs.toString()}${content}</svg>`;
}

/** A listing photo as an SVG document. */
export function renderPhotoSvg(input: SceneInput): string {
  const { view, body, paint, width: w, height: h } = input;
  if (view === 'interior') return renderInteriorSvg(input.interior, w, h);
  const shape = SHAPES[body];
  const look: CarPaint = { paint: PAINT_HEX[paint], rimTone: rimToneFor(body, paint) };
  const kind = backdropFor(body, paint);
  const defs = new Defs('p');
  const parts: string[] = [backdrop(kind, w, h, defs)];
  let cam: Camera;
  if (view === 'wheel') {
    // Close on the front wheel from a low front quarter: the car runs out of frame on purpose.
    const probe = makeCamera(24, 3, 100, [0, 0]);
    const hub = project(probe, shape.axles[1], shape.wheelRadius, 0);
    const k = (h * 0.62) / (2 * shape.wheelRadius * 100);
    cam = reframe(probe, 100 * k, [w * 0.5 - hub[0] * k, h * 0.56 - hub[1] * k]);
  } else if (view === 'cargo') {
    // High rear quarter: looks down into the open box or over the raised liftgate into the load space.
    cam = frame(shape, -58, 20, w, h, 0.74, 0.6);
  } else {
    const s = VIEW_SETUP[view];
    cam = frame(shape, s.yaw, s.pitch, w, h, s.fill, s.centreY);
  }
  if (kind === 'prairie' && view !== 'wheel') parts.push(stallLines(shape, cam));
  parts.push(carShadow(shape, cam, defs, kind === 'studio' ? 1 : 0.85));
  parts.push(drawCar(shape, cam, look, defs));
  if (view === 'cargo') parts.push(drawCargoOpening(shape, cam, defs, look.paint));
  return svgDoc(w, h, defs, parts.join(''));
}

/** The open tailgate, liftgate, trunk or doors seen from behind, with the load space inside. */
function drawCargoOpening(shape: CarShape, cam: Camera, defs: Defs, paint: string): string {
  const W = shape.width;
  const { floor, top, opening } = shape.cargo;
  const z0 = 0.16, z1 = W - 0.16;
  const P = (x: number, y: number, z: number) => project(cam, x, y, z);
  const poly = (list: [number, number][], fill: string, extra = '') => `<polygon points="${list.map(([x, y]) => `${f1(x)},${f1(y)}`).join(' ')}" fill="${fill}"${extra}/>`;
  const parts: string[] = [];
  if (opening === 'tailgate') {
    // Pickup: tailgate dropped flat, showing the lined box.
    const bed = shape.bed!;
    const back = poly([P(0.02, bed.floor, bed.rail), P(0.02, bed.floor, W - bed.rail), P(0.02, bed.y, W - bed.rail), P(0.02, bed.y, bed.rail)], '#1d1f22');
    const wall = poly([P(bed.x1, bed.floor, bed.rail), P(bed.x1, bed.floor, W - bed.rail), P(bed.x1, bed.y, W - bed.rail), P(bed.x1, bed.y, bed.rail)], '#34373b');
    const bedFloor = poly([P(0.02, bed.floor, bed.rail), P(bed.x1, bed.floor, bed.rail), P(bed.x1, bed.floor, W - bed.rail), P(0.02, bed.floor, W - bed.rail)], '#2a2c30');
    const gate = poly([P(0.02, bed.floor, 0.04), P(-0.55, bed.floor - 0.02, 0.04), P(-0.55, bed.floor - 0.02, W - 0.04), P(0.02, bed.floor, W - 0.04)], '#2f3236', ` stroke="${shade(paint, -0.1)}" stroke-width="${f1(cam.scale * 0.03)}" stroke-linejoin="round"`);
    parts.push(back, bedFloor, wall, gate);
    return parts.join('');
  }
  if (opening === 'trunk') return drawOpenTrunk(shape, cam, paint);
  const inner = defs.linear([[0, '#3b3e43'], [1, '#1b1d20']]);
  const carpet = defs.linear([[0, '#2c2e32'], [1, '#3a3d42']]);
  const seat = mix('#3a3c40', '#55585d', 0.3);
  // Opening on the rear face.
  parts.push(poly([P(0.03, floor, z0), P(0.03, floor, z1), P(0.03, top, z1), P(0.03, top, z0)], inner));
  parts.push(poly([P(0.03, floor, z0), P(0.03, floor, z1), P(-0.04, floor - 0.03, z1), P(-0.04, floor - 0.03, z0)], '#16171a'));
  const depth = 0.8;
  parts.push(poly([P(0.03, floor, z0 + 0.04), P(0.03, floor, z1 - 0.04), P(depth, floor + 0.02, z1 - 0.06), P(depth, floor + 0.02, z0 + 0.06)], carpet));
  if (opening !== 'doors') {
    // Rear seat backs at the far end of the load floor.
    const seatTop = Math.min(top - 0.1, floor + 0.55);
    for (const [a, b] of [[z0 + 0.06, W * 0.58], [W * 0.6, z1 - 0.06]] as [number, number][]) {
      parts.push(poly([P(depth, floor + 0.02, a), P(depth, floor + 0.02, b), P(depth + 0.08, seatTop, b), P(depth + 0.08, seatTop, a)], seat, ` stroke="#222427" stroke-width="${f1(cam.scale * 0.012)}"`));
    }
  } else {
    // Van: bare floor with tie-down rails along the walls.
    for (const z of [z0 + 0.1, z1 - 0.1]) {
      const a = P(0.03, floor + 0.02, z), b = P(2.5, floor + 0.02, z);
      parts.push(`<line x1="${f1(a[0])}" y1="${f1(a[1])}" x2="${f1(b[0])}" y2="${f1(b[1])}" stroke="#8c9097" stroke-width="${f1(cam.scale * 0.02)}"/>`);
    }
  }
  // The lid: a liftgate swung up over the roof, a trunk lid raised, or van doors folded back.
  if (opening === 'liftgate') {
    // Seen from behind and above we look at the gate's inner trim panel, its glass and its painted lip.
    const lid = [P(0.08, top, 0.06), P(0.08, top, W - 0.06), P(-0.5, top + 0.66, W - 0.06), P(-0.5, top + 0.66, 0.06)] as [number, number][];
    parts.push(poly(lid, '#303236', ` stroke="${paint}" stroke-width="${f1(cam.scale * 0.035)}" stroke-linejoin="round"`));
    parts.push(poly([P(-0.12, top + 0.24, 0.22), P(-0.12, top + 0.24, W - 0.22), P(-0.42, top + 0.58, W - 0.22), P(-0.42, top + 0.58, 0.22)], '#26303a'));
  } else {
    for (const [za, zb] of [[-0.02, -0.02], [W + 0.02, W + 0.02]] as [number, number][]) {
      parts.push(poly([P(0, floor - 0.05, za), P(-0.95, floor - 0.05, zb), P(-0.95, top, zb), P(0, top, za)], shade(paint, -0.15), ` stroke="${shade(paint, -0.4)}" stroke-width="${f1(cam.scale * 0.015)}"`));
    }
  }
  return parts.join('');
}

/** A sedan or coupe trunk: the opening is in the rear deck, the lid swings up on hinges by the rear window. */
function drawOpenTrunk(shape: CarShape, cam: Camera, paint: string): string {
  const W = shape.width;
  const deck = shape.body.filter((q) => q.x < shape.length * 0.3).reduce((a, q) => (q.y > a.y ? q : a));
  const hingeX = deck.x - 0.02, hingeY = deck.y;
  const rearX = 0.16, z0 = 0.14, z1 = W - 0.14;
  const floor = shape.cargo.floor;
  const P = (x: number, y: number, z: number) => project(cam, x, y, z);
  const poly = (list: [number, number][], fill: string, extra = '') => `<polygon points="${list.map(([x, y]) => `${f1(x)},${f1(y)}`).join(' ')}" fill="${fill}"${extra}/>`;
  const len = hingeX - rearX;
  const lidX = hingeX - len * Math.cos((72 * Math.PI) / 180);
  const lidY = hingeY + len * Math.sin((72 * Math.PI) / 180);
  return poly([P(rearX, hingeY - 0.02, z0), P(hingeX, hingeY, z0), P(hingeX, hingeY, z1), P(rearX, hingeY - 0.02, z1)], '#18191c')
    + poly([P(rearX + 0.06, floor, z0 + 0.05), P(hingeX - 0.05, floor, z0 + 0.05), P(hingeX - 0.05, floor, z1 - 0.05), P(rearX + 0.06, floor, z1 - 0.05)], '#33363a')
    + poly([P(hingeX - 0.05, floor, z0 + 0.05), P(hingeX - 0.05, hingeY - 0.03, z0 + 0.05), P(hingeX - 0.05, hingeY - 0.03, z1 - 0.05), P(hingeX - 0.05, floor, z1 - 0.05)], '#2a2c30')
    + poly([P(hingeX, hingeY, z0 - 0.03), P(hingeX, hingeY, z1 + 0.03), P(lidX, lidY, z1 + 0.03), P(lidX, lidY, z0 - 0.03)], '#2d2f33', ` stroke="${paint}" stroke-width="${f1(cam.scale * 0.04)}" stroke-linejoin="round"`);
}

/** Dashboard, wheel and front seats from the back seat, with the Alberta sky through the windshield. */
export function renderInteriorSvg(interior: InteriorFamily, w: number, h: number): string {
  const defs = new Defs('i');
  const hide = INTERIOR_HEX[interior];
  const dash = '#1d1f23';
  const sky = defs.linear([[0, '#7fa9d3'], [0.7, '#cfe0ee'], [1, '#e9f0f4']]);
  const field = defs.linear([[0, '#c8b27c'], [1, '#9f8a55']]);
  const dashFill = defs.linear([[0, '#2b2e33'], [0.3, dash], [1, '#121316']]);
  const seatFill = defs.linear([[0, shade(hide, 0.25)], [0.6, hide], [1, shade(hide, -0.45)]]);
  const seatSide = defs.linear([[0, shade(hide, -0.1)], [1, shade(hide, -0.55)]], 0, 0, 1, 0);
  const screen = defs.linear([[0, '#1f3b57'], [1, '#0d1a27']], 0, 0, 1, 1);
  const chrome = defs.linear([[0, '#d9dde2'], [1, '#7b828a']]);
  const X = (t: number) => f1(w * t);
  const Y = (t: number) => f1(h * t);
  const parts: string[] = [];
  // Windshield view.
  parts.push(`<rect width="${w}" height="${h}" fill="${sky}"/>`);
  parts.push(`<rect y="${Y(0.36)}" width="${w}" height="${Y(0.12)}" fill="${field}"/>`);
  parts.push(`<path d="M0 ${Y(0.36)}Q${X(0.3)} ${Y(0.335)} ${X(0.55)} ${Y(0.35)}T${w} ${Y(0.345)}V${Y(0.37)}H0Z" fill="#71826c" opacity="0.8"/>`);
  // Roof lining and A-pillars frame the glass.
  parts.push(`<path d="M0 0H${w}V${Y(0.1)}Q${X(0.5)} ${Y(0.05)} 0 ${Y(0.1)}Z" fill="${mix(hide, '#d8d6d0', 0.7)}"/>`);
  parts.push(`<path d="M0 0L${X(0.12)} 0L${X(0.02)} ${Y(0.55)}L0 ${Y(0.55)}Z" fill="#2a2c30"/>`);
  parts.push(`<path d="M${w} 0L${X(0.88)} 0L${X(0.98)} ${Y(0.55)}L${w} ${Y(0.55)}Z" fill="#2a2c30"/>`);
  parts.push(`<rect x="${X(0.44)}" y="${Y(0.06)}" width="${X(0.12)}" height="${Y(0.04)}" rx="${Y(0.01)}" fill="#15171a"/>`);
  // Dashboard.
  parts.push(`<path d="M0 ${Y(0.46)}Q${X(0.5)} ${Y(0.38)} ${w} ${Y(0.46)}V${h}H0Z" fill="${dashFill}"/>`);
  parts.push(`<path d="M0 ${Y(0.55)}Q${X(0.5)} ${Y(0.49)} ${w} ${Y(0.55)}" stroke="${shade(hide, -0.1)}" stroke-width="${Y(0.018)}" fill="none"/>`);
  // Centre screen and vents.
  parts.push(`<rect x="${X(0.42)}" y="${Y(0.47)}" width="${X(0.17)}" height="${Y(0.13)}" rx="${Y(0.012)}" fill="#0b0c0e"/>`);
  parts.push(`<rect x="${X(0.43)}" y="${Y(0.483)}" width="${X(0.15)}" height="${Y(0.105)}" rx="${Y(0.006)}" fill="${screen}"/>`);
  parts.push(`<path d="M${X(0.445)} ${Y(0.56)}Q${X(0.48)} ${Y(0.51)} ${X(0.51)} ${Y(0.54)}T${X(0.57)} ${Y(0.5)}" stroke="#4fa3e0" stroke-width="${Y(0.006)}" fill="none"/>`);
  for (const x of [0.31, 0.63]) {
    parts.push(`<rect x="${X(x)}" y="${Y(0.6)}" width="${X(0.07)}" height="${Y(0.045)}" rx="${Y(0.01)}" fill="#0f1012" stroke="${chrome}" stroke-width="${Y(0.004)}"/>`);
  }
  for (const x of [0.06, 0.88]) {
    parts.push(`<rect x="${X(x)}" y="${Y(0.56)}" width="${X(0.06)}" height="${Y(0.05)}" rx="${Y(0.012)}" fill="#0f1012" stroke="${chrome}" stroke-width="${Y(0.004)}"/>`);
  }
  // Instrument cluster behind the wheel (driver on the left, as in Canada).
  parts.push(`<rect x="${X(0.15)}" y="${Y(0.47)}" width="${X(0.17)}" height="${Y(0.1)}" rx="${Y(0.02)}" fill="#0b0c0e"/>`);
  for (const cx of [0.2, 0.27]) {
    parts.push(`<circle cx="${X(cx)}" cy="${Y(0.52)}" r="${Y(0.035)}" fill="#111418" stroke="#9fd0ff" stroke-opacity="0.55" stroke-width="${Y(0.004)}"/>`);
  }
  // Steering wheel.
  const cx = w * 0.235, cy = h * 0.64, rw = h * 0.17;
  parts.push(`<ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(rw)}" ry="${f1(rw * 0.92)}" fill="none" stroke="#141518" stroke-width="${f1(h * 0.032)}"/>`);
  parts.push(`<ellipse cx="${f1(cx)}" cy="${f1(cy - h * 0.004)}" rx="${f1(rw)}" ry="${f1(rw * 0.92)}" fill="none" stroke="#3a3d42" stroke-width="${f1(h * 0.006)}" opacity="0.7"/>`);
  parts.push(`<path d="M${f1(cx - rw)} ${f1(cy + h * 0.01)}L${f1(cx - rw * 0.3)} ${f1(cy + h * 0.02)}L${f1(cx)} ${f1(cy + h * 0.1)}L${f1(cx + rw * 0.3)} ${f1(cy + h * 0.02)}L${f1(cx + rw)} ${f1(cy + h * 0.01)}" stroke="#17181b" stroke-width="${f1(h * 0.03)}" fill="none" stroke-linejoin="round"/>`);
  parts.push(`<ellipse cx="${f1(cx)}" cy="${f1(cy + h * 0.02)}" rx="${f1(rw * 0.32)}" ry="${f1(rw * 0.24)}" fill="#1b1c20" stroke="${chrome}" stroke-width="${f1(h * 0.004)}"/>`);
  // Centre console.
  parts.push(`<path d="M${X(0.4)} ${h}L${X(0.43)} ${Y(0.68)}H${X(0.58)}L${X(0.61)} ${h}Z" fill="#16171a"/>`);
  parts.push(`<rect x="${X(0.475)}" y="${Y(0.74)}" width="${X(0.05)}" height="${Y(0.07)}" rx="${Y(0.015)}" fill="#2c2e33" stroke="${chrome}" stroke-width="${Y(0.004)}"/>`);
  // Front seat backs in the upholstery colour, seen from behind.
  for (const sx of [0.08, 0.68]) {
    const x0 = w * sx, x1 = w * (sx + 0.26);
    parts.push(`<path d="M${f1(x0)} ${h}L${f1(x0 + w * 0.01)} ${Y(0.8)}Q${f1(x0 + w * 0.02)} ${Y(0.7)} ${f1((x0 + x1) / 2)} ${Y(0.69)}Q${f1(x1 - w * 0.02)} ${Y(0.7)} ${f1(x1 - w * 0.01)} ${Y(0.8)}L${f1(x1)} ${h}Z" fill="${seatFill}"/>`);
    parts.push(`<path d="M${f1(x1 - w * 0.05)} ${Y(0.72)}Q${f1(x1 - w * 0.01)} ${Y(0.74)} ${f1(x1 - w * 0.01)} ${Y(0.8)}L${f1(x1)} ${h}L${f1(x1 - w * 0.04)} ${h}Z" fill="${seatSide}"/>`);
    parts.push(`<rect x="${f1(x0 + w * 0.07)}" y="${Y(0.6)}" width="${f1(w * 0.12)}" height="${Y(0.1)}" rx="${Y(0.035)}" fill="${seatFill}"/>`);
    parts.push(`<rect x="${f1(x0 + w * 0.115)}" y="${Y(0.68)}" width="${f1(w * 0.008)}" height="${Y(0.03)}" fill="#8f9398"/>`);
    parts.push(`<rect x="${f1(x0 + w * 0.14)}" y="${Y(0.68)}" width="${f1(w * 0.008)}" height="${Y(0.03)}" fill="#8f9398"/>`);
    // Quilted stitching lines.
    for (let i = 1; i < 4; i++) {
      const yy = h * (0.76 + i * 0.055);
      parts.push(`<line x1="${f1(x0 + w * 0.03)}" y1="${f1(yy)}" x2="${f1(x1 - w * 0.03)}" y2="${f1(yy)}" stroke="${shade(hide, -0.35)}" stroke-width="${Y(0.003)}"/>`);
    }
  }
  // A gentle vignette keeps the eye in the middle.
  const vignette = defs.radial([[0.6, '#000', 0], [1, '#000', 0.35]], 0.5, 0.5, 0.75);
  parts.push(`<rect width="${w}" height="${h}" fill="${vignette}"/>`);
  return svgDoc(w, h, defs, parts.join(''));
}
