// The client half of the one password rule (domain/auth.ts passwordProblem): the common-password list is large,
// so it is loaded only on pages that set a password, and only once.
import { passwordProblem, type PasswordContext } from '@domain/auth';

let common: Promise<ReadonlySet<string>> | undefined;

export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@domain/common-passwords').then((m) => m.COMMON_PASSWORDS);
  return common;
}

/** Why the new password is refused (as a sentence for the form), or null. */
export async function newPasswordProblem(password: string, field = 'password', context: PasswordContext = {}): Promise<string | null> {
  const problem = passwordProblem(password, await loadCommonPasswords(), field, context);
  if (!problem) return null;
  // The form's label names the field; the message reads as a sentence about "this password".
  return problem.replace(new RegExp(`^${field} `), 'This password ');
}
