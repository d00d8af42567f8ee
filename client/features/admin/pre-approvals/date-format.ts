// Pre-approval times in Alberta time: staff compare them with calls and the consent's timestamp.
import { formatDealershipDate } from '@/components/dealership-date';

export const when = (iso: string) => formatDealershipDate(iso, 'mediumDateTime');
