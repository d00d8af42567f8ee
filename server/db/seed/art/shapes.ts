// Side profiles of the nine body types, in metres, measured like real vehicles of each class.
// Coordinates: x runs from the rear bumper (0) to the front bumper (length), y up from the ground.
// The renderer extrudes the lower body across the full width and the greenhouse (cabin) across a
// narrower width, which is what turns a side profile into a believable three-quarter view.
import type { BodyType } from '../../../../domain/constants';

/** What a stretch of outline is made of: decides its colour when extruded into a surface. */
export type Material = 'paint' | 'glass' | 'trim' | 'fabric' | 'backlight';

export interface ProfilePoint {
  x: number;
  y: number;
  /** Corner radius (0 = sharp). */
  r: number;
  /** Material of the edge from this point to the next. */
  m: Material;
}

export type Pt = [number, number];

export type RimStyle = 'five' | 'split' | 'six' | 'ten' | 'multi' | 'steel';

export interface CarShape {
  length: number;
  width: number;
  wheelRadius: number;
  /** x of the rear and front axles. */
  axles: [number, number];
  rim: RimStyle;
  body: ProfilePoint[];
  cabin: ProfilePoint[];
  /** How far the greenhouse sits in from the body side (tumblehome), each side. */
  cabinInset: number;
  /** Side windows (daylight openings) on the cabin side. */
  windows: Pt[][];
  /** Black pillars drawn over the windows (B-pillars). */
  pillars: Pt[][];
  /** Door cut lines on the body side. */
  seams: Pt[][];
  handles: Pt[];
  /** Height bands [low, high] of lamps and openings on the front and rear faces. */
  front: { lamps: [number, number]; grille: [number, number]; intake: [number, number]; grilleShare: number };
  rear: { lamps: [number, number]; plate: [number, number]; lampWidth: number };
  /** Unpainted plastic over the wheel arches and along the rocker (crossovers and trucks). */
  cladding: boolean;
  roofRails: boolean;
  /** Open pickup box: its opening on top of the body. */
  bed?: { x0: number; x1: number; y: number; floor: number; rail: number };
  /** Sliding-door track line (minivans and vans). */
  track?: Pt[];
  /** Where the cargo view's opening is: rear-face height band and what opens. */
  cargo: { floor: number; top: number; opening: 'liftgate' | 'trunk' | 'tailgate' | 'doors' };
}

const p = (x: number, y: number, r = 0, m: Material = 'paint'): ProfilePoint => ({ x, y, r, m });

const SEDAN: CarShape = {
  length: 4.75, width: 1.84, wheelRadius: 0.33, axles: [0.98, 3.78], rim: 'ten', cabinInset: 0.13,
  body: [
    p(0.1, 0.27, 0.05, 'trim'), p(0, 0.42, 0.06), p(0.02, 0.82, 0.1), p(0.12, 0.97, 0.08), p(0.62, 1.0, 0.05),
    p(3.25, 0.97, 0.05), p(4.35, 0.84, 0.2), p(4.72, 0.68, 0.1), p(4.75, 0.45, 0.06, 'trim'), p(4.62, 0.26, 0.05, 'trim'),
  ],
  cabin: [p(0.58, 0.99, 0, 'glass'), p(1.45, 1.41, 0.34), p(2.3, 1.45, 0.3, 'glass'), p(3.3, 0.97, 0)],
  windows: [
    [[0.98, 1.03], [1.5, 1.36], [2.02, 1.39], [2.02, 1.02]],
    [[2.1, 1.02], [2.1, 1.39], [2.28, 1.4], [3.06, 1.02]],
  ],
  pillars: [[[2.01, 1.02], [2.01, 1.39], [2.11, 1.4], [2.11, 1.02]]],
  seams: [[[1.33, 0.97], [1.38, 0.3]], [[2.06, 0.98], [2.06, 0.28]], [[3.18, 0.97], [3.1, 0.3]]],
  handles: [[1.6, 0.86], [2.38, 0.86]],
  front: { lamps: [0.6, 0.72], grille: [0.36, 0.56], intake: [0.28, 0.34], grilleShare: 0.42 },
  rear: { lamps: [0.74, 0.88], plate: [0.5, 0.64], lampWidth: 0.42 },
  cladding: false, roofRails: false,
  cargo: { floor: 0.62, top: 0.95, opening: 'trunk' },
};

const SUV: CarShape = {
  length: 4.7, width: 1.88, wheelRadius: 0.37, axles: [0.98, 3.78], rim: 'split', cabinInset: 0.11,
  body: [
    p(0.12, 0.4, 0.05, 'trim'), p(0, 0.55, 0.06), p(0.03, 1.02, 0.1), p(0.14, 1.1, 0.05), p(3.3, 1.04, 0.05),
    p(4.38, 0.96, 0.22), p(4.66, 0.86, 0.12), p(4.7, 0.55, 0.06, 'trim'), p(4.58, 0.36, 0.05, 'trim'),
  ],
  cabin: [p(0.12, 1.09, 0, 'glass'), p(0.42, 1.63, 0.16), p(2.8, 1.7, 0.32, 'glass'), p(3.45, 1.05, 0)],
  windows: [
    [[0.44, 1.15], [0.66, 1.56], [1.0, 1.59], [1.05, 1.14]],
    [[1.14, 1.14], [1.14, 1.61], [1.98, 1.64], [1.98, 1.12]],
    [[2.08, 1.12], [2.08, 1.65], [2.7, 1.66], [3.27, 1.11]],
  ],
  pillars: [[[1.97, 1.12], [1.97, 1.65], [2.09, 1.66], [2.09, 1.12]]],
  seams: [[[1.1, 1.05], [1.12, 0.42]], [[2.03, 1.05], [2.03, 0.38]], [[3.24, 1.05], [3.12, 0.42]]],
  handles: [[1.36, 0.96], [2.3, 0.96]],
  front: { lamps: [0.76, 0.88], grille: [0.5, 0.74], intake: [0.38, 0.46], grilleShare: 0.5 },
  rear: { lamps: [0.8, 1.02], plate: [0.62, 0.76], lampWidth: 0.34 },
  cladding: true, roofRails: true,
  cargo: { floor: 0.72, top: 1.62, opening: 'liftgate' },
};

const TRUCK: CarShape = {
  length: 5.9, width: 2.03, wheelRadius: 0.42, axles: [1.12, 4.8], rim: 'six', cabinInset: 0.09,
  body: [
    p(0.08, 0.5, 0.04, 'trim'), p(0, 0.62, 0.03), p(0, 1.32, 0.04), p(2.02, 1.33, 0), p(3.98, 1.33, 0.05),
    p(5.55, 1.28, 0.12), p(5.85, 1.22, 0.08), p(5.9, 0.62, 0.05, 'trim'), p(5.78, 0.45, 0.04, 'trim'),
  ],
  cabin: [p(2.1, 1.33, 0, 'backlight'), p(2.14, 1.96, 0.1), p(3.4, 2.0, 0.2, 'glass'), p(4.05, 1.34, 0)],
  windows: [
    [[2.28, 1.4], [2.28, 1.9], [3.02, 1.93], [3.02, 1.4]],
    [[3.12, 1.4], [3.12, 1.93], [3.38, 1.94], [3.9, 1.4]],
  ],
  pillars: [[[3.01, 1.4], [3.01, 1.93], [3.13, 1.93], [3.13, 1.4]]],
  seams: [
    [[2.05, 1.33], [2.05, 0.62]], [[2.22, 1.33], [2.22, 0.54]], [[3.07, 1.33], [3.07, 0.52]], [[3.98, 1.33], [3.9, 0.54]],
  ],
  handles: [[2.45, 1.22], [3.3, 1.22]],
  front: { lamps: [1.0, 1.16], grille: [0.66, 1.14], intake: [0.5, 0.6], grilleShare: 0.62 },
  rear: { lamps: [0.9, 1.28], plate: [0.52, 0.6], lampWidth: 0.2 },
  cladding: false, roofRails: false,
  bed: { x0: 0.06, x1: 1.98, y: 1.33, floor: 0.78, rail: 0.09 },
  cargo: { floor: 0.78, top: 1.33, opening: 'tailgate' },
};

const HATCHBACK: CarShape = {
  length: 4.4, width: 1.8, wheelRadius: 0.32, axles: [0.8, 3.45], rim: 'ten', cabinInset: 0.12,
  body: [
    p(0.08, 0.28, 0.05, 'trim'), p(0, 0.45, 0.06), p(0.03, 0.92, 0.08), p(0.18, 1.0, 0.04), p(3.05, 0.96, 0.05),
    p(4.05, 0.84, 0.16), p(4.37, 0.68, 0.1), p(4.4, 0.45, 0.06, 'trim'), p(4.28, 0.27, 0.05, 'trim'),
  ],
  cabin: [p(0.12, 0.99, 0, 'glass'), p(0.42, 1.4, 0.14), p(2.25, 1.47, 0.24, 'glass'), p(3.1, 0.97, 0)],
  windows: [
    [[0.86, 1.02], [0.94, 1.37], [1.7, 1.42], [1.7, 1.02]],
    [[1.8, 1.02], [1.8, 1.43], [2.18, 1.44], [2.9, 1.02]],
  ],
  pillars: [[[1.69, 1.02], [1.69, 1.42], [1.81, 1.43], [1.81, 1.02]]],
  seams: [[[0.88, 0.99], [0.95, 0.3]], [[1.75, 0.98], [1.75, 0.28]], [[2.98, 0.97], [2.9, 0.3]]],
  handles: [[1.05, 0.86], [2.0, 0.86]],
  front: { lamps: [0.6, 0.72], grille: [0.38, 0.56], intake: [0.28, 0.35], grilleShare: 0.44 },
  rear: { lamps: [0.78, 0.92], plate: [0.52, 0.66], lampWidth: 0.36 },
  cladding: false, roofRails: false,
  cargo: { floor: 0.66, top: 1.36, opening: 'liftgate' },
};

const COUPE: CarShape = {
  length: 4.8, width: 1.92, wheelRadius: 0.35, axles: [1.0, 3.72], rim: 'multi', cabinInset: 0.15,
  body: [
    p(0.1, 0.28, 0.05, 'trim'), p(0, 0.45, 0.06), p(0.02, 0.78, 0.08), p(0.1, 0.92, 0.05), p(0.8, 0.95, 0.05),
    p(3.05, 0.93, 0.05), p(4.4, 0.8, 0.2), p(4.76, 0.64, 0.1), p(4.8, 0.42, 0.06, 'trim'), p(4.66, 0.26, 0.05, 'trim'),
  ],
  cabin: [p(0.55, 0.94, 0, 'glass'), p(1.6, 1.3, 0.3), p(2.25, 1.33, 0.24, 'glass'), p(3.15, 0.93, 0)],
  windows: [
    [[1.18, 0.98], [1.62, 1.25], [1.8, 1.26], [1.8, 0.98]],
    [[1.88, 0.98], [1.88, 1.27], [2.22, 1.28], [2.96, 0.98]],
  ],
  pillars: [],
  seams: [[[1.76, 0.94], [1.8, 0.3]], [[3.02, 0.93], [2.94, 0.3]]],
  handles: [[2.0, 0.84]],
  front: { lamps: [0.56, 0.68], grille: [0.34, 0.54], intake: [0.27, 0.33], grilleShare: 0.46 },
  rear: { lamps: [0.7, 0.84], plate: [0.46, 0.6], lampWidth: 0.4 },
  cladding: false, roofRails: false,
  cargo: { floor: 0.6, top: 0.92, opening: 'trunk' },
};

const CONVERTIBLE: CarShape = {
  ...COUPE,
  length: 4.6, axles: [0.95, 3.6],
  body: [
    p(0.1, 0.28, 0.05, 'trim'), p(0, 0.45, 0.06), p(0.02, 0.8, 0.08), p(0.12, 0.94, 0.05), p(0.9, 0.96, 0.05),
    p(3.0, 0.93, 0.05), p(4.22, 0.8, 0.2), p(4.56, 0.64, 0.1), p(4.6, 0.42, 0.06, 'trim'), p(4.47, 0.26, 0.05, 'trim'),
  ],
  // Soft top up: the roof is fabric, which also tells the buyer what kind of car it is at a glance.
  cabin: [p(0.95, 0.95, 0, 'fabric'), p(1.6, 1.28, 0.22, 'fabric'), p(2.22, 1.3, 0.12, 'glass'), p(3.05, 0.93, 0)],
  windows: [[[1.8, 0.98], [1.8, 1.23], [2.18, 1.25], [2.86, 0.98]]],
  seams: [[[1.72, 0.95], [1.76, 0.3]], [[2.96, 0.93], [2.88, 0.3]]],
  handles: [[1.92, 0.84]],
};

const WAGON: CarShape = {
  length: 4.85, width: 1.85, wheelRadius: 0.33, axles: [0.98, 3.8], rim: 'ten', cabinInset: 0.12,
  body: [
    p(0.1, 0.28, 0.05, 'trim'), p(0, 0.45, 0.06), p(0.02, 0.95, 0.08), p(0.1, 1.0, 0.03), p(3.3, 0.98, 0.05),
    p(4.42, 0.85, 0.16), p(4.82, 0.7, 0.1), p(4.85, 0.46, 0.06, 'trim'), p(4.72, 0.27, 0.05, 'trim'),
  ],
  cabin: [p(0.06, 0.99, 0, 'glass'), p(0.24, 1.44, 0.12), p(2.45, 1.5, 0.24, 'glass'), p(3.35, 0.98, 0)],
  windows: [
    [[0.34, 1.03], [0.38, 1.38], [0.98, 1.42], [1.02, 1.03]],
    [[1.12, 1.03], [1.12, 1.44], [2.06, 1.47], [2.06, 1.03]],
    [[2.15, 1.03], [2.15, 1.47], [2.4, 1.48], [3.15, 1.03]],
  ],
  pillars: [[[2.05, 1.03], [2.05, 1.47], [2.16, 1.47], [2.16, 1.03]]],
  seams: [[[1.1, 1.0], [1.12, 0.3]], [[2.1, 1.0], [2.1, 0.28]], [[3.25, 0.98], [3.16, 0.3]]],
  handles: [[1.35, 0.88], [2.38, 0.88]],
  front: { lamps: [0.62, 0.74], grille: [0.38, 0.58], intake: [0.29, 0.36], grilleShare: 0.44 },
  rear: { lamps: [0.8, 0.95], plate: [0.55, 0.7], lampWidth: 0.36 },
  cladding: false, roofRails: true,
  cargo: { floor: 0.66, top: 1.4, opening: 'liftgate' },
};

const MINIVAN: CarShape = {
  length: 5.15, width: 2.0, wheelRadius: 0.35, axles: [1.05, 4.1], rim: 'five', cabinInset: 0.1,
  body: [
    p(0.1, 0.32, 0.05, 'trim'), p(0, 0.48, 0.06), p(0.02, 1.0, 0.06), p(0.08, 1.05, 0.03), p(3.95, 1.05, 0.05),
    p(4.75, 0.98, 0.2), p(5.1, 0.86, 0.1), p(5.15, 0.55, 0.06, 'trim'), p(5.04, 0.32, 0.05, 'trim'),
  ],
  cabin: [p(0.04, 1.04, 0, 'glass'), p(0.14, 1.68, 0.14), p(3.25, 1.76, 0.32, 'glass'), p(4.05, 1.05, 0)],
  windows: [
    [[0.26, 1.1], [0.29, 1.6], [1.15, 1.65], [1.15, 1.1]],
    [[1.25, 1.1], [1.25, 1.66], [2.55, 1.7], [2.55, 1.1]],
    [[2.65, 1.1], [2.65, 1.7], [3.2, 1.72], [3.85, 1.1]],
  ],
  pillars: [[[2.54, 1.1], [2.54, 1.7], [2.66, 1.7], [2.66, 1.1]]],
  seams: [[[1.2, 1.05], [1.22, 0.36]], [[2.6, 1.05], [2.6, 0.34]], [[3.95, 1.05], [3.88, 0.36]]],
  handles: [[2.36, 0.93], [2.86, 0.93]],
  front: { lamps: [0.78, 0.9], grille: [0.5, 0.74], intake: [0.38, 0.46], grilleShare: 0.48 },
  rear: { lamps: [0.95, 1.35], plate: [0.66, 0.8], lampWidth: 0.18 },
  cladding: false, roofRails: true,
  track: [[0.3, 1.07], [1.2, 1.07]],
  cargo: { floor: 0.6, top: 1.62, opening: 'liftgate' },
};

const VAN: CarShape = {
  length: 5.98, width: 2.05, wheelRadius: 0.37, axles: [1.3, 5.0], rim: 'steel', cabinInset: 0.03,
  body: [
    p(0.06, 0.4, 0.04, 'trim'), p(0, 0.55, 0.03), p(0, 1.2, 0), p(5.05, 1.2, 0.04), p(5.55, 1.1, 0.18),
    p(5.93, 0.96, 0.1), p(5.98, 0.6, 0.06, 'trim'), p(5.86, 0.4, 0.05, 'trim'),
  ],
  cabin: [p(0, 1.2, 0), p(0, 2.5, 0.1), p(4.05, 2.5, 0.32), p(4.55, 1.95, 0.06, 'glass'), p(5.05, 1.2, 0)],
  windows: [[[4.02, 1.28], [4.02, 1.9], [4.46, 1.9], [4.9, 1.28]]],
  pillars: [],
  seams: [
    [[2.3, 2.02], [2.3, 0.42]], [[3.85, 2.02], [3.85, 0.42]], [[3.95, 2.02], [3.95, 0.42]], [[4.98, 1.22], [4.9, 0.42]],
  ],
  handles: [[3.62, 1.08], [4.12, 1.1]],
  front: { lamps: [0.82, 0.96], grille: [0.55, 0.8], intake: [0.42, 0.52], grilleShare: 0.5 },
  rear: { lamps: [0.9, 1.55], plate: [0.6, 0.74], lampWidth: 0.14 },
  cladding: false, roofRails: false,
  track: [[0.25, 2.02], [2.3, 2.02]],
  cargo: { floor: 0.6, top: 2.3, opening: 'doors' },
};

export const SHAPES: Record<BodyType, CarShape> = {
  Sedan: SEDAN, SUV, Truck: TRUCK, Hatchback: HATCHBACK, Coupe: COUPE, Convertible: CONVERTIBLE, Wagon: WAGON,
  Minivan: MINIVAN, Van: VAN,
};
