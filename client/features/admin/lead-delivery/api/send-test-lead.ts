// POST /api/admin/lead-delivery/test (issue 32): a test lead to every endpoint set, with what each answered.
import type { LeadDeliveryTestResult } from '@domain/lead-delivery';
import { apiPost } from '@/lib/api-client';

export const sendTestLead = () => apiPost<LeadDeliveryTestResult>('/api/admin/lead-delivery/test');
