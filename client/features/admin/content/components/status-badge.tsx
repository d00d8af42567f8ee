// Where a post or page stands: live, a draft, or scheduled for a date (a scheduled post whose time has passed is live).
import type { ContentEntryAdmin } from '@domain/content';
import { Badge } from '@/components/ui/badge';

const when = new Intl.DateTimeFormat('en-CA', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export function StatusBadge({ entry }: { entry: Pick<ContentEntryAdmin, 'status' | 'isLive' | 'publishAt'> }) {
  if (entry.isLive) return <Badge variant="success">Live</Badge>;
  if (entry.status === 'scheduled' && entry.publishAt) return <Badge variant="accent">Scheduled {when.format(new Date(entry.publishAt))}</Badge>;
  return <Badge variant="secondary">Draft</Badge>;
}
