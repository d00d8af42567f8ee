// /login, /customer-login and /admin-login (spec §2): one form; username or e-mail and password.
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LoaderCircle, LogIn } from 'lucide-react';
import { loginBodySchema } from '@domain/auth';
import { useAuth } from '@/lib/auth';
import { safeRedirect } from '@/lib/safe-redirect';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { FormField, sentence } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { TwoFactorCodeForm, twoFactorChallengeOf } from '@/components/two-factor-code-form';
import { TwoFactorEnrolment, twoFactorEnrolmentChallengeOf } from '@/components/two-factor-enrolment';
import { AuthCard, FormAlert } from '@/components/auth-card';
import { loginErrorMessage } from '../login-error';

type LoginInput = z.input<typeof loginBodySchema>;
type LoginValues = z.output<typeof loginBodySchema>;

export default function LoginPage({ variant = 'customer' }: { variant?: 'customer' | 'admin' }) {
  const staff = variant === 'admin';
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Admin login lands on the dashboard; otherwise back where the visitor was, or home.
  const redirectTo = safeRedirect(params.get('redirect'), staff ? '/admin' : '/');
  const [formError, setFormError] = useState<string | null>(null);
  // Admin two-factor (issue 4): a correct password on such an account asks for the code next; an admin without a
  // second factor while one is required sets it up first (issue 15 item 2).
  const [challenge, setChallenge] = useState<{ step: 'code' | 'enrol'; value: string } | null>(null);
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  // Already signed in: nothing to do here. (A non-admin on the staff login may switch accounts.)
  if (auth.status === 'authenticated' && !isSubmitting && !isSubmitSuccessful && (!staff || auth.isAdmin)) {
    return <Navigate to={redirectTo} replace />;
  }

  const onSubmit = async (values: LoginValues) => {
    setFormError(null);
    let cause: unknown;
    const ok = await auth.login(values.username, values.password, { onError: (e) => (cause = e) });
    if (!ok) {
      const code = twoFactorChallengeOf(cause);
      if (code) return setChallenge({ step: 'code', value: code });
      const enrol = twoFactorEnrolmentChallengeOf(cause);
      if (enrol) return setChallenge({ step: 'enrol', value: enrol });
      setFormError(loginErrorMessage(cause));
      form.setFocus('password');
      return;
    }
    toast({ title: 'Signed in', description: 'Welcome back.', variant: 'success' });
    navigate(redirectTo, { replace: true });
  };

  // Back to the password form (the username stays), e.g. when a two-factor challenge expired.
  const startOver = () => { setChallenge(null); form.reset({ username: form.getValues('username'), password: '' }); };

  const registerLink = params.get('redirect') ? `/register?${new URLSearchParams({ redirect: redirectTo })}` : '/register';

  return (
    <AuthCard
      title={staff ? 'Staff sign in' : 'Welcome back'}
      subtitle={staff ? 'Dealership staff: sign in to manage inventory.' : 'Sign in to see your saved vehicles and listings.'}
      footer={
        staff ? (
          <Link to="/login" className="font-medium text-primary hover:underline">Customer login</Link>
        ) : (
          <>
            New here?{' '}
            <Link to={registerLink} className="font-semibold text-primary hover:underline">Create an account</Link>
          </>
        )
      }
    >
      {staff && auth.user && !auth.isAdmin && (
        <p className="mb-4 rounded-md bg-secondary px-3 py-2.5 text-sm text-secondary-foreground">
          You are signed in as <strong>{auth.user.username}</strong>, which has no staff access. Sign in with a staff account.
        </p>
      )}
      <FormAlert message={formError} />
      {challenge?.step === 'enrol' ? (
        <TwoFactorEnrolment
          challenge={challenge.value}
          // Only admins enrol, so without an explicit redirect they land on the dashboard, whichever login page they used.
          onSignedIn={() => { toast({ title: 'Signed in', description: 'Two-factor sign-in is on.', variant: 'success' }); navigate(safeRedirect(params.get('redirect'), '/admin'), { replace: true }); }}
          onCancel={startOver}
        />
      ) : challenge ? (
        <TwoFactorCodeForm
          challenge={challenge.value}
          onSignedIn={() => { toast({ title: 'Signed in', description: 'Welcome back.', variant: 'success' }); navigate(redirectTo, { replace: true }); }}
          onCancel={startOver}
        />
      ) : (
      <form method="post" noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        <FormField id="login-username" label="Username or e-mail" error={sentence(errors.username?.message)}>
          {(p) => <Input {...p} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />}
        </FormField>
        <FormField id="login-password" label="Password" error={sentence(errors.password?.message)}>
          {(p) => <PasswordInput {...p} autoComplete="current-password" {...form.register('password')} />}
        </FormField>
        <div className="-mt-1 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-primary hover:underline">Forgot your password?</Link>
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <LogIn aria-hidden />}
          {isSubmitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      )}
    </AuthCard>
  );
}
