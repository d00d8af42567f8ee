// The affordability calculator's save (spec §4, §7): store the shopper's criteria, for their account when
// they are signed in, and answer with the estimate the calculator shows (spec §9 maths in domain/finance.ts).
import { eq } from 'drizzle-orm';
import type { ApprovalCriteriaBody } from '@domain/approval';
import { approvedAmount, loanPayment } from '@domain/finance';
import type { Db, Tx } from '../../db/client';
import { approvalCriteria } from '../../db/schema';
import type { Deps } from '../../deps';
import { bindFirst } from '../../lib/bind';

export interface SavedCriteria {
  id: number;
  approvedAmount: number;
  monthlyPayment: number;
  savedForUser: boolean;
  createdAt: string;
}

/** spec §9 estimate, and the monthly payment that finances it (the budget, give or take rounding). */
export function estimate(c: Pick<ApprovalCriteriaBody, 'monthlyBudget' | 'loanTerm' | 'interestRate' | 'downPayment'>) {
  const amount = approvedAmount(c);
  const monthlyPayment = amount > 0 ? Math.max(0, loanPayment(amount, c.downPayment, c.interestRate, c.loanTerm)) : 0;
  return { approvedAmount: amount, monthlyPayment };
}

export async function saveApprovalCriteria(db: Db, body: ApprovalCriteriaBody, userId: number | null): Promise<SavedCriteria> {
  const figures = estimate(body);
  // Money columns hold whole dollars and the rate basis points; the estimate above uses the exact inputs.
  const [row] = await db.insert(approvalCriteria).values({
    userId,
    creditScoreMin: body.creditScoreMin,
    creditScoreMax: body.creditScoreMax,
    monthlyIncome: Math.round(body.monthlyIncome),
    downPayment: Math.round(body.downPayment),
    monthlyBudget: Math.round(body.monthlyBudget),
    loanTerm: body.loanTerm,
    // toFixed first: 8.995 × 100 is 899.4999… in binary floating point, and should round to 900.
    interestRateBp: Math.round(Number((body.interestRate * 100).toFixed(6))),
    approvedAmount: figures.approvedAmount,
  }).returning({ id: approvalCriteria.id, createdAt: approvalCriteria.createdAt });
  return { id: row!.id, ...figures, savedForUser: userId !== null, createdAt: row!.createdAt.toISOString() };
}

/** An account's deletion (accounts/profile.ts deleteAccount, issue 31 §3): in the deletion's transaction. */
export async function forgetUserCriteria(tx: Tx, userId: number): Promise<void> {
  await tx.delete(approvalCriteria).where(eq(approvalCriteria.userId, userId));
}

/** The finance service as the app holds it (server/services.ts): the affordability calculator's saved criteria. */
export function financeService(deps: Deps) {
  return bindFirst(deps.db, { saveApprovalCriteria });
}
