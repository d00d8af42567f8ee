import { describe, expect, it } from 'vitest';
import { badgeText } from '@domain/constants';
import { formatClock, formatKm, formatNumber, formatPrice } from './format';
import { formatRelativeTime } from './relative-time';

// Intl may use narrow no-break spaces; compare with ordinary spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('format (en-CA, spec §1)', () => {
  it('formats prices in CAD without decimals', () => {
    expect(formatPrice(24995)).toBe('$24,995');
    expect(formatPrice(24995.6)).toBe('$24,996');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(150000)).toBe('$150,000');
  });

  it('formats kilometres', () => {
    expect(formatKm(45000)).toBe('45,000 km');
    expect(formatKm(0)).toBe('0 km');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('formats relative times as "... ago" (spec §2 notification bell)', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    expect(formatRelativeTime(new Date('2025-06-01T11:59:30Z'), now)).toBe('just now');
    expect(formatRelativeTime(new Date('2025-06-01T11:55:00Z'), now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2025-06-01T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatRelativeTime('2025-05-30T12:00:00Z', now)).toBe('2 days ago');
    expect(formatRelativeTime('2025-05-18T12:00:00Z', now)).toBe('2 weeks ago');
    expect(formatRelativeTime('2024-06-01T12:00:00Z', now)).toBe('1 year ago');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });

  it('formats opening hours kept in 24 h', () => {
    expect(plain(formatClock('09:00'))).toBe('9:00 a.m.');
    expect(plain(formatClock('21:00'))).toBe('9:00 p.m.');
    expect(plain(formatClock('17:30'))).toBe('5:30 p.m.');
  });

  it('writes every minute of the day as Intl.DateTimeFormat("en-CA") does', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    for (let minute = 0; minute < 24 * 60; minute++) {
      const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      expect(formatClock(hhmm), hhmm).toBe(plain(intl.format(new Date(Date.UTC(2000, 0, 1, 0, minute)))));
    }
    expect(formatClock('9:30')).toBe('9:30 a.m.');
    // Not a time of day: shown as it is rather than as a wrong time.
    expect(formatClock('25:00')).toBe('25:00');
    expect(formatClock('closed')).toBe('closed');
  });

  it('caps badge counts at 9+ (spec §9)', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(120)).toBe('9+');
  });
});
