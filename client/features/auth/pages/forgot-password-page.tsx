// /forgot-password (spec §2, issue 5): ask for a reset link. The answer is the same whether or not the address has
// an account, so the page never reveals who is registered.
import { useState } from 'react';
import { Link } from '@/components/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LoaderCircle, MailCheck, Send } from 'lucide-react';
import { forgotPasswordBodySchema } from '@domain/auth';
import { errorMessage, isApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField, sentence } from '@/components/ui/form-field';
import { AuthCard, FormAlert } from '@/components/auth-card';
import { requestPasswordReset } from '../api/request-password-reset';

type Input = z.input<typeof forgotPasswordBodySchema>;
type Values = z.output<typeof forgotPasswordBodySchema>;

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Values>({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: Values) => {
    setFormError(null);
    try {
      const res = await requestPasswordReset(values);
      setSent(res.message);
    } catch (err) {
      console.error('Password reset request failed', err);
      setFormError(isApiError(err) ? errorMessage(err) : 'We could not reach the server. Check your connection and try again.');
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={<>Remembered it? <Link to="/login" className="font-semibold text-primary hover:underline">Log in</Link></>}
    >
      {sent ? (
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <MailCheck className="size-10 text-primary" aria-hidden />
          <p className="text-sm">{sent}</p>
          <p className="text-xs text-muted-foreground">Nothing arrived? Check your spam folder, or ask again in a few minutes.</p>
          <Button variant="outline" onClick={() => setSent(null)}>Use another address</Button>
        </div>
      ) : (
        <>
          <FormAlert message={formError} />
          <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
            <FormField id="forgot-email" label="E-mail" error={sentence(errors.email?.message)}>
              {(p) => <Input {...p} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...form.register('email')} />}
            </FormField>
            <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
              {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}
              {isSubmitting ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
