// Where a post or page stands: live, a draft, or scheduled for a date (a scheduled post whose time has passed is live).
import type { ContentEntryAdmin } from '@domain/content';
import { Badge } from '@/components/ui/badge';
import { formatDealershipDate } from '@/components/dealership-date';


export function StatusBadge({ entry }: { entry: Pick<ContentEntryAdmin, 'status' | 'isLive' | 'publishAt'> }) {
  if (entry.isLive) return <Badge variant="success">Live</Badge>;
  if (entry.status === 'scheduled' && entry.publishAt) return <Badge variant="accent">Scheduled {formatDealershipDate(entry.publishAt, 'monthDayTime')}</Badge>;
  return <Badge variant="secondary">Draft</Badge>;
}
