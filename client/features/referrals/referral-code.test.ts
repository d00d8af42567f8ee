import { describe, expect, it } from 'vitest';
import { parseReferralCode } from './referral-code';

describe('parseReferralCode', () => {
  it('accepts short token codes, trimmed', () => {
    expect(parseReferralCode('ABC123')).toBe('ABC123');
    expect(parseReferralCode('  jane-doe_7 ')).toBe('jane-doe_7');
  });
  it('rejects a missing or odd code (spec §2: then the not-found page)', () => {
    expect(parseReferralCode(null)).toBeNull();
    expect(parseReferralCode('')).toBeNull();
    expect(parseReferralCode('<script>')).toBeNull();
    expect(parseReferralCode('x'.repeat(65))).toBeNull();
  });
});
