// /reset-password?token=… (spec §2, issue 5): choose a new password with the single-use, one-hour link.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { newPasswordSchema, PASSWORD_MIN } from '@domain/auth';
import { apiPost, errorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { FormField, sentence } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { AuthCard, FormAlert } from '../components/auth-card';
import { loadCommonPasswords, newPasswordProblem } from '../password-check';

const schema = z.object({ password: newPasswordSchema('password'), confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'the two passwords differ', path: ['confirm'] });
type Values = z.infer<typeof schema>;

export default function ResetPasswordPage() {
  useDocumentTitle('Reset your password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => { void loadCommonPasswords(); }, []);

  if (!token) {
    return (
      <AuthCard title="Reset your password" footer={<Link to="/login" className="font-semibold text-primary hover:underline">Back to login</Link>}>
        <p className="text-center text-sm">This page needs the link from your reset email. <Link to="/forgot-password" className="font-semibold text-primary hover:underline">Ask for a new link</Link>.</p>
      </AuthCard>
    );
  }

  const onSubmit = async (values: Values) => {
    setFormError(null);
    const weak = await newPasswordProblem(values.password);
    if (weak) {
      form.setError('password', { message: weak });
      form.setFocus('password');
      return;
    }
    try {
      await apiPost('/api/auth/reset-password', { token, password: values.password });
      toast({ title: 'Password changed', description: 'Sign in with your new password.', variant: 'success' });
      navigate('/login', { replace: true });
    } catch (err) {
      console.error('Password reset failed', err);
      if (isApiError(err) && err.fields.password) {
        form.setError('password', { message: sentence(err.fields.password) });
        return;
      }
      setFormError(isApiError(err) ? errorMessage(err) : 'We could not reach the server. Check your connection and try again.');
    }
  };

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Your reset link works once, for one hour. Changing the password signs you out on every device."
      footer={<Link to="/forgot-password" className="font-medium text-primary hover:underline">Need a new link?</Link>}
    >
      <FormAlert message={formError} />
      <form method="post" noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        <FormField id="reset-password" label="New password" hint={`At least ${PASSWORD_MIN} characters. A short phrase is easy to remember.`} error={sentence(errors.password?.message)}>
          {(p) => <PasswordInput {...p} autoComplete="new-password" {...form.register('password')} />}
        </FormField>
        <FormField id="reset-confirm" label="Repeat the new password" error={sentence(errors.confirm?.message)}>
          {(p) => <PasswordInput {...p} autoComplete="new-password" {...form.register('confirm')} />}
        </FormField>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
          {isSubmitting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
