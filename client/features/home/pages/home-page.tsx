// Home (spec §2 "Homepage /"): ticker, hero with carousel, search card, then lazily loaded sections below the
// fold. Only the first four are in this page's download; the rest load as the shopper scrolls near them.
import { HOME_DESCRIPTION } from '@domain/seo';
import { useMetaDescription } from '@/lib/use-meta-description';
import { InventoryTicker } from '../components/inventory-ticker';
import { Hero } from '../components/hero';
import { SearchCard } from '../components/search-card';
import { BodyTypeLinks } from '../components/body-type-links';
import { LazySection } from '../components/lazy-section';
import { lazyComponent } from '@/lib/lazy-component';
import { HydrateApart } from '@/components/hydrate-apart';

const NewestVehicles = lazyComponent('features/home/components/newest-vehicles', () => import('../components/newest-vehicles'));
const PrivateSellers = lazyComponent('features/home/components/private-sellers', () => import('../components/private-sellers'));
const BuyingTips = lazyComponent('features/home/components/buying-tips', () => import('../components/buying-tips'));
const MarketingCta = lazyComponent('features/home/components/marketing-cta', () => import('../components/marketing-cta'));
const SeoContent = lazyComponent('features/home/components/seo-content', () => import('../components/seo-content'));

export default function HomePage() {
  useMetaDescription(HOME_DESCRIPTION);
  return (
    <>
      {/* Issue 35 §2: each part of the first screen hydrates in a task of its own, not the page in one long task. */}
      <HydrateApart><InventoryTicker /></HydrateApart>
      <HydrateApart><Hero /></HydrateApart>
      <HydrateApart><SearchCard /></HydrateApart>
      <HydrateApart><BodyTypeLinks /></HydrateApart>
      <LazySection component={NewestVehicles} minHeight={900} label="vehicles on our lot" />
      <LazySection component={PrivateSellers} minHeight={640} label="private listings" />
      <LazySection component={BuyingTips} minHeight={420} label="car-buying tips" />
      <LazySection component={MarketingCta} minHeight={320} label="financing and trade-ins" />
      <LazySection component={SeoContent} minHeight={420} label="about buying in Edmonton and Calgary" />
    </>
  );
}
