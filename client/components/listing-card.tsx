// A private seller's listing (issue 5) as a list item: cover photo, title, price and facts, then what the page adds
// and its actions. The seller's /my-listings and the back office's moderation queue show the same card; each brings
// its badge, its details and its actions (features never import each other, so the card lives here).
import type { ReactNode } from 'react';
import type { MyListing } from '@domain/private-listings';
import { vehicleTitle } from '@domain/vehicle-title';
import { cn } from '@/lib/cn';
import { formatKm, formatPrice } from '@/lib/format';
import { VehiclePhoto } from '@/components/vehicle-photo';

type CardListing = Pick<MyListing, 'year' | 'make' | 'model' | 'trim' | 'price' | 'mileage' | 'photos'>;

const LAYOUT = {
  // The seller's own page: the photo beside the text from small screens up.
  seller: { grid: 'sm:grid-cols-[12rem_1fr] sm:p-5', sizes: '12rem' },
  // The moderation queue sits beside the back office's sidebar, so side by side only from medium screens, with a
  // larger photo to judge the listing by.
  moderation: { grid: 'md:grid-cols-[14rem_1fr] md:p-5', sizes: '14rem' },
} as const;

export function ListingCard({ listing, variant, badge, facts, children, actions, dialogs }: {
  listing: CardListing;
  variant: keyof typeof LAYOUT;
  /** Beside the title: the listing's state for its seller, when it was submitted for a moderator. */
  badge: ReactNode;
  /** After the price and kilometres, separated by middle dots; empty ones are left out. */
  facts: (string | null | undefined)[];
  /** Between the facts and the actions. */
  children?: ReactNode;
  actions: ReactNode;
  /** The actions' confirmation dialogs (they render in a portal). */
  dialogs?: ReactNode;
}) {
  const title = vehicleTitle(listing);
  const cover = listing.photos[0];
  const layout = LAYOUT[variant];
  return (
    <li className={cn('grid gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm', layout.grid)}>
      <div className="aspect-[4/3] overflow-hidden rounded-xl bg-muted">
        <VehiclePhoto photo={cover} alt={cover?.alt || title} className="size-full object-cover" sizes={layout.sizes} />
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-bold">{title}</h2>
          {badge}
        </div>
        <p className="text-sm text-muted-foreground">
          <span className="font-semibold text-foreground">{formatPrice(listing.price)}</span> · {[formatKm(listing.mileage), ...facts.filter(Boolean)].join(' · ')}
        </p>
        {children}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">{actions}</div>
      </div>
      {dialogs}
    </li>
  );
}
