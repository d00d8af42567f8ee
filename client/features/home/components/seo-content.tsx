// SEO content: plain, useful words about buying in Edmonton and Calgary, linking into the listing. Lazily loaded.
import { Link } from '@/components/link';
import { DEALERSHIP } from '@domain/settings';

const link = 'font-semibold text-primary underline underline-offset-2 hover:no-underline';
const byBody = (bodyType: string) => `/vehicles?${new URLSearchParams({ bodyType })}`;

export default function SeoContent() {
  const [edmonton, calgary] = DEALERSHIP.addresses;
  return (
    <section aria-labelledby="seo-title" className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:py-16 lg:grid-cols-2">
        <div>
          <h2 id="seo-title" className="text-2xl font-extrabold tracking-tight">Used cars, trucks and SUVs in Edmonton and Calgary</h2>
          <p className="mt-3 leading-relaxed text-muted-foreground">
            {DEALERSHIP.name} sells new and used vehicles from two lots: {edmonton?.street} in Edmonton and {calgary?.street} in
            Calgary. Every price on this site is the all-in price, with every fee included except GST, and every listing shows
            its stock number so you can ask about exactly the vehicle you saw.
          </p>
          <p className="mt-3 leading-relaxed text-muted-foreground">
            Alberta driving asks a lot of a vehicle. Many of our customers choose a <Link className={link} to={byBody('Truck')}>pickup truck</Link> for
            work and towing, or an <Link className={link} to={byBody('SUV')}>SUV</Link> with all-wheel drive for winter highways
            between Edmonton, Red Deer and Calgary. For city commutes, a <Link className={link} to={byBody('Sedan')}>sedan</Link> or <Link className={link} to={byBody('Hatchback')}>hatchback</Link> saves
            fuel, and a <Link className={link} to={byBody('Minivan')}>minivan</Link> fits the whole family and the hockey bags.
          </p>
        </div>
        <div>
          <h2 className="text-xl font-bold tracking-tight">Financing and buying from out of town</h2>
          <p className="mt-3 leading-relaxed text-muted-foreground">
            We arrange financing for every credit situation, and you can <Link className={link} to="/pre-approval">apply for pre-approval</Link> before
            you visit. Shoppers from Red Deer, Lethbridge and the rest of Alberta can ask for more photos and the vehicle history report
            first, then book a test drive at whichever lot is closer.
          </p>
          <p className="mt-3 leading-relaxed text-muted-foreground">
            Not sure what fits? The <Link className={link} to="/vehicle-finder">vehicle finder</Link> asks a few questions and ranks
            what is on our lots today, or <Link className={link} to="/vehicles">browse every vehicle</Link> and compare up to three side by side.
          </p>
        </div>
      </div>
    </section>
  );
}
