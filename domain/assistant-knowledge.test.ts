import { describe, expect, it } from 'vitest';
import { dealershipClock, displacement, isFuelEfficient, isTowCapable, openAt, rateTierFor, suitsNewDriver } from './assistant-knowledge';

describe('what the assistant knows (issue 20)', () => {
  it('reads the engine displacement the record holds, and nothing when it holds none', () => {
    expect(displacement('2.0L I4 Turbo')).toBe(2);
    expect(displacement('1.5L I4')).toBe(1.5);
    expect(displacement('Dual Motor')).toBeNull();
    expect(displacement(null)).toBeNull();
  });

  it('"good on gas": electrified or 2.0 L or less, never a pickup or a van', () => {
    expect(isFuelEfficient({ fuelType: 'Hybrid', engine: '2.5L I4 Hybrid', bodyType: 'SUV' })).toBe(true);
    expect(isFuelEfficient({ fuelType: 'Gasoline', engine: '2.0L I4', bodyType: 'Sedan' })).toBe(true);
    expect(isFuelEfficient({ fuelType: 'Gasoline', engine: '2.5L I4', bodyType: 'Sedan' })).toBe(false);
    expect(isFuelEfficient({ fuelType: 'Electric', engine: null, bodyType: 'Truck' })).toBe(false);
    expect(isFuelEfficient({ fuelType: 'Hybrid', engine: '2.5L I4 Hybrid', bodyType: 'Truck' })).toBe(false);
    expect(isFuelEfficient({ fuelType: 'Gasoline', engine: null, bodyType: 'Hatchback' })).toBe(false);
  });

  it('towing: a pickup, or what the record lists', () => {
    expect(isTowCapable({ bodyType: 'Truck', features: [] })).toBe(true);
    expect(isTowCapable({ bodyType: 'SUV', features: ['Tow Package'] })).toBe(true);
    expect(isTowCapable({ bodyType: 'SUV', features: ['Heated Seats'] })).toBe(false);
  });

  it('a new driver: a modest recent car, not a pickup or a big engine', () => {
    expect(suitsNewDriver({ bodyType: 'Sedan', engine: '2.0L I4', price: 18_000, year: 2018, fuelType: 'Gasoline' })).toBe(true);
    expect(suitsNewDriver({ bodyType: 'Truck', engine: '2.0L I4', price: 18_000, year: 2018, fuelType: 'Gasoline' })).toBe(false);
    expect(suitsNewDriver({ bodyType: 'Sedan', engine: '3.6L V6', price: 18_000, year: 2018, fuelType: 'Gasoline' })).toBe(false);
    expect(suitsNewDriver({ bodyType: 'Sedan', engine: '2.0L I4', price: 25_001, year: 2018, fuelType: 'Gasoline' })).toBe(false);
  });

  it('opening hours at a day and time, per store, from opening up to closing', () => {
    expect(openAt(0, 9 * 60).open).toBe(false); // Sunday 9 AM: opens at 10
    expect(openAt(0, 10 * 60).open).toBe(true);
    expect(openAt(0, 17 * 60).open).toBe(false); // closes at 5
    expect(openAt(6, 17 * 60 + 59).open).toBe(true); // Saturday 5:59 PM
    expect(openAt(3, 20 * 60 + 30, 'Calgary')).toMatchObject({ open: true, perStore: [{ city: 'Calgary', open: true }] });
    expect(openAt(3, 20 * 60).dayName).toBe('Wednesday');
  });

  it('reads an instant in Alberta time: UTC-7 last winter, UTC-6 since March 2026 for good (tzdata 2026c)', () => {
    expect(dealershipClock(new Date('2026-01-11T15:00:00Z'))).toEqual({ day: 0, minutes: 8 * 60 }); // MST
    expect(dealershipClock(new Date('2026-07-05T15:00:00Z'))).toEqual({ day: 0, minutes: 9 * 60 });
    expect(dealershipClock(new Date('2026-11-22T15:00:00Z'))).toEqual({ day: 0, minutes: 9 * 60 }); // no fall-back
  });

  it('rate tiers of spec §9 by score, none outside 300-850', () => {
    expect(rateTierFor(480)?.rate).toBe(23.99);
    expect(rateTierFor(500)?.rate).toBe(14.99);
    expect(rateTierFor(599)?.rate).toBe(14.99);
    expect(rateTierFor(600)?.rate).toBe(8.99);
    expect(rateTierFor(250)).toBeNull();
    expect(rateTierFor(900)).toBeNull();
  });
});
