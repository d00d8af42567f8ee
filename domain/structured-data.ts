// schema.org objects for the pages' heads (issue 3 "SEO"): AutoDealer site-wide with the dealership facts of
// spec §1 (read from domain/settings.ts, never literals), Car with Offer, ItemList and BreadcrumbList.
import { DEALERSHIP } from './settings';
import { vehicleTitle } from './vehicle-title';
import type { Vehicle } from './vehicle';

type Json = Record<string, unknown>;

/** A site-relative path made absolute with the site's public address (a full URL passes through). */
export const absoluteUrl = (publicUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;

const postalAddress = (a: (typeof DEALERSHIP.addresses)[number]) => ({
  '@type': 'PostalAddress',
  streetAddress: a.street,
  addressLocality: a.city,
  addressRegion: a.region,
  postalCode: a.postalCode,
  addressCountry: 'CA',
});

/** spec §1: hours Mon-Fri 09:00-21:00, Sat 09:00-18:00, Sun 10:00-17:00 (from settings). */
const DAY_NAMES: Record<string, string> = { Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' };
const openingHours = () => DEALERSHIP.hours.map((h) => ({
  '@type': 'OpeningHoursSpecification',
  dayOfWeek: h.dayCodes.map((d) => `https://schema.org/${DAY_NAMES[d]}`),
  opens: h.opens,
  closes: h.closes,
}));

/**
 * The dealership, on every page. spec §1 facts: rating 4.8 from 127 reviews (stated with its count, a claim the
 * settings attribute to its source), cities served, hours, phone and e-mail. The spec's "240+ vehicles" is not
 * repeated here: stock counts are live counts (DESIGN.md "Claims come from data"). The social links in settings
 * are the networks' home pages, not our profiles, so they are not offered as sameAs.
 */
export function autoDealer(publicUrl: string): Json {
  const [main, ...branches] = DEALERSHIP.addresses;
  return {
    '@type': 'AutoDealer',
    '@id': `${publicUrl}/#dealer`,
    name: DEALERSHIP.name,
    description: DEALERSHIP.tagline,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
    image: `${publicUrl}/images/stock/hero-prairie-suv-1600.webp`,
    telephone: DEALERSHIP.phone,
    email: DEALERSHIP.email,
    priceRange: '$$',
    currenciesAccepted: 'CAD',
    address: postalAddress(main!),
    areaServed: DEALERSHIP.areaServed.map((name) => ({ '@type': 'City', name, containedInPlace: { '@type': 'State', name: 'Alberta' } })),
    openingHoursSpecification: openingHours(),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: DEALERSHIP.rating.value,
      reviewCount: DEALERSHIP.rating.count,
      bestRating: 5,
    },
    department: branches.map((a) => ({
      '@type': 'AutoDealer',
      name: `${DEALERSHIP.name} ${a.city}`,
      telephone: a.phone,
      address: postalAddress(a),
      openingHoursSpecification: openingHours(),
    })),
  };
}

export interface Crumb { name: string; path: string }

export function breadcrumbList(publicUrl: string, crumbs: Crumb[]): Json {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absoluteUrl(publicUrl, c.path) })),
  };
}

/** The listing's current page of vehicles, in the order shown. */
export function vehicleItemList(publicUrl: string, vehicles: Vehicle[], offset: number): Json {
  return {
    '@type': 'ItemList',
    numberOfItems: vehicles.length,
    itemListElement: vehicles.map((v, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      url: `${publicUrl}/vehicles/${v.id}`,
      name: vehicleTitle(v),
    })),
  };
}

/** One vehicle: a Car with its Offer at the all-in advertised price (AMVIC: every fee except GST). */
export function carWithOffer(publicUrl: string, v: Vehicle): Json {
  const url = `${publicUrl}/vehicles/${v.id}`;
  const condition = v.condition === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition';
  const dealerBranch = DEALERSHIP.addresses.find((a) => a.city === v.location);
  const optional: Json = {
    ...(v.engine ? { vehicleEngine: { '@type': 'EngineSpecification', name: v.engine } } : {}),
    ...(v.drivetrain ? { driveWheelConfiguration: v.drivetrain } : {}),
    ...(v.interiorColor ? { vehicleInteriorColor: v.interiorColor } : {}),
    ...(v.doors !== null ? { numberOfDoors: v.doors } : {}),
    ...(v.seats !== null ? { seatingCapacity: v.seats } : {}),
    ...(v.images.length ? { image: v.images.map((src) => absoluteUrl(publicUrl, src)) } : {}),
  };
  return {
    '@type': 'Car',
    '@id': `${url}#vehicle`,
    name: vehicleTitle(v),
    url,
    description: v.description,
    brand: { '@type': 'Brand', name: v.make },
    manufacturer: { '@type': 'Organization', name: v.make },
    model: v.model,
    ...(v.trim ? { vehicleConfiguration: v.trim } : {}),
    vehicleModelDate: String(v.year),
    modelDate: String(v.year),
    vehicleIdentificationNumber: v.vin,
    sku: v.stockNumber,
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: v.mileage, unitCode: 'KMT' },
    bodyType: v.bodyType,
    vehicleTransmission: v.transmission,
    fuelType: v.fuelType,
    color: v.exteriorColor,
    itemCondition: condition,
    ...optional,
    offers: {
      '@type': 'Offer',
      url,
      price: v.price,
      priceCurrency: 'CAD',
      itemCondition: condition,
      availability: v.isSold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      // A private seller's listing is not sold by the dealership (spec §1 "private-seller listings").
      ...(v.sellerType === 'dealer'
        ? { seller: { '@type': 'AutoDealer', '@id': `${publicUrl}/#dealer`, name: DEALERSHIP.name } }
        : {}),
      ...(dealerBranch && v.sellerType === 'dealer' ? { availableAtOrFrom: { '@type': 'Place', address: postalAddress(dealerBranch) } } : {}),
    },
  };
}
