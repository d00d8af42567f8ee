// The rules behind passwordProblem (domain/auth.ts) that are too large to load with every page: zxcvbn-ts's ranked
// list of the most common passwords (about 49,000, which includes the 10,000 most common the issue asks us to
// refuse), and zxcvbn-ts's strength estimate over the same dictionary and the keyboard layouts (issue 36 item 2).
// Kept out of domain/auth.ts because they are large: the server imports them once; the client loads them lazily on
// the pages that set a password.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import type { PasswordRules } from './auth';

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()),
);

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

export const PASSWORD_RULES: PasswordRules = {
  common: COMMON_PASSWORDS,
  strength(password, userInputs) {
    const result = zxcvbn.check(password, userInputs);
    return { score: result.score, warning: result.feedback.warning ?? null };
  },
};
