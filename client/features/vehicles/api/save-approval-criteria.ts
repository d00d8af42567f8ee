// POST /api/approval-criteria (spec §7): the calculator's 'Browse Vehicles in Range'.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApprovalCriteriaBody, approvalCriteriaResponseSchema } from '@domain/approval';
import type { ApprovalCriteria } from '@domain/finance';
import { apiPost } from '@/lib/api-client';

export type SavedCriteria = z.infer<typeof approvalCriteriaResponseSchema>;

/** spec §3: the credit score goes out as creditScoreMin and creditScoreMax, both equal. */
export function toCriteriaBody(c: ApprovalCriteria): ApprovalCriteriaBody {
  return {
    creditScoreMin: c.creditScore,
    creditScoreMax: c.creditScore,
    monthlyIncome: c.monthlyIncome,
    downPayment: c.downPayment,
    monthlyBudget: c.monthlyBudget,
    loanTerm: c.loanTerm,
    interestRate: c.interestRate,
  };
}

export const saveApprovalCriteria = (c: ApprovalCriteria) => apiPost<SavedCriteria>('/api/approval-criteria', toCriteriaBody(c));

export const useSaveApprovalCriteria = () => useMutation({ mutationFn: saveApprovalCriteria });
