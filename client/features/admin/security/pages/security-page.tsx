// /admin/security (issue 4, "Access"): an admin turns on two-factor sign-in — scan the otpauth QR code (or type the
// secret), confirm with a first code, save the ten recovery codes shown once — replaces the recovery codes, or turns
// it off with the account password. Password changes live on the profile page (accounts area).
import { useState } from 'react';
import { Link } from '@/components/link';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Copy, Download, LoaderCircle, ShieldCheck, ShieldOff } from 'lucide-react';
import type { TwoFactorSetup } from '@domain/admin';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Badge } from '@/components/ui/badge';
import { toast } from '@/components/ui/use-toast';
import { ADMIN_KEYS } from '../../shell/admin-keys';
import { confirmTwoFactor } from '../api/confirm-two-factor';
import { disableTwoFactor } from '../api/disable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { regenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { startTwoFactor } from '../api/start-two-factor';
import { formatDealershipDate } from '@/components/dealership-date';


export default function SecurityPage() {
  const qc = useQueryClient();
  const { data, isPending, isError, refetch } = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: [ADMIN_KEYS.twoFactor] });

  return (
    <div className="grid max-w-3xl gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Sign-in security</h1>
        <p className="text-muted-foreground">
          Two-factor sign-in asks for a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…)
          after your password, so a stolen password alone cannot open the back office. Change your password on your <Link to="/profile" className="underline underline-offset-4">profile</Link>.
        </p>
      </header>

      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-6">
          <p className="font-semibold">Your sign-in settings could not be loaded.</p>
          <Button variant="outline" className="mt-3" onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : isPending ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : data.enabled ? (
        <Enabled enabledAt={data.enabledAt} left={data.recoveryCodesLeft} onCodes={(c) => { setCodes(c); void refresh(); }} onDisabled={() => void refresh()} />
      ) : setup ? (
        <Confirm setup={setup} onConfirmed={(c) => { setSetup(null); setCodes(c); void refresh(); }} onCancel={() => setSetup(null)} />
      ) : (
        <section aria-labelledby="tf-off" className="grid gap-3 rounded-2xl border border-border bg-card p-6">
          <h2 id="tf-off" className="flex items-center gap-2 text-lg font-bold"><ShieldOff className="size-5 text-muted-foreground" aria-hidden />Two-factor sign-in is off</h2>
          <p className="text-sm text-muted-foreground">Turning it on takes a minute: scan a QR code with your app, then type the code it shows.</p>
          <div>
            <StartButton onStarted={setSetup} />
          </div>
        </section>
      )}
    </div>
  );
}

function StartButton({ onStarted }: { onStarted: (s: TwoFactorSetup) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button disabled={busy} onClick={async () => {
      setBusy(true);
      try {
        onStarted(await startTwoFactor());
      } catch (e) {
        toast({ title: 'Error', description: errorMessage(e), variant: 'destructive' });
      } finally {
        setBusy(false);
      }
    }}>
      {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <ShieldCheck aria-hidden />}Turn on two-factor sign-in
    </Button>
  );
}

function Confirm({ setup, onConfirmed, onCancel }: { setup: TwoFactorSetup; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <section aria-labelledby="tf-setup" className="grid gap-5 rounded-2xl border border-border bg-card p-6">
      <h2 id="tf-setup" className="text-lg font-bold">Set up your authenticator app</h2>
      <ol className="grid list-decimal gap-4 pl-5 text-sm">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <img src={setup.qrDataUrl} alt="QR code to add this account to your authenticator app" width={240} height={240} className="mt-2 rounded-lg border border-border bg-white p-2" />
          <p className="mt-2 text-muted-foreground">Cannot scan? Enter this key by hand (time-based, 6 digits):</p>
          <p className="mt-1 font-mono text-base tracking-wider break-all select-all" data-testid="totp-secret">{grouped}</p>
        </li>
        <li>
          <form
            noValidate
            className="grid gap-3"
            onSubmit={async (e) => {
              e.preventDefault();
              if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) { setError('Enter the 6 digits your app shows.'); return; }
              setBusy(true);
              setError(null);
              try {
                const res = await confirmTwoFactor(code.replace(/\s/g, ''));
                toast({ title: 'Two-factor sign-in is on', variant: 'success' });
                onConfirmed(res.recoveryCodes);
              } catch (err) {
                setError(errorMessage(err, 'The code could not be checked.'));
              } finally {
                setBusy(false);
              }
            }}
          >
            <p>Type the code the app now shows for this account.</p>
            <FormField id="tf-confirm-code" label="Code from the app" error={error ?? undefined}>
              {(p) => <Input {...p} value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={7} className="max-w-40 font-mono tracking-widest" />}
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>{busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <CheckCircle2 aria-hidden />}Confirm and turn on</Button>
              <Button type="button" variant="ghost" onClick={onCancel}>Cancel</Button>
            </div>
          </form>
        </li>
      </ol>
    </section>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <section aria-labelledby="tf-codes" className="grid gap-4 rounded-2xl border border-primary/40 bg-card p-6">
      <h2 id="tf-codes" className="text-lg font-bold">Save your recovery codes</h2>
      <p className="text-sm">
        If you lose your phone, each of these codes signs you in once instead of an app code. <strong>They are shown only now</strong>: print them,
        or keep them in a password manager.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((c) => <li key={c} className="rounded-md bg-muted px-2 py-1 text-center">{c}</li>)}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => { void navigator.clipboard?.writeText(text).then(() => toast({ title: 'Recovery codes copied', variant: 'success' })); }}><Copy aria-hidden />Copy</Button>
        <Button variant="outline" asChild>
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recovery-codes.txt"><Download aria-hidden />Download</a>
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </section>
  );
}

function PasswordAction({ label, destructive, onSubmit }: { label: string; destructive?: boolean; onSubmit: (password: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `pw-${label.toLowerCase().replace(/\W+/g, '-')}`;
  if (!open) return <Button variant={destructive ? 'outline' : 'secondary'} className={destructive ? 'text-destructive' : undefined} onClick={() => setOpen(true)}>{label}</Button>;
  return (
    <form
      noValidate
      className="grid w-full gap-3 rounded-xl border border-border p-4"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!password) { setError('Enter your password.'); return; }
        setBusy(true);
        setError(null);
        try {
          await onSubmit(password);
          setOpen(false);
          setPassword('');
        } catch (err) {
          setError(errorMessage(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormField id={id} label="Your password" hint={`Needed to ${label.toLowerCase()}.`} error={error ?? undefined}>
        {(p) => <PasswordInput {...p} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" autoFocus />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>{busy && <LoaderCircle className="animate-spin" aria-hidden />}{label}</Button>
        <Button type="button" variant="ghost" onClick={() => { setOpen(false); setError(null); setPassword(''); }}>Cancel</Button>
      </div>
    </form>
  );
}

function Enabled({ enabledAt, left, onCodes, onDisabled }: { enabledAt: string | null; left: number; onCodes: (c: string[]) => void; onDisabled: () => void }) {
  return (
    <section aria-labelledby="tf-on" className="grid gap-4 rounded-2xl border border-border bg-card p-6">
      <h2 id="tf-on" className="flex flex-wrap items-center gap-2 text-lg font-bold">
        <ShieldCheck className="size-5 text-primary" aria-hidden />Two-factor sign-in is on <Badge variant="success">Protected</Badge>
      </h2>
      <p className="text-sm text-muted-foreground">
        {enabledAt && <>On since {formatDealershipDate(enabledAt, 'long')}. </>}
        {left} of 10 recovery codes left{left <= 3 ? ': make new ones soon.' : '.'}
      </p>
      <div className="flex flex-wrap items-start gap-3">
        <PasswordAction label="Make new recovery codes" onSubmit={async (pw) => {
          const res = await regenerateRecoveryCodes(pw);
          onCodes(res.recoveryCodes);
        }} />
        <PasswordAction label="Turn off two-factor sign-in" destructive onSubmit={async (pw) => {
          await disableTwoFactor(pw);
          toast({ title: 'Two-factor sign-in is off', variant: 'success' });
          onDisabled();
        }} />
      </div>
    </section>
  );
}
