// Home hero (spec §2 "Homepage"), with the honest changes of DESIGN.md: the stock count is the live
// count of available vehicles, never a fixed "240+".
import { Link } from '@/components/link';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, BadgeCheck, CircleCheck, MapPin, Phone } from 'lucide-react';
import { ALL_IN_PRICE_NOTE, DEALERSHIP } from '@domain/settings';
import { dealerStockQueryOptions } from '@/lib/facets';
import { formatNumber } from '@/lib/format';
import { SCROLL_TO_TOP_FLAG, setSessionFlag } from '@/lib/session-flags';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { HeroCarousel } from './hero-carousel';

const cities = DEALERSHIP.addresses.map((a) => a.city).join(' & ');
const areas = DEALERSHIP.areaServed;
const servedAreas = areas.length > 1 ? `${areas.slice(0, -1).join(', ')} & ${areas.at(-1)}` : areas.join('');

const REASONS = [
  ALL_IN_PRICE_NOTE,
  `Lots in ${cities}`,
  'Trade-ins welcome at both locations',
  DEALERSHIP.amvicLicence,
];

function StockHeadline() {
  const { data, isPending } = useQuery(dealerStockQueryOptions());
  // The live count, and only a real one: nothing rather than "0" while the lot is empty.
  const total = data && data.total > 0 ? data.total : null;
  return (
    <h1 id="hero-title" className="text-3xl leading-tight font-extrabold tracking-tight text-balance text-white sm:text-4xl xl:text-5xl">
      {isPending ? (
        <Skeleton className="mr-2 inline-block h-[0.9em] w-[3ch] bg-white/20 align-baseline" />
      ) : total ? (
        <span className="text-accent">{formatNumber(total)} </span>
      ) : null}
      {total || isPending ? 'new and used vehicles' : 'New and used vehicles'} in {cities}
    </h1>
  );
}

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-br from-brand via-[#12305e] to-[#1e4fb8] dark:via-[#0b1f3a] dark:to-[#12305e]">
      {/* Decorative road lines from the logo. */}
      <svg aria-hidden className="pointer-events-none absolute -right-24 -bottom-24 h-[28rem] w-[28rem] text-white/[0.06]" viewBox="0 0 64 64">
        <path d="M4 56c10-10 18-14 28-14s18 4 28 14" fill="none" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
        <path d="M12 40c7-6 13-8 20-8s13 2 20 8" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <div className="relative mx-auto grid max-w-7xl gap-8 px-4 pt-6 pb-24 sm:pt-10 lg:grid-cols-[1.1fr_1fr] lg:items-center lg:gap-12 lg:pt-10 lg:pb-28">
        <div>
          <p className="mb-3 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-white sm:text-sm">
            <MapPin aria-hidden className="size-4 text-accent" />
            Serving {servedAreas}
          </p>
          <StockHeadline />
          <p className="mt-4 max-w-xl text-lg text-blue-100">
            Cars, trucks and SUVs for every budget, with financing for every credit situation. Know your budget before you shop.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex flex-col gap-2">
              <Button asChild variant="accent" size="lg" className="h-14 px-7 text-lg">
                <Link to="/pre-approval"><BadgeCheck className="!size-5" aria-hidden />Get Pre-Approved Now</Link>
              </Button>
              {/* spec §2 says "Instant decision": a promise nobody can verify before the application exists, so we say how it works instead. */}
              <p className="text-center text-sm text-blue-100 sm:text-left">Takes 2 minutes • Quick online application</p>
            </div>
            <a href={DEALERSHIP.phoneHref} className="inline-flex h-14 items-center justify-center gap-2 rounded-md px-4 font-semibold text-white hover:bg-white/10">
              <Phone className="size-5" aria-hidden />
              <span><span className="sr-only">Call us at </span>{DEALERSHIP.phone}</span>
            </a>
          </div>
          <ul className="mt-5 hidden gap-2 text-sm text-blue-50 sm:grid sm:grid-cols-2">
            {REASONS.map((r) => (
              <li key={r} className="flex gap-2">
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-300" aria-hidden />
                <span>{r}</span>
              </li>
            ))}
          </ul>
          <p className="mt-5">
            <Link
              to="/vehicles"
              onClick={() => setSessionFlag(SCROLL_TO_TOP_FLAG)}
              className="font-semibold text-white underline decoration-white/40 underline-offset-4 hover:decoration-white"
            >
              Or browse vehicles without pre-approval
              <ArrowRight className="ml-1.5 inline-block size-4 align-[-2px]" aria-hidden />
            </Link>
          </p>
        </div>
        <HeroCarousel />
      </div>
    </section>
  );
}
