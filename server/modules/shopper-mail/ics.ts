// A booking's calendar invitation (issue 33 §1): RFC 5545 written by hand (a few lines; no dependency). Times are
// written in UTC with a Z, so every calendar places the booked Alberta time (UTC-6 since 2026-03-08,
// domain/alberta-time.ts) right without zone data. Lines end in CRLF and are folded at 75 octets (RFC 5545 §3.1).
import { DEALERSHIP } from '@domain/settings';

export interface CalendarEvent {
  uid: string;
  /** Bumped on every change, so a calendar replaces the earlier invitation (RFC 5546). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  attendee: { name: string; email: string };
  /** REQUEST invites or updates; CANCEL removes the event from the shopper's calendar. */
  method: 'REQUEST' | 'CANCEL';
  /** Staff have confirmed the time: until then the event is TENTATIVE, a request, not a booking (issue 57). */
  confirmed: boolean;
  now: Date;
}

const utc = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export const icsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets, never inside a UTF-8 character; continuation lines start with a space. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74; // a continuation's leading space counts
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function calendarInvite(e: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(DEALERSHIP.name)}//Bookings//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(e.now)}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${icsText(e.summary)}`,
    `LOCATION:${icsText(e.location)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    `ORGANIZER;CN=${icsText(DEALERSHIP.name)}:mailto:${DEALERSHIP.email}`,
    `ATTENDEE;CN=${icsText(e.attendee.name).replace(/"/g, '')};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${e.attendee.email}`,
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : e.confirmed ? 'CONFIRMED' : 'TENTATIVE'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
