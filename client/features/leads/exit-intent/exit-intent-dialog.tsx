// The exit-intent modal (spec §4), loaded by site-analytics.tsx the first time it opens.
import { Link } from '@/components/link';
import { MessageCircle, ShieldCheck } from 'lucide-react';
import { DEALERSHIP } from '@domain/settings';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export default function ExitIntentDialog({ open, onOpenChange, onOpenChat }: { open: boolean; onOpenChange: (open: boolean) => void; onOpenChat: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Before you go: know your budget</DialogTitle>
          <DialogDescription>
            Apply for financing pre-approval in about 2 minutes. No SIN needed, and a real person at {DEALERSHIP.name} reviews every application.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <Button asChild variant="default" size="lg"><Link to="/pre-approval" onClick={() => onOpenChange(false)}><ShieldCheck aria-hidden />Get pre-approved</Link></Button>
          <Button variant="outline" onClick={onOpenChat}><MessageCircle aria-hidden />Ask our car assistant a question</Button>
          <p className="text-center text-sm text-muted-foreground">
            Or call <a href={DEALERSHIP.phoneHref} className="font-medium text-primary underline">{DEALERSHIP.phone}</a>.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
