// Bounds on free-form JSON (issue 15 item 9, ASVS 5.0 1.5 "safe deserialisation"): a request body nested
// thousands of levels deep must be a 400, never a stack overflow (a 500) in whatever walks it next
// (JSON.stringify in a refine, a serializer, a recursive copy). The body parser refuses deep documents before
// parsing them (server/plugins/body.ts); schemas of free-form fields bound their own depth and size.

/** Deepest nesting of objects and arrays a request body may have. Every form of the site needs fewer than 8. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read in one pass over the characters (brackets
 * inside strings do not count). Malformed text is left to the parser.
 */
export function jsonTextTooDeep(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Whether a parsed value nests objects and arrays deeper than `max`; iterative, so any depth is safe to ask about. */
export function jsonValueTooDeep(value: unknown, max: number): boolean {
  const stack: { v: unknown; d: number }[] = [{ v: value, d: 0 }];
  while (stack.length) {
    const { v, d } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push({ v: child, d: d + 1 });
  }
  return false;
}

/**
 * A check for a free-form JSON field: at most `maxDepth` levels and `maxChars` characters as JSON. The depth is
 * checked first, so the size check (JSON.stringify) never meets a value deep enough to overflow the stack.
 */
export function fitsJson(value: unknown, maxDepth: number, maxChars: number): boolean {
  if (jsonValueTooDeep(value, maxDepth)) return false;
  return JSON.stringify(value).length <= maxChars;
}
