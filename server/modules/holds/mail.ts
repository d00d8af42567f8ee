// The shopper's e-mails about a hold (issue 33 §1): requested, confirmed (with its end time), released, expired.
// Queued in the transaction of the change they report (holds/service.ts), delivered after its commit.
import { ALBERTA_TIME_LABEL, formatAlbertaTime } from '@domain/alberta-time';
import { HOLD_HOURS, HOLD_NO_PAYMENT_TEXT } from '@domain/holds';
import { vehicleTitle } from '@domain/vehicle';
import { composeShopperMail, type ShopperMail } from '../shopper-mail/compose';

export type HoldMailKind = 'requested' | 'confirmed' | 'released' | 'expired';

interface HoldMailInput {
  kind: HoldMailKind;
  to: string | null;
  name: string | null;
  userId: number | null;
  vehicle: { id: number; year: number; make: string; model: string; trim?: string | null; location: string; stockNumber: string };
  heldUntil?: Date | null;
  publicUrl: string;
}

/** "Saturday, January 16, 2027 at 10:00 a.m. Alberta time": the hold's end as the shopper's clock reads it. */
export const holdEndText = (until: Date) =>
  `${formatAlbertaTime(until, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' })} ${ALBERTA_TIME_LABEL}`;

export function holdMail(input: HoldMailInput): ShopperMail | null {
  if (!input.to) return null;
  const title = vehicleTitle(input.vehicle);
  const url = `${input.publicUrl}/vehicles/${input.vehicle.id}`;
  const details: Array<[string, string]> = [['Vehicle', `${title} (Stock # ${input.vehicle.stockNumber})`], ['Store', input.vehicle.location]];
  const by = {
    requested: {
      subject: `We received your hold request: ${title}`,
      intro: `We received your request to hold the ${title}. A member of our team will confirm it by phone or e-mail; the hold begins when we confirm.`,
      paragraphs: [HOLD_NO_PAYMENT_TEXT],
    },
    confirmed: {
      subject: `Your hold is confirmed: ${title}`,
      intro: `We are holding the ${title} for you for ${HOLD_HOURS} hours.`,
      paragraphs: ['No payment is taken. Book a visit or call us before the hold ends; after it, the vehicle is available to everyone again.'],
    },
    released: {
      subject: `Your hold has ended: ${title}`,
      intro: `The hold on the ${title} has been released, and the vehicle is available to everyone again.`,
      paragraphs: ['If this is not what you expected, call us: we are glad to help.'],
    },
    expired: {
      subject: `Your hold has expired: ${title}`,
      intro: `The ${HOLD_HOURS}-hour hold on the ${title} has ended, and the vehicle is available to everyone again.`,
      paragraphs: ['You can ask for a new hold on its page while it is available.'],
    },
  }[input.kind];
  if (input.kind === 'confirmed' && input.heldUntil) details.push(['Held until', holdEndText(input.heldUntil)]);
  return composeShopperMail({
    to: input.to, subject: by.subject, greetingName: input.name, intro: by.intro, details, paragraphs: by.paragraphs,
    links: [{ label: 'The vehicle', url }], city: input.vehicle.location, category: 'shopper_hold', userId: input.userId,
  });
}
