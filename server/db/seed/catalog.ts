// The models a real Alberta lot carries, with real trims, engines and drivetrains, and the facts the
// generator needs to make believable listings: how common each model is, current Canadian MSRP per trim
// (the depreciation curve starts from it), which years a trim or engine existed, and how real VINs of
// that model begin. Data only; the rules that use it live in generate.ts and vin.ts.
import type { BodyType } from '../../../domain/constants';

export type Drivetrain = 'AWD' | '4WD' | 'FWD' | 'RWD';
export type Transmission = 'Automatic' | 'Manual' | 'CVT';
export type Fuel = 'Gasoline' | 'Diesel' | 'Hybrid' | 'Plug-in Hybrid' | 'Electric';
/** Equipment level within a model line: 0 base, 1 volume trim, 2 well equipped, 3 top of the line. */
export type Level = 0 | 1 | 2 | 3;
/** Traits that decide equipment, value retention and photo style. */
export type Tag = 'truck' | 'hd' | 'offroad' | 'premium' | 'ev' | 'family' | 'sport' | 'commercial' | 'economy';

export interface Trim {
  name: string;
  /** Current-model-year MSRP in CAD, before freight and dealer fees. */
  msrp: number;
  engine: string;
  drivetrain: Drivetrain;
  transmission: Transmission;
  fuel: Fuel;
  level: Level;
  /** First and last model year this trim/powertrain was sold (inclusive); open ends follow the model. */
  from?: number;
  to?: number;
}

export interface ModelSpec {
  make: string;
  model: string;
  body: BodyType;
  /** First model year sold in Canada (the seed starts at 2013 anyway). */
  from: number;
  /** Last model year; undefined means still in production. */
  to?: number;
  /** Relative share of the lot: Alberta buys pickups and SUVs first. */
  weight: number;
  doors: number;
  seats: number;
  tags: Tag[];
  vin: {
    /** World manufacturer identifiers this model is built under (country of the plant). */
    wmi: string[];
    /** Plausible positions 4-8 (vehicle descriptor section, without the check digit). */
    vds: string[];
    /** Plant codes (position 11). */
    plants: string;
  };
  trims: Trim[];
}

const t = (
  name: string, msrp: number, engine: string, drivetrain: Drivetrain, transmission: Transmission, fuel: Fuel, level: Level,
  years: { from?: number; to?: number } = {},
): Trim => ({ name, msrp, engine, drivetrain, transmission, fuel, level, ...years });

const A = 'Automatic';
const G = 'Gasoline';

export const CATALOG: ModelSpec[] = [
  // ---- Full-size pickups: the heart of an Alberta lot.
  {
    make: 'Ford', model: 'F-150', body: 'Truck', from: 2013, weight: 14, doors: 4, seats: 5, tags: ['truck'],
    vin: { wmi: ['1FT'], vds: ['FW1E5', 'FW1EG', 'FW1E8', 'EW1EP'], plants: 'KF' },
    trims: [
      t('XL', 54_000, '2.7L V6 EcoBoost', '4WD', A, G, 0, { from: 2015 }),
      t('XL', 48_000, '3.7L V6', '4WD', A, G, 0, { to: 2014 }),
      t('XLT', 62_500, '3.5L V6 EcoBoost', '4WD', A, G, 1),
      t('XLT', 61_000, '5.0L V8', '4WD', A, G, 1),
      t('Lariat', 76_000, '3.5L V6 EcoBoost', '4WD', A, G, 2),
      t('Lariat', 81_000, '3.5L V6 PowerBoost Hybrid', '4WD', A, 'Hybrid', 2, { from: 2021 }),
      t('Tremor', 82_000, '3.5L V6 EcoBoost', '4WD', A, G, 2, { from: 2021 }),
      t('Platinum', 90_000, '3.5L V6 EcoBoost', '4WD', A, G, 3),
      t('Raptor', 102_000, '3.5L V6 High Output EcoBoost', '4WD', A, G, 3, { from: 2017 }),
    ],
  },
  {
    make: 'RAM', model: '1500', body: 'Truck', from: 2013, weight: 11, doors: 4, seats: 5, tags: ['truck'],
    vin: { wmi: ['1C6', '3C6'], vds: ['SRFFT', 'SRFJT', 'RR7LT', 'RR7KT'], plants: 'NGS' },
    trims: [
      t('Tradesman', 52_000, '3.6L V6 Pentastar eTorque', '4WD', A, G, 0),
      t('Big Horn', 62_000, '5.7L V8 HEMI', '4WD', A, G, 1, { to: 2024 }),
      t('Sport', 68_000, '5.7L V8 HEMI', '4WD', A, G, 1, { to: 2024 }),
      t('Big Horn', 64_000, '3.0L I6 Hurricane Twin-Turbo', '4WD', A, G, 1, { from: 2025 }),
      t('Laramie', 78_000, '5.7L V8 HEMI eTorque', '4WD', A, G, 2, { to: 2024 }),
      t('Laramie', 80_000, '3.0L I6 Hurricane Twin-Turbo', '4WD', A, G, 2, { from: 2025 }),
      t('Laramie', 79_000, '3.0L V6 EcoDiesel', '4WD', A, 'Diesel', 2, { from: 2014, to: 2023 }),
      t('Rebel', 76_000, '5.7L V8 HEMI', '4WD', A, G, 2, { from: 2015, to: 2024 }),
      t('Limited', 94_000, '5.7L V8 HEMI eTorque', '4WD', A, G, 3, { to: 2024 }),
    ],
  },
  {
    make: 'Chevrolet', model: 'Silverado 1500', body: 'Truck', from: 2013, weight: 9, doors: 4, seats: 5, tags: ['truck'],
    vin: { wmi: ['1GC', '3GC'], vds: ['UYDED', 'UYEED', 'VKREC', 'UYDEL'], plants: 'ZGF' },
    trims: [
      t('Custom', 55_000, '2.7L I4 Turbo', '4WD', A, G, 0, { from: 2019 }),
      t('LT', 61_000, '5.3L V8 EcoTec3', '4WD', A, G, 1),
      t('RST', 66_000, '5.3L V8 EcoTec3', '4WD', A, G, 1, { from: 2019 }),
      t('LT Trail Boss', 72_000, '5.3L V8 EcoTec3', '4WD', A, G, 2, { from: 2019 }),
      t('LT', 66_000, '3.0L I6 Duramax Diesel', '4WD', A, 'Diesel', 2, { from: 2020 }),
      t('LTZ', 76_000, '5.3L V8 EcoTec3', '4WD', A, G, 2),
      t('High Country', 88_000, '6.2L V8 EcoTec3', '4WD', A, G, 3),
    ],
  },
  {
    make: 'GMC', model: 'Sierra 1500', body: 'Truck', from: 2013, weight: 7, doors: 4, seats: 5, tags: ['truck'],
    vin: { wmi: ['1GT', '3GT'], vds: ['U9EED', 'U9DED', 'V2VEC', 'U9EEL'], plants: 'ZGF' },
    trims: [
      t('Pro', 54_000, '2.7L I4 Turbo', '4WD', A, G, 0, { from: 2019 }),
      t('SLE', 63_000, '5.3L V8 EcoTec3', '4WD', A, G, 1),
      t('Elevation', 67_000, '5.3L V8 EcoTec3', '4WD', A, G, 1, { from: 2019 }),
      t('SLT', 76_000, '5.3L V8 EcoTec3', '4WD', A, G, 2),
      t('AT4', 82_000, '6.2L V8 EcoTec3', '4WD', A, G, 2, { from: 2019 }),
      t('Denali', 92_000, '6.2L V8 EcoTec3', '4WD', A, G, 3),
    ],
  },
  {
    make: 'Toyota', model: 'Tundra', body: 'Truck', from: 2013, weight: 3, doors: 4, seats: 5, tags: ['truck'],
    vin: { wmi: ['5TF'], vds: ['DY5F1', 'DW5F1', 'LA5DB', 'JA5DB'], plants: 'XH' },
    trims: [
      t('SR5', 58_000, '5.7L V8 i-FORCE', '4WD', A, G, 1, { to: 2021 }),
      t('TRD Pro', 76_000, '5.7L V8 i-FORCE', '4WD', A, G, 3, { from: 2015, to: 2021 }),
      t('Limited', 66_000, '5.7L V8 i-FORCE', '4WD', A, G, 2, { to: 2021 }),
      t('SR5', 62_000, '3.5L V6 i-FORCE Twin-Turbo', '4WD', A, G, 1, { from: 2022 }),
      t('Limited', 72_000, '3.5L V6 i-FORCE Twin-Turbo', '4WD', A, G, 2, { from: 2022 }),
      t('Platinum', 82_000, '3.5L V6 i-FORCE MAX Hybrid', '4WD', A, 'Hybrid', 3, { from: 2022 }),
    ],
  },
  {
    make: 'Ford', model: 'F-150 Lightning', body: 'Truck', from: 2022, to: 2025, weight: 0.7, doors: 4, seats: 5, tags: ['truck', 'ev'],
    vin: { wmi: ['1FT'], vds: ['VW1EL', 'VW1EV'], plants: 'M' },
    trims: [
      t('Pro', 66_000, 'Dual Motor Electric (Standard Range)', '4WD', A, 'Electric', 0),
      t('XLT', 76_000, 'Dual Motor Electric (Extended Range)', '4WD', A, 'Electric', 1),
      t('Lariat', 92_000, 'Dual Motor Electric (Extended Range)', '4WD', A, 'Electric', 2),
      t('Platinum', 108_000, 'Dual Motor Electric (Extended Range)', '4WD', A, 'Electric', 3),
    ],
  },
  // ---- Heavy duty: oilfield, farm and trailer work.
  {
    make: 'Ford', model: 'F-250 Super Duty', body: 'Truck', from: 2013, weight: 3.5, doors: 4, seats: 6, tags: ['truck', 'hd'],
    vin: { wmi: ['1FT'], vds: ['7W2BT', '7W2B6', '8W2BT', '7W2BN'], plants: 'ED' },
    trims: [
      t('XL', 62_000, '6.2L V8', '4WD', A, G, 0, { to: 2019 }),
      t('XLT', 74_000, '7.3L V8', '4WD', A, G, 1, { from: 2020 }),
      t('XLT', 70_000, '6.2L V8', '4WD', A, G, 1, { to: 2019 }),
      t('Lariat', 96_000, '6.7L V8 Power Stroke Diesel', '4WD', A, 'Diesel', 2),
      t('Platinum', 112_000, '6.7L V8 Power Stroke Diesel', '4WD', A, 'Diesel', 3),
    ],
  },
  {
    make: 'RAM', model: '2500', body: 'Truck', from: 2013, weight: 2.5, doors: 4, seats: 6, tags: ['truck', 'hd'],
    vin: { wmi: ['3C6'], vds: ['UR5DL', 'UR5FL', 'UR5DJ'], plants: 'G' },
    trims: [
      t('Tradesman', 64_000, '6.4L V8 HEMI', '4WD', A, G, 0),
      t('Big Horn', 74_000, '6.4L V8 HEMI', '4WD', A, G, 1),
      t('Laramie', 96_000, '6.7L I6 Cummins Turbo Diesel', '4WD', A, 'Diesel', 2),
      t('Power Wagon', 92_000, '6.4L V8 HEMI', '4WD', A, G, 3, { from: 2014 }),
      t('Limited', 110_000, '6.7L I6 Cummins Turbo Diesel', '4WD', A, 'Diesel', 3),
    ],
  },
  {
    make: 'Chevrolet', model: 'Silverado 2500HD', body: 'Truck', from: 2013, weight: 2, doors: 4, seats: 6, tags: ['truck', 'hd'],
    vin: { wmi: ['1GC', '2GC'], vds: ['4YNEY', '4YPEY', '2KC1E'], plants: 'FJ' },
    trims: [
      t('WT', 63_000, '6.6L V8', '4WD', A, G, 0),
      t('LT', 78_000, '6.6L V8 Duramax Turbo Diesel', '4WD', A, 'Diesel', 1),
      t('LTZ', 94_000, '6.6L V8 Duramax Turbo Diesel', '4WD', A, 'Diesel', 2),
      t('High Country', 104_000, '6.6L V8 Duramax Turbo Diesel', '4WD', A, 'Diesel', 3),
    ],
  },
  // ---- Midsize and compact pickups.
  {
    make: 'Toyota', model: 'Tacoma', body: 'Truck', from: 2013, weight: 4.5, doors: 4, seats: 5, tags: ['truck', 'offroad'],
    vin: { wmi: ['5TF', '3TM'], vds: ['CZ5AN', 'DZ5BN', 'CZ5CN', 'LB4BN'], plants: 'MXZ' },
    trims: [
      t('SR5', 48_000, '3.5L V6', '4WD', A, G, 1, { to: 2023 }),
      t('TRD Off-Road', 54_000, '3.5L V6', '4WD', A, G, 2, { to: 2023 }),
      t('TRD Off-Road', 52_000, '3.5L V6', '4WD', 'Manual', G, 2, { to: 2023 }),
      t('TRD Sport', 53_000, '3.5L V6', '4WD', A, G, 2, { to: 2023 }),
      t('Limited', 58_000, '3.5L V6', '4WD', A, G, 3, { to: 2023 }),
      t('SR5', 52_000, '2.4L I4 Turbo', '4WD', A, G, 1, { from: 2024 }),
      t('TRD Off-Road', 59_000, '2.4L I4 Turbo', '4WD', A, G, 2, { from: 2024 }),
      t('TRD Pro', 78_000, '2.4L I4 i-FORCE MAX Hybrid', '4WD', A, 'Hybrid', 3, { from: 2024 }),
    ],
  },
  {
    make: 'Ford', model: 'Ranger', body: 'Truck', from: 2019, weight: 2, doors: 4, seats: 5, tags: ['truck'],
    vin: { wmi: ['1FT'], vds: ['ER4FH', 'ER4FL', 'ER4HG'], plants: 'L' },
    trims: [
      t('XLT', 48_000, '2.3L I4 EcoBoost', '4WD', A, G, 1),
      t('Lariat', 56_000, '2.3L I4 EcoBoost', '4WD', A, G, 2),
      t('Raptor', 76_000, '3.0L V6 EcoBoost', '4WD', A, G, 3, { from: 2024 }),
    ],
  },
  {
    make: 'Ford', model: 'Maverick', body: 'Truck', from: 2022, weight: 1.5, doors: 4, seats: 5, tags: ['truck', 'economy'],
    vin: { wmi: ['3FT'], vds: ['TW8E3', 'TW8H3', 'TW8F9'], plants: 'R' },
    trims: [
      t('XL', 33_000, '2.5L I4 Hybrid', 'FWD', 'CVT', 'Hybrid', 0),
      t('XLT', 38_000, '2.0L I4 EcoBoost', 'AWD', A, G, 1),
      t('Lariat', 45_000, '2.0L I4 EcoBoost', 'AWD', A, G, 2),
    ],
  },
  {
    make: 'Chevrolet', model: 'Colorado', body: 'Truck', from: 2015, weight: 1.5, doors: 4, seats: 5, tags: ['truck'],
    vin: { wmi: ['1GC'], vds: ['GTDEN', 'GTCEN', 'PTEEK'], plants: '1' },
    trims: [
      t('LT', 46_000, '3.6L V6', '4WD', A, G, 1, { to: 2022 }),
      t('Z71', 52_000, '3.6L V6', '4WD', A, G, 2, { to: 2022 }),
      t('LT', 48_000, '2.7L I4 Turbo', '4WD', A, G, 1, { from: 2023 }),
      t('Trail Boss', 52_000, '2.7L I4 Turbo', '4WD', A, G, 2, { from: 2023 }),
      t('ZR2', 68_000, '2.7L I4 Turbo High Output', '4WD', A, G, 3, { from: 2023 }),
    ],
  },
  {
    make: 'GMC', model: 'Canyon', body: 'Truck', from: 2015, weight: 1, doors: 4, seats: 5, tags: ['truck'],
    vin: { wmi: ['1GT'], vds: ['G6CEN', 'G6DEN', 'P6EEK'], plants: '1' },
    trims: [
      t('SLE', 48_000, '3.6L V6', '4WD', A, G, 1, { to: 2022 }),
      t('Elevation', 50_000, '2.7L I4 Turbo', '4WD', A, G, 1, { from: 2023 }),
      t('AT4', 60_000, '2.7L I4 Turbo', '4WD', A, G, 2, { from: 2021 }),
      t('Denali', 64_000, '2.7L I4 Turbo', '4WD', A, G, 3, { from: 2017 }),
    ],
  },
  {
    make: 'Nissan', model: 'Frontier', body: 'Truck', from: 2013, weight: 0.8, doors: 4, seats: 5, tags: ['truck'],
    vin: { wmi: ['1N6'], vds: ['ED1EK', 'AD0EV', 'ED1EJ'], plants: 'NC' },
    trims: [
      t('SV', 44_000, '3.8L V6', '4WD', A, G, 1, { from: 2022 }),
      t('PRO-4X', 52_000, '3.8L V6', '4WD', A, G, 2, { from: 2020 }),
      t('SV', 36_000, '4.0L V6', '4WD', A, G, 1, { to: 2019 }),
    ],
  },
  {
    make: 'Honda', model: 'Ridgeline', body: 'Truck', from: 2017, weight: 0.8, doors: 4, seats: 5, tags: ['truck', 'family'],
    vin: { wmi: ['5FP'], vds: ['YK3F5', 'YK3F7', 'YK3F8'], plants: 'B' },
    trims: [
      t('Sport', 50_000, '3.5L V6', 'AWD', A, G, 1),
      t('EX-L', 54_000, '3.5L V6', 'AWD', A, G, 2),
      t('Black Edition', 60_000, '3.5L V6', 'AWD', A, G, 3),
    ],
  },
  // ---- SUVs and crossovers: AWD is what Albertans buy.
  {
    make: 'Toyota', model: 'RAV4', body: 'SUV', from: 2013, weight: 7, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['2T3'], vds: ['P1RFV', 'R1RFV', 'RWRFV', 'BFREV'], plants: 'WC' },
    trims: [
      t('LE', 36_000, '2.5L I4', 'AWD', A, G, 0),
      t('XLE', 40_000, '2.5L I4', 'AWD', A, G, 1),
      t('Trail', 43_000, '2.5L I4', 'AWD', A, G, 2, { from: 2019, to: 2022 }),
      t('Limited', 47_000, '2.5L I4', 'AWD', A, G, 3),
      t('Hybrid XLE', 43_000, '2.5L I4 Hybrid', 'AWD', 'CVT', 'Hybrid', 1, { from: 2016 }),
      t('Hybrid Limited', 50_000, '2.5L I4 Hybrid', 'AWD', 'CVT', 'Hybrid', 3, { from: 2016 }),
    ],
  },
  {
    make: 'Toyota', model: 'RAV4 Prime', body: 'SUV', from: 2021, to: 2025, weight: 0.8, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['JTM'], vds: ['FB3FV', 'EB3FV'], plants: 'J' },
    trims: [
      t('SE', 51_000, '2.5L I4 Plug-in Hybrid', 'AWD', 'CVT', 'Plug-in Hybrid', 2),
      t('XSE', 57_000, '2.5L I4 Plug-in Hybrid', 'AWD', 'CVT', 'Plug-in Hybrid', 3),
    ],
  },
  {
    make: 'Honda', model: 'CR-V', body: 'SUV', from: 2013, weight: 6, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['2HK', '5J6'], vds: ['RW2H8', 'RW2H5', 'RM4H5', 'RS6H8'], plants: 'HL' },
    trims: [
      t('LX', 36_000, '1.5L I4 Turbo', 'AWD', 'CVT', G, 0, { from: 2017 }),
      t('EX-L', 42_000, '1.5L I4 Turbo', 'AWD', 'CVT', G, 2, { from: 2017 }),
      t('Touring', 46_000, '1.5L I4 Turbo', 'AWD', 'CVT', G, 3, { from: 2017 }),
      t('Sport Hybrid', 44_000, '2.0L I4 Hybrid', 'AWD', 'CVT', 'Hybrid', 2, { from: 2023 }),
      t('EX', 33_000, '2.4L I4', 'AWD', 'CVT', G, 1, { to: 2016, from: 2015 }),
      t('EX', 31_000, '2.4L I4', 'AWD', A, G, 1, { to: 2014 }),
    ],
  },
  {
    make: 'Ford', model: 'Escape', body: 'SUV', from: 2013, to: 2026, weight: 5, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['1FM'], vds: ['CU9H6', 'CU9G9', 'CU9HD', 'CU9J9'], plants: 'UM' },
    trims: [
      t('SE', 35_000, '1.5L I3 EcoBoost', 'AWD', A, G, 1, { from: 2020 }),
      t('SE', 30_000, '1.5L I4 EcoBoost', 'AWD', A, G, 1, { from: 2017, to: 2019 }),
      t('SE', 28_000, '1.6L I4 EcoBoost', 'AWD', A, G, 1, { to: 2016 }),
      t('Titanium', 43_000, '2.0L I4 EcoBoost', 'AWD', A, G, 3),
      t('ST-Line', 38_000, '1.5L I3 EcoBoost', 'AWD', A, G, 2, { from: 2023 }),
      t('SEL Hybrid', 41_000, '2.5L I4 Hybrid', 'AWD', 'CVT', 'Hybrid', 2, { from: 2020 }),
    ],
  },
  {
    make: 'Ford', model: 'Explorer', body: 'SUV', from: 2013, weight: 4, doors: 4, seats: 7, tags: ['family'],
    vin: { wmi: ['1FM'], vds: ['SK8DH', 'SK8FH', '5K8D8', '5K8GT'], plants: 'G' },
    trims: [
      t('XLT', 52_000, '2.3L I4 EcoBoost', '4WD', A, G, 1, { from: 2016 }),
      t('XLT', 42_000, '3.5L V6', '4WD', A, G, 1, { to: 2019 }),
      t('Limited', 60_000, '2.3L I4 EcoBoost', '4WD', A, G, 2, { from: 2016 }),
      t('ST', 66_000, '3.0L V6 EcoBoost', '4WD', A, G, 3, { from: 2020 }),
      t('Platinum', 68_000, '3.0L V6 EcoBoost', '4WD', A, G, 3, { from: 2016 }),
    ],
  },
  {
    make: 'Ford', model: 'Edge', body: 'SUV', from: 2013, to: 2024, weight: 2, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['2FM'], vds: ['PK4J9', 'PK4K9', 'PK4J8'], plants: 'B' },
    trims: [
      t('SEL', 44_000, '2.0L I4 EcoBoost', 'AWD', A, G, 1, { from: 2015 }),
      t('SEL', 36_000, '3.5L V6', 'AWD', A, G, 1, { to: 2014 }),
      t('Titanium', 50_000, '2.0L I4 EcoBoost', 'AWD', A, G, 2),
      t('ST', 55_000, '2.7L V6 EcoBoost', 'AWD', A, G, 3, { from: 2019 }),
    ],
  },
  {
    make: 'Ford', model: 'Bronco', body: 'SUV', from: 2021, weight: 2, doors: 4, seats: 5, tags: ['offroad'],
    vin: { wmi: ['1FM'], vds: ['EE5BH', 'EE5DP', 'DE5BH'], plants: 'L' },
    trims: [
      t('Big Bend', 52_000, '2.3L I4 EcoBoost', '4WD', A, G, 1),
      t('Badlands', 64_000, '2.7L V6 EcoBoost', '4WD', A, G, 2),
      t('Outer Banks', 62_000, '2.7L V6 EcoBoost', '4WD', A, G, 2),
      t('Badlands', 60_000, '2.3L I4 EcoBoost', '4WD', 'Manual', G, 2),
      t('Wildtrak', 72_000, '2.7L V6 EcoBoost', '4WD', A, G, 3),
    ],
  },
  {
    make: 'Ford', model: 'Expedition', body: 'SUV', from: 2013, weight: 1, doors: 4, seats: 8, tags: ['family'],
    vin: { wmi: ['1FM'], vds: ['JU1JT', 'JK1LT', 'JU1KT'], plants: 'EF' },
    trims: [
      t('XLT', 76_000, '3.5L V6 EcoBoost', '4WD', A, G, 1),
      t('Limited', 88_000, '3.5L V6 EcoBoost', '4WD', A, G, 2),
      t('Platinum', 98_000, '3.5L V6 EcoBoost', '4WD', A, G, 3),
    ],
  },
  {
    make: 'Chevrolet', model: 'Equinox', body: 'SUV', from: 2013, weight: 5, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['2GN', '3GN'], vds: ['AXUEV', 'AXKEV', 'AXTEV', 'AXSEV'], plants: '6L' },
    trims: [
      t('LS', 34_000, '1.5L I4 Turbo', 'AWD', A, G, 0, { from: 2018 }),
      t('LT', 38_000, '1.5L I4 Turbo', 'AWD', A, G, 1, { from: 2018 }),
      t('RS', 42_000, '1.5L I4 Turbo', 'AWD', A, G, 2, { from: 2022 }),
      t('Premier', 45_000, '1.5L I4 Turbo', 'AWD', A, G, 3, { from: 2018 }),
      t('LT', 32_000, '2.4L I4', 'AWD', A, G, 1, { to: 2017 }),
      t('LTZ', 38_000, '3.6L V6', 'AWD', A, G, 3, { to: 2017 }),
    ],
  },
  {
    make: 'Chevrolet', model: 'Traverse', body: 'SUV', from: 2013, weight: 1.5, doors: 4, seats: 8, tags: ['family'],
    vin: { wmi: ['1GN'], vds: ['EVHKW', 'ERGKW', 'EVJKW'], plants: 'J' },
    trims: [
      t('LT', 52_000, '3.6L V6', 'AWD', A, G, 1, { to: 2023 }),
      t('LT', 54_000, '2.5L I4 Turbo', 'AWD', A, G, 1, { from: 2024 }),
      t('RS', 62_000, '3.6L V6', 'AWD', A, G, 2, { from: 2018, to: 2023 }),
      t('High Country', 68_000, '3.6L V6', 'AWD', A, G, 3, { to: 2023 }),
    ],
  },
  {
    make: 'Chevrolet', model: 'Tahoe', body: 'SUV', from: 2013, weight: 1.8, doors: 4, seats: 8, tags: ['family'],
    vin: { wmi: ['1GN'], vds: ['SKBKC', 'SKNKD', 'SKCKC'], plants: 'RJ' },
    trims: [
      t('LS', 70_000, '5.3L V8 EcoTec3', '4WD', A, G, 1),
      t('Z71', 82_000, '5.3L V8 EcoTec3', '4WD', A, G, 2),
      t('Premier', 92_000, '6.2L V8 EcoTec3', '4WD', A, G, 3),
    ],
  },
  {
    make: 'GMC', model: 'Terrain', body: 'SUV', from: 2013, weight: 2, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['3GK'], vds: ['ALMEV', 'ALTEV', 'ALSEV'], plants: 'L6' },
    trims: [
      t('SLE', 38_000, '1.5L I4 Turbo', 'AWD', A, G, 1, { from: 2018 }),
      t('SLT', 44_000, '1.5L I4 Turbo', 'AWD', A, G, 2, { from: 2018 }),
      t('Denali', 49_000, '2.0L I4 Turbo', 'AWD', A, G, 3, { from: 2018, to: 2023 }),
      t('SLE', 32_000, '2.4L I4', 'AWD', A, G, 1, { to: 2017 }),
      t('SLT', 37_000, '3.6L V6', 'AWD', A, G, 2, { to: 2017 }),
    ],
  },
  {
    make: 'GMC', model: 'Acadia', body: 'SUV', from: 2013, weight: 1.5, doors: 4, seats: 7, tags: ['family'],
    vin: { wmi: ['1GK'], vds: ['KNULS', 'KNVLS', 'KNPLS'], plants: 'Z' },
    trims: [
      t('SLE', 46_000, '3.6L V6', 'AWD', A, G, 1),
      t('AT4', 54_000, '3.6L V6', 'AWD', A, G, 2, { from: 2020 }),
      t('Denali', 62_000, '3.6L V6', 'AWD', A, G, 3),
    ],
  },
  {
    make: 'GMC', model: 'Yukon', body: 'SUV', from: 2013, weight: 1.3, doors: 4, seats: 8, tags: ['family'],
    vin: { wmi: ['1GK'], vds: ['S2BKC', 'S2CKJ', 'S2GKL'], plants: 'RJ' },
    trims: [
      t('SLE', 72_000, '5.3L V8 EcoTec3', '4WD', A, G, 1),
      t('SLT', 84_000, '5.3L V8 EcoTec3', '4WD', A, G, 2),
      t('Denali', 98_000, '6.2L V8 EcoTec3', '4WD', A, G, 3),
    ],
  },
  {
    make: 'Hyundai', model: 'Tucson', body: 'SUV', from: 2013, weight: 4, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['KM8', '5NM'], vds: ['J3CA4', 'J3CAL', 'JCCAE', 'JBCAE'], plants: 'UH' },
    trims: [
      t('Preferred', 36_000, '2.5L I4', 'AWD', A, G, 1, { from: 2022 }),
      t('Preferred', 31_000, '2.0L I4', 'AWD', A, G, 1, { to: 2021 }),
      t('Urban', 42_000, '2.5L I4', 'AWD', A, G, 2, { from: 2022 }),
      t('Ultimate', 47_000, '2.5L I4', 'AWD', A, G, 3, { from: 2022 }),
      t('Ultimate', 40_000, '2.4L I4', 'AWD', A, G, 3, { from: 2019, to: 2021 }),
      t('Hybrid Luxury', 46_000, '1.6L I4 Turbo Hybrid', 'AWD', A, 'Hybrid', 3, { from: 2022 }),
    ],
  },
  {
    make: 'Hyundai', model: 'Santa Fe', body: 'SUV', from: 2013, weight: 3, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['5NM', 'KM8'], vds: ['S3CAD', 'S4CAD', 'S2DHF', 'RH4DL'], plants: 'UH' },
    trims: [
      t('Preferred', 42_000, '2.5L I4', 'AWD', A, G, 1, { from: 2021 }),
      t('Preferred', 36_000, '2.4L I4', 'AWD', A, G, 1, { to: 2020 }),
      t('Luxury', 49_000, '2.5L I4 Turbo', 'AWD', A, G, 2, { from: 2021 }),
      t('Ultimate Calligraphy', 54_000, '2.5L I4 Turbo', 'AWD', A, G, 3, { from: 2021 }),
      t('Limited', 40_000, '2.0L I4 Turbo', 'AWD', A, G, 2, { to: 2020 }),
    ],
  },
  {
    make: 'Hyundai', model: 'Kona', body: 'SUV', from: 2018, weight: 1.5, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['KM8'], vds: ['K2CAA', 'K3CA3', 'KRDAB'], plants: 'U' },
    trims: [
      t('Preferred', 30_000, '2.0L I4', 'AWD', 'CVT', G, 1),
      t('N Line', 35_000, '1.6L I4 Turbo', 'AWD', A, G, 2),
    ],
  },
  {
    make: 'Hyundai', model: 'Palisade', body: 'SUV', from: 2020, weight: 1.2, doors: 4, seats: 8, tags: ['family'],
    vin: { wmi: ['KM8'], vds: ['R4DHE', 'R5DHE', 'RHDHE'], plants: 'U' },
    trims: [
      t('Preferred', 50_000, '3.8L V6', 'AWD', A, G, 1),
      t('Ultimate Calligraphy', 62_000, '3.8L V6', 'AWD', A, G, 3),
    ],
  },
  {
    make: 'Hyundai', model: 'Ioniq 5', body: 'SUV', from: 2022, weight: 0.9, doors: 4, seats: 5, tags: ['ev'],
    vin: { wmi: ['KM8'], vds: ['KRDAF', 'KRDDF', 'KNDAF'], plants: 'UM' },
    trims: [
      t('Preferred', 52_000, 'Single Motor Electric', 'RWD', A, 'Electric', 1),
      t('Preferred AWD Long Range', 58_000, 'Dual Motor Electric', 'AWD', A, 'Electric', 2),
      t('Ultimate AWD', 64_000, 'Dual Motor Electric', 'AWD', A, 'Electric', 3),
    ],
  },
  {
    make: 'Kia', model: 'Sportage', body: 'SUV', from: 2013, weight: 3, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['KND', '5XY'], vds: ['PMCA6', 'PUCAG', 'PCCA2', 'PNCAG'], plants: '7G' },
    trims: [
      t('LX', 33_000, '2.5L I4', 'AWD', A, G, 0, { from: 2023 }),
      t('EX', 38_000, '2.5L I4', 'AWD', A, G, 1, { from: 2023 }),
      t('X-Line', 44_000, '2.5L I4', 'AWD', A, G, 2, { from: 2023 }),
      t('SX', 45_000, '2.5L I4', 'AWD', A, G, 3, { from: 2023 }),
      t('LX', 28_000, '2.4L I4', 'AWD', A, G, 0, { to: 2022 }),
      t('EX', 32_000, '2.4L I4', 'AWD', A, G, 1, { to: 2022 }),
      t('SX Turbo', 39_000, '2.0L I4 Turbo', 'AWD', A, G, 3, { to: 2022 }),
    ],
  },
  {
    make: 'Kia', model: 'Sorento', body: 'SUV', from: 2013, weight: 3, doors: 4, seats: 7, tags: ['family'],
    vin: { wmi: ['5XY', 'KND'], vds: ['PH4A1', 'RLDHB', 'PGDA1', 'RKDHF'], plants: 'G7' },
    trims: [
      t('LX', 38_000, '2.5L I4', 'AWD', A, G, 0, { from: 2021 }),
      t('LX', 32_000, '2.4L I4', 'AWD', A, G, 0, { to: 2020 }),
      t('EX', 44_000, '2.5L I4 Turbo', 'AWD', A, G, 2, { from: 2021 }),
      t('SX', 52_000, '2.5L I4 Turbo', 'AWD', A, G, 3, { from: 2021 }),
      t('EX', 40_000, '3.3L V6', 'AWD', A, G, 2, { to: 2020 }),
      t('PHEV EX', 54_000, '1.6L I4 Turbo Plug-in Hybrid', 'AWD', A, 'Plug-in Hybrid', 3, { from: 2022 }),
    ],
  },
  {
    make: 'Kia', model: 'Telluride', body: 'SUV', from: 2020, weight: 1.5, doors: 4, seats: 8, tags: ['family'],
    vin: { wmi: ['5XY'], vds: ['P3DHC', 'P5DHC', 'P6DHC'], plants: 'G' },
    trims: [
      t('EX', 54_000, '3.8L V6', 'AWD', A, G, 2),
      t('SX Limited', 62_000, '3.8L V6', 'AWD', A, G, 3),
    ],
  },
  {
    make: 'Kia', model: 'EV6', body: 'SUV', from: 2022, weight: 0.7, doors: 4, seats: 5, tags: ['ev'],
    vin: { wmi: ['KND'], vds: ['C3DLC', 'C4DLC', 'C3LLC'], plants: '5' },
    trims: [
      t('Standard Range', 50_000, 'Single Motor Electric', 'RWD', A, 'Electric', 1),
      t('Long Range AWD', 58_000, 'Dual Motor Electric', 'AWD', A, 'Electric', 2),
      t('GT-Line AWD', 63_000, 'Dual Motor Electric', 'AWD', A, 'Electric', 3),
    ],
  },
  {
    make: 'Jeep', model: 'Wrangler', body: 'SUV', from: 2013, weight: 4, doors: 4, seats: 5, tags: ['offroad'],
    vin: { wmi: ['1C4'], vds: ['HJXEG', 'HJXDG', 'BJWEG', 'HJXFN'], plants: 'LW' },
    trims: [
      t('Sport', 46_000, '3.6L V6 Pentastar', '4WD', A, G, 0),
      t('Sport', 44_000, '3.6L V6 Pentastar', '4WD', 'Manual', G, 0),
      t('Sahara', 56_000, '3.6L V6 Pentastar', '4WD', A, G, 2),
      t('Rubicon', 62_000, '3.6L V6 Pentastar', '4WD', A, G, 3),
      t('Rubicon 4xe', 74_000, '2.0L I4 Turbo Plug-in Hybrid', '4WD', A, 'Plug-in Hybrid', 3, { from: 2021 }),
    ],
  },
  {
    make: 'Jeep', model: 'Grand Cherokee', body: 'SUV', from: 2013, weight: 4, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['1C4'], vds: ['RJFBG', 'RJKBG', 'RJFAG', 'RJHBG'], plants: 'C8' },
    trims: [
      t('Laredo', 54_000, '3.6L V6 Pentastar', '4WD', A, G, 1),
      t('Limited', 62_000, '3.6L V6 Pentastar', '4WD', A, G, 2),
      t('Overland', 72_000, '5.7L V8 HEMI', '4WD', A, G, 3, { to: 2023 }),
      t('Summit', 84_000, '5.7L V8 HEMI', '4WD', A, G, 3, { to: 2023 }),
      t('Trailhawk 4xe', 80_000, '2.0L I4 Turbo Plug-in Hybrid', '4WD', A, 'Plug-in Hybrid', 3, { from: 2022 }),
    ],
  },
  {
    make: 'Jeep', model: 'Cherokee', body: 'SUV', from: 2014, to: 2023, weight: 1.2, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['1C4'], vds: ['PJMDX', 'PJMCX', 'PJMBX'], plants: 'DW' },
    trims: [
      t('North', 38_000, '2.4L I4 Tigershark', '4WD', A, G, 1),
      t('Trailhawk', 45_000, '3.2L V6 Pentastar', '4WD', A, G, 2),
      t('Limited', 44_000, '3.2L V6 Pentastar', '4WD', A, G, 2),
    ],
  },
  {
    make: 'Jeep', model: 'Compass', body: 'SUV', from: 2013, weight: 1.2, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['3C4'], vds: ['NJDBB', 'NJDCB', 'NJDAB'], plants: 'T' },
    trims: [
      t('North', 36_000, '2.0L I4 Turbo', '4WD', A, G, 1, { from: 2023 }),
      t('North', 32_000, '2.4L I4 Tigershark', '4WD', A, G, 1, { to: 2022 }),
      t('Trailhawk', 42_000, '2.4L I4 Tigershark', '4WD', A, G, 2, { from: 2017, to: 2022 }),
    ],
  },
  {
    make: 'Dodge', model: 'Durango', body: 'SUV', from: 2013, weight: 1, doors: 4, seats: 7, tags: ['family'],
    vin: { wmi: ['1C4'], vds: ['RDJDG', 'RDJAG', 'SDJCT'], plants: 'C' },
    trims: [
      t('GT', 56_000, '3.6L V6 Pentastar', 'AWD', A, G, 1),
      t('R/T', 66_000, '5.7L V8 HEMI', 'AWD', A, G, 2),
      t('Citadel', 68_000, '3.6L V6 Pentastar', 'AWD', A, G, 3),
    ],
  },
  {
    make: 'Subaru', model: 'Outback', body: 'SUV', from: 2013, weight: 3, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['4S4'], vds: ['BTANC', 'BTGND', 'BSANC', 'BTLND'], plants: '3' },
    trims: [
      t('Convenience', 37_000, '2.5L H4 Boxer', 'AWD', 'CVT', G, 0),
      t('Touring', 41_000, '2.5L H4 Boxer', 'AWD', 'CVT', G, 1),
      t('Onyx Edition XT', 46_000, '2.4L H4 Turbo Boxer', 'AWD', 'CVT', G, 2, { from: 2020 }),
      t('Limited XT', 48_000, '2.4L H4 Turbo Boxer', 'AWD', 'CVT', G, 3, { from: 2020 }),
    ],
  },
  {
    make: 'Subaru', model: 'Forester', body: 'SUV', from: 2013, weight: 3, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['JF2'], vds: ['SKAEC', 'SKAGC', 'SJAEC', 'SKEJC'], plants: 'HG' },
    trims: [
      t('Convenience', 35_000, '2.5L H4 Boxer', 'AWD', 'CVT', G, 0),
      t('Touring', 38_000, '2.5L H4 Boxer', 'AWD', 'CVT', G, 1),
      t('Wilderness', 43_000, '2.5L H4 Boxer', 'AWD', 'CVT', G, 2, { from: 2022 }),
      t('Limited', 42_000, '2.5L H4 Boxer', 'AWD', 'CVT', G, 3),
    ],
  },
  {
    make: 'Subaru', model: 'Crosstrek', body: 'SUV', from: 2013, weight: 3, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['JF2'], vds: ['GTAEC', 'GTHMC', 'GPACC', 'GTFMC'], plants: 'HG' },
    trims: [
      t('Convenience', 30_000, '2.0L H4 Boxer', 'AWD', 'CVT', G, 0),
      t('Touring', 32_000, '2.0L H4 Boxer', 'AWD', 'CVT', G, 1),
      t('Touring', 30_000, '2.0L H4 Boxer', 'AWD', 'Manual', G, 1, { to: 2023 }),
      t('Sport', 35_000, '2.5L H4 Boxer', 'AWD', 'CVT', G, 2, { from: 2021 }),
      t('Limited', 37_000, '2.5L H4 Boxer', 'AWD', 'CVT', G, 3, { from: 2021 }),
    ],
  },
  {
    make: 'Subaru', model: 'Ascent', body: 'SUV', from: 2019, weight: 0.8, doors: 4, seats: 8, tags: ['family'],
    vin: { wmi: ['4S4'], vds: ['WMAPD', 'WMAKD', 'WMARD'], plants: '3' },
    trims: [
      t('Touring', 47_000, '2.4L H4 Turbo Boxer', 'AWD', 'CVT', G, 1),
      t('Limited', 54_000, '2.4L H4 Turbo Boxer', 'AWD', 'CVT', G, 3),
    ],
  },
  {
    make: 'Nissan', model: 'Rogue', body: 'SUV', from: 2013, weight: 4, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['5N1', 'JN8'], vds: ['AT2MV', 'BT3BB', 'AT3BB', 'BT3CB'], plants: 'CW' },
    trims: [
      t('S', 33_000, '2.5L I4', 'AWD', 'CVT', G, 0, { to: 2020 }),
      t('SV', 36_000, '2.5L I4', 'AWD', 'CVT', G, 1, { to: 2022 }),
      t('SV', 39_000, '1.5L I3 VC-Turbo', 'AWD', 'CVT', G, 1, { from: 2023 }),
      t('Platinum', 46_000, '1.5L I3 VC-Turbo', 'AWD', 'CVT', G, 3, { from: 2023 }),
      t('SL', 40_000, '2.5L I4', 'AWD', 'CVT', G, 2, { to: 2022 }),
    ],
  },
  {
    make: 'Nissan', model: 'Pathfinder', body: 'SUV', from: 2013, weight: 1, doors: 4, seats: 7, tags: ['family'],
    vin: { wmi: ['5N1'], vds: ['DR2MM', 'DR3BC', 'DR2BM'], plants: 'CN' },
    trims: [
      t('SV', 46_000, '3.5L V6', '4WD', A, G, 1, { from: 2022 }),
      t('SL', 40_000, '3.5L V6', '4WD', 'CVT', G, 2, { to: 2021 }),
      t('Rock Creek', 52_000, '3.5L V6', '4WD', A, G, 2, { from: 2023 }),
      t('Platinum', 58_000, '3.5L V6', '4WD', A, G, 3, { from: 2022 }),
    ],
  },
  {
    make: 'Mazda', model: 'CX-5', body: 'SUV', from: 2013, weight: 4, doors: 4, seats: 5, tags: ['family'],
    vin: { wmi: ['JM3'], vds: ['KFBCM', 'KFBDM', 'KFBCL', 'KEBDY'], plants: '01' },
    trims: [
      t('GS', 36_000, '2.5L I4 Skyactiv-G', 'AWD', A, G, 1, { from: 2014 }),
      t('GS', 28_000, '2.0L I4 Skyactiv-G', 'AWD', A, G, 1, { to: 2013 }),
      t('GT', 42_000, '2.5L I4 Skyactiv-G', 'AWD', A, G, 2, { from: 2014 }),
      t('Signature', 47_000, '2.5L I4 Skyactiv-G Turbo', 'AWD', A, G, 3, { from: 2019 }),
    ],
  },
  {
    make: 'Mazda', model: 'CX-50', body: 'SUV', from: 2023, weight: 1.5, doors: 4, seats: 5, tags: ['offroad'],
    vin: { wmi: ['7MM'], vds: ['VABBM', 'VABCM', 'VABEY'], plants: 'N' },
    trims: [
      t('GS-L', 40_000, '2.5L I4 Skyactiv-G', 'AWD', A, G, 1),
      t('Meridian Edition', 44_000, '2.5L I4 Skyactiv-G', 'AWD', A, G, 2),
      t('GT Turbo', 48_000, '2.5L I4 Skyactiv-G Turbo', 'AWD', A, G, 3),
      t('Hybrid GS-L', 42_000, '2.5L I4 Hybrid', 'AWD', 'CVT', 'Hybrid', 2, { from: 2025 }),
    ],
  },
  {
    make: 'Mazda', model: 'CX-30', body: 'SUV', from: 2020, weight: 1.2, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['3MV'], vds: ['DMBBM', 'DMBCM', 'DMBEY'], plants: 'M' },
    trims: [
      t('GS', 33_000, '2.5L I4 Skyactiv-G', 'AWD', A, G, 1),
      t('GT', 38_000, '2.5L I4 Skyactiv-G', 'AWD', A, G, 3),
    ],
  },
  {
    make: 'Toyota', model: 'Highlander', body: 'SUV', from: 2013, weight: 3, doors: 4, seats: 8, tags: ['family'],
    vin: { wmi: ['5TD'], vds: ['JZRFH', 'DZRFH', 'BBRCH', 'KDRAH'], plants: 'SW' },
    trims: [
      t('LE', 48_000, '3.5L V6', 'AWD', A, G, 0, { to: 2022 }),
      t('XLE', 52_000, '2.4L I4 Turbo', 'AWD', A, G, 1, { from: 2023 }),
      t('XLE', 50_000, '3.5L V6', 'AWD', A, G, 1, { to: 2022 }),
      t('Limited', 58_000, '3.5L V6', 'AWD', A, G, 3, { to: 2022 }),
      t('Hybrid XLE', 56_000, '2.5L I4 Hybrid', 'AWD', 'CVT', 'Hybrid', 2),
    ],
  },
  {
    make: 'Toyota', model: '4Runner', body: 'SUV', from: 2013, weight: 2, doors: 4, seats: 5, tags: ['offroad'],
    vin: { wmi: ['JTE'], vds: ['BU5JR', 'RU5JR', 'MU5JR'], plants: '5' },
    trims: [
      t('SR5', 54_000, '4.0L V6', '4WD', A, G, 1, { to: 2024 }),
      t('TRD Off-Road', 58_000, '4.0L V6', '4WD', A, G, 2, { to: 2024 }),
      t('TRD Pro', 70_000, '4.0L V6', '4WD', A, G, 3, { to: 2024 }),
      t('SR5', 58_000, '2.4L I4 i-FORCE Turbo', '4WD', A, G, 1, { from: 2025 }),
      t('TRD Off-Road', 64_000, '2.4L I4 i-FORCE Turbo', '4WD', A, G, 2, { from: 2025 }),
    ],
  },
  {
    make: 'Toyota', model: 'Corolla Cross', body: 'SUV', from: 2022, weight: 1, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['7MU'], vds: ['AABAG', 'DABAG', 'AAAAG'], plants: 'B' },
    trims: [
      t('LE', 32_000, '2.0L I4', 'AWD', 'CVT', G, 1),
      t('Hybrid XSE', 39_000, '2.0L I4 Hybrid', 'AWD', 'CVT', 'Hybrid', 3, { from: 2023 }),
    ],
  },
  {
    make: 'Honda', model: 'Pilot', body: 'SUV', from: 2013, weight: 2, doors: 4, seats: 8, tags: ['family'],
    vin: { wmi: ['5FN'], vds: ['YF6H5', 'YF6H8', 'YG1H5'], plants: 'B' },
    trims: [
      t('EX-L', 54_000, '3.5L V6', 'AWD', A, G, 2),
      t('TrailSport', 58_000, '3.5L V6', 'AWD', A, G, 2, { from: 2022 }),
      t('Touring', 60_000, '3.5L V6', 'AWD', A, G, 3),
    ],
  },
  {
    make: 'Honda', model: 'HR-V', body: 'SUV', from: 2016, weight: 1.5, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['3CZ'], vds: ['RU6H5', 'RZ4H5', 'RU6H7'], plants: 'M' },
    trims: [
      t('LX', 30_000, '2.0L I4', 'AWD', 'CVT', G, 0),
      t('Sport', 33_000, '2.0L I4', 'AWD', 'CVT', G, 1),
      t('EX-L Navi', 36_000, '2.0L I4', 'AWD', 'CVT', G, 3),
    ],
  },
  {
    make: 'Chevrolet', model: 'Trax', body: 'SUV', from: 2015, weight: 0.8, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['KL7', '3GN'], vds: ['CJPSB', 'CHLSL', 'CJLSB'], plants: 'BL' },
    trims: [
      t('LS', 26_000, '1.2L I3 Turbo', 'FWD', A, G, 0, { from: 2024 }),
      t('LT', 28_000, '1.4L I4 Turbo', 'AWD', A, G, 1, { to: 2022 }),
      t('2RS', 30_000, '1.2L I3 Turbo', 'FWD', A, G, 2, { from: 2024 }),
    ],
  },
  // ---- Cars.
  {
    make: 'Honda', model: 'Civic', body: 'Sedan', from: 2013, weight: 4, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['2HG'], vds: ['FC2F5', 'FC2F7', 'FE2F5', 'FB2F5'], plants: 'H' },
    trims: [
      t('LX', 28_000, '2.0L I4', 'FWD', 'CVT', G, 0, { from: 2016 }),
      t('Sport', 31_000, '2.0L I4', 'FWD', 'CVT', G, 1, { from: 2017 }),
      t('EX', 32_000, '1.5L I4 Turbo', 'FWD', 'CVT', G, 2, { from: 2016 }),
      t('Touring', 35_000, '1.5L I4 Turbo', 'FWD', 'CVT', G, 3, { from: 2016 }),
      t('Si', 38_000, '1.5L I4 Turbo', 'FWD', 'Manual', G, 3, { from: 2017 }),
      t('LX', 21_000, '1.8L I4', 'FWD', A, G, 0, { to: 2015 }),
      t('EX', 23_000, '1.8L I4', 'FWD', 'CVT', G, 1, { from: 2014, to: 2015 }),
    ],
  },
  {
    make: 'Honda', model: 'Civic Hatchback', body: 'Hatchback', from: 2017, weight: 1.2, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['SHH', '1HG'], vds: ['FK7H5', 'FK7H6', 'FL1H7'], plants: 'UL' },
    trims: [
      t('Sport', 33_000, '1.5L I4 Turbo', 'FWD', 'CVT', G, 1),
      t('Sport Touring', 37_000, '1.5L I4 Turbo', 'FWD', 'CVT', G, 3),
      t('Sport', 32_000, '1.5L I4 Turbo', 'FWD', 'Manual', G, 1),
    ],
  },
  {
    make: 'Honda', model: 'Civic Coupe', body: 'Coupe', from: 2013, to: 2020, weight: 0.6, doors: 2, seats: 5, tags: ['economy', 'sport'],
    vin: { wmi: ['2HG'], vds: ['FC3B3', 'FC4B0', 'FG4B5'], plants: 'H' },
    trims: [
      t('LX', 24_000, '2.0L I4', 'FWD', 'CVT', G, 0, { from: 2016 }),
      t('Si', 32_000, '1.5L I4 Turbo', 'FWD', 'Manual', G, 3, { from: 2017 }),
      t('EX', 22_000, '1.8L I4', 'FWD', A, G, 1, { to: 2015 }),
    ],
  },
  {
    make: 'Honda', model: 'Accord', body: 'Sedan', from: 2013, weight: 1.2, doors: 4, seats: 5, tags: [],
    vin: { wmi: ['1HG'], vds: ['CV1F3', 'CV3F9', 'CR2F5'], plants: 'A' },
    trims: [
      t('EX-L', 40_000, '1.5L I4 Turbo', 'FWD', 'CVT', G, 2, { from: 2018 }),
      t('Touring Hybrid', 46_000, '2.0L I4 Hybrid', 'FWD', 'CVT', 'Hybrid', 3, { from: 2018 }),
      t('Sport', 30_000, '2.4L I4', 'FWD', 'CVT', G, 1, { to: 2017 }),
    ],
  },
  {
    make: 'Toyota', model: 'Corolla', body: 'Sedan', from: 2013, weight: 4, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['2T1', '5YF'], vds: ['BURHE', 'B4MHE', 'BPRHE', 'BURHB'], plants: 'CP' },
    trims: [
      t('L', 24_000, '1.8L I4', 'FWD', 'CVT', G, 0, { to: 2019 }),
      t('LE', 26_000, '2.0L I4', 'FWD', 'CVT', G, 1, { from: 2020 }),
      t('LE', 23_000, '1.8L I4', 'FWD', A, G, 1, { to: 2019 }),
      t('SE', 29_000, '2.0L I4', 'FWD', 'CVT', G, 2, { from: 2020 }),
      t('XSE', 32_000, '2.0L I4', 'FWD', 'CVT', G, 3, { from: 2020 }),
      t('Hybrid LE', 30_000, '1.8L I4 Hybrid', 'AWD', 'CVT', 'Hybrid', 2, { from: 2023 }),
    ],
  },
  {
    make: 'Toyota', model: 'Corolla Hatchback', body: 'Hatchback', from: 2019, weight: 0.8, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['JTN'], vds: ['K3JE7', 'A3JE6', 'K3JE8'], plants: '3' },
    trims: [
      t('SE', 28_000, '2.0L I4', 'FWD', 'CVT', G, 1),
      t('XSE', 32_000, '2.0L I4', 'FWD', 'CVT', G, 3),
    ],
  },
  {
    make: 'Toyota', model: 'Camry', body: 'Sedan', from: 2013, weight: 1.5, doors: 4, seats: 5, tags: [],
    vin: { wmi: ['4T1'], vds: ['B11HK', 'G11AK', 'K61AK', 'BF1FK'], plants: 'UR' },
    trims: [
      t('SE', 36_000, '2.5L I4', 'FWD', A, G, 1),
      t('XSE', 42_000, '2.5L I4', 'AWD', A, G, 3, { from: 2021 }),
      t('Hybrid SE', 38_000, '2.5L I4 Hybrid', 'FWD', 'CVT', 'Hybrid', 2),
    ],
  },
  {
    make: 'Hyundai', model: 'Elantra', body: 'Sedan', from: 2013, weight: 3, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['KMH', '5NP'], vds: ['D84LF', 'D74LF', 'LM4AG', 'LS4AG'], plants: 'UH' },
    trims: [
      t('Essential', 24_000, '2.0L I4', 'FWD', 'CVT', G, 0, { from: 2021 }),
      t('Preferred', 27_000, '2.0L I4', 'FWD', 'CVT', G, 1, { from: 2021 }),
      t('GL', 20_000, '2.0L I4', 'FWD', A, G, 1, { to: 2020 }),
      t('Luxury', 31_000, '2.0L I4', 'FWD', 'CVT', G, 2, { from: 2021 }),
      t('Hybrid Ultimate', 35_000, '1.6L I4 Hybrid', 'FWD', A, 'Hybrid', 3, { from: 2021 }),
      t('N', 41_000, '2.0L I4 Turbo', 'FWD', 'Manual', G, 3, { from: 2022 }),
    ],
  },
  {
    make: 'Kia', model: 'Forte', body: 'Sedan', from: 2014, to: 2025, weight: 1.5, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['3KP', 'KNA'], vds: ['F24AD', 'F34AD', 'FX4AD'], plants: 'EM' },
    trims: [
      t('LX', 23_000, '2.0L I4', 'FWD', 'CVT', G, 0),
      t('EX', 26_000, '2.0L I4', 'FWD', 'CVT', G, 1),
      t('GT-Line', 28_000, '2.0L I4', 'FWD', 'CVT', G, 2, { from: 2019 }),
    ],
  },
  {
    make: 'Mazda', model: 'Mazda3', body: 'Sedan', from: 2013, weight: 2, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['3MZ', 'JM1'], vds: ['BPACL', 'BPBCM', 'BN1V7', 'BM1L7'], plants: 'M1' },
    trims: [
      t('GS', 28_000, '2.5L I4 Skyactiv-G', 'FWD', A, G, 1),
      t('GT', 33_000, '2.5L I4 Skyactiv-G', 'AWD', A, G, 3, { from: 2020 }),
      t('GS', 21_000, '2.0L I4 Skyactiv-G', 'FWD', 'Manual', G, 1, { to: 2018 }),
    ],
  },
  {
    make: 'Mazda', model: 'Mazda3 Sport', body: 'Hatchback', from: 2013, weight: 1.2, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['JM1', '3MZ'], vds: ['BPAMM', 'BPBML', 'BM1K7'], plants: '1M' },
    trims: [
      t('GS', 29_000, '2.5L I4 Skyactiv-G', 'FWD', A, G, 1),
      t('GT', 35_000, '2.5L I4 Skyactiv-G', 'AWD', A, G, 3, { from: 2020 }),
      t('GT', 34_000, '2.5L I4 Skyactiv-G', 'FWD', 'Manual', G, 3),
    ],
  },
  {
    make: 'Nissan', model: 'Sentra', body: 'Sedan', from: 2013, weight: 1, doors: 4, seats: 5, tags: ['economy'],
    vin: { wmi: ['3N1'], vds: ['AB8CV', 'AB7AP', 'AB8DV'], plants: 'LY' },
    trims: [
      t('S', 23_000, '2.0L I4', 'FWD', 'CVT', G, 0, { from: 2020 }),
      t('SV', 25_000, '1.8L I4', 'FWD', 'CVT', G, 1, { to: 2019 }),
      t('SR', 28_000, '2.0L I4', 'FWD', 'CVT', G, 2, { from: 2020 }),
    ],
  },
  {
    make: 'Chevrolet', model: 'Malibu', body: 'Sedan', from: 2013, to: 2025, weight: 0.7, doors: 4, seats: 5, tags: [],
    vin: { wmi: ['1G1'], vds: ['ZD5ST', 'ZE5ST', 'ZB5ST'], plants: 'F' },
    trims: [
      t('LT', 33_000, '1.5L I4 Turbo', 'FWD', 'CVT', G, 1, { from: 2016 }),
      t('LT', 27_000, '2.5L I4', 'FWD', A, G, 1, { to: 2015 }),
    ],
  },
  {
    make: 'Ford', model: 'Mustang', body: 'Coupe', from: 2013, weight: 1, doors: 2, seats: 4, tags: ['sport'],
    vin: { wmi: ['1FA'], vds: ['6P8CF', '6P8TH', '6P8CL'], plants: '5' },
    trims: [
      t('EcoBoost Premium', 42_000, '2.3L I4 EcoBoost', 'RWD', A, G, 2, { from: 2015 }),
      t('GT', 54_000, '5.0L V8', 'RWD', 'Manual', G, 3),
      t('GT Premium', 60_000, '5.0L V8', 'RWD', A, G, 3),
      t('V6', 28_000, '3.7L V6', 'RWD', A, G, 0, { to: 2017 }),
    ],
  },
  {
    make: 'Ford', model: 'Mustang Convertible', body: 'Convertible', from: 2013, weight: 0.35, doors: 2, seats: 4, tags: ['sport'],
    vin: { wmi: ['1FA'], vds: ['TP8UH', '6P8UH', 'TP8FF'], plants: '5' },
    trims: [
      t('EcoBoost Premium', 48_000, '2.3L I4 EcoBoost', 'RWD', A, G, 2, { from: 2015 }),
      t('GT Premium', 66_000, '5.0L V8', 'RWD', A, G, 3),
    ],
  },
  {
    make: 'Mazda', model: 'MX-5', body: 'Convertible', from: 2013, weight: 0.35, doors: 2, seats: 2, tags: ['sport'],
    vin: { wmi: ['JM1'], vds: ['NDAD7', 'NDAL7', 'NCAB3'], plants: '0' },
    trims: [
      t('GS', 38_000, '2.0L I4 Skyactiv-G', 'RWD', 'Manual', G, 1),
      t('GT', 44_000, '2.0L I4 Skyactiv-G', 'RWD', A, G, 3),
    ],
  },
  {
    make: 'Chevrolet', model: 'Camaro', body: 'Coupe', from: 2013, to: 2024, weight: 0.5, doors: 2, seats: 4, tags: ['sport'],
    vin: { wmi: ['1G1'], vds: ['FF1R7', 'FB1RX', 'FH1R7'], plants: '0' },
    trims: [
      t('1LT', 34_000, '2.0L I4 Turbo', 'RWD', A, G, 1, { from: 2016 }),
      t('SS', 52_000, '6.2L V8', 'RWD', 'Manual', G, 3),
    ],
  },
  {
    make: 'Dodge', model: 'Charger', body: 'Sedan', from: 2013, to: 2023, weight: 0.6, doors: 4, seats: 5, tags: ['sport'],
    vin: { wmi: ['2C3'], vds: ['CDXJG', 'CDXHG', 'CDXCT'], plants: 'H' },
    trims: [
      t('GT AWD', 44_000, '3.6L V6 Pentastar', 'AWD', A, G, 1),
      t('R/T', 50_000, '5.7L V8 HEMI', 'RWD', A, G, 2),
      t('Scat Pack', 58_000, '6.4L V8 HEMI', 'RWD', A, G, 3, { from: 2015 }),
    ],
  },
  // ---- Minivans and vans.
  {
    make: 'Dodge', model: 'Grand Caravan', body: 'Minivan', from: 2013, to: 2020, weight: 1.5, doors: 4, seats: 7, tags: ['family'],
    vin: { wmi: ['2C4'], vds: ['RDGBG', 'RDGCG', 'RDGEG'], plants: 'R' },
    trims: [
      t('SXT', 34_000, '3.6L V6 Pentastar', 'FWD', A, G, 1),
      t('Crew Plus', 40_000, '3.6L V6 Pentastar', 'FWD', A, G, 2, { from: 2016 }),
    ],
  },
  {
    make: 'Chrysler', model: 'Grand Caravan', body: 'Minivan', from: 2021, weight: 1, doors: 4, seats: 7, tags: ['family'],
    vin: { wmi: ['2C4'], vds: ['RC1CG', 'RC1DG'], plants: 'R' },
    trims: [
      t('SXT', 46_000, '3.6L V6 Pentastar', 'FWD', A, G, 1),
    ],
  },
  {
    make: 'Chrysler', model: 'Pacifica', body: 'Minivan', from: 2017, weight: 1.5, doors: 4, seats: 7, tags: ['family'],
    vin: { wmi: ['2C4'], vds: ['RC1BG', 'RC1GG', 'RC1L7'], plants: 'R' },
    trims: [
      t('Touring L', 52_000, '3.6L V6 Pentastar', 'FWD', A, G, 1),
      t('Limited AWD', 62_000, '3.6L V6 Pentastar', 'AWD', A, G, 3, { from: 2021 }),
      t('Hybrid Limited', 66_000, '3.6L V6 Plug-in Hybrid', 'FWD', A, 'Plug-in Hybrid', 3),
    ],
  },
  {
    make: 'Toyota', model: 'Sienna', body: 'Minivan', from: 2013, weight: 1.2, doors: 4, seats: 8, tags: ['family'],
    vin: { wmi: ['5TD'], vds: ['KRKEC', 'YZ3DC', 'JZ3DC', 'DSKFC'], plants: 'S' },
    trims: [
      t('LE', 40_000, '3.5L V6', 'AWD', A, G, 1, { to: 2020 }),
      t('XLE', 46_000, '3.5L V6', 'AWD', A, G, 2, { to: 2020 }),
      t('LE', 48_000, '2.5L I4 Hybrid', 'AWD', 'CVT', 'Hybrid', 1, { from: 2021 }),
      t('XSE', 56_000, '2.5L I4 Hybrid', 'AWD', 'CVT', 'Hybrid', 2, { from: 2021 }),
      t('Limited', 64_000, '2.5L I4 Hybrid', 'AWD', 'CVT', 'Hybrid', 3, { from: 2021 }),
    ],
  },
  {
    make: 'Honda', model: 'Odyssey', body: 'Minivan', from: 2013, weight: 1.2, doors: 4, seats: 8, tags: ['family'],
    vin: { wmi: ['5FN'], vds: ['RL6H5', 'RL6H8', 'RL5H6'], plants: 'B' },
    trims: [
      t('EX', 48_000, '3.5L V6', 'FWD', A, G, 1),
      t('EX-L', 53_000, '3.5L V6', 'FWD', A, G, 2),
      t('Touring', 59_000, '3.5L V6', 'FWD', A, G, 3),
    ],
  },
  {
    make: 'Kia', model: 'Carnival', body: 'Minivan', from: 2022, weight: 0.7, doors: 4, seats: 8, tags: ['family'],
    vin: { wmi: ['KND'], vds: ['NB4H3', 'NC4H3', 'NE4H3'], plants: '5' },
    trims: [
      t('EX', 48_000, '3.5L V6', 'FWD', A, G, 1),
      t('SX', 54_000, '3.5L V6', 'FWD', A, G, 3),
    ],
  },
  {
    make: 'Ford', model: 'Transit', body: 'Van', from: 2015, weight: 1, doors: 3, seats: 2, tags: ['commercial'],
    vin: { wmi: ['1FT'], vds: ['BR2CG', 'BR2CM', 'YR2CM'], plants: 'K' },
    trims: [
      t('250 Cargo High Roof', 62_000, '3.5L V6 PFDi', 'RWD', A, G, 0),
      t('250 Cargo Medium Roof AWD', 66_000, '3.5L V6 PFDi', 'AWD', A, G, 1, { from: 2020 }),
      t('350 Passenger XLT', 72_000, '3.5L V6 EcoBoost', 'RWD', A, G, 2),
    ],
  },
  {
    make: 'RAM', model: 'ProMaster', body: 'Van', from: 2014, weight: 0.6, doors: 3, seats: 2, tags: ['commercial'],
    vin: { wmi: ['3C6'], vds: ['TRVDG', 'LRVDG', 'URVJG'], plants: 'E' },
    trims: [
      t('2500 High Roof 159 WB', 60_000, '3.6L V6 Pentastar', 'FWD', A, G, 0),
    ],
  },
  {
    make: 'Chevrolet', model: 'Express', body: 'Van', from: 2013, weight: 0.4, doors: 3, seats: 2, tags: ['commercial'],
    vin: { wmi: ['1GC'], vds: ['WGAFP', 'WGBFP', 'WGAF7'], plants: '1' },
    trims: [
      t('2500 Cargo', 56_000, '6.6L V8', 'RWD', A, G, 0, { from: 2021 }),
      t('2500 Cargo', 44_000, '4.8L V8', 'RWD', A, G, 0, { to: 2017 }),
      t('2500 Cargo', 50_000, '6.0L V8', 'RWD', A, G, 0, { from: 2018, to: 2020 }),
    ],
  },
  // ---- A few premium SUVs.
  {
    make: 'BMW', model: 'X3', body: 'SUV', from: 2013, weight: 0.8, doors: 4, seats: 5, tags: ['premium'],
    vin: { wmi: ['5UX'], vds: ['TY5C0', 'TR9C5', 'WX9C5'], plants: 'L9' },
    trims: [
      t('xDrive30i', 60_000, '2.0L I4 TwinPower Turbo', 'AWD', A, G, 2),
      t('M40i', 76_000, '3.0L I6 TwinPower Turbo', 'AWD', A, G, 3, { from: 2018 }),
    ],
  },
  {
    make: 'BMW', model: 'X5', body: 'SUV', from: 2013, weight: 0.6, doors: 4, seats: 5, tags: ['premium'],
    vin: { wmi: ['5UX'], vds: ['CR6C5', 'CR6C0', 'KR0C5'], plants: 'L9' },
    trims: [
      t('xDrive40i', 86_000, '3.0L I6 TwinPower Turbo', 'AWD', A, G, 2, { from: 2019 }),
      t('xDrive35i', 68_000, '3.0L I6 TwinPower Turbo', 'AWD', A, G, 2, { to: 2018 }),
      t('xDrive50e', 96_000, '3.0L I6 Plug-in Hybrid', 'AWD', A, 'Plug-in Hybrid', 3, { from: 2024 }),
    ],
  },
  {
    make: 'Audi', model: 'Q5', body: 'SUV', from: 2013, weight: 0.8, doors: 4, seats: 5, tags: ['premium'],
    vin: { wmi: ['WA1'], vds: ['BNAFY', 'ANAFY', 'L2AFP', 'BNBFY'], plants: '2M' },
    trims: [
      t('Komfort 45 TFSI quattro', 56_000, '2.0L I4 TFSI', 'AWD', A, G, 1, { from: 2018 }),
      t('Progressiv 45 TFSI quattro', 62_000, '2.0L I4 TFSI', 'AWD', A, G, 2, { from: 2018 }),
      t('Technik 2.0T quattro', 52_000, '2.0L I4 TFSI', 'AWD', A, G, 3, { to: 2017 }),
    ],
  },
  {
    make: 'Lexus', model: 'RX', body: 'SUV', from: 2013, weight: 0.8, doors: 4, seats: 5, tags: ['premium'],
    vin: { wmi: ['2T2'], vds: ['HZMDA', 'BZMCA', 'AAAB9', 'ZZMCA'], plants: 'CW' },
    trims: [
      t('350 AWD', 68_000, '3.5L V6', 'AWD', A, G, 2, { to: 2022 }),
      t('350 AWD', 70_000, '2.4L I4 Turbo', 'AWD', A, G, 2, { from: 2023 }),
      t('450h+ Luxury', 90_000, '2.5L I4 Plug-in Hybrid', 'AWD', 'CVT', 'Plug-in Hybrid', 3, { from: 2024 }),
      t('450h F Sport', 80_000, '3.5L V6 Hybrid', 'AWD', 'CVT', 'Hybrid', 3, { to: 2022 }),
    ],
  },
  {
    make: 'Mercedes-Benz', model: 'GLC', body: 'SUV', from: 2016, weight: 0.8, doors: 4, seats: 5, tags: ['premium'],
    vin: { wmi: ['W1N', 'WDC'], vds: ['0G8EB', '0J8EB', '0G4KB'], plants: 'FV' },
    trims: [
      t('300 4MATIC', 62_000, '2.0L I4 Turbo', 'AWD', A, G, 2),
      t('AMG 43 4MATIC', 80_000, '3.0L V6 Biturbo', 'AWD', A, G, 3, { from: 2017, to: 2023 }),
    ],
  },
  // ---- Electric.
  {
    make: 'Tesla', model: 'Model 3', body: 'Sedan', from: 2018, weight: 1, doors: 4, seats: 5, tags: ['ev'],
    vin: { wmi: ['5YJ', 'LRW'], vds: ['3E1EA', '3E1EB', '3E1EC'], plants: 'FC' },
    trims: [
      t('Rear-Wheel Drive', 54_000, 'Single Motor Electric', 'RWD', A, 'Electric', 1, { from: 2021 }),
      t('Long Range AWD', 62_000, 'Dual Motor Electric', 'AWD', A, 'Electric', 2),
      t('Performance', 72_000, 'Dual Motor Electric', 'AWD', A, 'Electric', 3),
    ],
  },
  {
    make: 'Tesla', model: 'Model Y', body: 'SUV', from: 2020, weight: 1.2, doors: 4, seats: 5, tags: ['ev'],
    vin: { wmi: ['7SA', '5YJ'], vds: ['YGDEE', 'YGDEF', 'YGAEE'], plants: 'FA' },
    trims: [
      t('Long Range AWD', 66_000, 'Dual Motor Electric', 'AWD', A, 'Electric', 2),
      t('Performance', 74_000, 'Dual Motor Electric', 'AWD', A, 'Electric', 3),
      t('Rear-Wheel Drive', 58_000, 'Single Motor Electric', 'RWD', A, 'Electric', 1, { from: 2023 }),
    ],
  },
  {
    make: 'Ford', model: 'Mustang Mach-E', body: 'SUV', from: 2021, weight: 0.5, doors: 4, seats: 5, tags: ['ev'],
    vin: { wmi: ['3FM'], vds: ['TK3SU', 'TK4SE', 'TK3RU'], plants: 'M' },
    trims: [
      t('Select AWD', 58_000, 'Dual Motor Electric', 'AWD', A, 'Electric', 1),
      t('Premium AWD Extended Range', 68_000, 'Dual Motor Electric', 'AWD', A, 'Electric', 2),
    ],
  },
  {
    make: 'Chevrolet', model: 'Bolt EV', body: 'Hatchback', from: 2017, to: 2023, weight: 0.5, doors: 4, seats: 5, tags: ['ev'],
    vin: { wmi: ['1G1'], vds: ['FY6S0', 'FZ6S0', 'FW6S0'], plants: '4' },
    trims: [
      t('LT', 40_000, 'Single Motor Electric', 'FWD', A, 'Electric', 1),
      t('Premier', 46_000, 'Single Motor Electric', 'FWD', A, 'Electric', 3),
    ],
  },
];

/** Trims of a model that existed in a given model year. */
export function trimsFor(model: ModelSpec, year: number): Trim[] {
  return model.trims.filter((tr) => (tr.from ?? -Infinity) <= year && year <= (tr.to ?? Infinity));
}

/** Whether a model was sold in a model year (its line must also have a trim for that year). */
export function modelExists(model: ModelSpec, year: number): boolean {
  return model.from <= year && year <= (model.to ?? Infinity) && trimsFor(model, year).length > 0;
}
