// Two-factor enrolment at sign-in (issue 15 item 2, ASVS 6.3.3): an admin without a second factor, while one is
// required, gets a 401 with code two_factor_enrolment_required and a short-lived challenge instead of a session.
// This walk-through spends the challenge: it fetches a new authenticator secret (QR code and typed key), confirms a
// first 6-digit code, which opens the session, and shows the recovery codes once. The session is taken into the app
// (admin_token, current user) only when the admin says the codes are saved: the login page leaves as soon as the
// current user is known, which would hide the codes.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, Copy, Download, KeyRound, LoaderCircle, RotateCcw } from 'lucide-react';
import { TWO_FACTOR_ENROLMENT_REQUIRED, type TwoFactorEnrolResult, type TwoFactorSetup } from '@domain/admin';
import { apiPost, errorMessage, isApiError } from '@/lib/api-client';
import { currentUserQueryKey, rememberSessionToken } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, sentence } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';

const ENROL_PATH = '/api/auth/login/two-factor/enrol';
const CONFIRM_PATH = '/api/auth/login/two-factor/enrol/confirm';
const EXPIRED_FALLBACK = 'This sign-in has expired. Enter your password again to start over.';

/** The challenge in a failed login's answer, when the failure is "set up two-factor sign-in first". */
export function twoFactorEnrolmentChallengeOf(err: unknown): string | null {
  if (!isApiError(err) || err.status !== 401 || err.code !== TWO_FACTOR_ENROLMENT_REQUIRED) return null;
  const body = err.body as { challenge?: unknown };
  return typeof body.challenge === 'string' ? body.challenge : null;
}

/** The enrolment steps answer challenge_expired when the challenge expired (or was used up): only a new password sign-in helps. */
export const expiredMessage = (err: unknown): string | null => (isApiError(err) && err.code === 'challenge_expired' ? (err.serverMessage ?? EXPIRED_FALLBACK) : null);

/** The base32 key in groups of four, easier to read out and type ("JBSW Y3DP EHPK 3PXP"). */
export const groupSecret = (secret: string) => secret.replace(/\s/g, '').match(/.{1,4}/g)?.join(' ') ?? secret;

/** The text of the "Download as text" file. */
export function recoveryCodesText(codes: readonly string[], username: string, site: string): string {
  return [
    `Recovery codes for ${username} at ${site}`,
    'Each code signs you in once, in place of a code from your authenticator app.',
    'Keep them somewhere safe, away from your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export function TwoFactorEnrolment({ challenge, onSignedIn, onCancel }: { challenge: string; onSignedIn: () => void; onCancel: () => void }) {
  const [result, setResult] = useState<TwoFactorEnrolResult | null>(null);
  return result ? (
    <SaveRecoveryCodes result={result} onSignedIn={onSignedIn} />
  ) : (
    <SetUpAuthenticator challenge={challenge} onConfirmed={setResult} onCancel={onCancel} />
  );
}

/** Moves focus to the element once it is shown (a step's heading, so screen readers start reading there). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function SetUpAuthenticator({ challenge, onConfirmed, onCancel }: { challenge: string; onConfirmed: (r: TwoFactorEnrolResult) => void; onCancel: () => void }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const codeRef = useRef<HTMLInputElement>(null);
  const startOverRef = useRef<HTMLButtonElement>(null);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);

  // One request per challenge and attempt: a second call may replace the secret, and StrictMode runs effects twice.
  const request = useRef<{ key: string; promise: Promise<TwoFactorSetup> } | null>(null);
  useEffect(() => {
    const key = `${challenge}#${attempt}`;
    if (request.current?.key !== key) request.current = { key, promise: apiPost<TwoFactorSetup>(ENROL_PATH, { challenge }) };
    let live = true;
    request.current.promise.then(
      (s) => { if (live) setSetup(s); },
      (err: unknown) => {
        if (!live) return;
        const gone = expiredMessage(err);
        if (gone) setExpired(gone);
        else setLoadError(errorMessage(err, 'The setup could not be loaded. Check your connection and try again.'));
      },
    );
    return () => { live = false; };
  }, [challenge, attempt]);

  // When the challenge is gone, the only way on is "Start over": put the keyboard there.
  useEffect(() => { if (expired) startOverRef.current?.focus(); }, [expired]);

  const copySecret = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Key copied.');
    } catch {
      setCopied('Copying is blocked here: select the key and copy it by hand.');
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const value = code.replace(/[\s-]/g, '');
    if (!/^\d{6}$/.test(value)) {
      setError('Enter the 6 digits your authenticator app shows.');
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onConfirmed(await apiPost<TwoFactorEnrolResult>(CONFIRM_PATH, { challenge, code: value }));
    } catch (err) {
      setBusy(false);
      const gone = expiredMessage(err);
      if (gone) return setExpired(gone);
      // A wrong or stale code (400, fields.code): say so on the field and let them type the next one.
      setError(sentence(isApiError(err) ? err.fields.code : undefined) ?? errorMessage(err, 'The code could not be checked. Try again.'));
      codeRef.current?.focus();
      codeRef.current?.select();
    }
  };

  return (
    <section aria-labelledby="enrol-title" className="grid gap-5">
      <div className="grid gap-1.5">
        <h2 id="enrol-title" ref={headingRef} tabIndex={-1} className="text-lg font-bold outline-none">Set up two-factor sign-in</h2>
        <p className="text-sm text-muted-foreground">
          Staff accounts need a second step to sign in: a 6-digit code from an authenticator app on your phone, so that a
          stolen password alone cannot open the back office. Setting it up takes a minute.
        </p>
      </div>

      {expired ? (
        <div role="alert" className="grid gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
          <p className="font-medium text-destructive dark:text-red-200">{expired}</p>
          <div>
            <Button ref={startOverRef} variant="outline" onClick={onCancel}><RotateCcw aria-hidden />Start over</Button>
          </div>
        </div>
      ) : (
        <ol className="grid gap-5 text-sm">
          <Step n={1} title="Get an authenticator app">
            <p className="text-muted-foreground">
              Any time-based code app works, for example Google Authenticator, Microsoft Authenticator, 1Password or Authy.
              Install one from your phone's app store if you have none.
            </p>
          </Step>

          <Step n={2} title="Add this account to the app">
            {loadError ? (
              <div role="alert" className="grid gap-2">
                <p className="font-medium text-destructive dark:text-red-300">{loadError}</p>
                <div>
                  <Button variant="outline" size="sm" onClick={() => { setLoadError(null); setAttempt((a) => a + 1); }}>
                    <RotateCcw aria-hidden />Try again
                  </Button>
                </div>
              </div>
            ) : !setup ? (
              <div className="grid gap-2" role="status">
                <Skeleton className="size-60 max-w-full rounded-lg" />
                <p className="flex items-center gap-2 text-muted-foreground"><LoaderCircle className="size-4 animate-spin" aria-hidden />Preparing your QR code…</p>
              </div>
            ) : (
              <div className="grid gap-3">
                <p className="text-muted-foreground">In the app, choose to add an account and scan this QR code.</p>
                <img
                  src={setup.qrDataUrl}
                  alt="QR code that adds your staff account to an authenticator app. If you cannot scan it, type the key shown below it."
                  width={240}
                  height={240}
                  className="h-auto w-60 max-w-full justify-self-center rounded-lg border border-border bg-white p-2 sm:justify-self-start"
                />
                <a href={setup.otpauthUrl} className="hidden font-medium text-primary underline-offset-4 hover:underline pointer-coarse:inline">
                  Authenticator app on this phone? Add the account to it directly.
                </a>
                <div className="grid gap-1.5">
                  <p className="text-muted-foreground">Cannot scan? Type this key in the app instead (time-based, 6 digits):</p>
                  <code data-testid="totp-secret" className="rounded-md bg-muted px-2.5 py-1.5 font-mono text-base tracking-wider select-all">
                    {groupSecret(setup.secret)}
                  </code>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Button variant="outline" size="sm" onClick={() => void copySecret(setup.secret.replace(/\s/g, ''))}>
                      <Copy aria-hidden />Copy key
                    </Button>
                    <p role="status" className="text-xs text-muted-foreground">{copied}</p>
                  </div>
                </div>
              </div>
            )}
          </Step>

          <Step n={3} title="Type the code the app shows">
            <form noValidate onSubmit={submit} className="grid gap-3" aria-label="Confirm the code">
              <FormField id="enrol-code" label="6-digit code" hint="The app shows a new code every 30 seconds: type the one showing now." error={error ?? undefined}>
                {(p) => (
                  <Input {...p} ref={codeRef} value={code} onChange={(e) => setCode(e.target.value)}
                    autoComplete="one-time-code" inputMode="numeric" autoCapitalize="none" spellCheck={false}
                    maxLength={7} className="max-w-44 font-mono tracking-widest" />
                )}
              </FormField>
              <Button type="submit" size="lg" disabled={busy || !setup} className="w-full">
                {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}Confirm
              </Button>
            </form>
          </Step>
        </ol>
      )}

      {!expired && (
        <div className="text-right text-sm">
          <button type="button" className="font-medium text-muted-foreground hover:underline" onClick={onCancel}>Start over</button>
        </div>
      )}
    </section>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <li className="grid grid-cols-[1.75rem_minmax(0,1fr)] gap-x-3 gap-y-2">
      <span aria-hidden className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">{n}</span>
      <h3 className="self-center text-base font-semibold"><span className="sr-only">Step {n}: </span>{title}</h3>
      <div className="col-span-2 sm:col-start-2 sm:col-end-3">{children}</div>
    </li>
  );
}

function SaveRecoveryCodes({ result, onSignedIn }: { result: TwoFactorEnrolResult; onSignedIn: () => void }) {
  const qc = useQueryClient();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const [saved, setSaved] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = () => recoveryCodesText(result.recoveryCodes, result.user.username, window.location.host);

  const download = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `recovery-codes-${result.user.username}.txt`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setStatus('Recovery codes downloaded.');
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setStatus('Recovery codes copied.');
    } catch {
      setStatus('Copying is blocked here: download the codes or write them down.');
    }
  };

  // Only now does the session enter the app (spec §4: an admin's token as admin_token, the current user refreshed).
  const continueToDashboard = async () => {
    setBusy(true);
    rememberSessionToken(result);
    qc.setQueryData(currentUserQueryKey, result.user);
    await qc.invalidateQueries({ queryKey: currentUserQueryKey });
    onSignedIn();
  };

  return (
    <section aria-labelledby="enrol-codes-title" className="grid gap-4">
      <div className="grid gap-1.5">
        <h2 id="enrol-codes-title" ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold outline-none">
          <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden />Save your recovery codes
        </h2>
        <p className="text-sm">
          Two-factor sign-in is on. If you lose your phone, each of these codes signs you in once in place of an app code.{' '}
          <strong>They are shown only now</strong>: download them, or keep them in a password manager.
        </p>
      </div>
      <ul aria-label="Recovery codes" data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-muted/50 p-2 font-mono text-sm min-[400px]:p-3 min-[400px]:text-base">
        {result.recoveryCodes.map((c) => <li key={c} className="rounded-md bg-card px-1 py-1 text-center select-all min-[400px]:px-2 min-[400px]:tracking-wide">{c}</li>)}
      </ul>
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" className="grow" onClick={download}><Download aria-hidden />Download as text</Button>
          <Button variant="outline" className="grow" onClick={() => void copy()}><Copy aria-hidden />Copy</Button>
        </div>
        <p role="status" className="min-h-4 text-xs text-muted-foreground">{status}</p>
      </div>
      <div className="flex items-start gap-3">
        <Checkbox id="enrol-codes-saved" checked={saved} onCheckedChange={(v) => setSaved(v === true)} className="mt-0.5" />
        <Label htmlFor="enrol-codes-saved" className="cursor-pointer leading-snug">I have saved my recovery codes</Label>
      </div>
      <Button size="lg" className="h-auto min-h-12 w-full py-2 whitespace-normal" disabled={!saved || busy} onClick={() => void continueToDashboard()}>
        {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <ArrowRight aria-hidden />}Continue to the dashboard
      </Button>
    </section>
  );
}
