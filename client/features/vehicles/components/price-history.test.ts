import { describe, expect, it } from 'vitest';
import { TICKER_MIN_VIEWS } from '@domain/analytics-rules';
import { daysOnLotText, viewsText } from './price-history';

describe('listing history texts', () => {
  it('says how often the vehicle was viewed this week, only from the count a single shopper is unlikely to make', () => {
    expect(viewsText(0, 7)).toBeNull();
    expect(viewsText(1, 7)).toBeNull();
    expect(viewsText(TICKER_MIN_VIEWS - 1, 7)).toBeNull();
    expect(viewsText(TICKER_MIN_VIEWS, 7)).toBe(`Viewed ${TICKER_MIN_VIEWS} times this week`);
    expect(viewsText(1234, 7)).toBe('Viewed 1,234 times this week');
    expect(viewsText(12, 30)).toBe('Viewed 12 times in the last 30 days');
  });

  it('counts days on the lot', () => {
    expect(daysOnLotText(0)).toBe('Listed today');
    expect(daysOnLotText(1)).toBe('1 day on our lot');
    expect(daysOnLotText(12)).toBe('12 days on our lot');
  });
});
