// Pre-approval times in the dealership's own time zone: staff compare them with calls and the consent's timestamp.
import { DEALERSHIP } from '@domain/settings';

const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: DEALERSHIP.timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
export const when = (iso: string) => dateFormat.format(new Date(iso));
