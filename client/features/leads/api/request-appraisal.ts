// POST /api/appraisals (issue 6): the seller's vehicle and contact details; answers with the estimated range (or
// none), the lead it created and the one-time token for sending photos after it.
import type { AppraisalRequest, AppraisalResult } from '@domain/appraisal';
import { apiPost } from '@/lib/api-client';

export const requestAppraisal = (body: AppraisalRequest) => apiPost<AppraisalResult>('/api/appraisals', body);
