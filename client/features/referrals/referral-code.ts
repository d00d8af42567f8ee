/** Referral codes are short tokens; anything else is not a referral link we issued (then: not-found, spec §2). */
export function parseReferralCode(raw: string | null | undefined): string | null {
  const code = raw?.trim() ?? '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : null;
}
