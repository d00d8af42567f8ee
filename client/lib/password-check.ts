// The client half of the one password rule (domain/auth.ts passwordProblem): the common-password list and zxcvbn are large,
// so it is loaded only on pages that set a password, and only once.
import { passwordProblem, type PasswordContext, type PasswordRules } from '@domain/auth';

let rules: Promise<PasswordRules> | undefined;

/** The common-password list and zxcvbn (issue 36 item 2), loaded once. */
export function loadPasswordRules(): Promise<PasswordRules> {
  rules ??= import('@domain/common-passwords').then((m) => m.PASSWORD_RULES);
  return rules;
}

/** Why the new password is refused (as a sentence for the form), or null. */
export async function newPasswordProblem(password: string, field = 'password', context: PasswordContext = {}): Promise<string | null> {
  const problem = passwordProblem(password, await loadPasswordRules(), field, context);
  if (!problem) return null;
  // The form's label names the field; the message reads as a sentence about "this password".
  return problem.replace(new RegExp(`^${field} `), 'This password ');
}
