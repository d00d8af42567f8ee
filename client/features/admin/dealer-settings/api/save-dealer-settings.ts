// PUT /api/admin/dealer-settings (issues 33 §6, 34 §5).
import type { DealerSettings, DealerSettingsResponse } from '@domain/dealer-settings';
import { apiPut } from '@/lib/api-client';
import { DEALER_SETTINGS_KEY } from './get-dealer-settings';

export const saveDealerSettings = (body: DealerSettings) => apiPut<DealerSettingsResponse>(DEALER_SETTINGS_KEY, body);
