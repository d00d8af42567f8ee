// The worksheet's figures, line by line (issue 34 §2): the all-in price first, products, the trade-in before GST, GST,
// the lien payout, incentives after the all-in price, the total, and for financing every figure Alberta's Cost of
// Credit Disclosure names. The live worksheet, the shared read-only page and the print view all draw this.
import type { ReactNode } from 'react';
import type { DealQuote } from '@domain/deal-worksheet';
import { rateBand } from '@domain/finance';

const cad = (n: number) => n.toLocaleString('en-CA', { style: 'currency', currency: 'CAD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

function Row({ label, value, strong, note }: { label: ReactNode; value: string; strong?: boolean; note?: ReactNode }) {
  return (
    <div className={strong ? 'flex flex-wrap justify-between gap-x-3 border-t border-border pt-1 font-semibold' : 'flex flex-wrap justify-between gap-x-3'}>
      <dt className="min-w-0">{label}{note && <span className="block text-xs font-normal text-muted-foreground">{note}</span>}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

export function DealFigures({ quote }: { quote: DealQuote }) {
  const q = quote;
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="deal-figures">
      <dl className="flex flex-col gap-1">
        <Row label="All-in price" value={cad(q.price)} note="Includes every fee except GST" />
        {q.products.map((p) => <Row key={p.id} label={p.name} value={`+ ${cad(p.price)}`} />)}
        {q.tradeIn && <Row label={<>Trade-in <span className="text-muted-foreground">({q.tradeIn.label})</span></>} value={`− ${cad(q.tradeIn.value)}`} note={q.tradeIn.description ?? undefined} />}
        <Row label="Taxable amount" value={cad(q.taxableAmount)} strong />
        <Row label="GST (5%)" value={`+ ${cad(q.gst)}`} />
        {q.tradeIn && q.tradeIn.lienPayout > 0 && <Row label="Lien payout on your trade" value={`+ ${cad(q.tradeIn.lienPayout)}`} />}
        {q.incentives.map((i) => <Row key={i.id} label={i.name} value={`− ${cad(i.amount)}`} note={q.disclosures.incentives ?? undefined} />)}
        <Row label="Total" value={cad(q.total)} strong />
        <Row label="Down payment" value={`− ${cad(q.downPayment)}`} />
        {q.purchase === 'cash' && <Row label="Balance due on delivery" value={cad(q.total - q.downPayment)} strong />}
      </dl>
      {q.purchase === 'finance' && (
        <section aria-label="Cost of credit" className="rounded-lg border border-border p-3">
          <h3 className="mb-1 font-semibold">Financing</h3>
          <dl className="flex flex-col gap-1">
            <Row label="Amount financed" value={cad(q.amountFinanced)} />
            <Row label="Annual percentage rate (APR)" value={`${q.apr.toFixed(2)}%`} note={q.creditBand ? `${rateBand(q.creditBand).label} credit band, compounded monthly` : undefined} />
            <Row label="Term" value={`${q.termMonths} months`} />
            <Row label="Monthly payment" value={cad(q.payment)} strong note={q.paymentCount > 1 && q.finalPayment !== q.payment ? `Last payment ${cad(q.finalPayment)}` : undefined} />
            <Row label="Number of payments" value={String(q.paymentCount)} />
            <Row label="Total of payments" value={cad(q.totalOfPayments)} />
            <Row label="Total cost of borrowing" value={cad(q.costOfBorrowing)} strong />
          </dl>
        </section>
      )}
    </div>
  );
}

/** The line every worksheet shows, always visible (issue 34 §4). */
export function DealDisclosures({ quote }: { quote: DealQuote }) {
  return (
    <div className="flex flex-col gap-1 text-xs text-muted-foreground">
      <p className="rounded-md bg-muted p-2 text-sm font-medium text-foreground" role="note">{quote.disclosures.estimate}</p>
      <p>{quote.disclosures.allIn}</p>
      {quote.purchase === 'finance' && <p>{quote.disclosures.costOfCredit}</p>}
    </div>
  );
}
