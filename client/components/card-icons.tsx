// The vehicle card's icons, drawn once per page (issue 17). A listing page shows 20 cards and each drew its icons
// in full: about 47 kB of its 280 kB of HTML, rendered again on every request. The root layout renders the sprite
// (one <symbol> per icon, lucide's own drawing inside) and each card refers to it with <use>, so a card carries a
// few bytes per icon and the shopper sees the same strokes. Decorative only: the card's words say what each fact is.
import { Cog, Gauge, MapPin, Scale, Truck } from 'lucide-react';

const ICONS = { gauge: Gauge, truck: Truck, cog: Cog, 'map-pin': MapPin, scale: Scale } as const;

export type CardIconName = keyof typeof ICONS;

const symbolId = (name: CardIconName) => `card-icon-${name}`;

/** Once per page, in the root layout: never shown itself. */
export function CardIconSprite() {
  return (
    <svg className="hidden" aria-hidden="true">
      {(Object.keys(ICONS) as CardIconName[]).map((name) => {
        const Icon = ICONS[name];
        return <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24"><Icon /></symbol>;
      })}
    </svg>
  );
}

/** One of the sprite's icons, sized and coloured by `className` like a lucide icon. */
export function CardIcon({ name, className }: { name: CardIconName; className?: string }) {
  return <svg className={className} aria-hidden="true"><use href={`#${symbolId(name)}`} /></svg>;
}
