// The API's schema of AMVIC's used-sale disclosures (issue 34 §5). The list and the rules that read the answers are
// in the zod-free amvic-disclosure-rules.ts, so the vehicle page can show them without loading zod; they are
// re-exported here so the server and the admin forms keep one import.
import { z } from 'zod';
import { AMVIC_DISCLOSURE_KEYS, DISCLOSURE_ANSWERS, type AmvicDisclosureKey } from './amvic-disclosure-rules';

export {
  AMVIC_DISCLOSURE_KEYS, AMVIC_DISCLOSURES, DISCLOSURE_ANSWER_LABELS, DISCLOSURE_ANSWERS, disclosureRows, disclosuresIncomplete,
  disclosuresRequired, readDisclosures, REQUIRED_DISCLOSURE_KEYS, unansweredDisclosures,
  type AmvicDisclosureItem, type AmvicDisclosureKey, type AmvicDisclosures, type DisclosureAnswer,
} from './amvic-disclosure-rules';

const answer = (key: string) => z.enum(DISCLOSURE_ANSWERS, { error: `amvicDisclosures.${key} must be yes, no or unknown` });

/** The API's shape: every key optional, unknown keys refused (a typo must not read as answered). */
export const amvicDisclosuresSchema = z.strictObject(
  Object.fromEntries(AMVIC_DISCLOSURE_KEYS.map((k) => [k, answer(k).optional()])) as Record<AmvicDisclosureKey, z.ZodOptional<ReturnType<typeof answer>>>,
  { error: (iss) => iss.code === 'unrecognized_keys' ? `amvicDisclosures has unknown items: ${iss.keys.join(', ')}` : 'amvicDisclosures must be an object' },
);
