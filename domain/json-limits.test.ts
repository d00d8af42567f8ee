import { describe, expect, it } from 'vitest';
import { fitsJson, jsonTextTooDeep, jsonValueTooDeep } from './json-limits';

describe('JSON bounds (issue 15 item 9)', () => {
  it('measures the nesting of JSON text, not counting brackets inside strings', () => {
    expect(jsonTextTooDeep('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonTextTooDeep('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonTextTooDeep(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonTextTooDeep(JSON.stringify({ a: 'quote \\" and [[[[' }), 1)).toBe(false);
    expect(jsonTextTooDeep('[]'.repeat(1000), 1)).toBe(false);
    expect(jsonTextTooDeep('['.repeat(100_000), 32)).toBe(true);
  });

  it('measures a parsed value at any depth without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonValueTooDeep(deep, 32)).toBe(true);
    expect(jsonValueTooDeep({ a: { b: [1] } }, 3)).toBe(false);
    expect(jsonValueTooDeep({ a: { b: [{}] } }, 3)).toBe(true);
    expect(jsonValueTooDeep('text', 0)).toBe(false);
  });

  it('bounds a free-form field by depth first, then by size', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(fitsJson(deep, 4, 4000)).toBe(false); // JSON.stringify would overflow the stack here
    expect(fitsJson({ name: 'Sam' }, 4, 4000)).toBe(true);
    expect(fitsJson({ name: 'x'.repeat(5000) }, 4, 4000)).toBe(false);
  });
});
