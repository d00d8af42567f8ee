// POST /api/leads (spec §7): the chat contact form's lead. Its failure is logged and the chat goes on (spec §8).
import type { CreateLeadRequest, CreateLeadResponse } from '@domain/leads';
import { apiPost } from '@/lib/api-client';

export function createLead(body: CreateLeadRequest): Promise<CreateLeadResponse> {
  return apiPost<CreateLeadResponse>('/api/leads', body);
}
