// PUT /api/admin/lead-delivery (issue 32): the ADF e-mail address and/or the webhook; a secret only when replaced.
import type { LeadDeliverySettings, LeadDeliverySettingsUpdate } from '@domain/lead-delivery';
import { apiPut } from '@/lib/api-client';
import { LEAD_DELIVERY_KEY } from './get-lead-delivery-settings';

export const saveLeadDeliverySettings = (body: LeadDeliverySettingsUpdate) => apiPut<LeadDeliverySettings>(LEAD_DELIVERY_KEY, body);
