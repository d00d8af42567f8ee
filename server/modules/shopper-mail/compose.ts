// Transactional e-mail to a shopper (issue 33 §1): every message says who sends it (the dealership, its AMVIC
// licence, its address) and how to reach a person, in plain text and HTML. They are transactional messages under
// CASL (a reply to the shopper's own request), so no marketing rides along: no offers, no newsletters, no links but
// the ones the message is about.
import { DEALERSHIP, storeOf } from '@domain/settings';
import type { OutboxAttachment } from '../../db/schema';
import type { MailMessage } from '../mail/mailer';

/**
 * Categories of the shopper's messages. They are queued in the write's transaction (mail/mailer.ts queueMail),
 * delivered right after its commit, and retried from the outbox with backoff (notifications/dispatch.ts).
 */
export const SHOPPER_MAIL_CATEGORIES = [
  'shopper_booking', 'shopper_booking_reminder', 'shopper_hold', 'shopper_pre_approval', 'shopper_listing', 'shopper_trade_estimate',
] as const;
export type ShopperMailCategory = (typeof SHOPPER_MAIL_CATEGORIES)[number];

export const CASL_NOTE = 'You receive this message because of your own request on our site. It is not marketing, and we send none without your consent.';

export interface ShopperMailInput {
  to: string;
  subject: string;
  greetingName?: string | null;
  /** The first paragraph: what happened. */
  intro: string;
  /** Label and value pairs (type, date, time, store…). */
  details?: Array<[string, string]>;
  /** Further paragraphs: what happens next, what to bring. */
  paragraphs?: string[];
  /** Links the message is about (a map, the signed link to change a booking). */
  links?: Array<{ label: string; url: string }>;
  /** The store the message is about (its address and phone in the footer); the main store otherwise. */
  city?: string | null;
  category: ShopperMailCategory;
  userId?: number | null;
  attachments?: OutboxAttachment[];
}

export type ShopperMail = MailMessage & { attachments?: OutboxAttachment[] };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]!));

/** The store's one-line address: "10250 Gateway Blvd NW, Edmonton, AB T6E 6A4". */
export function storeAddress(city?: string | null): string {
  const s = storeOf(city);
  return `${s.street}, ${s.city}, ${s.region} ${s.postalCode}`;
}

/** A plain maps search URL for the store's address: nothing is fetched, the shopper's map app opens it. */
export function mapLink(city?: string | null): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${DEALERSHIP.name}, ${storeAddress(city)}`)}`;
}

/** Who sends it and how to reach a person (issue 33 §1), in the same words in text and HTML. */
export function footerLines(city?: string | null): string[] {
  const s = storeOf(city);
  return [
    `${DEALERSHIP.name} · ${DEALERSHIP.amvicLicence}`,
    storeAddress(city),
    `Questions? Call ${s.phone} or write to ${DEALERSHIP.email}.`,
    CASL_NOTE,
  ];
}

/** What is attached, said in the message (issue 57): "Attached: appointment.ics, a calendar invitation to open…". */
export function attachmentLine(attachments: OutboxAttachment[] | undefined): string | null {
  if (!attachments?.length) return null;
  const names = attachments.map((a) => a.filename).join(', ');
  return attachments.some((a) => a.contentType.startsWith('text/calendar'))
    ? `Attached: ${names}, a calendar invitation. Open it to add this to your calendar.`
    : `Attached: ${names}.`;
}

export function composeShopperMail(input: ShopperMailInput): ShopperMail {
  const details = input.details ?? [];
  const attached = attachmentLine(input.attachments);
  const paragraphs = [...(input.paragraphs ?? []), ...(attached ? [attached] : [])];
  const links = input.links ?? [];
  const greeting = input.greetingName ? `Hello ${input.greetingName},` : 'Hello,';
  const text = [
    greeting,
    '',
    input.intro,
    ...(details.length ? ['', ...details.map(([k, v]) => `${k}: ${v}`)] : []),
    ...paragraphs.flatMap((p) => ['', p]),
    ...(links.length ? ['', ...links.map((l) => `${l.label}: ${l.url}`)] : []),
    '',
    '--',
    ...footerLines(input.city),
  ].join('\n');
  const html = [
    '<!doctype html><html lang="en-CA"><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(input.intro)}</p>`,
    details.length ? `<table role="presentation" style="border-collapse:collapse">${details.map(([k, v]) => `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>` : '',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    links.length ? `<ul>${links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`).join('')}</ul>` : '',
    `<hr><p style="font-size:13px;color:#444">${footerLines(input.city).map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('');
  return {
    to: input.to, subject: input.subject, text, html, category: input.category, userId: input.userId ?? null,
    // Sent from a no-reply address: a reply goes to the store the message is about, the one its footer names.
    replyTo: storeOf(input.city).email,
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
  };
}
