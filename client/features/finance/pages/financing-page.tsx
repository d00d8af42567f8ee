// /financing (spec §2; issue 6): options for every credit situation, the affordability calculator of the listing
// page (passed in by the route table, since features do not import each other), the longest loan terms lenders
// allow by model year (spec §5, domain/finance.ts), and links to the info pages. Every payment shown states its APR,
// term and down payment (Alberta rule, DESIGN.md). Nothing here is an offer or an approval.
import { Suspense, type ComponentType } from 'react';
import { Link } from '@/components/link';
import { ArrowRight, BadgeCheck, Briefcase, GraduationCap, HeartHandshake, LifeBuoy, ShieldCheck, Sprout } from 'lucide-react';
import { DEFAULT_CRITERIA, maxTermForYear, RATE_TABLE } from '@domain/finance';
import { formatDollarsAndCents } from '@domain/number-format';
import { paymentOffer } from '@domain/payment-offer';
import { DEALERSHIP } from '@domain/settings';
import { formatPrice } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

const SITUATIONS = [
  {
    icon: BadgeCheck, title: 'Good or excellent credit',
    text: 'With a score of 600 or more, lenders compete for your loan. We compare banks and captive lenders so you see the best rate you qualify for.',
    link: { to: '/car-loans', label: 'How our car loans work' },
  },
  {
    icon: LifeBuoy, title: 'Bruised or bad credit',
    text: 'Missed payments, collections, a past bankruptcy or consumer proposal: specialised lenders still finance vehicles. Expect a higher rate and a larger down payment to help.',
    link: { to: '/bad-credit-loans', label: 'Bad credit car loans' },
  },
  {
    icon: Sprout, title: 'Rebuilding your credit',
    text: 'An auto loan paid on time is one of the fastest ways to rebuild a credit history. We help you pick a payment you can keep.',
    link: { to: '/credit-rebuilding', label: 'Credit rebuilding' },
  },
  {
    icon: GraduationCap, title: 'No credit yet: first-time buyers, students, newcomers',
    text: 'No history is not bad history. Proof of income, a co-signer or a down payment can open first-time buyer programs.',
    link: { to: '/first-time-buyers', label: 'First-time buyers' },
  },
  {
    icon: Briefcase, title: 'Self-employed, contract or seasonal income',
    text: 'Lenders look at bank statements and tax returns instead of pay stubs. Tell us how you earn and we find the lenders that accept it.',
    link: { to: '/car-loans', label: 'Car loans' },
  },
  {
    icon: HeartHandshake, title: 'Anything else',
    text: 'Maternity leave, disability or pension income, a recent divorce: call us and a person walks you through your options.',
    link: { to: '/contact', label: 'Talk to us' },
  },
] as const;

// spec §5 guidance: the longest term lenders allow by model year (the rule lives in domain/finance.ts).
const currentYear = new Date().getFullYear();
const TERM_BANDS = [
  { label: '2018 and older', year: 2018 },
  { label: '2019 – 2020', year: 2020 },
  { label: `2021 – ${currentYear + 1}`, year: 2021 },
].map((b) => ({ ...b, months: maxTermForYear(b.year) }));

// A worked example with every figure stated: the spec's calculator defaults (§3: $2,000 down, 8.99%).
const EXAMPLE = { price: 25_000, down: DEFAULT_CRITERIA.downPayment, apr: DEFAULT_CRITERIA.interestRate };

/** The score bands of the calculator's rate suggestion (spec §9), shown so shoppers know where its rate comes from. */
// issue 33 §3: the one rate table; the advertised payment's rate is its Good band (decision 033).
const RATE_BANDS = RATE_TABLE.map((r) => ({ label: `${r.from} – ${r.to}`, name: r.label, rate: r.apr }));

export default function FinancingPage({ Calculator }: { Calculator?: ComponentType }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Car financing for every credit situation</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          We work with banks, credit unions and specialised lenders across Alberta. Apply once, and a financing specialist
          finds the lenders most likely to say yes for your situation. Only a lender can approve a loan; we tell you its exact terms before you sign.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="default"><Link to="/pre-approval"><ShieldCheck aria-hidden />Get pre-approved</Link></Button>
          <Button asChild size="lg" variant="outline"><a href="#calculator">Estimate your budget</a></Button>
        </div>
      </header>

      <section aria-labelledby="situations" className="mt-12">
        <h2 id="situations" className="text-2xl font-bold">Options for your situation</h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SITUATIONS.map((s) => (
            <li key={s.title} className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm">
              <s.icon className="size-7 text-primary" aria-hidden />
              <h3 className="mt-3 text-lg font-bold">{s.title}</h3>
              <p className="mt-1 flex-1 text-sm text-muted-foreground">{s.text}</p>
              <Link to={s.link.to} className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary underline">
                {s.link.label}<ArrowRight className="size-4" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="terms" className="mt-12 grid gap-6 lg:grid-cols-2">
        <div className="rounded-2xl border border-border bg-card p-6 shadow-sm">
          <h2 id="terms" className="text-xl font-bold">Loan terms by vehicle year</h2>
          <p className="mt-1 text-sm text-muted-foreground">Lenders cap how long you can finance an older vehicle. The longest terms they usually allow:</p>
          <table className="mt-4 w-full text-sm">
            <thead><tr className="border-b border-border text-left"><th scope="col" className="py-2">Model year</th><th scope="col" className="py-2">Longest term</th></tr></thead>
            <tbody>
              {TERM_BANDS.map((b) => (
                <tr key={b.label} className="border-b border-border last:border-0">
                  <td className="py-2">{b.label}</td>
                  <td className="py-2 font-semibold">{b.months} months ({b.months / 12} years)</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 text-sm">
            Example: a {formatPrice(EXAMPLE.price)} vehicle with {formatPrice(EXAMPLE.down)} down at {EXAMPLE.apr}% APR:{' '}
            {TERM_BANDS.map((b, i) => (
              <span key={b.months}>
                {i > 0 && (i === TERM_BANDS.length - 1 ? ' or ' : ', ')}
                <strong>{formatDollarsAndCents(paymentOffer({ price: EXAMPLE.price, year: b.year }, { downPayment: EXAMPLE.down, interestRate: EXAMPLE.apr, loanTerm: b.months }).monthly)}/month over {b.months} months</strong>
              </span>
            ))}
            , with the 5% GST financed, as every payment on this site is worked. An illustration only; your rate depends on your credit and the lender.
          </p>
        </div>
        <div className="rounded-2xl border border-border bg-card p-6 shadow-sm">
          <h2 className="text-xl font-bold">Our rates by credit band</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            The one table every estimate on this site uses: the calculator, the payment on each vehicle (the Excellent band) and the deal worksheet.
            They are estimates, not offers.
          </p>
          <table className="mt-4 w-full text-sm">
            <thead><tr className="border-b border-border text-left"><th scope="col" className="py-2">Credit band</th><th scope="col" className="py-2">Credit score</th><th scope="col" className="py-2">APR</th></tr></thead>
            <tbody>
              {RATE_BANDS.map((b) => (
                <tr key={b.label} className="border-b border-border last:border-0"><td className="py-2">{b.name}</td><td className="py-2">{b.label}</td><td className="py-2 font-semibold" data-offered-rate={b.rate}>{b.rate}%</td></tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 text-sm text-muted-foreground">
            Questions about a number? Call {' '}<a href={DEALERSHIP.phoneHref} className="font-medium text-primary underline">{DEALERSHIP.phone}</a>.
          </p>
        </div>
      </section>

      <div className="mt-12 scroll-mt-20">
        {Calculator ? (
          <Suspense fallback={<div className="flex justify-center py-16"><Spinner /></div>}><Calculator /></Suspense>
        ) : null}
      </div>

      <section aria-labelledby="learn" className="mt-12">
        <h2 id="learn" className="text-2xl font-bold">Learn more</h2>
        <ul className="mt-4 flex flex-wrap gap-3">
          {[
            { to: '/car-loans', label: 'Car loans' }, { to: '/bad-credit-loans', label: 'Bad credit loans' },
            { to: '/credit-rebuilding', label: 'Credit rebuilding' }, { to: '/first-time-buyers', label: 'First-time buyers' },
          ].map((l) => (
            <li key={l.to}><Button asChild variant="outline"><Link to={l.to}>{l.label}</Link></Button></li>
          ))}
        </ul>
      </section>
    </div>
  );
}
