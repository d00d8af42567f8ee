// POST /api/auth/two-factor/recovery-codes: ten new recovery codes (the old ones stop working); needs the password.
import { apiPost } from '@/lib/api-client';

export const regenerateRecoveryCodes = (password: string) => apiPost<{ message: string; recoveryCodes: string[] }>('/api/auth/two-factor/recovery-codes', { password });
