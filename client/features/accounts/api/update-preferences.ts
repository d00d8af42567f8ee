// PUT /api/account/preferences (issue 5): changes some email preferences; answers with all of them.
import type { Preferences } from '@domain/accounts';
import { apiPut } from '@/lib/api-client';

export const updatePreferences = (body: Partial<Omit<Preferences, 'marketingConsentAt'>>) => apiPut<Preferences>('/api/account/preferences', body);
