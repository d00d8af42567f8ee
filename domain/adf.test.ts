import { describe, expect, it } from 'vitest';
import { buildAdf, xmlEscape } from './adf';

const vendor = { name: 'Dealer & Co', email: 'd@example.ca', phone: '780', address: { street: '1 Main', city: 'Edmonton', region: 'AB', postalCode: 'T5J' }, providerName: 'Web', providerUrl: 'https://x.test/?a=1&b=2' };

describe('ADF 1.0', () => {
  it('escapes the five XML specials and drops characters XML 1.0 cannot carry', () => {
    expect(xmlEscape(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
    expect(xmlEscape('bell\u0007 and null\u0000 gone, tab\tkept')).toBe('bell and null gone, tab\tkept');
  });

  it('writes a trade-in as the one vehicle of an enquiry without a vehicle of interest, and a first delivery as new', () => {
    const xml = buildAdf([{
      id: 7, createdAt: new Date('2026-11-23T15:04:05.123Z'), sourceLabel: 'Chat', name: 'A', email: null, phone: '780 555 0101', comments: '',
      vehicle: null, tradeIn: { year: 2012, make: 'Honda', model: 'Civic', odometerKm: 200000 },
    }], vendor);
    expect(xml).toContain('<prospect status="new">');
    expect(xml).toContain('<requestdate>2026-11-23T15:04:05+00:00</requestdate>');
    expect(xml).not.toContain('interest="buy"');
    expect(xml).not.toContain('<year></year>');
    expect(xml).toMatch(/<vehicle interest="trade-in" status="used">\s*<year>2012<\/year>/);
    expect(xml).toContain('<vendorname>Dealer &amp; Co</vendorname>');
    expect(xml).toContain('<url>https://x.test/?a=1&amp;b=2</url>');
    expect(/<customer>[\s\S]*<\/customer>/.exec(xml)![0]).not.toContain('<email>');
  });
});

describe('ADF prospect status and vehicles', () => {
  const lead = { id: 8, createdAt: new Date('2026-11-23T15:04:05Z'), sourceLabel: 'Booking', name: 'B', email: 'b@example.ca', phone: null, comments: '', tradeIn: null };
  it('is resend only for a re-delivery', () => {
    expect(buildAdf([{ ...lead, vehicle: { year: 2020, make: 'Ford', model: 'Escape' } }], vendor)).toContain('<prospect status="new">');
    expect(buildAdf([{ ...lead, resend: true, vehicle: { year: 2020, make: 'Ford', model: 'Escape' } }], vendor)).toContain('<prospect status="resend">');
  });

  it('keeps the one vehicle the DTD requires for an enquiry with no vehicle at all, and says why', () => {
    const xml = buildAdf([{ ...lead, vehicle: null }], vendor);
    expect(xml.match(/<vehicle /g)).toHaveLength(1);
    expect(xml).toContain('<comments>General enquiry: no vehicle chosen</comments>');
  });
});
