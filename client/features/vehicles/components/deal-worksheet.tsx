// The deal worksheet on a dealer vehicle's page (issue 34 §1): cash or finance, a trade-in and its lien, down payment,
// term (capped by model year), credit band (the one rate table), optional products (none pre-selected, each with its
// price and its effect on the payment) and incentives (after the all-in price). The figures are worked in the
// browser by the same domain function the API runs (domain/deal-worksheet-maths.ts, which holds no zod so the page
// does not load it); sending and sharing go to the server, which works them again.
// It opens on the payment the page advertises (issue 57 §1, domain/payment-offer.ts), and its result sits in a summary
// that stays in view while the shopper types; a bad entry is marked on its field and keeps the last good figures,
// marked stale (issue 57 §2).
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from '@/components/link';
import { Calculator, Copy, Printer, Send, Share2 } from 'lucide-react';
import { quoteWithOptions, TRADE_ESTIMATE_LABEL } from '@domain/deal-worksheet-maths';
import type { DealQuote, DealQuoteRequest } from '@domain/deal-worksheet';
import type { CreditBand } from '@domain/finance';
import { formatDollarsAndCents, formatWholeNumber } from '@domain/number-format';
import { advertisedAssumptions, paymentTermsLine } from '@domain/payment-offer';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useDealOptions, useKeepWorksheet, useSendDeal } from '../api/deal-worksheet';
import { DealDisclosures, DealFigures } from '@/components/deal-figures';
import { TradeRange } from './trade-range';
import { keepEarlyInput } from '@/lib/early-input';
import { canShareSheet, shareLink, type ShareOutcome } from '@/lib/share-link';

/** "21,500" and "$21 500" are numbers as people type them; empty is 0. */
const parseMoney = (s: string): number => {
  const n = Number(s.replace(/[$,\s]/g, ''));
  return Number.isFinite(n) ? n : NaN;
};
const cad = (n: number) => n.toLocaleString('en-CA', { style: 'currency', currency: 'CAD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export interface DealWorksheetVehicle {
  id: number; year: number; make: string; model: string; trim: string | null; stockNumber: string; fuelType: string; price: number;
}

export function DealWorksheet({ vehicle, usedSaleDisclosures }: {
  vehicle: DealWorksheetVehicle;
  /** issue 34 §5: AMVIC's used-sale disclosures, drawn by the vehicle form's owner; shown inside the worksheet. */
  usedSaleDisclosures?: ReactNode;
}) {
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  const { data: options, isPending, error } = useDealOptions(vehicle.id);
  const [purchase, setPurchase] = useState<'cash' | 'finance'>('finance');
  // The page's advertised payment is the worksheet's first figure: same down payment, term and credit band.
  const [advertised] = useState(() => advertisedAssumptions(vehicle));
  const [down, setDown] = useState(() => formatWholeNumber(advertised.downPayment));
  const [term, setTerm] = useState<number | null>(advertised.termMonths);
  const [band, setBand] = useState<CreditBand>(advertised.creditBand);
  const [hasTrade, setHasTrade] = useState(false);
  const [tradeSource, setTradeSource] = useState<'appraisal' | 'estimate'>('estimate');
  const [tradeValue, setTradeValue] = useState('');
  /** The server's proof of the appraiser's value: without it the server calls the value the shopper's estimate. */
  const [tradeProof, setTradeProof] = useState<string | null>(null);
  const [lien, setLien] = useState('');
  const [tradeDesc, setTradeDesc] = useState('');
  const [productIds, setProductIds] = useState<string[]>([]);
  const [incentiveIds, setIncentiveIds] = useState<string[]>([]);

  const terms = options?.termsOffered ?? [];
  const termMonths = term && terms.includes(term) ? term : terms.at(-1) ?? 72;
  const downN = parseMoney(down);
  const tradeN = parseMoney(tradeValue);
  const lienN = parseMoney(lien);
  const fieldErrors: Partial<Record<'down' | 'tvalue' | 'lien', string>> = {
    ...(moneyError(downN, 'The down payment') ? { down: moneyError(downN, 'The down payment')! } : {}),
    ...(hasTrade && moneyError(tradeN, 'The trade-in value') ? { tvalue: moneyError(tradeN, 'The trade-in value')! } : {}),
    ...(hasTrade && moneyError(lienN, 'The amount owed') ? { lien: moneyError(lienN, 'The amount owed')! } : {}),
  };

  const request: DealQuoteRequest = {
    vehicleId: vehicle.id, purchase, downPayment: downN >= 0 ? downN : 0, termMonths, creditBand: band,
    ...(hasTrade ? { tradeIn: { value: tradeN >= 0 ? tradeN : 0, lienPayout: lienN >= 0 ? lienN : 0, source: tradeSource, ...(tradeSource === 'appraisal' && tradeProof ? { appraisalProof: tradeProof } : {}), ...(tradeDesc.trim() ? { description: tradeDesc.trim() } : {}) } } : {}),
    productIds, incentiveIds,
  };
  const result = useMemo(() => (options ? quoteWithOptions(vehicle, options, request) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [options, vehicle, JSON.stringify(request)]);

  const keep = useKeepWorksheet();
  const send = useSendDeal();
  const [sending, setSending] = useState(false);
  const [contact, setContact] = useState({ name: '', email: '', phone: '' });
  const toggle = (list: string[], set: (l: string[]) => void, x: string) => set(list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);

  // The worked figures' own refusal lands on its field: a down payment above the total is the down payment's error.
  if (result && !result.ok && result.error.field === 'downPayment' && !fieldErrors.down) {
    fieldErrors.down = result.error.message.replace(/^downPayment is more than the total of ([\d.]+)$/, (_, t) => `The down payment is more than the total (${cad(Number(t))}).`);
  }
  const hasFieldError = Object.keys(fieldErrors).length > 0;
  const quote = result?.ok && !hasFieldError ? result.quote : null;
  const problem = !hasFieldError && result && !result.ok ? result.error.message : null;
  // A bad entry keeps the last figures that worked, marked stale, rather than blanking the result.
  const lastGood = useRef<DealQuote | null>(null);
  if (quote) lastGood.current = quote;
  const shown = quote ?? lastGood.current;
  const stale = !quote && shown !== null;
  const fieldProps = (k: 'down' | 'tvalue' | 'lien') => ({
    'aria-invalid': fieldErrors[k] ? true : undefined,
    'aria-describedby': fieldErrors[k] ? id(`${k}-error`) : undefined,
  });
  const fieldError = (k: 'down' | 'tvalue' | 'lien') => fieldErrors[k]
    ? <p id={id(`${k}-error`)} className="mt-1 text-sm font-medium text-destructive" data-testid={`${k}-error`}>{fieldErrors[k]}</p> : null;

  if (error) return null;

  // [&_input]:scroll-mt-36: a field scrolled to (focus, an error) stops below the sticky summary, not under it.
  return (
    <section ref={keepEarlyInput} aria-labelledby={id('title')} className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5 [&_input]:scroll-mt-36 [&_select]:scroll-mt-36" data-testid="deal-worksheet">
      <h2 id={id('title')} className="flex items-center gap-2 text-lg font-bold"><Calculator className="size-5 text-primary" aria-hidden />Build your deal</h2>
      <p className="mt-2 rounded-md bg-muted p-2 text-sm font-medium" role="note">
        This is an estimate, not a contract or an approval. The final price and rate are confirmed in writing at the dealership.
      </p>
      {isPending || !options ? <p className="mt-3 text-sm text-muted-foreground">Loading the worksheet…</p> : (
        <div className="mt-4 flex flex-col gap-4">
          <DealSummary quote={shown} stale={stale} />
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1 text-sm font-semibold">How will you pay?</legend>
            {(['finance', 'cash'] as const).map((p) => (
              <label key={p} className="flex min-h-6 items-center gap-2 text-sm">
                <input type="radio" name={id('purchase')} value={p} checked={purchase === p} onChange={() => setPurchase(p)} className="size-4 accent-primary" />
                {p === 'finance' ? 'Finance' : 'Cash'}
              </label>
            ))}
          </fieldset>

          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <Label htmlFor={id('down')}>Down payment ($)</Label>
              <Input id={id('down')} inputMode="decimal" value={down} onChange={(e) => setDown(e.target.value)} {...fieldProps('down')} />
              {fieldError('down')}
            </div>
            {purchase === 'finance' && (
              <>
                <div>
                  <Label htmlFor={id('term')}>Term</Label>
                  <Select id={id('term')} value={termMonths} onChange={(e) => setTerm(Number(e.target.value))}>
                    {terms.map((t) => <option key={t} value={t}>{t} months</option>)}
                  </Select>
                  <p className="mt-1 text-xs text-muted-foreground">Up to {terms.at(-1)} months for a {vehicle.year}.</p>
                </div>
                <div className="sm:col-span-2">
                  <Label htmlFor={id('band')}>Credit band</Label>
                  <Select id={id('band')} value={band} onChange={(e) => setBand(e.target.value as CreditBand)}>
                    {options.creditBands.map((b) => <option key={b.band} value={b.band}>{b.label} ({b.from}–{b.to}): {b.apr.toFixed(2)}% APR</option>)}
                  </Select>
                  <p className="mt-1 text-xs text-muted-foreground">Rates from our <Link to="/financing" className="underline">financing page</Link>; the lender sets the real rate.</p>
                </div>
              </>
            )}
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">Trade-in</legend>
            <label className="flex min-h-6 items-center gap-2 text-sm">
              <input type="checkbox" checked={hasTrade} onChange={(e) => setHasTrade(e.target.checked)} className="size-4 accent-primary" />
              I have a vehicle to trade in
            </label>
            {hasTrade && (
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="sm:col-span-2">
                  <Label htmlFor={id('tdesc')}>Your vehicle (year, make, model)</Label>
                  <Input id={id('tdesc')} value={tradeDesc} maxLength={120} placeholder="2015 Honda Civic" onChange={(e) => setTradeDesc(e.target.value)} />
                </div>
                <div>
                  <Label htmlFor={id('tsource')}>Where the value comes from</Label>
                  <Select id={id('tsource')} value={tradeSource} onChange={(e) => { setTradeSource(e.target.value as 'appraisal' | 'estimate'); setTradeValue(''); setTradeProof(null); }}>
                    <option value="estimate">A number I type ({TRADE_ESTIMATE_LABEL})</option>
                    <option value="appraisal">Our trade appraiser&apos;s range</option>
                  </Select>
                </div>
                {tradeSource === 'appraisal' && (
                  <TradeRange onRange={(estimate, description, proof) => {
                    setTradeValue(estimate.low === null ? '' : String(estimate.low));
                    setTradeProof(proof);
                    setTradeDesc(description);
                  }} />
                )}
                <div>
                  <Label htmlFor={id('tvalue')}>Trade-in value ($){tradeSource === 'estimate' ? `, ${TRADE_ESTIMATE_LABEL}` : ''}</Label>
                  {/* From the appraiser, the value is the range's low end, not a number typed under its name. */}
                  <Input id={id('tvalue')} inputMode="decimal" value={tradeValue} readOnly={tradeSource === 'appraisal'} className={tradeSource === 'appraisal' ? 'bg-muted' : undefined} placeholder={tradeSource === 'appraisal' ? 'Get the range above' : undefined} onChange={(e) => setTradeValue(e.target.value)} {...fieldProps('tvalue')} />
                  {fieldError('tvalue')}
                </div>
                <div>
                  <Label htmlFor={id('lien')}>Still owed on it (lien payout, $)</Label>
                  <Input id={id('lien')} inputMode="decimal" value={lien} onChange={(e) => setLien(e.target.value)} {...fieldProps('lien')} />
                  {fieldError('lien')}
                </div>
              </div>
            )}
          </fieldset>

          {options.products.length > 0 && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold">Optional products</legend>
              {options.products.map((p) => {
                const effect = quote?.purchase === 'finance' ? effectOf(vehicle, options, request, p.id) : null;
                return (
                  <label key={p.id} className="flex min-h-6 items-start gap-2 text-sm">
                    <input type="checkbox" checked={productIds.includes(p.id)} onChange={() => toggle(productIds, setProductIds, p.id)} className="mt-0.5 size-4 accent-primary" />
                    <span className="min-w-0">
                      <span className="font-medium">{p.name}</span>: {cad(p.price)}
                      {effect !== null && <span className="text-muted-foreground"> ({effect >= 0 ? '+' : '−'}{cad(Math.abs(effect))}/month)</span>}
                      {p.description && <span className="block text-xs text-muted-foreground">{p.description}</span>}
                    </span>
                  </label>
                );
              })}
            </fieldset>
          )}

          {options.incentives.length > 0 && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold">Incentives</legend>
              <p className="text-xs text-muted-foreground">Taken off after the all-in price. Eligibility is confirmed at signing.</p>
              {options.incentives.map((i) => (
                <label key={i.id} className="flex min-h-6 items-start gap-2 text-sm">
                  <input type="checkbox" checked={incentiveIds.includes(i.id)} onChange={() => toggle(incentiveIds, setIncentiveIds, i.id)} className="mt-0.5 size-4 accent-primary" />
                  <span><span className="font-medium">{i.name}</span>: −{cad(i.amount)}{i.description && <span className="block text-xs text-muted-foreground">{i.description}</span>}</span>
                </label>
              ))}
            </fieldset>
          )}

          {usedSaleDisclosures && <div data-slot="used-sale-disclosures">{usedSaleDisclosures}</div>}

          {problem && <p className="rounded-md border border-destructive p-2 text-sm text-destructive" role="alert">{problem}</p>}
          {shown && <div className={stale ? 'opacity-60' : undefined}><DealFigures quote={shown} /></div>}
          {shown && <DealDisclosures quote={shown} />}

          {quote && (
            <div className="flex flex-col gap-3 border-t border-border pt-3">
              <div className="flex flex-wrap gap-2">
                <Button type="button" onClick={() => setSending(true)}><Send aria-hidden />Send this deal to the dealership</Button>
                <Button type="button" variant="outline" disabled={keep.isPending} onClick={() => keep.mutate(request)}><Share2 aria-hidden />Save and share</Button>
              </div>
              {keep.isError && <p role="alert" className="text-sm text-destructive">{errorMessage(keep.error)}</p>}
              {keep.data && <SavedLink path={keep.data.sharePath} title={`${vehicle.year} ${vehicle.make} ${vehicle.model}: deal worksheet`} />}
              {sending && !send.data && (
                <form
                  className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-3"
                  aria-label="Send this deal"
                  onSubmit={(e) => { e.preventDefault(); send.mutate({ ...contact, email: contact.email || null, phone: contact.phone || null, worksheet: request }); }}
                >
                  <div><Label htmlFor={id('name')}>Name</Label><Input id={id('name')} required autoComplete="name" value={contact.name} onChange={(e) => setContact({ ...contact, name: e.target.value })} /></div>
                  <div><Label htmlFor={id('email')}>E-mail</Label><Input id={id('email')} type="email" autoComplete="email" value={contact.email} onChange={(e) => setContact({ ...contact, email: e.target.value })} /></div>
                  <div><Label htmlFor={id('phone')}>Phone</Label><Input id={id('phone')} type="tel" autoComplete="tel" value={contact.phone} onChange={(e) => setContact({ ...contact, phone: e.target.value })} /></div>
                  <p className="text-xs text-muted-foreground sm:col-span-3">An e-mail or a phone number, so we can reply. We use them only to answer about this deal.</p>
                  {send.isError && <p role="alert" className="text-sm text-destructive sm:col-span-3">{errorMessage(send.error)}</p>}
                  <Button type="submit" className="sm:col-span-3" disabled={send.isPending}>{send.isPending ? 'Sending…' : 'Send'}</Button>
                </form>
              )}
              {send.data && (
                <p role="status" className="text-sm font-medium">
                  Sent. The dealership has your worksheet and will reply to confirm the price and rate in writing.{' '}
                  <Link className="text-primary underline" to={send.data.sharePath}>Your read-only copy</Link>
                </p>
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * The kept worksheet's read-only link (issue 57): the share sheet on a phone, a copy button elsewhere, and the link
 * itself to open or print.
 */
function SavedLink({ path, title }: { path: string; title: string }) {
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  const url = `${window.location.origin}${path}`;
  const sheet = canShareSheet();
  return (
    <div className="flex flex-col gap-2 text-sm" role="status">
      <p>Saved. Anyone with the link can read this worksheet; nobody can change it.</p>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" size="sm" onClick={() => { void shareLink({ title, url }).then(setOutcome); }}>
          {sheet ? <Share2 aria-hidden /> : <Copy aria-hidden />}{sheet ? 'Share the link' : 'Copy the link'}
        </Button>
        <Link className="font-medium text-primary underline" to={path}>Open the read-only worksheet</Link>
        <Link className="inline-flex items-center gap-1 underline" to={`${path}?print=1`}><Printer className="size-3" aria-hidden />Print view</Link>
      </div>
      {outcome === 'copied' && <p className="text-xs text-muted-foreground">Link copied. Paste it in a message or an e-mail.</p>}
      {outcome === 'failed' && <p className="break-all text-xs">Copy this link: {url}</p>}
    </div>
  );
}

/** A typed amount's error, or null: empty is 0, "21,500" is a number, "abc" and "−500" are not allowed. */
function moneyError(n: number, what: string): string | null {
  if (Number.isNaN(n)) return `${what} must be a number, like 2,000.`;
  if (n < 0) return `${what} cannot be less than zero.`;
  return null;
}

/**
 * The worksheet's result, first and always in view (issue 57 §2): sticky at the top of the worksheet while the
 * shopper scrolls its inputs, so on a phone the figure changes where they can see it. Stale figures say so.
 */
function DealSummary({ quote, stale }: { quote: DealQuote | null; stale: boolean }) {
  if (!quote) return null;
  const finance = quote.purchase === 'finance';
  return (
    <div className="sticky top-0 z-10 -mx-4 border-b border-border bg-card/95 px-4 py-2 backdrop-blur sm:-mx-5 sm:px-5" data-testid="deal-summary" aria-live="polite">
      <p className={stale ? 'text-muted-foreground' : undefined}>
        <span className="text-2xl font-extrabold tabular-nums" data-testid="deal-summary-figure">{formatDollarsAndCents(finance ? quote.payment : quote.total - quote.downPayment)}</span>
        <span className="text-sm">{finance ? '/month' : ' due on delivery'}</span>
      </p>
      <p className="text-xs text-muted-foreground">
        {finance ? paymentTermsLine(quote) : `Total ${cad(quote.total)} with GST, less ${cad(quote.downPayment)} down`}
      </p>
      {stale && <p className="text-xs font-semibold text-destructive" data-testid="deal-summary-stale">Not updated: these are the last figures that worked. Fix the field marked below.</p>}
    </div>
  );
}

function effectOf(vehicle: DealWorksheetVehicle, options: Parameters<typeof quoteWithOptions>[1], req: DealQuoteRequest, productId: string): number | null {
  const others = req.productIds.filter((x) => x !== productId);
  const without = quoteWithOptions(vehicle, options, { ...req, productIds: others });
  const withIt = quoteWithOptions(vehicle, options, { ...req, productIds: [...others, productId] });
  return without.ok && withIt.ok ? Math.round((withIt.quote.payment - without.quote.payment) * 100) / 100 : null;
}

