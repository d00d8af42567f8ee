// The shared approval-criteria store (spec §3): the calculator writes it, vehicle cards and pages read it
// for personalised payments. Persisted under the spec's key; an unreadable value is only logged (spec §8).
import { STORAGE_KEYS } from '@domain/constants';
import { DEFAULT_CRITERIA, type ApprovalCriteria } from '@domain/finance';
import { createLocalStore } from './local-store';

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

export const criteriaStore = createLocalStore<ApprovalCriteria | null>(STORAGE_KEYS.approvalCriteria, {
  fallback: null,
  parse(raw) {
    if (!raw || typeof raw !== 'object') throw new Error('not an object');
    const r = raw as Record<string, unknown>;
    return {
      creditScore: num(r.creditScore, DEFAULT_CRITERIA.creditScore),
      monthlyIncome: num(r.monthlyIncome, DEFAULT_CRITERIA.monthlyIncome),
      downPayment: num(r.downPayment, DEFAULT_CRITERIA.downPayment),
      monthlyBudget: num(r.monthlyBudget, DEFAULT_CRITERIA.monthlyBudget),
      loanTerm: num(r.loanTerm, DEFAULT_CRITERIA.loanTerm),
      interestRate: num(r.interestRate, DEFAULT_CRITERIA.interestRate),
    };
  },
  onCorrupt(err) {
    console.error('Could not read the stored approval criteria', err);
    return 'keep';
  },
});

/** The shopper's criteria, or null when they have never set any (cards then show the default estimate). */
export const useApprovalCriteria = () => criteriaStore.use();

export function updateCriteria(patch: Partial<ApprovalCriteria>) {
  criteriaStore.set((prev) => ({ ...(prev ?? DEFAULT_CRITERIA), ...patch }));
}

export function resetCriteria() {
  criteriaStore.set({ ...DEFAULT_CRITERIA });
}
