// POST /api/auth/two-factor/setup: a new secret and its QR code; nothing changes until the first code confirms it.
import type { TwoFactorSetup } from '@domain/admin';
import { apiPost } from '@/lib/api-client';

export const startTwoFactor = () => apiPost<TwoFactorSetup>('/api/auth/two-factor/setup');
