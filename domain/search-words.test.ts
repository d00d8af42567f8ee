import { describe, expect, it } from 'vitest';
import { readSearchWords, storeAskedFor } from './search-words';

describe('search words that name a filter (issue 33 §2)', () => {
  it('reads a store and a condition out of the text', () => {
    expect(readSearchWords('used')).toEqual({ condition: 'used', rest: '' });
    expect(readSearchWords('New')).toEqual({ condition: 'new', rest: '' });
    expect(readSearchWords('Calgary')).toEqual({ location: 'Calgary', rest: '' });
    expect(readSearchWords('used trucks in Edmonton')).toEqual({ location: 'Edmonton', condition: 'used', rest: 'trucks' });
    expect(readSearchWords('Honda Civic, Calgary')).toEqual({ location: 'Calgary', rest: 'Honda Civic,' });
    expect(readSearchWords('pre-owned RAV4')).toEqual({ condition: 'used', rest: 'RAV4' });
  });

  it('leaves other text alone, and two stores or both conditions are no filter', () => {
    expect(readSearchWords('f-150 xlt')).toEqual({ rest: 'f-150 xlt' });
    expect(readSearchWords('Calgary or Edmonton')).toEqual({ rest: 'or' });
    expect(readSearchWords('new or used')).toEqual({ rest: 'or' });
    expect(readSearchWords('')).toEqual({ rest: '' });
  });

  it('finds the store a question asks for, as the assistant reads it', () => {
    expect(storeAskedFor('Any Subaru in Calgary?')).toBe('Calgary');
    expect(storeAskedFor('trucks at edmonton')).toBe('Edmonton');
    expect(storeAskedFor('Is the Calgary store open?')).toBeUndefined();
    expect(storeAskedFor('in Calgary or in Edmonton')).toBeUndefined();
  });
});
