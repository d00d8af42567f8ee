// Two-factor enrolment at sign-in (issue 15 item 2): which login failures start it, the helpers of its screens,
// and the first screen as the server renders it (the unit project has no DOM; the steps after it need the
// enrolment API and are covered end to end once the server part lands).
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TWO_FACTOR_ENROLMENT_REQUIRED, TWO_FACTOR_REQUIRED } from '@domain/admin';
import { ApiError } from '@/lib/api-client';
import { expiredMessage, groupSecret, recoveryCodesText, TwoFactorEnrolment, twoFactorEnrolmentChallengeOf } from './two-factor-enrolment';
import { twoFactorChallengeOf } from './two-factor-code-form';

const challenge = 'c'.repeat(43);
const apiError = (status: number, body: unknown) => new ApiError(status, 'Unauthorized', JSON.stringify(body), body);

describe('twoFactorEnrolmentChallengeOf', () => {
  it('finds the challenge of the enrolment 401', () => {
    const err = apiError(401, { message: 'Set up two-factor sign-in to continue.', code: TWO_FACTOR_ENROLMENT_REQUIRED, challenge });
    expect(twoFactorEnrolmentChallengeOf(err)).toBe(challenge);
    // The code step's helper does not take it for its own, so the login page shows the right screen.
    expect(twoFactorChallengeOf(err)).toBeNull();
  });

  it('leaves every other failure to the login form', () => {
    expect(twoFactorEnrolmentChallengeOf(apiError(401, { message: 'Invalid credentials' }))).toBeNull();
    expect(twoFactorEnrolmentChallengeOf(apiError(401, { code: TWO_FACTOR_REQUIRED, challenge }))).toBeNull();
    expect(twoFactorEnrolmentChallengeOf(apiError(401, { code: TWO_FACTOR_ENROLMENT_REQUIRED }))).toBeNull();
    expect(twoFactorEnrolmentChallengeOf(apiError(403, { code: TWO_FACTOR_ENROLMENT_REQUIRED, challenge }))).toBeNull();
    expect(twoFactorEnrolmentChallengeOf(new ApiError(401, 'Unauthorized', 'nope', undefined))).toBeNull();
    expect(twoFactorEnrolmentChallengeOf(new Error('offline'))).toBeNull();
  });

  it('tells the code step from the enrolment by the code alone, whatever the message says', () => {
    const code = apiError(401, { message: 'Enter the code from your authenticator app', code: TWO_FACTOR_REQUIRED, challenge });
    expect(twoFactorChallengeOf(code)).toBe(challenge);
    expect(twoFactorEnrolmentChallengeOf(code)).toBeNull();
    expect(twoFactorChallengeOf(apiError(401, { message: 'Enter the code from your authenticator app', code: 'invalid_credentials', challenge }))).toBeNull();
  });
});

describe('expiredMessage', () => {
  it('sends the admin back to the password only for challenge_expired, not for every 401 or 429', () => {
    const gone = 'This set-up has expired or had too many wrong codes. Sign in with your password again to start over.';
    expect(expiredMessage(apiError(401, { code: 'challenge_expired', message: gone }))).toBe(gone);
    expect(expiredMessage(apiError(401, { code: 'invalid_two_factor_code', message: 'That code is not right.' }))).toBeNull();
    expect(expiredMessage(apiError(401, { message: gone }))).toBeNull();
    expect(expiredMessage(apiError(429, { code: 'rate_limited', message: 'Too many attempts' }))).toBeNull();
  });
});

describe('enrolment helpers', () => {
  it('groups the key in fours for typing', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
    expect(groupSecret('')).toBe('');
  });

  it('writes the recovery codes one a line, under a heading naming the account', () => {
    const text = recoveryCodesText(['abcde-23456', 'fghij-78923'], 'admin', 'example.test');
    expect(text.split('\n')[0]).toBe('Recovery codes for admin at example.test');
    expect(text).toMatch(/\nabcde-23456\nfghij-78923\n$/);
  });
});

describe('TwoFactorEnrolment, first screen', () => {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <TwoFactorEnrolment challenge={challenge} onSignedIn={() => {}} onCancel={() => {}} />
    </QueryClientProvider>,
  );

  it('explains the step and names common authenticator apps, without links to other sites', () => {
    expect(html).toContain('Set up two-factor sign-in');
    expect(html).toMatch(/Google Authenticator/);
    expect(html).not.toMatch(/href="https?:/);
  });

  it('asks for the code in a labelled one-time-code field, with Confirm waiting for the setup', () => {
    expect(html).toMatch(/<label[^>]*for="enrol-code"[^>]*>6-digit code<\/label>/);
    const input = html.match(/<input[^>]*id="enrol-code"[^>]*>/)?.[0] ?? '';
    expect(input).toMatch(/autocomplete="one-time-code"/i);
    expect(input).toMatch(/inputmode="numeric"/i);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>.*Confirm<\/button>/);
  });
});
