// /unsubscribe?token=… (issue 5, CASL): the link at the foot of every notification email. It works without signing
// in; the page asks for one click, so link scanners that open every URL in a mail do not unsubscribe anyone.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { BellOff, LoaderCircle } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { AuthCard, FormAlert } from '@/components/auth-card';
import { unsubscribe } from '../api/unsubscribe';

export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<{ message: string; turnedOff: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setError(null);
    setBusy(true);
    try {
      setDone(await unsubscribe(token));
    } catch (err) {
      console.error('Unsubscribe failed', err);
      setError(errorMessage(err, 'We could not reach the server. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Unsubscribe"
      footer={<>You can change every email preference on your <Link to="/profile" className="font-semibold text-primary hover:underline">profile</Link>.</>}
    >
      {!token ? (
        <p className="text-center text-sm">This page needs the link from one of our emails.</p>
      ) : done ? (
        <div role="status" className="text-center">
          <p className="font-semibold">{done.message}</p>
          <p className="mt-1 text-sm text-muted-foreground">Turned off: {done.turnedOff}.</p>
        </div>
      ) : (
        <div className="grid gap-4 text-center">
          <FormAlert message={error} />
          <p className="text-sm">Stop the emails this link came with? You will still see notifications under the bell when you sign in.</p>
          <Button size="lg" onClick={() => void confirm()} disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <BellOff aria-hidden />}Unsubscribe
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
