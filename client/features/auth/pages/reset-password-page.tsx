// /reset-password?token=… (spec §2, issue 5): choose a new password with the single-use, one-hour link.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { newPasswordSchema } from '@domain/auth';
import { errorMessage, isApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { sentence } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { AuthCard, FormAlert } from '@/components/auth-card';
import { NewPasswordFields } from '@/components/new-password-fields';
import { newPasswordProblem } from '@/lib/password-check';
import { resetPassword } from '../api/reset-password';

const schema = z.object({ password: newPasswordSchema('password'), confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'the two passwords differ', path: ['confirm'] });
type Values = z.infer<typeof schema>;

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;

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
      await resetPassword({ token, password: values.password });
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
        <NewPasswordFields
          label="New password"
          password={{ id: 'reset-password', field: form.register('password'), error: errors.password?.message }}
          confirm={{ id: 'reset-confirm', field: form.register('confirm'), error: errors.confirm?.message }}
        />
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
          {isSubmitting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
