// The fields of every form that sets a password (register, reset password, the profile's password change): the new
// password with its rule as a hint and, where the form asks for it, the repeat. The forms keep their own schema and
// submit check (newPasswordProblem, with the context each has); this part loads the common-password list that check
// needs as soon as a form that sets a password is on screen, so submitting does not wait for it.
// Fragments, not a wrapper: the fields sit in the form's own grid (side by side on the profile page).
import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN } from '@domain/auth';
import { loadPasswordRules } from '@/lib/password-check';
import { FormField, sentence } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';

/** The hint of the register and reset forms; the profile page has room for the rule alone. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN} characters. A short phrase is easy to remember.`;

export interface PasswordFieldProps {
  id: string;
  /** The react-hook-form registration of the field (form.register('password')). */
  field: UseFormRegisterReturn;
  /** The field's error, as the schema or the server gave it (made a sentence here). */
  error: string | undefined;
}

export function NewPasswordFields({ label, hint = NEW_PASSWORD_HINT, password, confirm }: {
  label: string;
  hint?: string;
  password: PasswordFieldProps;
  /** The "Repeat the new password" field, on the forms that have one. */
  confirm?: PasswordFieldProps;
}) {
  useEffect(() => { void loadPasswordRules(); }, []);
  return (
    <>
      <FormField id={password.id} label={label} hint={hint} error={sentence(password.error)}>
        {(p) => <PasswordInput {...p} autoComplete="new-password" {...password.field} />}
      </FormField>
      {confirm && (
        <FormField id={confirm.id} label="Repeat the new password" error={sentence(confirm.error)}>
          {(p) => <PasswordInput {...p} autoComplete="new-password" {...confirm.field} />}
        </FormField>
      )}
    </>
  );
}
