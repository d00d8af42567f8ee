// Entity reading with wink-nlp and its lite English model (issue 20: "a real language toolkit where it helps").
// The model ships inside the npm package: nothing is downloaded at install or run time. It finds what fixed
// patterns read badly: ordinals ("the 2nd one", "third"), weekdays and relative days ("Sunday", "tomorrow"),
// clock times in their many spellings ("9am", "9 am", "8:30 pm"), and negation ("I don't want a truck").
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { WEEKDAYS } from '@domain/assistant-knowledge';

const nlp = winkNLP(model, ['sbd', 'negation', 'ner']);
const its = nlp.its;

export interface Entities {
  /** 0-based position from an ordinal ("second" → 1); "last" gives -1. */
  ordinal: number | null;
  /** A weekday named (0 = Sunday), or a relative day ("today" 0, "tomorrow" +1) to resolve against the clock. */
  weekday: number | null;
  relativeDay: number | null;
  /** Minutes after midnight of a clock time in the question. */
  minutes: number | null;
  /** "now", "right now", "currently", "still open". */
  asksNow: boolean;
  /** Normal forms of the words under a negation ("not a truck" → truck). */
  negated: Set<string>;
}

const ORDINAL_WORDS: Record<string, number> = {
  first: 0, second: 1, third: 2, fourth: 3, fifth: 4, sixth: 5, seventh: 6, eighth: 7, ninth: 8, tenth: 9,
};

function ordinalIndex(text: string): number | null {
  const t = text.toLowerCase();
  if (t in ORDINAL_WORDS) return ORDINAL_WORDS[t]!;
  const n = /^(\d+)(st|nd|rd|th)$/.exec(t);
  return n ? Number(n[1]) - 1 : null;
}

function timeMinutes(text: string): number | null {
  const t = text.toLowerCase().replace(/\./g, '');
  if (/\bnoon\b/.test(t)) return 12 * 60;
  if (/\bmidnight\b/.test(t)) return 0;
  const m = /(\d{1,2})(?::(\d{2}))?\s*(am|pm|a|p)?\b/.exec(t);
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  if (h > 23 || min > 59) return null;
  const half = m[3]?.[0];
  if (half === 'p' && h < 12) h += 12;
  if (half === 'a' && h === 12) h = 0;
  // "at 8" with no am/pm: a store question means business hours, so 1-7 is the afternoon or evening.
  if (!half && h >= 1 && h <= 7) h += 12;
  return h * 60 + min;
}

export function readEntities(question: string): Entities {
  const doc = nlp.readDoc(question);
  const out: Entities = { ordinal: null, weekday: null, relativeDay: null, minutes: null, asksNow: false, negated: new Set() };
  for (const e of doc.entities().out(its.detail) as unknown as { value: string; type: string }[]) {
    if (e.type === 'ORDINAL' && out.ordinal === null) out.ordinal = ordinalIndex(e.value);
    else if (e.type === 'DATE') {
      const v = e.value.toLowerCase();
      const day = WEEKDAYS.findIndex((d) => v.includes(d) || v.includes(d.slice(0, 3)));
      if (day >= 0 && out.weekday === null) out.weekday = day;
      else if (/\btoday\b|\btonight\b/.test(v)) out.relativeDay = 0;
      else if (/\btomorrow\b/.test(v)) out.relativeDay = 1;
    } else if (e.type === 'TIME' && out.minutes === null) out.minutes = timeMinutes(e.value);
  }
  const lower = question.toLowerCase();
  if (out.weekday === null) {
    // Short day names the model does not tag ("open sun?", "sat at 5").
    const short = /\b(sun|mon|tues?|wed|thu(?:rs?)?|fri|sat)\b/.exec(lower);
    if (short) out.weekday = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].indexOf(short[1]!.slice(0, 3));
  }
  if (out.relativeDay === null && out.weekday === null) {
    if (/\b(today|tonight|this (morning|afternoon|evening))\b/.test(lower)) out.relativeDay = 0;
    else if (/\btomorrow\b/.test(lower)) out.relativeDay = 1;
  }
  if (out.minutes === null) {
    const m = /\b(?:at|by|before|after|around|until|till)\s+(\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)?)(?!\s*(?:k|km|%|,\d|\d))/.exec(lower) ?? /\b(\d{1,2}(?::\d{2})?\s*(?:am|pm))\b/.exec(lower);
    if (m) out.minutes = timeMinutes(m[1]!);
  }
  if (/\blast one\b|\bthe last\b/.test(lower) && out.ordinal === null) out.ordinal = -1;
  out.asksNow = /\b(right now|now|currently|at the moment|still open)\b/.test(lower);
  const normals = doc.tokens().out(its.normal) as string[];
  const negs = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  normals.forEach((w, i) => { if (negs[i]) out.negated.add(w); });
  return out;
}
