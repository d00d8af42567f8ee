// issue 21: the sell-your-vehicle form shows these messages as they are, so none names an internal field.
import { describe, expect, it } from 'vitest';
import { privateListingInputSchema } from './private-listings';

describe('private listing messages', () => {
  it('an empty listing is described field by field in the form\'s words', () => {
    const r = privateListingInputSchema.safeParse({ vin: '', make: '', model: '', exteriorColor: '', description: 'short' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Enter the make', 'Enter the exterior colour', 'Choose a body type', 'Choose the nearest city']));
    for (const m of messages) expect(m, m).not.toMatch(/\b(bodyType|fuelType|exteriorColor|must be one of)\b/);
  });
});
