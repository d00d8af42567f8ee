// Save (signed-in shoppers only, like the cards), compare and share for the vehicle page.
import { Heart, Scale, Share2 } from 'lucide-react';
import type { Vehicle, VehicleDetail } from '@domain/vehicle';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useIsCompared } from '@/lib/compare';
import { toggleCompareWithNotice } from '@/components/compare-toggle';
import { toggleSavedVehicle, useIsSaved } from '@/lib/saved-vehicles';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

/** The comparison list keeps plain vehicles: the price history would only bloat browser storage. */
function asVehicle(v: VehicleDetail): Vehicle {
  const { priceHistory: _omit, ...vehicle } = v;
  return vehicle;
}

export async function shareLink(title: string, url: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (err) {
      // The shopper closed the share sheet: nothing to report.
      if (err instanceof DOMException && err.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'Paste it anywhere to share this vehicle.', variant: 'success' });
  } catch {
    toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
  }
}

export function VehicleActions({ vehicle, title }: { vehicle: VehicleDetail; title: string }) {
  const { isAuthenticated } = useAuth();
  const saved = useIsSaved(vehicle.id);
  const compared = useIsCompared(vehicle.id);

  const onSave = () => {
    const nowSaved = toggleSavedVehicle(vehicle);
    toast({ title: nowSaved ? 'Added to saved vehicles' : 'Removed from saved vehicles' }); // spec §4
  };

  return (
    <div className="flex flex-wrap gap-2">
      {isAuthenticated && (
        <Button variant="outline" size="sm" onClick={onSave} aria-pressed={saved} aria-label={saved ? `Remove ${title} from saved vehicles` : `Save ${title}`}>
          <Heart className={cn(saved && 'fill-red-500 text-red-500')} aria-hidden />{saved ? 'Saved' : 'Save'}
        </Button>
      )}
      <Button
        variant="outline"
        size="sm"
        onClick={() => toggleCompareWithNotice(asVehicle(vehicle))}
        aria-pressed={compared}
        className={cn(compared && 'border-primary bg-primary text-primary-foreground hover:bg-primary-hover')}
      >
        <Scale aria-hidden />{compared ? 'Comparing' : 'Compare'}
      </Button>
      <Button variant="outline" size="sm" onClick={() => void shareLink(title, window.location.href)}>
        <Share2 aria-hidden />Share
      </Button>
    </div>
  );
}
