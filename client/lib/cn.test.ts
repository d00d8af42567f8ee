// cn() and the cut-down tailwind-merge configuration the client build gives it (scripts/tailwind-merge-config.ts,
// issue 35 §1): on the app's own classes it must merge exactly as tailwind-merge's full default does, or a page
// would look different in the browser from how the server drew it.
import { describe, expect, it } from 'vitest';
import { createTailwindMerge, fromTheme, twMerge, validators } from 'tailwind-merge';
import { appCandidates, configExpression, subsetConfig } from '../../scripts/tailwind-merge-config';
import { cn } from './cn';

describe('cn', () => {
  it('lets a later utility override an earlier one of the same kind, and keeps the rest', () => {
    expect(cn('h-10 px-4 text-sm', 'h-8 px-3')).toBe('text-sm h-8 px-3');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('bg-primary hover:bg-primary-hover', 'bg-card')).toBe('hover:bg-primary-hover bg-card');
    expect(cn('size-10', false, undefined, 'w-full')).toBe('size-10 w-full');
  });
});

describe("the client build's tailwind-merge configuration", async () => {
  const candidates = await appCandidates();
  const config = subsetConfig(candidates);
  // Evaluated from the very source the build writes, so the writing is tested too.
  const written = new Function('fromTheme', 'v', `return ${configExpression(config)}`)(fromTheme, validators);
  const merge = createTailwindMerge(() => written);

  it("finds the app's classes in its sources, and keeps only part of tailwind-merge's groups", () => {
    for (const used of ['h-10', 'px-4', 'hover:bg-primary-hover', 'focus-visible:outline-ring', '[&_svg]:size-4', 'sm:grid-cols-2']) {
      expect(candidates).toContain(used);
    }
    const groups = Object.keys(config.classGroups).length;
    expect(groups).toBeGreaterThan(50);
    expect(groups).toBeLessThan(300);
  });

  it('merges every pair of them, in either order, as the full default configuration does', () => {
    const differ: string[] = [];
    for (const a of candidates) {
      for (const b of candidates) {
        const classes = `${a} ${b}`;
        if (merge(classes) !== twMerge(classes) && differ.length < 20) differ.push(`${classes}: ${merge(classes)} / ${twMerge(classes)}`);
      }
    }
    expect(differ).toEqual([]);
    // About 1.2 million merges of each: some 5 s of CPU, sized here rather than left to the 5 s default.
  }, 60_000);

  it('leaves classes it does not know alone, as the default does', () => {
    expect(merge('above-bottom-bars group h-4 h-6')).toBe('above-bottom-bars group h-6');
  });
});
