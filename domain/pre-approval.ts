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

// Every message names the field as the form's label does and says what to do (issue 21): the server sends the same
// words, so a message reaches a person unchanged whichever side found the problem.
const isMissing = (input: unknown) => input === undefined || input === null || input === '';
const money = (label: string, max: number, missing: string) =>
  z.number({ error: (iss) => (isMissing(iss.input) ? missing : `${label} must be a number, such as 4500`) })
    .int(`${label} must be a whole number of dollars`).min(0, `${label} cannot be negative`).max(max, `${label} can be at most $${max.toLocaleString('en-CA')}`);
const text = (label: string, max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `${label} can be at most ${max} characters`);
const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} can be at most ${max} characters`).optional().default('');
const count = (label: string, unit: string, max: number) =>
  z.number({ error: `${label} must be a number` }).int(`${label} must be whole ${unit}`).min(0, `${label} cannot be negative`).max(max, `${label} can be at most ${max}`);

export const vehicleStepSchema = z.object({
  /** A vehicle from our lot, when the shopper came from its page. */
  vehicleId: z.number().int().positive().nullable().optional().default(null),
  /** What they are looking for in their own words; empty means "not decided yet". */
  vehicleInterest: optionalText('What you are looking for', 200),
});

export const employmentStepSchema = z.object({
  employmentStatus: z.enum(EMPLOYMENT_STATUSES, { error: 'Choose your employment situation' }),
  employer: optionalText('Employer or business name', 120),
  jobTitle: optionalText('Job title', 120),
  // Optional: null when left blank, so the back office says "not given" rather than "0 months" (issue 33 §3).
  monthsAtJob: count('Months at this job', 'months', 720).nullable().optional().default(null),
  /** Gross monthly income from every source, before deductions. */
  monthlyIncome: money('Gross monthly income', 1_000_000, 'Enter your gross monthly income (0 if you have none)'),
}).refine((v) => !needsEmployer(v.employmentStatus) || String(v.employer ?? '').trim() !== '', {
  path: ['employer'],
  message: 'Enter your employer or business name',
  // Issue 33 §3: checked alongside the other fields' errors, so it shows on the first Continue (a plain refinement
  // runs only once every other field passes, and the error appeared on the second).
  when: ({ value }) => typeof (value as { employmentStatus?: unknown } | undefined)?.employmentStatus === 'string',
});

export const housingStepSchema = z.object({
  housingStatus: z.enum(HOUSING_STATUSES, { error: 'Choose your housing situation' }),
  monthlyHousingPayment: money('Monthly rent or mortgage', 100_000, 'Enter your monthly rent or mortgage (0 if you pay none)'),
  street: text('Street address', 160, 'Enter your street address'),
  city: text('City', 80, 'Enter your city'),
  province: z.enum(PROVINCES, { error: 'Choose your province or territory' }),
  postalCode: z.string({ error: 'Enter your postal code' }).trim().toUpperCase()
    .regex(/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/, 'Enter a Canadian postal code, such as T6E 6A4')
    .transform((p) => `${p.replace(' ', '').slice(0, 3)} ${p.replace(' ', '').slice(3)}`),
  yearsAtAddress: count('Years at this address', 'years', 100).nullable().optional().default(null),
});

export const tradeInSchema = z.object({
  year: z.number({ error: (iss) => (isMissing(iss.input) ? "Enter your trade-in's model year" : 'Trade-in year must be a year, such as 2015') })
    .int('Trade-in year must be a year, such as 2015').min(1950, 'Trade-in year must be 1950 or later').max(new Date().getFullYear() + 1, 'Trade-in year cannot be in the future'),
  make: text('Make', 40, "Enter your trade-in's make"),
  model: text('Model', 60, "Enter your trade-in's model"),
  mileage: z.number({ error: (iss) => (isMissing(iss.input) ? "Enter your trade-in's kilometres" : 'Kilometres must be a number') })
    .int('Kilometres must be a whole number').min(0, 'Kilometres cannot be negative').max(2_000_000, 'Kilometres can be at most 2,000,000'),
  /** Still owing on the trade-in, if any. */
  amountOwing: money('Still owing', 500_000, 'Enter what you still owe on it (0 if it is paid off)').optional().default(0),
});

export const downPaymentStepSchema = z.object({
  downPayment: money('Down payment', 1_000_000, 'Enter your down payment (0 for no money down)'),
  hasTradeIn: z.boolean({ error: 'Answer whether you have a vehicle to trade in' }),
  tradeIn: tradeInSchema.nullable().optional().default(null),
}).superRefine((v, ctx) => {
  if (v.hasTradeIn && !v.tradeIn) ctx.addIssue({ code: 'custom', path: ['tradeIn'], message: 'Describe your trade-in, or answer that you have none' });
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
  firstName: text('First name', 60, 'Enter your first name'),
  lastName: text('Last name', 60, 'Enter your last name'),
  email: z.email({ error: (iss) => (isMissing(iss.input) ? 'Enter your email address' : 'Enter a valid email address, such as name@example.com') }).max(254, 'Email can be at most 254 characters'),
  phone: z.string({ error: 'Enter your phone number' }).trim().min(1, 'Enter your phone number')
    .refine((p) => { const d = p.replace(/\D/g, ''); return d.length >= 10 && d.length <= 15; }, 'Enter a phone number with 10 to 15 digits')
    .refine((p) => /^[\d\s()+.-]+$/.test(p), 'Phone can contain only digits, spaces and ( ) + - .'),
  dateOfBirth: z.string({ error: 'Enter your date of birth' }).min(1, 'Enter your date of birth').regex(isoDate, 'Enter your date of birth as YYYY-MM-DD')
    .refine((s) => { const t = new Date(`${s}T00:00:00Z`); return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === s; }, 'Enter a real date of birth')
    // Alberta's age of majority: a minor cannot sign a credit contract.
    .refine((s) => ageOn(s) >= 18, 'You must be 18 or older to apply (check your date of birth)')
    .refine((s) => ageOn(s) <= 110, 'Check your date of birth: it is too far in the past'),
});

export const consentStepSchema = z.object({
  /** The applicant ticked the credit-check consent; must be true, never pre-checked. */
  creditCheckConsent: z.literal(true, { error: 'Tick the box to agree to the credit check: we cannot apply without it' }),
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
    employment: z.object({ employmentStatus: z.string(), employer: z.string(), jobTitle: z.string(), monthsAtJob: z.number().nullable(), monthlyIncome: z.number() }),
    housing: z.object({ housingStatus: z.string(), monthlyHousingPayment: z.number(), street: z.string(), city: z.string(), province: z.string(), postalCode: z.string(), yearsAtAddress: z.number().nullable() }),
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
