// A lead's form data in words (issue 21): no raw keys, no `true`, no synthesized chat address, no ISO timestamps.
import { describe, expect, it } from 'vitest';
import { formatLeadDate, leadFacts, realEmail, tradeVehicleText } from './lead-facts';

describe('leadFacts', () => {
  it('words a chat lead: started in chat, when (Edmonton time), and no e-mail given', () => {
    const facts = leadFacts(
      { name: 'Priya', chatInitiated: true, timestamp: '2026-07-26T14:51:00.000Z', synthesizedEmail: '7805550142@chat.carbro.invalid' },
      { name: 'Priya', email: null },
    );
    expect(facts).toEqual([
      { label: 'How it started', value: 'Started in chat' },
      { label: 'Chat started', value: 'Jul 26, 2026, 8:51 a.m. Alberta time' },
      { label: 'E-mail', value: 'No e-mail given (chat)' },
    ]);
    const text = JSON.stringify(facts);
    expect(text).not.toMatch(/chatInitiated|true|invalid|T14:51/);
  });

  it('words an appraisal and other fields, leaving out empty and nested values', () => {
    expect(leadFacts({ purpose: 'trade-in', estimateLow: 8_000, estimateHigh: 9_500, comparableCount: 4, preferredContactTime: 'evenings', note: '', extra: { a: 1 } }, { name: 'Tom', email: 'tom@example.ca' })).toEqual([
      { label: 'Wants to', value: 'Trade the vehicle in' },
      { label: 'Estimate shown', value: '$8,000 – $9,500' },
      { label: 'Comparable vehicles used', value: '4' },
      { label: 'Preferred contact time', value: 'evenings' },
    ]);
    expect(leadFacts({ purpose: 'sell', estimateLow: null, estimateHigh: null }, { name: '', email: null })).toEqual([
      { label: 'Wants to', value: 'Sell the vehicle to us' },
      { label: 'Estimate shown', value: 'None (no comparable vehicles)' },
    ]);
  });

  it('shows dates in Alberta time, named in words rather than by a zone abbreviation', () => {
    expect(formatLeadDate('2026-07-01T18:05:00Z')).toBe('Jul 1, 2026, 12:05 p.m. Alberta time');
    expect(formatLeadDate('2026-01-15T18:05:00Z')).toBe('Jan 15, 2026, 11:05 a.m. Alberta time');
    // After 2026-11-01 Alberta stays on UTC-6 (tzdata 2026c): 18:05 UTC is 12:05 p.m., not 11:05 a.m.
    expect(formatLeadDate('2026-11-27T18:05:00Z')).toBe('Nov 27, 2026, 12:05 p.m. Alberta time');
  });
});

describe('tradeVehicleText and realEmail', () => {
  it('gives year, make, model, trim and kilometres', () => {
    expect(tradeVehicleText({ year: 2015, make: 'Dodge', model: 'Grand Caravan', trim: 'SE', mileage: 180_000 })).toBe('2015 Dodge Grand Caravan SE, 180,000 km');
    expect(tradeVehicleText({ make: 'Ford', model: 'Focus' })).toBe('Ford Focus');
  });
  it('hides a synthesized chat address', () => {
    expect(realEmail('7805550142@chat.carbro.invalid')).toBeNull();
    expect(realEmail('tom@example.ca')).toBe('tom@example.ca');
  });
});
