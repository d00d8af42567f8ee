// POST /api/pre-approvals (issue 6 "Financing and pre-approval"): the whole application; answers with its reference
// and what happens next.
import type { PreApprovalApplicationInput, PreApprovalSubmitted } from '@domain/pre-approval';
import { apiPost } from '@/lib/api-client';

export const submitPreApproval = (body: PreApprovalApplicationInput) => apiPost<PreApprovalSubmitted>('/api/pre-approvals', body);
