// spec §7 POST /api/approval-criteria payload, validated with the calculator's §5 bounds.
import { z } from 'zod';
import { CREDIT_SCORE_MAX, CREDIT_SCORE_MIN, INTEREST_RATE_MAX, LOAN_TERMS } from './finance';

const money = (name: string) => z.number({ error: `${name} must be a number` }).min(0, `${name} cannot be negative`).max(10_000_000, `${name} is too large`);

export const approvalCriteriaBodySchema = z.object({
  creditScoreMin: z.number({ error: 'creditScoreMin must be a number' }).int().min(CREDIT_SCORE_MIN, `credit score is at least ${CREDIT_SCORE_MIN}`).max(CREDIT_SCORE_MAX, `credit score is at most ${CREDIT_SCORE_MAX}`),
  creditScoreMax: z.number({ error: 'creditScoreMax must be a number' }).int().min(CREDIT_SCORE_MIN).max(CREDIT_SCORE_MAX),
  monthlyIncome: money('monthlyIncome'),
  downPayment: money('downPayment'),
  monthlyBudget: money('monthlyBudget'),
  loanTerm: z.number().int().refine((t) => (LOAN_TERMS as readonly number[]).includes(t), `loanTerm must be one of ${LOAN_TERMS.join(', ')}`),
  interestRate: z.number({ error: 'interestRate must be a number' }).min(0, 'interestRate cannot be negative').max(INTEREST_RATE_MAX, `interestRate is at most ${INTEREST_RATE_MAX}`),
}).refine((c) => c.creditScoreMin <= c.creditScoreMax, { message: 'creditScoreMin must not exceed creditScoreMax', path: ['creditScoreMin'] });
export type ApprovalCriteriaBody = z.infer<typeof approvalCriteriaBodySchema>;

export const approvalCriteriaResponseSchema = z.object({
  id: z.number().int(),
  approvedAmount: z.number().int(),
  monthlyPayment: z.number().int(),
  savedForUser: z.boolean(),
  createdAt: z.string(),
});
