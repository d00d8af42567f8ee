import { describe, expect, it } from 'vitest';
import { blogQuerySchema, contentInputSchema, countWords, isPubliclyVisible, readingTimeOf, slugify, SLUG_PATTERN } from './content';

describe('slugify', () => {
  it('makes readable, pattern-valid slugs from titles', () => {
    expect(slugify('Financing a Car with Bad Credit in Alberta')).toBe('financing-a-car-with-bad-credit-in-alberta');
    expect(slugify("  Édmonton vs. Calgary: Winter Driving & You! ")).toBe('edmonton-vs-calgary-winter-driving-and-you');
    expect(slugify("Don't skip the inspection")).toBe('dont-skip-the-inspection');
    expect(slugify('---')).toBe('');
    for (const t of ['A  B', 'GST — new vs used', '2025 EV: charging?']) expect(slugify(t)).toMatch(SLUG_PATTERN);
  });
  it('stays within 120 characters without a trailing hyphen', () => {
    const s = slugify('word '.repeat(60));
    expect(s.length).toBeLessThanOrEqual(120);
    expect(s).toMatch(SLUG_PATTERN);
  });
});

describe('reading time', () => {
  it('counts words, not Markdown syntax or link targets', () => {
    expect(countWords('## Hello world\n\n- [our lot](https://example.com/a/b/c) **now**\n\n![alt text](/x.png)')).toBe(5);
  });
  it('is whole minutes at 220 words a minute, at least one', () => {
    expect(readingTimeOf('')).toBe(1);
    expect(readingTimeOf('word '.repeat(220))).toBe(1);
    expect(readingTimeOf('word '.repeat(221))).toBe(2);
    expect(readingTimeOf('word '.repeat(1100))).toBe(5);
  });
});

describe('isPubliclyVisible', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('hides drafts and entries whose date has not come', () => {
    expect(isPubliclyVisible({ status: 'draft', publishedAt: '2026-01-01T00:00:00Z' }, now)).toBe(false);
    expect(isPubliclyVisible({ status: 'published', publishedAt: null }, now)).toBe(false);
    expect(isPubliclyVisible({ status: 'scheduled', publishedAt: '2026-06-01T12:00:01Z' }, now)).toBe(false);
  });
  it('shows published and due scheduled entries', () => {
    expect(isPubliclyVisible({ status: 'published', publishedAt: '2026-06-01T12:00:00Z' }, now)).toBe(true);
    expect(isPubliclyVisible({ status: 'scheduled', publishedAt: new Date('2026-05-01T00:00:00Z') }, now)).toBe(true);
  });
});

describe('input schemas', () => {
  it('rejects a bad page and a bad category slug with messages naming the field', () => {
    expect(blogQuerySchema.safeParse({ page: '0' }).error?.issues[0]?.message).toBe('page must be at least 1');
    expect(blogQuerySchema.safeParse({ category: 'Bad Slug!' }).error?.issues[0]?.message).toMatch(/slug may use/);
    expect(blogQuerySchema.parse({})).toEqual({ page: 1 });
  });
  it('refuses a cover outside our uploads and an over-long title', () => {
    expect(contentInputSchema.safeParse({ kind: 'post', title: 'Ok title', coverImage: 'javascript:alert(1)' }).success).toBe(false);
    expect(contentInputSchema.safeParse({ kind: 'post', title: 'Ok title', coverImage: 'https://evil.example/x.png' }).success).toBe(false);
    expect(contentInputSchema.safeParse({ kind: 'post', title: 'x'.repeat(161) }).success).toBe(false);
    expect(contentInputSchema.parse({ kind: 'post', title: 'Ok title', coverImage: '/uploads/covers/a-1280.webp' }).coverImage).toBe('/uploads/covers/a-1280.webp');
  });
});
