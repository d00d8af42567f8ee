// The home hero carousel's four generated stock images (client/public/images/stock, drawn by
// scripts/generate-stock-images.ts), each as 800w and 1600w WebP at 16:9. The alt texts are the generator's.
// Shared with the server: the first slide is preloaded from the home page's head and is the default og:image.
export const HERO_WIDTH = 1600;
export const HERO_HEIGHT = 900;

export const HERO_SLIDES = [
  {
    name: 'hero-prairie-suv',
    alt: 'Illustration: a blue SUV on a prairie highway at golden hour, a grain elevator on the horizon',
    caption: 'SUVs with all-wheel drive for Alberta highways',
  },
  {
    name: 'hero-winter-pickup',
    alt: 'Illustration: a red pickup truck on a snowy Edmonton street with the downtown skyline behind',
    caption: 'Pickups ready for work and winter',
  },
  {
    name: 'hero-family-minivan',
    alt: 'Illustration: a blue family minivan parked on a summer day with the Rocky Mountains beyond',
    caption: 'Room for the whole family, and the gear',
  },
  {
    name: 'hero-ev-charging',
    alt: 'Illustration: a white electric SUV plugged in at a fast charger at dusk',
    caption: 'Hybrids and electric vehicles for the daily commute',
  },
] as const;

export const heroSrc = (name: string, width: 800 | 1600) => `/images/stock/${name}-${width}.webp`;
export const heroSrcSet = (name: string) => `${heroSrc(name, 800)} 800w, ${heroSrc(name, 1600)} 1600w`;
/** Full width on phones and tablets, beside the search card on desktops. */
export const HERO_SIZES = '(min-width: 1280px) 560px, (min-width: 1024px) 44vw, 100vw';
