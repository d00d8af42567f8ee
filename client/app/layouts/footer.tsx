// Site footer of spec §2: quick links, services, contact details, social links, legal links,
// the dealer licence and the stock claim. Every fact comes from the settings module or live data
// (DESIGN.md "Claims come from data").
import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { useQuery } from '@tanstack/react-query';
import { Clock, Mail, MapPin, Phone, Star } from 'lucide-react';
import { ALL_IN_PRICE_NOTE, DEALERSHIP } from '@domain/settings';
import { dealerStockQueryOptions } from '@/lib/facets';
import { formatClock, formatNumber } from '@/lib/format';
import { Logo } from '@/components/logo';

const QUICK_LINKS: { to: string; label: string; fullReload?: boolean }[] = [
  { to: '/vehicles', label: 'All Vehicles' },
  { to: '/deal-of-the-day', label: 'Daily Deals' },
  { to: '/pre-approval', label: 'Get Pre-Approved' },
  { to: '/financing', label: 'Financing' },
  { to: '/sell-my-vehicle', label: 'Sell My Vehicle' },
  { to: '/trade-appraiser', label: 'Trade Appraiser', fullReload: true },
  { to: '/vehicle-finder', label: 'Vehicle Recommender' },
  { to: '/car-buying-tips', label: 'Car Buying Tips' },
  { to: '/blog', label: 'Blog' },
  { to: '/referral-program-info', label: 'Refer a Friend' },
  { to: '/contact', label: 'Contact Us' },
];

// spec §2: services (car loans, bad-credit loans, first-time buyers, credit rebuilding).
const SERVICES = [
  { to: '/car-loans', label: 'Car Loans' },
  { to: '/bad-credit-loans', label: 'Bad Credit Car Loans' },
  { to: '/first-time-buyers', label: 'First-Time Buyers' },
  { to: '/first-time-buyers-guide', label: "First-Time Buyer's Guide" },
  { to: '/credit-rebuilding', label: 'Credit Rebuilding' },
];

const LEGAL = [
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/cookies-policy', label: 'Cookies Policy' },
];

const linkClass = 'inline-flex min-h-6 items-center py-0.5 text-brand-muted hover:text-white hover:underline';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-bold tracking-wide text-white uppercase">{title}</h2>
      {children}
    </div>
  );
}

/** The live stock claim: the count of available vehicles, or nothing until it is known (or while the lot is empty). */
function StockClaim() {
  const { data } = useQuery(dealerStockQueryOptions());
  if (!data || data.total <= 0) return null;
  return (
    <p className="flex items-center gap-2 text-sm">
      <span aria-hidden className="size-2 rounded-full bg-green-400" />
      <Link to="/vehicles" className="font-semibold text-white hover:underline">
        {formatNumber(data.total)} {data.total === 1 ? 'vehicle' : 'vehicles'} in stock now
      </Link>
    </p>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  const { rating } = DEALERSHIP;
  return (
    <footer className="mt-auto bg-brand text-brand-foreground">
      <h2 className="sr-only">About {DEALERSHIP.name}</h2>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1.3fr]">
        <div className="space-y-4">
          <Link to="/" className="inline-block rounded-md">
            <Logo inverted />
            <span className="sr-only">, home page</span>
          </Link>
          <p className="max-w-xs text-sm text-brand-muted">{DEALERSHIP.tagline}.</p>
          <StockClaim />
          <p className="flex items-center gap-1.5 text-sm">
            <Star className="size-4 fill-accent text-accent" aria-hidden />
            <span>
              Rated <strong className="text-white">{rating.value}</strong> out of 5 from {rating.count} {rating.source}
            </span>
          </p>
          <ul className="flex flex-wrap gap-2" aria-label="Social media">
            {DEALERSHIP.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-9 items-center rounded-full border border-white/25 px-3 text-sm font-medium text-white hover:bg-white/10"
                >
                  {s.name}<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <Column title="Quick links">
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-1">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                {l.fullReload ? <a href={l.to} className={linkClass}>{l.label}</a> : <Link to={l.to} className={linkClass}>{l.label}</Link>}
              </li>
            ))}
          </ul>
        </Column>

        <Column title="Services">
          <ul className="grid gap-1 text-sm">
            {SERVICES.map((l) => (
              <li key={l.to}><Link to={l.to} className={linkClass}>{l.label}</Link></li>
            ))}
          </ul>
        </Column>

        <Column title="Visit or call">
          <address className="grid gap-4 text-sm not-italic">
            <p className="grid gap-1">
              <a href={DEALERSHIP.phoneHref} className="inline-flex items-center gap-2 font-semibold text-white hover:underline">
                <Phone className="size-4 text-accent" aria-hidden />{DEALERSHIP.phone}
              </a>
              <a href={`mailto:${DEALERSHIP.email}`} className="inline-flex items-center gap-2 text-brand-muted hover:text-white hover:underline">
                <Mail className="size-4 text-accent" aria-hidden />{DEALERSHIP.email}
              </a>
            </p>
            {DEALERSHIP.addresses.map((a) => (
              <p key={a.city} className="flex gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                <span>
                  <span className="font-semibold text-white">{a.city}</span>
                  <br />
                  <span className="text-brand-muted">{a.street}, {a.city}, {a.region} <span className="whitespace-nowrap">{a.postalCode}</span></span>
                  <br />
                  <a href={`tel:${a.phone.replace(/[^\d]/g, '')}`} className="text-brand-muted hover:text-white hover:underline">{a.phone}</a>
                </span>
              </p>
            ))}
          </address>
          <div className="mt-4 flex gap-2 text-sm">
            <Clock className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              {DEALERSHIP.hours.map((h) => (
                <div key={h.days} className="contents">
                  <dt className="font-medium text-white">{h.days}</dt>
                  <dd className="text-brand-muted">{formatClock(h.opens)} – {formatClock(h.closes)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </Column>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-brand-muted md:flex-row md:items-start md:justify-between">
          <div className="grid gap-1">
            {/* Alberta: the dealer licence is shown on every page (AMVIC). */}
            <p className="font-semibold text-white">{DEALERSHIP.amvicLicence}</p>
            <p>{ALL_IN_PRICE_NOTE}</p>
            <p>© {year} {DEALERSHIP.name}. All rights reserved.</p>
          </div>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {LEGAL.map((l) => (
                <li key={l.to}><Link to={l.to} className={linkClass}>{l.label}</Link></li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
