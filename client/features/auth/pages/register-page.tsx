// /register (spec §2): username, e-mail, password (at least PASSWORD_MIN characters), optional names.
// The same Zod contract the server validates with checks the form first; the server's field errors are shown too.
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LoaderCircle, UserPlus } from 'lucide-react';
import { registerBodySchema } from '@domain/auth';
import { useAuth } from '@/lib/auth';
import { isApiError } from '@/lib/api-client';
import { safeRedirect } from '@/lib/safe-redirect';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField, sentence } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { AuthCard, FormAlert } from '@/components/auth-card';
import { NewPasswordFields } from '@/components/new-password-fields';
import { newPasswordProblem } from '@/lib/password-check';

type RegisterInput = z.input<typeof registerBodySchema>;
type RegisterValues = z.output<typeof registerBodySchema>;
const FIELDS = ['username', 'email', 'password', 'firstName', 'lastName'] as const;

export default function RegisterPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirect'), '/');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { username: '', email: '', password: '', firstName: '', lastName: '' },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  if (auth.status === 'authenticated' && !isSubmitting && !isSubmitSuccessful) return <Navigate to={redirectTo} replace />;

  const onSubmit = async (values: RegisterValues) => {
    setFormError(null);
    // issue 5: the common-password list, and issue 15 item 6: not the username, e-mail name or site name; checked
    // here first with the server's own rule.
    const weak = await newPasswordProblem(values.password, 'password', { username: values.username, email: values.email });
    if (weak) {
      form.setError('password', { message: weak });
      form.setFocus('password');
      return;
    }
    try {
      const user = await auth.register({
        ...values,
        firstName: values.firstName || undefined,
        lastName: values.lastName || undefined,
      });
      toast({ title: 'Account created', description: `Welcome${user?.firstName ? `, ${user.firstName}` : ''}! You are signed in.`, variant: 'success' });
      navigate(redirectTo, { replace: true });
    } catch (err) {
      console.error('Registration failed', err);
      if (!isApiError(err)) {
        setFormError('We could not reach the server. Check your connection and try again.');
        return;
      }
      // Validation (400) and conflicts (409) name the failing fields; show each beside its input.
      const fieldErrors = Object.entries(err.fields).filter(([k]) => (FIELDS as readonly string[]).includes(k));
      for (const [field, message] of fieldErrors) {
        form.setError(field as (typeof FIELDS)[number], { message: sentence(message) });
      }
      const first = fieldErrors[0]?.[0];
      if (first) form.setFocus(first as (typeof FIELDS)[number]);
      if (!fieldErrors.length || err.status >= 500) {
        setFormError(err.status >= 500 ? 'Our server had a problem creating your account. Please try again in a moment.' : (err.serverMessage ?? 'We could not create your account.'));
      }
    }
  };

  const loginLink = params.get('redirect') ? `/login?${new URLSearchParams({ redirect: redirectTo })}` : '/login';

  return (
    <AuthCard
      title="Create your account"
      subtitle="Save vehicles, list your own and follow your referrals."
      footer={<>Already have an account? <Link to={loginLink} className="font-semibold text-primary hover:underline">Log in</Link></>}
    >
      <FormAlert message={formError} />
      <form method="post" noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="register-first-name" label="First name" optional error={sentence(errors.firstName?.message)}>
            {(p) => <Input {...p} autoComplete="given-name" {...form.register('firstName')} />}
          </FormField>
          <FormField id="register-last-name" label="Last name" optional error={sentence(errors.lastName?.message)}>
            {(p) => <Input {...p} autoComplete="family-name" {...form.register('lastName')} />}
          </FormField>
        </div>
        <FormField
          id="register-username"
          label="Username"
          hint="3 to 32 characters: letters, digits, dots, dashes or underscores."
          error={sentence(errors.username?.message)}
        >
          {(p) => <Input {...p} autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />}
        </FormField>
        <FormField id="register-email" label="E-mail" error={sentence(errors.email?.message)}>
          {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...form.register('email')} />}
        </FormField>
        <NewPasswordFields label="Password" password={{ id: 'register-password', field: form.register('password'), error: errors.password?.message }} />
        <Button type="submit" size="lg" disabled={isSubmitting} className="mt-1 w-full">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />}
          {isSubmitting ? 'Creating your account...' : 'Create account'}
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          By creating an account you agree to our <Link to="/terms-and-conditions" className="underline">terms</Link> and{' '}
          <Link to="/privacy-policy" className="underline">privacy policy</Link>. We never send marketing e-mail unless you opt in.
        </p>
      </form>
    </AuthCard>
  );
}
