// Text rules of the feeds page. Kept here, not in lib/format: what the entry chunk holds, every shopper downloads.

/**
 * Text as a sentence: one full stop at the end, none added after one already there. A time such as "7:26 a.m." ends
 * in its own full stop, which a template's "." once doubled ("7:26 a.m..", issue 57).
 */
export function withFullStop(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}
