// The second sign-in step for accounts with two-factor on (issue 4, "Access"): after a correct password the server
// answers a challenge instead of a session (401, code two_factor_required); this form sends the challenge with the
// 6-digit code from the authenticator app, or a recovery code, and takes the session the way login does
// (spec §4: an admin's token is stored as admin_token, the current user is refreshed).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { TWO_FACTOR_REQUIRED } from '@domain/admin';
import type { User } from '@domain/auth';
import { apiPost, errorMessage, isApiError } from '@/lib/api-client';
import { currentUserQueryKey, rememberSessionToken } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';

/** The challenge in a failed login's answer, when the failure is "now enter your code". */
export function twoFactorChallengeOf(err: unknown): string | null {
  if (!isApiError(err) || err.status !== 401 || err.code !== TWO_FACTOR_REQUIRED) return null;
  const body = err.body as { challenge?: unknown };
  return typeof body.challenge === 'string' ? body.challenge : null;
}

export function TwoFactorCodeForm({ challenge, onSignedIn, onCancel }: { challenge: string; onSignedIn: () => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const value = code.replace(/[\s-]/g, '');
    if (recovery ? !/^[a-z0-9]{10}$/i.test(value) : !/^\d{6}$/.test(value)) {
      setError(recovery ? 'A recovery code has 10 letters and digits, like abcde-23456.' : 'Enter the 6 digits your authenticator app shows.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await apiPost<{ token?: string; user: User }>('/api/auth/login/two-factor', { challenge, code: value });
      rememberSessionToken(res);
      qc.setQueryData(currentUserQueryKey, res.user);
      await qc.invalidateQueries({ queryKey: currentUserQueryKey });
      onSignedIn();
    } catch (err) {
      setError(errorMessage(err, 'The code could not be checked. Try again.'));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby="two-factor-title">
      <div>
        <h2 id="two-factor-title" className="text-lg font-bold">Two-factor sign-in</h2>
        <p className="text-sm text-muted-foreground">
          {recovery ? 'Enter one of the recovery codes you saved. Each works once.' : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      <FormField id="two-factor-code" label={recovery ? 'Recovery code' : 'Authentication code'} error={error ?? undefined}>
        {(p) => (
          <Input {...p} value={code} onChange={(e) => setCode(e.target.value)} autoFocus
            autoComplete="one-time-code" inputMode={recovery ? 'text' : 'numeric'} autoCapitalize="none" spellCheck={false}
            maxLength={recovery ? 11 : 7} className="font-mono tracking-widest" />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}Verify and sign in
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="font-medium text-primary hover:underline" onClick={() => { setRecovery(!recovery); setCode(''); setError(null); }}>
          {recovery ? 'Use the authenticator app instead' : 'Use a recovery code'}
        </button>
        <button type="button" className="font-medium text-muted-foreground hover:underline" onClick={onCancel}>Start over</button>
      </div>
    </form>
  );
}
