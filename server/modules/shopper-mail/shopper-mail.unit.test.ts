// Issue 33 §1: the signed link in a shopper's e-mail rejects tampering and expiry; the calendar invitation is valid
// RFC 5545 (CRLF, folded lines) whose start is the booked Alberta time.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { albertaInstant } from '@domain/alberta-time';
import { calendarInvite, foldLine, icsText } from './ics';
import { signLink, verifyLink } from './signed-link';

const SECRET = 'a-test-secret-of-enough-length-000000000000';
const now = new Date('2027-01-12T15:00:00Z');
const payload = { p: 'appointment', id: 42, v: 0, e: Math.floor(new Date('2027-01-15T16:00:00Z').getTime() / 1000) };

describe('signed links', () => {
  it('accepts its own token before it expires', () => {
    expect(verifyLink(SECRET, 'appointment', signLink(SECRET, payload), now)).toEqual({ ok: true, payload });
  });

  it('rejects a token whose payload was changed (another booking) or whose signature was changed', () => {
    const token = signLink(SECRET, payload);
    const [, sig] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...payload, id: 43 })).toString('base64url')}.${sig}`;
    expect(verifyLink(SECRET, 'appointment', forged, now)).toEqual({ ok: false, reason: 'invalid' });
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(verifyLink(SECRET, 'appointment', flipped, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyLink(SECRET, 'appointment', 'not-a-token', now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyLink(SECRET, 'appointment', `${token}.extra`, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects a token signed with another secret or for another purpose', () => {
    expect(verifyLink('another-secret-another-secret-000000000000', 'appointment', signLink(SECRET, payload), now).ok).toBe(false);
    expect(verifyLink(SECRET, 'appointment', signLink(SECRET, { ...payload, p: 'hold' }), now).ok).toBe(false);
  });

  it('is expired from its expiry on', () => {
    const token = signLink(SECRET, payload);
    expect(verifyLink(SECRET, 'appointment', token, new Date(payload.e * 1000 - 1)).ok).toBe(true);
    expect(verifyLink(SECRET, 'appointment', token, new Date(payload.e * 1000))).toEqual({ ok: false, reason: 'expired', payload });
  });
});

describe('calendar invitation', () => {
  const start = albertaInstant('2027-01-15', 10 * 60); // 10:00 AM Alberta time = 16:00Z (UTC-6)
  const ics = calendarInvite({
    uid: 'appointment-7@shop.example.ca', sequence: 0, start, end: new Date(start.getTime() + 3600_000),
    summary: 'Test drive at Prairie Motor Hub Edmonton', location: 'Prairie Motor Hub, 10250 Gateway Blvd NW, Edmonton, AB T6E 6A4',
    description: `Test drive; bring your licence, proof of insurance and a very long description that must be folded ${'é'.repeat(60)}.`,
    attendee: { name: 'Priya Sharma', email: 'priya@example.ca' }, method: 'REQUEST', confirmed: false, now,
  });

  it('uses CRLF line ends and lines of at most 75 octets', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).toContain('METHOD:REQUEST');
  });

  it('parses, and starts at the booked Alberta time (UTC-6)', () => {
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-01-15T16:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-01-15T17:00:00.000Z');
    expect(event.location).toBe('Prairie Motor Hub, 10250 Gateway Blvd NW, Edmonton, AB T6E 6A4');
    expect(event.description).toContain('é'.repeat(60));
  });

  it('a requested booking is TENTATIVE, a confirmed one CONFIRMED, a cancelled one CANCELLED (issue 57)', () => {
    const status = (c: string) => new ICAL.Component(ICAL.parse(c)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('status');
    expect(status(ics)).toBe('TENTATIVE');
    const base = { uid: 'u@x', sequence: 1, start, end: start, summary: 's', location: 'l', description: 'd', attendee: { name: 'P', email: 'p@example.ca' }, now };
    expect(status(calendarInvite({ ...base, method: 'REQUEST', confirmed: true }))).toBe('CONFIRMED');
    expect(status(calendarInvite({ ...base, method: 'CANCEL', confirmed: true }))).toBe('CANCELLED');
  });

  it('escapes text values and never folds inside a character', () => {
    expect(icsText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    const folded = foldLine(`X:${'é'.repeat(100)}`);
    expect(folded.split('\r\n ').join('')).toBe(`X:${'é'.repeat(100)}`);
  });
});

describe('composeShopperMail', () => {
  it('signs off with the dealership, its licence, the store and a contact in text and HTML, and escapes what the shopper typed', async () => {
    const { composeShopperMail, CASL_NOTE } = await import('./compose');
    const m = composeShopperMail({
      to: 'a@example.ca', subject: 'S', greetingName: '<b>Eve</b> & co', intro: 'Intro', details: [['Reason', '<script>x</script>']],
      city: 'Calgary', category: 'shopper_listing',
    });
    for (const body of [m.text, m.html!]) {
      expect(body).toContain('Prairie Motor Hub');
      expect(body).toContain('AMVIC Licensed Business B2201847');
      expect(body).toContain('4120 Macleod Trail SE, Calgary, AB T2G 2R7');
      expect(body).toContain('(403) 555-0188');
      expect(body).toContain('sales@prairiemotorhub.ca');
      expect(body).toContain(CASL_NOTE);
    }
    expect(m.text).toContain('Hello <b>Eve</b> & co,');
    expect(m.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt; &amp; co,');
    expect(m.html).not.toContain('<script>');
  });
});
