// POST /api/auth/two-factor/disable: turns two-factor sign-in off; needs the password.
import { apiPost } from '@/lib/api-client';

export const disableTwoFactor = (password: string) => apiPost<{ message: string }>('/api/auth/two-factor/disable', { password });
