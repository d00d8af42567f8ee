import { CheckCircle2, CircleSlash, Clock, Handshake, TriangleAlert } from 'lucide-react';
import { LISTING_STATE_LABELS, type ListingState } from '@domain/private-listings';
import { Badge } from '@/components/ui/badge';

const look: Record<ListingState, { variant: 'secondary' | 'success' | 'accent' | 'outline' | 'default'; Icon: typeof Clock }> = {
  pending: { variant: 'secondary', Icon: Clock },
  approved: { variant: 'success', Icon: CheckCircle2 },
  rejected: { variant: 'accent', Icon: TriangleAlert },
  withdrawn: { variant: 'outline', Icon: CircleSlash },
  sold: { variant: 'default', Icon: Handshake },
};

export function ListingStateBadge({ state }: { state: ListingState }) {
  const { variant, Icon } = look[state];
  return <Badge variant={variant}><Icon aria-hidden />{LISTING_STATE_LABELS[state]}</Badge>;
}
