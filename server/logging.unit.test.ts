// Issue 36 item 6: what an error may carry into the log. The API test (test/security-probe.test.ts) shows it on a
// real database error; these cover the shapes that one request does not reach.
import { describe, expect, it } from 'vitest';
import { REDACTED, redactErrorText, redactUrl, serializeError } from './logging';

describe('serializeError', () => {
  it('redacts params at any depth of cause, in messages, stacks and PostgreSQL details', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_idx"'), {
      code: '23505', detail: 'Key (lower(email::text))=(someone@example.ca) already exists.',
    });
    const drizzle = Object.assign(new Error('Failed query: insert into "users" ("email") values ($1)\nparams: someone@example.ca'), {
      query: 'insert into "users" ("email") values ($1)', params: ['someone@example.ca'], cause: pgError,
    });
    const wrapped = new Error('registration failed', { cause: drizzle });
    const out = JSON.stringify(serializeError(wrapped));
    expect(out).not.toContain('someone@example.ca');
    expect(out).toContain('"params":"[redacted]"');
    expect(out).toContain(`Key (lower(email::text))=(${REDACTED}) already exists.`);
    // What helps debugging stays: the query, the code, the constraint.
    expect(out).toContain('insert into \\"users\\"');
    expect(out).toContain('"code":"23505"');
    expect(out).toContain('users_email_idx');
  });

  it('leaves other text as it was, and errs toward cutting anything shaped like a detail\'s value', () => {
    expect(redactErrorText('connection refused')).toBe('connection refused');
    expect(redactErrorText('select (a)=(b) from t')).toBe(`select (a)=(${REDACTED}) from t`);
  });
});

describe('redactUrl', () => {
  it('replaces query secrets and a worksheet share token in the path (issue 56 finding 7), and keeps the rest', () => {
    expect(redactUrl('/reset-password?token=abc&next=/x')).toBe(`/reset-password?token=${REDACTED}&next=/x`);
    expect(redactUrl('/deal-worksheets/Zk3vQ9xT1bLm0pRsUvWxYz?print=1')).toBe(`/deal-worksheets/${REDACTED}?print=1`);
    expect(redactUrl('/api/deal-worksheets/Zk3vQ9xT1bLm0pRsUvWxYz')).toBe(`/api/deal-worksheets/${REDACTED}`);
    expect(redactUrl('/api/deal-worksheets')).toBe('/api/deal-worksheets');
    expect(redactUrl('/api/account/deal-worksheets')).toBe('/api/account/deal-worksheets');
  });
});
