// Paint and upholstery colours of the demo lot. Each paint has a manufacturer name (what a buyer sees and
// searches for) and a family (what the photo renderer draws): families keep the number of distinct
// generated images small, since one image serves every vehicle of the same body type and family.

export const PAINT_FAMILIES = ['white', 'black', 'grey', 'silver', 'blue', 'red', 'green', 'brown', 'orange'] as const;
export type PaintFamily = (typeof PAINT_FAMILIES)[number];

/** Rough share of each family on a Canadian lot (greyscale dominates, as it does in real sales data). */
export const PAINT_FAMILY_WEIGHTS: Record<PaintFamily, number> = {
  white: 25, black: 19, grey: 18, silver: 11, blue: 11, red: 10, green: 3, brown: 2, orange: 1,
};

/** Base paint colour for the renderer, with the lightness the shading works from. */
export const PAINT_HEX: Record<PaintFamily, string> = {
  white: '#e9ecef',
  black: '#1b1e23',
  grey: '#585e66',
  silver: '#aeb4bb',
  blue: '#1f4f8f',
  red: '#a8141d',
  green: '#3f5b43',
  brown: '#6a4a33',
  orange: '#d2601a',
};

type Palette = Partial<Record<PaintFamily, readonly string[]>>;

const GENERIC: Record<PaintFamily, readonly string[]> = {
  white: ['White'], black: ['Black'], grey: ['Grey Metallic'], silver: ['Silver Metallic'], blue: ['Blue Metallic'],
  red: ['Red'], green: ['Green Metallic'], brown: ['Bronze Metallic'], orange: ['Orange'],
};

const STELLANTIS: Palette = {
  white: ['Bright White', 'Ivory White Tri-Coat Pearl'],
  black: ['Diamond Black Crystal Pearl'],
  grey: ['Granite Crystal Metallic'],
  silver: ['Billet Silver Metallic'],
  blue: ['Hydro Blue Pearl', 'Patriot Blue Pearl'],
  red: ['Flame Red', 'Delmonico Red Pearl'],
  green: ['Olive Green Pearl'],
  brown: ['Walnut Brown Metallic'],
};

/** Real paint names per make (the families a make does not offer fall back to the generic name). */
export const PALETTES: Record<string, Palette> = {
  Ford: {
    white: ['Oxford White', 'Star White Metallic Tri-Coat'], black: ['Agate Black'],
    grey: ['Carbonized Gray Metallic', 'Magnetic Metallic'], silver: ['Iconic Silver Metallic', 'Ingot Silver Metallic'],
    blue: ['Atlas Blue Metallic', 'Antimatter Blue Metallic', 'Velocity Blue Metallic'], red: ['Rapid Red Metallic', 'Race Red'],
    green: ['Eruption Green Metallic'], orange: ['Code Orange'],
  },
  RAM: STELLANTIS,
  Jeep: { ...STELLANTIS, grey: ['Granite Crystal Metallic', 'Sting-Gray'], red: ['Firecracker Red', 'Velvet Red Pearl'], green: ['Sarge Green'], orange: ["Punk'n Metallic"] },
  Chrysler: { ...STELLANTIS, blue: ['Fathom Blue Pearl', 'Ocean Blue Metallic'], red: ['Velvet Red Pearl'] },
  Dodge: { ...STELLANTIS, red: ['Redline Red Tri-Coat Pearl'], orange: ['Go Mango'] },
  Chevrolet: {
    white: ['Summit White', 'Iridescent Pearl Tricoat'], black: ['Black', 'Mosaic Black Metallic'],
    grey: ['Satin Steel Metallic', 'Sterling Gray Metallic'], silver: ['Silver Ice Metallic'],
    blue: ['Northsky Blue Metallic', 'Glacier Blue Metallic'], red: ['Cherry Red Tintcoat', 'Red Hot'],
    brown: ['Harvest Bronze Metallic'],
  },
  GMC: {
    white: ['Summit White', 'White Frost Tricoat'], black: ['Onyx Black', 'Ebony Twilight Metallic'],
    grey: ['Dark Sky Metallic', 'Satin Steel Metallic'], silver: ['Quicksilver Metallic'],
    blue: ['Pacific Blue Metallic'], red: ['Cardinal Red', 'Volcanic Red Tintcoat'], brown: ['Dark Walnut Metallic'],
  },
  Toyota: {
    white: ['Super White', 'Blizzard Pearl', 'Wind Chill Pearl'], black: ['Midnight Black Metallic', 'Attitude Black Metallic'],
    grey: ['Magnetic Gray Metallic', 'Lunar Rock'], silver: ['Celestial Silver Metallic', 'Classic Silver Metallic'],
    blue: ['Blueprint', 'Cavalry Blue'], red: ['Supersonic Red', 'Barcelona Red Metallic'],
    green: ['Army Green'], brown: ['Smoked Mesquite'],
  },
  Honda: {
    white: ['Platinum White Pearl'], black: ['Crystal Black Pearl'], grey: ['Modern Steel Metallic', 'Sonic Gray Pearl'],
    silver: ['Lunar Silver Metallic'], blue: ['Aegean Blue Metallic', 'Obsidian Blue Pearl', 'Still Night Pearl'],
    red: ['Radiant Red Metallic', 'Rallye Red'],
  },
  Hyundai: {
    white: ['Quartz White', 'Serenity White Pearl'], black: ['Phantom Black'], grey: ['Portofino Gray', 'Amazon Gray'],
    silver: ['Shimmering Silver', 'Magnetic Silver'], blue: ['Intense Blue', 'Stormy Sea'], red: ['Calypso Red'],
    green: ['Digital Teal'],
  },
  Kia: {
    white: ['Snow White Pearl', 'Clear White'], black: ['Aurora Black Pearl', 'Ebony Black'], grey: ['Gravity Gray', 'Steel Gray'],
    silver: ['Sparkling Silver'], blue: ['Mineral Blue', 'Yacht Blue'], red: ['Runway Red', 'Passion Red'],
  },
  Subaru: {
    white: ['Crystal White Pearl'], black: ['Crystal Black Silica'], grey: ['Magnetite Gray Metallic'],
    silver: ['Ice Silver Metallic'], blue: ['Abyss Blue Pearl', 'Horizon Blue Pearl'], red: ['Crimson Red Pearl'],
    green: ['Autumn Green Metallic', 'Wilderness Green Metallic'], brown: ['Cinnamon Brown Pearl'], orange: ['Sunshine Orange'],
  },
  Nissan: {
    white: ['Glacier White', 'Pearl White TriCoat'], black: ['Super Black', 'Magnetic Black Pearl'], grey: ['Gun Metallic'],
    silver: ['Brilliant Silver Metallic'], blue: ['Caspian Blue Metallic', 'Deep Ocean Blue Pearl'], red: ['Scarlet Ember Tintcoat'],
  },
  Mazda: {
    white: ['Snowflake White Pearl Mica', 'Rhodium White Metallic'], black: ['Jet Black Mica'],
    grey: ['Machine Gray Metallic', 'Polymetal Gray Metallic'], silver: ['Sonic Silver Metallic'],
    blue: ['Deep Crystal Blue Mica'], red: ['Soul Red Crystal Metallic'], brown: ['Zircon Sand Metallic'],
  },
  Tesla: {
    white: ['Pearl White Multi-Coat'], black: ['Solid Black'], grey: ['Midnight Silver Metallic', 'Stealth Grey'],
    silver: ['Quicksilver'], blue: ['Deep Blue Metallic'], red: ['Red Multi-Coat', 'Ultra Red'],
  },
  BMW: {
    white: ['Alpine White', 'Mineral White Metallic'], black: ['Black Sapphire Metallic', 'Jet Black'],
    grey: ['Mineral Grey Metallic', 'Brooklyn Grey Metallic'], silver: ['Glacier Silver Metallic'],
    blue: ['Phytonic Blue Metallic', 'Tanzanite Blue Metallic'],
  },
  Audi: {
    white: ['Glacier White Metallic', 'Ibis White'], black: ['Mythos Black Metallic'], grey: ['Daytona Gray Pearl', 'Manhattan Gray Metallic'],
    silver: ['Florett Silver Metallic'], blue: ['Navarra Blue Metallic'], red: ['Tango Red Metallic'], green: ['District Green Metallic'],
  },
  Lexus: {
    white: ['Eminent White Pearl'], black: ['Caviar', 'Obsidian'], grey: ['Nebula Gray Pearl'], silver: ['Atomic Silver'],
    blue: ['Nightfall Mica'], red: ['Matador Red Mica'], green: ['Nori Green Pearl'],
  },
  'Mercedes-Benz': {
    white: ['Polar White'], black: ['Obsidian Black Metallic', 'Black'], grey: ['Selenite Grey Metallic', 'Graphite Grey Metallic'],
    silver: ['Iridium Silver Metallic', 'Mojave Silver Metallic'], blue: ['Brilliant Blue Metallic'], red: ['Cardinal Red Metallic'],
  },
};

/** The families a make offers (a seeded vehicle is only painted in one of them). */
export function paintFamilies(make: string): PaintFamily[] {
  const palette = PALETTES[make];
  return palette ? PAINT_FAMILIES.filter((f) => palette[f]) : [...PAINT_FAMILIES];
}

export function paintNames(make: string, family: PaintFamily): readonly string[] {
  return PALETTES[make]?.[family] ?? GENERIC[family];
}

export const INTERIOR_FAMILIES = ['black', 'grey', 'beige', 'brown', 'red'] as const;
export type InteriorFamily = (typeof INTERIOR_FAMILIES)[number];

export const INTERIOR_NAMES: Record<InteriorFamily, readonly string[]> = {
  black: ['Black', 'Jet Black', 'Ebony'],
  grey: ['Grey', 'Light Grey'],
  beige: ['Beige', 'Sand', 'Ivory'],
  brown: ['Saddle Brown', 'Mocha', 'Cognac'],
  red: ['Red'],
};

/** Upholstery tone for the interior renderer (seats and trim; the dashboard itself stays dark). */
export const INTERIOR_HEX: Record<InteriorFamily, string> = {
  black: '#26282c',
  grey: '#8a8d92',
  beige: '#cdbb9b',
  brown: '#7a4b2c',
  red: '#8c2226',
};
