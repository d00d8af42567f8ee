// POST /api/admin/lead-delivery/deliveries/:id/resend (issue 32): "send again".
import type { LeadDelivery } from '@domain/lead-delivery';
import { apiPost } from '@/lib/api-client';

export const resendLeadDelivery = (id: number) => apiPost<LeadDelivery>(`/api/admin/lead-delivery/deliveries/${id}/resend`);
