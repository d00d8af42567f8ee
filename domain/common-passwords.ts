// The common-password list behind passwordProblem (domain/auth.ts): zxcvbn-ts's ranked list of the most common
// passwords (about 49,000, which includes the 10,000 most common the issue asks us to refuse). Kept out of
// domain/auth.ts because it is large: the server imports it once; the client loads it lazily on the pages that
// set a password.
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()),
);
