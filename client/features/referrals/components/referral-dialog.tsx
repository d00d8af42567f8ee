// The referral modal's content (loaded only when it opens): who invited the visitor and the way to sign up.
import { Link } from '@/components/link';
import { Gift, UserPlus } from 'lucide-react';
import { STORAGE_KEYS } from '@domain/constants';
import { DEALERSHIP } from '@domain/settings';
import { isApiError } from '@/lib/api-client';
import { removeItem, writeString } from '@/lib/storage';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useReferralCode } from '../api/get-referral-code';

export default function ReferralDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const info = useReferralCode(code);
  const unknown = isApiError(info.error) && info.error.status === 404;
  const name = info.data?.referrerFirstName;

  return (
    <Dialog open onOpenChange={(open) => { if (!open) onClose(); }}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
            <Gift className="size-6" aria-hidden />
          </div>
          <DialogTitle className="text-center">
            {unknown ? 'This referral link has expired' : name ? `${name} invited you to ${DEALERSHIP.name}` : `You were invited to ${DEALERSHIP.name}`}
          </DialogTitle>
          <DialogDescription className="text-center">
            {unknown
              ? 'We could not find this referral code. You can still create a free account.'
              : <>Create a free account to save vehicles, get price-drop alerts and list your own vehicle. Your friend&apos;s code{' '}
                <strong className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">{code}</strong> is applied when you sign up.</>}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="flex-col gap-2 sm:flex-col">
          <Button asChild size="lg" className="w-full">
            <Link
              to="/register"
              onClick={() => {
                if (unknown) removeItem(STORAGE_KEYS.pendingReferral);
                else writeString(STORAGE_KEYS.pendingReferral, code);
                onClose();
              }}
            >
              <UserPlus aria-hidden />Create your account
            </Link>
          </Button>
          <Button variant="outline" size="lg" className="w-full" onClick={onClose}>Not now</Button>
          <Button
            variant="link"
            size="sm"
            className="text-muted-foreground"
            onClick={() => { removeItem(STORAGE_KEYS.pendingReferral); onClose(); }}
          >
            Don&apos;t use this referral code
          </Button>
        </DialogFooter>
        <p className="text-center text-xs text-muted-foreground">
          <Link to="/referral-program-info" className="underline" onClick={onClose}>How the referral program works</Link>
        </p>
      </DialogContent>
    </Dialog>
  );
}
