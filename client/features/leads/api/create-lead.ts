// POST /api/leads (spec §7): a lead, from the chat's contact form or the contact page.
import type { CreateLeadRequest, CreateLeadResponse } from '@domain/leads';
import { apiPost } from '@/lib/api-client';

export function createLead(body: CreateLeadRequest): Promise<CreateLeadResponse> {
  return apiPost<CreateLeadResponse>('/api/leads', body);
}
