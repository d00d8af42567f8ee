// POST /api/auth/reset-password (spec §2, issue 5): the new password with the single-use token of the reset link.
import { apiPost } from '@/lib/api-client';

export const resetPassword = (body: { token: string; password: string }) => apiPost('/api/auth/reset-password', body);
