import { describe, expect, it } from 'vitest';
import { appointmentRequestSchema, TIME_SLOTS, todayInDealershipZone } from './booking';

const now = () => new Date('2026-11-22T18:00:00Z');
const schema = appointmentRequestSchema(now);
const ok = { customerName: 'Sam', customerPhone: '(780) 555-0100', appointmentType: 'test_drive', preferredDate: '2026-11-22', preferredTime: '10:00 AM' };

describe('spec §5 booking validation', () => {
  it('has hourly slots 9 AM to 5 PM', () => {
    expect(TIME_SLOTS).toHaveLength(9);
    expect(TIME_SLOTS[0]).toBe('9:00 AM');
    expect(TIME_SLOTS.at(-1)).toBe('5:00 PM');
  });
  it('accepts today and fills defaults', () => {
    const r = schema.parse(ok);
    expect(r.vehicleInfo).toBe('General Consultation');
    expect(r.vehicleId).toBeNull();
  });
  it('refuses past dates, bad slots, types and missing fields', () => {
    expect(schema.safeParse({ ...ok, preferredDate: '2026-11-21' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, preferredDate: '2026-02-30' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, preferredTime: '8:00 AM' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, appointmentType: 'party' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, customerName: '  ' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, customerPhone: '123' }).success).toBe(false);
  });
  it('today is Edmonton today', () => {
    expect(todayInDealershipZone(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
  });
});
