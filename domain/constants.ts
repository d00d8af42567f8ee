// Business constants of spec §9 and §3. One source of truth for both sides.

export const PAGE_SIZE = 20; // spec §9
export const MAX_PAGE_SIZE = 100; // foundation issue: limit capped at 100
export const MAX_PAGE_BUTTONS = 5; // spec §9
export const SKELETON_CARDS = 18; // spec §9
export const PRIORITY_CARDS = 6; // spec §9
export const COMPARE_MAX = 3; // spec §9

/**
 * spec §9's five sort keys, then issue 19's best deal (rated vehicles by their price's difference from the market,
 * lowest first, then those without a rating; domain/deal-rating.ts).
 */
export const SORT_KEYS = ['recommended', 'price-asc', 'price-desc', 'year-desc', 'mileage-asc', 'best-deal'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DEFAULT_SORT: SortKey = 'recommended';

export const PRICE_MIN_DEFAULT = 0; // spec §3
export const PRICE_MAX_DEFAULT = 150_000; // spec §3
export const YEAR_MIN_DEFAULT = 2013; // spec §3, §9
/** spec §3: yearMax defaults to next calendar year. */
export const yearMaxDefault = (now: Date = new Date()) => now.getFullYear() + 1;
export const PRICE_STEP = 1000; // spec §9
export const KILOMETRE_OPTIONS = [16_000, 48_000, 80_000, 120_000, 160_000] as const; // spec §5

export const BODY_TYPES = ['SUV', 'Truck', 'Sedan', 'Hatchback', 'Coupe', 'Minivan', 'Wagon', 'Convertible', 'Van'] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export const TRANSMISSIONS = ['Automatic', 'Manual', 'CVT'] as const;
export const DRIVETRAINS = ['AWD', '4WD', 'FWD', 'RWD'] as const;
export const FUEL_TYPES = ['Gasoline', 'Diesel', 'Hybrid', 'Plug-in Hybrid', 'Electric'] as const;
export const LOCATIONS = ['Edmonton', 'Calgary'] as const;
export type Location = (typeof LOCATIONS)[number];

/**
 * available: on the lot and in search; pending: a private listing awaiting approval (out of search), or a vehicle on
 * a confirmed hold (pending with a held-until time, still in search: domain/holds.ts); sold: out of search (AMVIC).
 */
export const VEHICLE_STATUSES = ['available', 'pending', 'sold'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
export const CONDITIONS = ['new', 'used'] as const;
export type Condition = (typeof CONDITIONS)[number];
export const SELLER_TYPES = ['dealer', 'private seller'] as const; // spec §3

export const BADGE_CAP = 9; // spec §9: badge counts show 9+ above 9
export const badgeText = (n: number) => (n > BADGE_CAP ? `${BADGE_CAP}+` : String(n));

// Timings, spec §9 (ms)
export const TIMING = {
  searchDebounce: 300,
  filterApply: 300,
  listingStale: 60_000,
  facetsStale: 5 * 60_000,
  userStale: 5 * 60_000,
  notificationPoll: 30_000,
  pageChangeScroll: 100,
  carouselInterval: 5_000,
  carouselLock: 500,
  tickerInterval: 5_000,
  exitIntentMin: 30_000,
  referralUrlCleanup: 1_000,
  bookingModalDelay: 1_500,
  scrollRestoreExpiry: 30 * 60_000,
  toastDuration: 5_000,
  tooltipDelay: 700,
  /** spec §2 (home's proactive chat widget), issue 20: the greeting shows after this long on the home page. */
  proactiveChat: 30_000,
} as const;
export const TICKER_VEHICLES = 8;
export const TOAST_SWIPE_THRESHOLD = 50;

/** Browser storage keys named by the product (spec §3). */
export const STORAGE_KEYS = {
  savedVehicles: 'savedVehicles',
  savedVehicleDetails: 'savedVehicleDetails',
  adminToken: 'admin_token',
  approvalCriteria: 'user-approval-criteria',
  sort: 'vehicle-sort-preference',
  compare: 'vehicle-comparison-list',
  theme: 'theme',
  listingState: 'vehicle-listing-state',
  chatContact: 'carbro-contact-info',
  chatMessages: 'carbro-messages',
  chatSession: 'carbro-session-id',
  chatOpen: 'carbro-is-open',
  chatMinimized: 'carbro-is-minimized',
  /** sessionStorage: the home page's chat greeting (spec §2) has shown this session; it shows once per session. */
  chatGreeted: 'carbro-greeted',
  pendingReferral: 'pending-referral-code',
} as const;
