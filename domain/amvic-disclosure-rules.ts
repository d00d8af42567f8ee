// AMVIC's written disclosures before a used sale (issue 34 §5). The one list of what a dealer must tell a buyer of a
// used vehicle in writing, read by the vehicle form, the API, the vehicle page, the deal worksheet, the dashboard
// flag and the feeds' rule. Source: Alberta's Consumer Protection Act, Automotive Business Regulation (Alta Reg
// 192/1999) s. 31.2, as AMVIC summarises it for dealers; see docs/decisions/022-amvic-disclosures.md for how the
// list was made and what could not be checked.
// No zod here: the vehicle page shows the disclosures to every shopper and must not load zod before an interaction
// (PERFORMANCE.md). The API's schema is in amvic-disclosures.ts, which re-exports all of this.
export const DISCLOSURE_ANSWERS = ['yes', 'no', 'unknown'] as const;
export type DisclosureAnswer = (typeof DISCLOSURE_ANSWERS)[number];

export const DISCLOSURE_ANSWER_LABELS: Record<DisclosureAnswer, string> = { yes: 'Yes', no: 'No', unknown: 'Unknown' };

export interface AmvicDisclosureItem {
  key: string;
  /** The question the admin answers on the vehicle form. */
  question: string;
  /** What a shopper reads next to the answer. */
  label: string;
}

/**
 * s. 31.2's items, one per answer (where the regulation groups several, e.g. "police, taxi, rental or emergency",
 * each is asked on its own: a buyer cares which one). Order: prior use, title brands, damage, history, odometer.
 */
export const AMVIC_DISCLOSURES = [
  { key: 'police', question: 'Was it previously used as a police vehicle?', label: 'Previously used as a police vehicle' },
  { key: 'taxi', question: 'Was it previously used as a taxi or limousine?', label: 'Previously used as a taxi or limousine' },
  { key: 'rental', question: 'Was it previously used as a daily rental vehicle?', label: 'Previously used as a daily rental vehicle' },
  { key: 'emergency', question: 'Was it previously used as an emergency vehicle?', label: 'Previously used as an emergency vehicle' },
  { key: 'salvage', question: 'Has it been registered as salvage?', label: 'Registered as salvage' },
  { key: 'nonRepairable', question: 'Has it been registered as non-repairable?', label: 'Registered as non-repairable' },
  { key: 'rebuilt', question: 'Has it been registered as rebuilt?', label: 'Registered as rebuilt' },
  { key: 'manufacturerBuyback', question: 'Was it bought back by its manufacturer?', label: 'Manufacturer buy-back' },
  { key: 'flood', question: 'Has it been damaged by flood?', label: 'Flood damage' },
  { key: 'fire', question: 'Has it been damaged by fire?', label: 'Fire damage' },
  { key: 'repairsOver3000', question: 'Has it had damage repairs costing more than $3,000?', label: 'Damage repairs over $3,000' },
  { key: 'structuralDamage', question: 'Has it had structural (frame or unibody) damage?', label: 'Structural damage' },
  { key: 'outOfProvince', question: 'Has it been registered outside Alberta?', label: 'Registered outside Alberta' },
  { key: 'odometer', question: 'Is the odometer reading inaccurate, or has the odometer been replaced or rolled back?', label: 'Odometer inaccurate, replaced or rolled back' },
  { key: 'warrantyCancelled', question: "Has the manufacturer's warranty been cancelled?", label: "Manufacturer's warranty cancelled" },
] as const satisfies readonly AmvicDisclosureItem[];

export type AmvicDisclosureKey = (typeof AMVIC_DISCLOSURES)[number]['key'];
export const AMVIC_DISCLOSURE_KEYS = AMVIC_DISCLOSURES.map((d) => d.key) as [AmvicDisclosureKey, ...AmvicDisclosureKey[]];

/** Answers by key; a key left out is unanswered, which is not "unknown" (the dealer has not said anything yet). */
export type AmvicDisclosures = Partial<Record<AmvicDisclosureKey, DisclosureAnswer>>;

/** Reads whatever is stored, keeping only known keys and answers (a removed item or a bad value reads as unanswered). */
export function readDisclosures(raw: unknown): AmvicDisclosures {
  const out: AmvicDisclosures = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const k of AMVIC_DISCLOSURE_KEYS) {
    const v = (raw as Record<string, unknown>)[k];
    if (typeof v === 'string' && (DISCLOSURE_ANSWERS as readonly string[]).includes(v)) out[k] = v as DisclosureAnswer;
  }
  return out;
}

/** The items not yet answered. */
export const unansweredDisclosures = (answers: AmvicDisclosures): AmvicDisclosureKey[] =>
  AMVIC_DISCLOSURE_KEYS.filter((k) => answers[k] === undefined);

/**
 * Disclosures are the dealer's duty before a used sale: a new vehicle needs none, and a private seller's listing is
 * not a dealer sale (AMVIC licenses businesses, not private sellers).
 */
export const disclosuresRequired = (v: { condition: string; sellerType?: string }) => v.condition === 'used' && (v.sellerType === undefined || v.sellerType === 'dealer');

/** A used dealer vehicle with any item unanswered: what the dashboard flags and the feeds' rule keeps out. */
export const disclosuresIncomplete = (v: { condition: string; sellerType?: string; amvicDisclosures: AmvicDisclosures }) =>
  disclosuresRequired(v) && unansweredDisclosures(v.amvicDisclosures).length > 0;

/** The rows a page shows: every item with its answer, or null when unanswered. */
export const disclosureRows = (answers: AmvicDisclosures) =>
  AMVIC_DISCLOSURES.map((d) => ({ key: d.key, label: d.label, answer: answers[d.key] ?? null }));

/** SQL fragment's list: the keys a complete record has (feeds and dashboard query jsonb with `?&`). */
export const REQUIRED_DISCLOSURE_KEYS: readonly string[] = AMVIC_DISCLOSURE_KEYS;

/**
 * The list as one line (issue 57 §2), for where fifteen rows would push what matters out of view:
 * "15 history questions: 12 no, 1 unknown, 2 not answered". Counts in the order yes, no, unknown, not answered;
 * zero counts are left out.
 */
export function disclosureSummaryLine(answers: AmvicDisclosures): string {
  const rows = disclosureRows(answers);
  const count = (a: DisclosureAnswer | null) => rows.filter((r) => r.answer === a).length;
  const parts = ([['yes', 'yes'], ['no', 'no'], ['unknown', 'unknown'], [null, 'not answered']] as const)
    .map(([a, label]) => [count(a), label] as const).filter(([n]) => n > 0).map(([n, label]) => `${n} ${label}`);
  return `${rows.length} history questions: ${parts.join(', ')}`;
}

/** None of the items answered: the page says so in one line with the store's phone, not as fifteen blank rows. */
export const noDisclosuresAnswered = (answers: AmvicDisclosures) => unansweredDisclosures(answers).length === AMVIC_DISCLOSURE_KEYS.length;
