// Pre-approval application (issue 6 "Financing and pre-approval"; spec §2 /pre-approval, /admin/pre-approvals).
// One zod schema per step: the page validates each step with it before moving on, and the server validates the
// whole application with the same schemas merged. No SIN is ever asked for: a lender asks for it, not the website.
import { z } from 'zod';

export const PRE_APPROVAL_STATUSES = ['new', 'contacted', 'approved', 'declined', 'funded'] as const;
export type PreApprovalStatus = (typeof PRE_APPROVAL_STATUSES)[number];
export const PRE_APPROVAL_STATUS_LABELS: Record<PreApprovalStatus, string> = {
  new: 'New', contacted: 'Contacted', approved: 'Approved', declined: 'Declined', funded: 'Funded',
};

/**
 * The credit-check consent the applicant ticks. Stored word for word with the time it was given
 * (Alberta PIPA; DESIGN.md "Consent"). Changing the wording changes what new applications record.
 */
export const CREDIT_CHECK_CONSENT_TEXT =
  'I authorize Prairie Motor Hub and the lenders it works with to obtain my credit report from a credit bureau '
  + '(Equifax or TransUnion) and to use it, together with the information in this application, only to find '
  + 'financing for my vehicle purchase. I understand this application is not an approval, and that a lender '
  + 'decides whether to lend and on what terms.';

export const EMPLOYMENT_STATUSES = ['full_time', 'part_time', 'self_employed', 'contract', 'retired', 'student', 'not_employed', 'other'] as const;
export const EMPLOYMENT_LABELS: Record<(typeof EMPLOYMENT_STATUSES)[number], string> = {
  full_time: 'Full-time', part_time: 'Part-time', self_employed: 'Self-employed', contract: 'Contract or seasonal',
  retired: 'Retired', student: 'Student', not_employed: 'Not currently employed', other: 'Other income (disability, benefits…)',
};
/** Statuses with an employer to name. */
const WITH_EMPLOYER = new Set<string>(['full_time', 'part_time', 'self_employed', 'contract']);
export const needsEmployer = (status: string) => WITH_EMPLOYER.has(status);

export const HOUSING_STATUSES = ['own', 'rent', 'family', 'other'] as const;
export const HOUSING_LABELS: Record<(typeof HOUSING_STATUSES)[number], string> = {
  own: 'Own (mortgage or paid off)', rent: 'Rent', family: 'Live with family', other: 'Other',
};

export const PROVINCES = ['AB', 'BC', 'SK', 'MB', 'ON', 'QC', 'NB', 'NS', 'PE', 'NL', 'YT', 'NT', 'NU'] as const;

const money = (field: string, max: number) =>
  z.number({ error: `${field} must be a number` }).int(`${field} must be a whole number of dollars`).min(0, `${field} cannot be negative`).max(max, `${field} is at most ${max.toLocaleString('en-CA')}`);
const text = (field: string, max: number) =>
  z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).max(max, `${field} is at most ${max} characters`);
const optionalText = (field: string, max: number) => z.string().trim().max(max, `${field} is at most ${max} characters`).optional().default('');

export const vehicleStepSchema = z.object({
  /** A vehicle from our lot, when the shopper came from its page. */
  vehicleId: z.number().int().positive().nullable().optional().default(null),
  /** What they are looking for in their own words; empty means "not decided yet". */
  vehicleInterest: optionalText('vehicleInterest', 200),
});

export const employmentStepSchema = z.object({
  employmentStatus: z.enum(EMPLOYMENT_STATUSES, { error: 'employmentStatus: choose your employment situation' }),
  employer: optionalText('employer', 120),
  jobTitle: optionalText('jobTitle', 120),
  monthsAtJob: z.number({ error: 'monthsAtJob must be a number' }).int('monthsAtJob must be whole months').min(0, 'monthsAtJob cannot be negative').max(720, 'monthsAtJob is at most 720').optional().default(0),
  /** Gross monthly income from every source, before deductions. */
  monthlyIncome: money('monthlyIncome', 1_000_000),
}).superRefine((v, ctx) => {
  if (needsEmployer(v.employmentStatus) && !v.employer) ctx.addIssue({ code: 'custom', path: ['employer'], message: 'employer is required for your employment situation' });
});

export const housingStepSchema = z.object({
  housingStatus: z.enum(HOUSING_STATUSES, { error: 'housingStatus: choose your housing situation' }),
  monthlyHousingPayment: money('monthlyHousingPayment', 100_000),
  street: text('street', 160),
  city: text('city', 80),
  province: z.enum(PROVINCES, { error: 'province must be a Canadian province or territory code such as AB' }),
  postalCode: z.string({ error: 'postalCode is required' }).trim().toUpperCase()
    .regex(/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/, 'postalCode must be a Canadian postal code such as T6E 6A4')
    .transform((p) => `${p.replace(' ', '').slice(0, 3)} ${p.replace(' ', '').slice(3)}`),
  yearsAtAddress: z.number({ error: 'yearsAtAddress must be a number' }).int('yearsAtAddress must be whole years').min(0, 'yearsAtAddress cannot be negative').max(100, 'yearsAtAddress is at most 100').optional().default(0),
});

export const tradeInSchema = z.object({
  year: z.number({ error: 'tradeIn.year must be a number' }).int().min(1950, 'tradeIn.year must be 1950 or later').max(new Date().getFullYear() + 1, 'tradeIn.year cannot be in the future'),
  make: text('tradeIn.make', 40),
  model: text('tradeIn.model', 60),
  mileage: z.number({ error: 'tradeIn.mileage must be a number' }).int().min(0, 'tradeIn.mileage cannot be negative').max(2_000_000, 'tradeIn.mileage is at most 2,000,000 km'),
  /** Still owing on the trade-in, if any. */
  amountOwing: money('tradeIn.amountOwing', 500_000).optional().default(0),
});

export const downPaymentStepSchema = z.object({
  downPayment: money('downPayment', 1_000_000),
  hasTradeIn: z.boolean({ error: 'hasTradeIn must be true or false' }),
  tradeIn: tradeInSchema.nullable().optional().default(null),
}).superRefine((v, ctx) => {
  if (v.hasTradeIn && !v.tradeIn) ctx.addIssue({ code: 'custom', path: ['tradeIn'], message: 'tradeIn: describe your trade-in, or answer that you have none' });
}).transform((v) => ({ ...v, tradeIn: v.hasTradeIn ? v.tradeIn : null }));

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** Whole years between a YYYY-MM-DD birth date and today (UTC is close enough for an age check). */
export function ageOn(dateOfBirth: string, now: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

export const contactStepSchema = z.object({
  firstName: text('firstName', 60),
  lastName: text('lastName', 60),
  email: z.email({ error: 'email is not a valid address' }).max(254),
  phone: z.string({ error: 'phone is required' }).trim().min(1, 'phone is required')
    .refine((p) => { const d = p.replace(/\D/g, ''); return d.length >= 10 && d.length <= 15; }, 'phone must have 10 to 15 digits')
    .refine((p) => /^[\d\s()+.-]+$/.test(p), 'phone may contain only digits, spaces and ( ) + - .'),
  dateOfBirth: z.string({ error: 'dateOfBirth is required' }).regex(isoDate, 'dateOfBirth must be YYYY-MM-DD')
    .refine((s) => { const t = new Date(`${s}T00:00:00Z`); return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === s; }, 'dateOfBirth is not a real date')
    // Alberta's age of majority: a minor cannot sign a credit contract.
    .refine((s) => ageOn(s) >= 18, 'dateOfBirth: applicants must be 18 or older')
    .refine((s) => ageOn(s) <= 110, 'dateOfBirth is too far in the past'),
});

export const consentStepSchema = z.object({
  /** The applicant ticked the credit-check consent; must be true, never pre-checked. */
  creditCheckConsent: z.literal(true, { error: 'creditCheckConsent: you must agree to the credit check to apply' }),
  /** Optional, separate and never pre-checked (CASL). */
  marketingConsent: z.boolean().optional().default(false),
});

export const PRE_APPROVAL_STEPS = [
  { id: 'vehicle', title: 'Vehicle', schema: vehicleStepSchema },
  { id: 'employment', title: 'Employment & income', schema: employmentStepSchema },
  { id: 'housing', title: 'Housing', schema: housingStepSchema },
  { id: 'down-payment', title: 'Down payment & trade-in', schema: downPaymentStepSchema },
  { id: 'contact', title: 'Contact details', schema: contactStepSchema },
  { id: 'consent', title: 'Consent', schema: consentStepSchema },
] as const;
export type PreApprovalStepId = (typeof PRE_APPROVAL_STEPS)[number]['id'];

/** The whole application: the body of POST /api/pre-approvals. */
export const preApprovalApplicationSchema = z.object({
  vehicle: vehicleStepSchema,
  employment: employmentStepSchema,
  housing: housingStepSchema,
  downPayment: downPaymentStepSchema,
  contact: contactStepSchema,
  consent: consentStepSchema,
  /** The analytics session id of the tab (no personal data), to tie the funnel's complete event. */
  sessionId: z.string().max(64).optional(),
});
export type PreApprovalApplication = z.infer<typeof preApprovalApplicationSchema>;
export type PreApprovalApplicationInput = z.input<typeof preApprovalApplicationSchema>;

/** What is encrypted at rest: everything in the application except the vehicle of interest and consent flags. */
export type PreApprovalPii = Pick<PreApprovalApplication, 'employment' | 'housing' | 'downPayment' | 'contact'> & { marketingConsent: boolean };

/** What the applicant sees right after submitting. It never claims an approval: only a lender can give one. */
export const NEXT_STEPS = [
  'A financing specialist reviews your application, usually within one business day.',
  'They call or email you to confirm a few details and talk about the vehicles and payments that fit your budget.',
  'With your consent already on file, they send your application to the lenders most likely to say yes for your situation.',
  'Only a lender can approve a loan: you hear its answer and exact terms (rate, term, down payment) before you sign anything.',
] as const;

export const preApprovalSubmittedSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(PRE_APPROVAL_STATUSES),
  nextSteps: z.array(z.string()),
  consentedAt: z.string(),
});
export type PreApprovalSubmitted = z.infer<typeof preApprovalSubmittedSchema>;

/** A short reference the shopper can quote on the phone, e.g. PA-000123. */
export const referenceOf = (id: number) => `PA-${String(id).padStart(6, '0')}`;
export const idOfReference = (ref: string): number | null => {
  const m = /^\s*(?:PA-?)?0*(\d{1,9})\s*$/i.exec(ref);
  return m ? Number(m[1]) : null;
};

// ---- Admin (/admin/pre-approvals) ----

export const adminPreApprovalQuerySchema = z.object({
  status: z.enum(PRE_APPROVAL_STATUSES, { error: `status must be one of ${PRE_APPROVAL_STATUSES.join(', ')}` }).optional(),
  /** An admin's user id, or "none" for unassigned. */
  assignee: z.union([z.literal('none'), z.coerce.number().int().positive()], { error: 'assignee must be a user id or none' }).optional(),
  /** A reference such as PA-000123. Names are encrypted, so the list is searched by reference, not by name. */
  q: z.string().trim().max(20).optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be 1 or more').default(1),
});

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const preApprovalListItemSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(PRE_APPROVAL_STATUSES),
  assignee: personSchema.nullable(),
  vehicleId: z.number().int().nullable(),
  vehicleInterest: z.string(),
  noteCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const preApprovalListSchema = z.object({
  items: z.array(preApprovalListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  assignees: z.array(personSchema),
});
export type PreApprovalList = z.infer<typeof preApprovalListSchema>;

export const preApprovalNoteSchema = z.object({ id: z.number().int(), authorName: z.string(), body: z.string(), createdAt: z.string() });

export const preApprovalDetailSchema = preApprovalListItemSchema.extend({
  leadId: z.number().int().nullable(),
  consentText: z.string(),
  consentedAt: z.string(),
  applicant: z.object({
    employment: z.object({ employmentStatus: z.string(), employer: z.string(), jobTitle: z.string(), monthsAtJob: z.number(), monthlyIncome: z.number() }),
    housing: z.object({ housingStatus: z.string(), monthlyHousingPayment: z.number(), street: z.string(), city: z.string(), province: z.string(), postalCode: z.string(), yearsAtAddress: z.number() }),
    downPayment: z.object({
      downPayment: z.number(), hasTradeIn: z.boolean(),
      tradeIn: z.object({ year: z.number(), make: z.string(), model: z.string(), mileage: z.number(), amountOwing: z.number() }).nullable(),
    }),
    contact: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string(), dateOfBirth: z.string() }),
    marketingConsent: z.boolean(),
  }),
  notes: z.array(preApprovalNoteSchema),
});
export type PreApprovalDetail = z.infer<typeof preApprovalDetailSchema>;

export const preApprovalUpdateSchema = z.object({
  status: z.enum(PRE_APPROVAL_STATUSES, { error: `status must be one of ${PRE_APPROVAL_STATUSES.join(', ')}` }).optional(),
  /** An admin's user id, or null to unassign. */
  assigneeId: z.number({ error: 'assigneeId must be a user id or null' }).int().positive().nullable().optional(),
}).refine((v) => v.status !== undefined || v.assigneeId !== undefined, 'Send status, assigneeId or both');

export const preApprovalNoteBodySchema = z.object({
  body: z.string({ error: 'body is required' }).trim().min(1, 'body is required').max(4000, 'body is at most 4000 characters'),
});

export const preApprovalIdParams = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive('id must be a positive whole number') });
