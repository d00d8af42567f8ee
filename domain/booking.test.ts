import { describe, expect, it } from 'vitest';
import { appointmentRequestSchema, availableSlots, bookingToastText, BOOKING_CONFIRMATION_NOTE, timeChoiceText, slotProblem, TIME_SLOTS } from './booking';
import { albertaDate } from './alberta-time';

const now = () => new Date('2026-11-22T18:00:00Z'); // Sunday 11:00 AM in Edmonton
const schema = appointmentRequestSchema(now);
const ok = { customerName: 'Sam', customerPhone: '(780) 555-0100', appointmentType: 'test_drive', preferredDate: '2026-11-22', preferredTime: '1:00 PM' };

describe('spec §5 booking validation', () => {
  it('has hourly slots 9 AM to 5 PM', () => {
    expect(TIME_SLOTS).toHaveLength(9);
    expect(TIME_SLOTS[0]).toBe('9:00 AM');
    expect(TIME_SLOTS.at(-1)).toBe('5:00 PM');
  });
  it('accepts today and fills defaults', () => {
    const r = schema.parse(ok);
    expect(r.vehicleInfo).toBe('General Consultation');
    expect(r.vehicleId).toBeNull();
  });
  it('refuses past dates, bad slots, types and missing fields', () => {
    expect(schema.safeParse({ ...ok, preferredDate: '2026-11-21' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, preferredDate: '2026-02-30' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, preferredTime: '8:00 AM' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, appointmentType: 'party' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, customerName: '  ' }).success).toBe(false);
    expect(schema.safeParse({ ...ok, customerPhone: '123' }).success).toBe(false);
  });
  it('today is Alberta today', () => {
    expect(albertaDate(new Date('2026-11-23T05:59:00Z'))).toBe('2026-11-22');
    expect(albertaDate(new Date('2026-11-23T06:00:00Z'))).toBe('2026-11-23');
  });
});

describe('issue 21: only slots the store can keep', () => {
  // Friday 8 January 2027, 5:09 PM in Alberta (UTC-6 all year since 2026).
  const fridayEvening = new Date('2027-01-08T23:09:00Z');
  it('offers nothing earlier today than the current time, Edmonton time', () => {
    expect(availableSlots('2027-01-08', fridayEvening)).toEqual([]);
    expect(slotProblem('2027-01-08', '9:00 AM', fridayEvening)).toMatch(/already passed/);
    // 9:30 AM the same Friday: 9 AM has started, 10 AM is still ahead.
    expect(availableSlots('2027-01-08', new Date('2027-01-08T15:30:00Z'))[0]).toBe('10:00 AM');
  });
  it('offers a Sunday only within its 10 AM to 5 PM hours', () => {
    expect(availableSlots('2027-01-10', fridayEvening)).toEqual(['10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
    expect(slotProblem('2027-01-10', '9:00 AM', fridayEvening)).toBe('Our Edmonton store is open 10:00 AM to 5:00 PM on Sundays. Please choose a time when we are open.');
    expect(slotProblem('2027-01-10', '9:00 AM', fridayEvening, 'Calgary')).toMatch(/^Our Calgary store/);
    expect(availableSlots('2027-01-09', fridayEvening)).toEqual(TIME_SLOTS); // Saturday 9 to 6
  });
  it('the contract refuses the same, on the time field, with the reason', () => {
    const s = appointmentRequestSchema(() => fridayEvening);
    const sunday9 = s.safeParse({ ...ok, preferredDate: '2027-01-10', preferredTime: '9:00 AM' });
    expect(sunday9.success).toBe(false);
    expect(sunday9.error!.issues[0]).toMatchObject({ path: ['preferredTime'], message: expect.stringMatching(/open 10:00 AM to 5:00 PM on Sundays/) });
    const past = s.safeParse({ ...ok, preferredDate: '2027-01-08', preferredTime: '9:00 AM' });
    expect(past.error!.issues[0]).toMatchObject({ path: ['preferredTime'], message: 'That time has already passed. Please choose a later time.' });
    expect(s.safeParse({ ...ok, preferredDate: '2027-01-10', preferredTime: '10:00 AM' }).success).toBe(true);
  });
});

describe('bookingToastText (issue 33 §1: the toast promises only what was sent)', () => {
  it("keeps spec §8's words only when a text was sent", () => {
    expect(bookingToastText({ email: 'a@example.ca', text: true }, '780')).toBe("You'll receive a confirmation text shortly. We can't wait to see you!");
  });
  it('names the e-mail it sent, or the call to expect', () => {
    expect(bookingToastText({ email: 'a@example.ca', text: false }, '(780) 555-0111')).toBe("We've e-mailed your confirmation to a@example.ca. We can't wait to see you!");
    expect(bookingToastText({ email: null, text: false }, '(780) 555-0111')).toBe("We'll call you at (780) 555-0111 to confirm. We can't wait to see you!");
  });
});

describe('issue 57 §3: before booking, no channel is promised', () => {
  it('the form and the assistant say the time is confirmed, not how: the toast says how, from what was sent', () => {
    expect(BOOKING_CONFIRMATION_NOTE).not.toMatch(/\btext|sms|e-?mail|call\b/i);
  });
});

describe('issue 57: a closed day says closed, once', () => {
  it('the list asks for another date and only the hint says why', () => {
    const t = timeChoiceText({ date: '2026-12-25', closedWhy: 'Christmas Day', slotCount: 0, hours: null });
    expect(t.placeholder).toBe('Choose another date');
    expect(t.hint).toBe('Both stores are closed on Christmas Day. Please choose another date.');
    expect(`${t.placeholder} ${t.hint}`.match(/closed/gi)).toHaveLength(1);
    expect(t.placeholder).not.toMatch(/no times/i);
  });
  it('other days: no date yet, no times left, or the store hours', () => {
    expect(timeChoiceText({ date: '', closedWhy: null, slotCount: 0, hours: null })).toEqual({ placeholder: 'Select a time', hint: 'Choose a date first.' });
    expect(timeChoiceText({ date: '2027-01-08', closedWhy: null, slotCount: 0, hours: 'x' }).placeholder).toBe('No times left');
    expect(timeChoiceText({ date: '2027-01-10', closedWhy: null, slotCount: 7, hours: 'Edmonton store hours' })).toEqual({ placeholder: 'Select a time', hint: 'Edmonton store hours' });
  });
});
