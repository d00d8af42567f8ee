// issue 57 §2 and §4: the disclosures as one line, and a vehicle with none answered.
import { describe, expect, it } from 'vitest';
import { AMVIC_DISCLOSURE_KEYS, disclosureSummaryLine, noDisclosuresAnswered, type AmvicDisclosures } from './amvic-disclosure-rules';

describe('disclosureSummaryLine', () => {
  it('counts the answers, leaving out what is not there', () => {
    const answers: AmvicDisclosures = Object.fromEntries(AMVIC_DISCLOSURE_KEYS.slice(0, 12).map((k) => [k, 'no']));
    expect(disclosureSummaryLine(answers)).toBe(`${AMVIC_DISCLOSURE_KEYS.length} history questions: 12 no, ${AMVIC_DISCLOSURE_KEYS.length - 12} not answered`);
    answers[AMVIC_DISCLOSURE_KEYS[0]!] = 'yes';
    answers[AMVIC_DISCLOSURE_KEYS[1]!] = 'unknown';
    expect(disclosureSummaryLine(answers)).toBe(`${AMVIC_DISCLOSURE_KEYS.length} history questions: 1 yes, 10 no, 1 unknown, ${AMVIC_DISCLOSURE_KEYS.length - 12} not answered`);
  });
  it('none answered is its own case; one answer is not', () => {
    expect(noDisclosuresAnswered({})).toBe(true);
    expect(noDisclosuresAnswered({ [AMVIC_DISCLOSURE_KEYS[0]!]: 'unknown' })).toBe(false);
  });
});
