// POST /api/auth/two-factor/confirm: the first code from the app turns two-factor sign-in on; answers the ten
// recovery codes, shown once.
import { apiPost } from '@/lib/api-client';

export const confirmTwoFactor = (code: string) => apiPost<{ message: string; recoveryCodes: string[] }>('/api/auth/two-factor/confirm', { code });
