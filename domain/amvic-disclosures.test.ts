// AMVIC's used-sale disclosures (issue 34 §5): unanswered is not "unknown", and only used dealer vehicles need them.
import { describe, expect, it } from 'vitest';
import {
  AMVIC_DISCLOSURE_KEYS, amvicDisclosuresSchema, disclosureRows, disclosuresIncomplete, readDisclosures, unansweredDisclosures,
} from './amvic-disclosures';

describe('AMVIC disclosures', () => {
  it('lists the items issue 34 names, each once', () => {
    expect(AMVIC_DISCLOSURE_KEYS).toEqual(expect.arrayContaining([
      'police', 'taxi', 'rental', 'emergency', 'salvage', 'nonRepairable', 'rebuilt', 'manufacturerBuyback', 'flood', 'fire', 'repairsOver3000', 'outOfProvince',
    ]));
    expect(new Set(AMVIC_DISCLOSURE_KEYS).size).toBe(AMVIC_DISCLOSURE_KEYS.length);
  });

  it('keeps unanswered apart from unknown', () => {
    const answers = { flood: 'unknown' as const };
    expect(unansweredDisclosures(answers)).not.toContain('flood');
    expect(unansweredDisclosures(answers)).toHaveLength(AMVIC_DISCLOSURE_KEYS.length - 1);
    expect(disclosureRows(answers).find((r) => r.key === 'flood')!.answer).toBe('unknown');
    expect(disclosureRows(answers).find((r) => r.key === 'fire')!.answer).toBeNull();
  });

  it('requires them of used dealer vehicles only', () => {
    const none = {};
    const all = Object.fromEntries(AMVIC_DISCLOSURE_KEYS.map((k) => [k, 'no']));
    expect(disclosuresIncomplete({ condition: 'used', sellerType: 'dealer', amvicDisclosures: none })).toBe(true);
    expect(disclosuresIncomplete({ condition: 'used', sellerType: 'dealer', amvicDisclosures: all })).toBe(false);
    expect(disclosuresIncomplete({ condition: 'new', sellerType: 'dealer', amvicDisclosures: none })).toBe(false);
    expect(disclosuresIncomplete({ condition: 'used', sellerType: 'private seller', amvicDisclosures: none })).toBe(false);
  });

  it('reads only known items and answers from storage, and the API refuses anything else', () => {
    expect(readDisclosures({ flood: 'yes', lemon: 'no', fire: 'maybe' })).toEqual({ flood: 'yes' });
    expect(readDisclosures(null)).toEqual({});
    expect(amvicDisclosuresSchema.safeParse({ flood: 'maybe' }).success).toBe(false);
    expect(amvicDisclosuresSchema.safeParse({ lemon: 'no' }).success).toBe(false);
    expect(amvicDisclosuresSchema.parse({ flood: 'no' })).toEqual({ flood: 'no' });
  });
});
