// /profile (spec §2; issue 5 "Accounts"): names, email and photo; password and email changes that ask for the
// current password (and sign out the user's other devices); which notifications also arrive by email (nothing
// pre-checked, CASL); download my data as JSON; delete my account.
import { DealershipDate } from '@/components/dealership-date';
import { useId, useState, type ReactNode } from 'react';
import { Link } from '@/components/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Download, KeyRound, LoaderCircle, Mail, Save, Trash2 } from 'lucide-react';
import { changeEmailBodySchema, EMAIL_PREFERENCES, updateProfileBodySchema, type Preferences } from '@domain/accounts';
import { newPasswordSchema, PASSWORD_MIN, type User } from '@domain/auth';
import { STORAGE_KEYS } from '@domain/constants';
import { currentUserQueryKey, useAuth } from '@/lib/auth';
import { errorMessage, isApiError } from '@/lib/api-client';
import { removeItem } from '@/lib/storage';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { FormField, sentence } from '@/components/ui/form-field';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { FormAlert } from '@/components/auth-card';
import { NewPasswordFields } from '@/components/new-password-fields';
import { ProfilePhoto } from '../components/profile-photo';
import { changeEmail } from '../api/change-email';
import { changePassword } from '../api/change-password';
import { deleteAccount } from '../api/delete-account';
import { exportAccount } from '../api/export-account';
import { preferencesQueryOptions, usePreferences } from '../api/get-preferences';
import { updatePreferences } from '../api/update-preferences';
import { updateProfile } from '../api/update-profile';
import { useMyDealWorksheets } from '../api/get-my-deal-worksheets';
import { newPasswordProblem } from '@/lib/password-check';

function Section({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-bold">{title}</h2>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Shows server field errors beside their inputs; anything else above the form. */
function applyServerError<K extends string>(err: unknown, fields: readonly K[], setError: (k: K, m: string) => void, setFormError: (m: string) => void) {
  console.error('Account change failed', err);
  const known = isApiError(err) ? Object.entries(err.fields).filter(([k]) => (fields as readonly string[]).includes(k)) : [];
  for (const [k, m] of known) setError(k as K, sentence(m)!);
  if (!known.length) setFormError(isApiError(err) ? errorMessage(err) : 'We could not reach the server. Check your connection and try again.');
}

export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Your profile</h1>
      <p className="mt-1 text-muted-foreground">
        Signed in as <strong>{user.username}</strong>. See also your <Link to="/saved" className="font-medium text-primary hover:underline">saved vehicles and searches</Link>.
      </p>
      <div className="mt-6 grid gap-6">
        <DetailsSection user={user} />
        <DealWorksheetsSection />
        <EmailSection user={user} />
        <PasswordSection />
        <PreferencesSection />
        <DataSection />
      </div>
    </div>
  );
}

/** issue 34 §4: the deal worksheets this shopper kept or sent, each with its read-only link. */
function DealWorksheetsSection() {
  const { data, isPending, isError } = useMyDealWorksheets();
  const list = data?.worksheets ?? [];
  return (
    <Section id="profile-deals" title="Your deal worksheets" description="Deals you built on a vehicle's page while signed in. Each is an estimate, kept as it was quoted.">
      {isPending ? <p className="text-sm text-muted-foreground">Loading…</p>
        : isError ? <p role="alert" className="text-sm">Your worksheets could not be loaded.</p>
          : list.length === 0 ? <p className="text-sm text-muted-foreground">None yet: use &quot;Build your deal&quot; on a vehicle&apos;s page.</p>
            : (
              <ul className="grid gap-2 text-sm">
                {list.map((w) => (
                  <li key={w.shareToken} className="flex flex-wrap justify-between gap-x-3">
                    <Link to={w.sharePath} className="font-medium text-primary hover:underline">
                      {w.quote.vehicle.year} {w.quote.vehicle.make} {w.quote.vehicle.model}: {w.quote.purchase === 'finance' ? `${w.quote.payment.toLocaleString('en-CA', { style: 'currency', currency: 'CAD' })}/month over ${w.quote.termMonths} months` : `cash, ${w.quote.total.toLocaleString('en-CA', { style: 'currency', currency: 'CAD' })}`}
                    </Link>
                    <span className="text-muted-foreground">{w.sent ? 'Sent to the dealership' : 'Saved'} · <DealershipDate iso={w.createdAt} style="medium" /></span>
                  </li>
                ))}
              </ul>
            )}
    </Section>
  );
}

function useSetUser() {
  const qc = useQueryClient();
  return (u: User) => qc.setQueryData(currentUserQueryKey, u);
}

type DetailsValues = z.output<typeof updateProfileBodySchema>;

function DetailsSection({ user }: { user: User }) {
  const setUser = useSetUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof updateProfileBodySchema>, unknown, DetailsValues>({
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = async (values: DetailsValues) => {
    setFormError(null);
    try {
      setUser((await updateProfile(values)).user);
      toast({ title: 'Profile saved', variant: 'success' });
    } catch (err) {
      applyServerError(err, ['firstName', 'lastName'] as const, (k, m) => form.setError(k, { message: m }), setFormError);
    }
  };
  return (
    <Section id="profile-details" title="Your details" description="Your first name is what private sellers and our staff see when you write to them.">
      <div className="flex flex-col gap-6 sm:flex-row">
        <ProfilePhoto user={user} onChange={setUser} />
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid flex-1 gap-4">
          <FormAlert message={formError} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="profile-first-name" label="First name" error={sentence(errors.firstName?.message)}>
              {(p) => <Input {...p} autoComplete="given-name" {...form.register('firstName')} />}
            </FormField>
            <FormField id="profile-last-name" label="Last name" error={sentence(errors.lastName?.message)}>
              {(p) => <Input {...p} autoComplete="family-name" {...form.register('lastName')} />}
            </FormField>
          </div>
          <div>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}Save details
            </Button>
          </div>
        </form>
      </div>
    </Section>
  );
}

type EmailValues = z.output<typeof changeEmailBodySchema>;

function EmailSection({ user }: { user: User }) {
  const setUser = useSetUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof changeEmailBodySchema>, unknown, EmailValues>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { email: '', currentPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = async (values: EmailValues) => {
    setFormError(null);
    try {
      setUser((await changeEmail(values)).user);
      form.reset({ email: '', currentPassword: '' });
      toast({ title: 'Email changed', description: 'You were signed out on your other devices.', variant: 'success' });
    } catch (err) {
      applyServerError(err, ['email', 'currentPassword'] as const, (k, m) => form.setError(k, { message: m }), setFormError);
    }
  };
  return (
    <Section id="profile-email" title="Email" description={<>Your email is <strong className="text-foreground">{user.email}</strong>. Changing it signs you out on your other devices.</>}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2"><FormAlert message={formError} /></div>
        <FormField id="profile-new-email" label="New email" error={sentence(errors.email?.message)}>
          {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...form.register('email')} />}
        </FormField>
        <FormField id="profile-email-password" label="Current password" error={sentence(errors.currentPassword?.message)}>
          {(p) => <PasswordInput {...p} autoComplete="current-password" {...form.register('currentPassword')} />}
        </FormField>
        <div className="sm:col-span-2">
          <Button type="submit" variant="outline" disabled={isSubmitting}>
            {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Mail aria-hidden />}Change email
          </Button>
        </div>
      </form>
    </Section>
  );
}

const passwordFormSchema = z.object({
  currentPassword: z.string().min(1, 'currentPassword is required'),
  newPassword: newPasswordSchema('newPassword'),
  confirm: z.string(),
}).refine((v) => v.newPassword === v.confirm, { message: 'the two new passwords differ', path: ['confirm'] });
type PasswordValues = z.infer<typeof passwordFormSchema>;

function PasswordSection() {
  const { user } = useAuth();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordValues>({ resolver: zodResolver(passwordFormSchema), defaultValues: { currentPassword: '', newPassword: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = async (values: PasswordValues) => {
    setFormError(null);
    const weak = await newPasswordProblem(values.newPassword, 'newPassword', { username: user?.username, email: user?.email });
    if (weak) {
      form.setError('newPassword', { message: weak });
      return;
    }
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      form.reset();
      toast({ title: 'Password changed', description: 'You were signed out on your other devices.', variant: 'success' });
    } catch (err) {
      applyServerError(err, ['currentPassword', 'newPassword'] as const, (k, m) => form.setError(k, { message: m }), setFormError);
    }
  };
  return (
    <Section id="profile-password" title="Password" description="Changing your password signs you out on your other devices.">
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2"><FormAlert message={formError} /></div>
        <FormField id="profile-current-password" label="Current password" className="sm:col-span-2" error={sentence(errors.currentPassword?.message)}>
          {(p) => <PasswordInput {...p} autoComplete="current-password" {...form.register('currentPassword')} />}
        </FormField>
        <NewPasswordFields
          label="New password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          password={{ id: 'profile-new-password', field: form.register('newPassword'), error: errors.newPassword?.message }}
          confirm={{ id: 'profile-confirm-password', field: form.register('confirm'), error: errors.confirm?.message }}
        />
        <div className="sm:col-span-2">
          <Button type="submit" variant="outline" disabled={isSubmitting}>
            {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}Change password
          </Button>
        </div>
      </form>
    </Section>
  );
}

function PreferenceBox({ id, label, hint, checked, disabled, onChange }: { id: string; label: string; hint?: ReactNode; checked: boolean; disabled: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox id={id} checked={checked} disabled={disabled} onCheckedChange={(v) => onChange(v === true)} className="mt-0.5" aria-describedby={hint ? `${id}-hint` : undefined} />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="font-normal">{label}</Label>
        {hint && <p id={`${id}-hint`} className="text-xs text-muted-foreground">{hint}</p>}
      </div>
    </div>
  );
}

function PreferencesSection() {
  const qc = useQueryClient();
  const prefs = usePreferences();
  const [saving, setSaving] = useState(false);
  const baseId = useId();
  const set = async (change: Partial<Omit<Preferences, 'marketingConsentAt'>>) => {
    setSaving(true);
    try {
      qc.setQueryData(preferencesQueryOptions().queryKey, await updatePreferences(change));
      toast({ title: 'Email preferences saved', variant: 'success' });
    } catch (err) {
      console.error('Saving email preferences failed', err);
      toast({ title: 'Error', description: errorMessage(err, 'Your email preferences could not be saved. Please try again.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Section id="profile-preferences" title="Email notifications" description="You always see notifications under the bell. Choose which ones also arrive by email; every email has a link to stop them.">
      {prefs.isPending ? <LoaderCircle className="animate-spin text-muted-foreground" aria-label="Loading your preferences" />
        : prefs.isError ? <p role="alert" className="text-sm text-destructive">Your email preferences could not be loaded. Reload the page to try again.</p>
          : (
            <fieldset className="grid gap-3">
              <legend className="sr-only">Email me when</legend>
              {EMAIL_PREFERENCES.map((p) => (
                <PreferenceBox key={p.key} id={`${baseId}-${p.key}`} label={p.label} checked={prefs.data[p.key]} disabled={saving} onChange={(v) => void set({ [p.key]: v })} />
              ))}
              <div className="mt-2 border-t border-border pt-3">
                <PreferenceBox
                  id={`${baseId}-marketing`}
                  label="Offers and news from the dealership"
                  hint={prefs.data.marketingOptIn && prefs.data.marketingConsentAt
                    ? <>You agreed on <DealershipDate iso={prefs.data.marketingConsentAt} />. You can withdraw at any time.</>
                    : 'Occasional emails about sales and new arrivals. Off unless you turn it on; you can withdraw at any time.'}
                  checked={prefs.data.marketingOptIn}
                  disabled={saving}
                  onChange={(v) => void set({ marketingOptIn: v })}
                />
              </div>
            </fieldset>
          )}
    </Section>
  );
}

function DataSection() {
  const { logout } = useAuth();
  const [downloading, setDownloading] = useState(false);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const data = await exportAccount();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `my-data-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      console.error('Data export failed', err);
      toast({ title: 'Error', description: 'Your data could not be downloaded. Please try again.', variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  const remove = async () => {
    setDeleteError(null);
    setDeleting(true);
    try {
      await deleteAccount({ currentPassword: password });
      // The saved list in this browser belonged to the deleted account.
      removeItem(STORAGE_KEYS.savedVehicles);
      removeItem(STORAGE_KEYS.savedVehicleDetails);
      setOpen(false);
      toast({ title: 'Account deleted', description: 'Your personal data has been removed.', variant: 'success' });
      // Signs out locally and lands on / (spec §4).
      await logout();
    } catch (err) {
      console.error('Account deletion failed', err);
      setDeleteError(isApiError(err) ? (sentence(err.fields.currentPassword) ?? errorMessage(err)) : 'We could not reach the server. Check your connection and try again.');
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Section id="profile-data" title="Your data" description="Download everything we hold about you, or delete your account.">
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" onClick={() => void download()} disabled={downloading}>
          {downloading ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}Download my data (JSON)
        </Button>
        <Button variant="destructive" onClick={() => { setPassword(''); setDeleteError(null); setOpen(true); }}>
          <Trash2 aria-hidden />Delete my account
        </Button>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              This cannot be undone. Your name, email, photo, saved vehicles and searches, notifications and preferences are
              deleted, and any private listing is withdrawn. Records the dealership must keep (such as past appointments and
              referral rewards) stay, without your name or contact details.
            </DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={(e) => { e.preventDefault(); void remove(); }} className="grid gap-3">
            <FormField id="delete-password" label="Your password" error={deleteError ?? undefined}>
              {(p) => <PasswordInput {...p} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
            </FormField>
            <DialogFooter>
              <DialogClose asChild><Button type="button" variant="outline">Cancel</Button></DialogClose>
              <Button type="submit" variant="destructive" disabled={deleting || !password}>
                {deleting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}Delete my account
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Section>
  );
}

