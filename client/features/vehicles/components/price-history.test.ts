import { describe, expect, it } from 'vitest';
import { daysOnLotText, viewsText } from './price-history';

describe('listing history texts', () => {
  it('says how often the vehicle was viewed this week, and nothing before there is a real count', () => {
    expect(viewsText(0, 7)).toBeNull();
    expect(viewsText(1, 7)).toBe('Viewed 1 time this week');
    expect(viewsText(1234, 7)).toBe('Viewed 1,234 times this week');
    expect(viewsText(3, 30)).toBe('Viewed 3 times in the last 30 days');
  });

  it('counts days on the lot', () => {
    expect(daysOnLotText(0)).toBe('Listed today');
    expect(daysOnLotText(1)).toBe('1 day on our lot');
    expect(daysOnLotText(12)).toBe('12 days on our lot');
  });
});
