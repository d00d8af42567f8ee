// Dates on posts and pages: "November 23, 2026", in the dealership's time zone so every reader sees the same day.
import { DEALERSHIP } from '@domain/settings';

const DATE = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: DEALERSHIP.timeZone });

export const formatPostDate = (iso: string) => DATE.format(new Date(iso));
