// POST /api/auth/forgot-password (spec §2, issue 5): emails a reset link. The answer is the same whether or not the
// address has an account.
import type { z } from 'zod';
import type { forgotPasswordBodySchema } from '@domain/auth';
import { apiPost } from '@/lib/api-client';

export const requestPasswordReset = (body: z.output<typeof forgotPasswordBodySchema>) =>
  apiPost<{ message: string }>('/api/auth/forgot-password', body);
