import { describe, expect, it } from 'vitest';
import { isSignedValue, signValue } from './signed-value';

describe('signed values', () => {
  const secret = 's'.repeat(40);
  it('accepts the proof of the value it was made for, and nothing else', () => {
    const proof = signValue(secret, 'trade-appraisal', 9_500);
    expect(isSignedValue(secret, 'trade-appraisal', 9_500, proof)).toBe(true);
    expect(isSignedValue(secret, 'trade-appraisal', 9_501, proof)).toBe(false);
    expect(isSignedValue(secret, 'another-purpose', 9_500, proof)).toBe(false);
    expect(isSignedValue('t'.repeat(40), 'trade-appraisal', 9_500, proof)).toBe(false);
    expect(isSignedValue(secret, 'trade-appraisal', 9_500, proof.slice(0, 20))).toBe(false);
    expect(isSignedValue(secret, 'trade-appraisal', 9_500, undefined)).toBe(false);
    expect(isSignedValue(secret, 'trade-appraisal', 9_500, '!!!not base64')).toBe(false);
  });
});
