// Words a shopper types that name a filter rather than a vehicle (issue 33 §2): a store ("Calgary", "in Edmonton")
// and a condition ("used", "new"). One reading for the listing's search box (server/modules/vehicles/search-filter.ts)
// and the assistant (server/modules/assistant/intents.ts), so both understand a shopper alike.
import { type Condition, LOCATIONS, type Location } from './constants';

const CITY_WORDS: Record<string, Location> = Object.fromEntries(LOCATIONS.map((l) => [l.toLowerCase(), l]));
const CONDITION_WORDS: Record<string, Condition> = { used: 'used', 'pre-owned': 'used', preowned: 'used', new: 'new' };
const PREPOSITIONS = new Set(['in', 'at', 'near', 'from']);

/** The store a text asks for by a preposition ("any Subaru in Calgary?"), when it names exactly one. */
export function storeAskedFor(text: string): Location | undefined {
  const found = new Set<Location>();
  for (const m of text.toLowerCase().matchAll(/\b(?:in|at|near) (\p{L}+)\b/gu)) {
    const city = CITY_WORDS[m[1]!];
    if (city) found.add(city);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

export interface SearchWords {
  /** The store named, when exactly one is. */
  location?: Location;
  /** The condition named, when exactly one is. */
  condition?: Condition;
  /** The rest of the text, to search vehicles with. */
  rest: string;
}

/**
 * Reads a search box's text: store and condition words become filters and leave the text ("used Calgary trucks"
 * searches trucks, used, in Calgary); a preposition before a store goes with it. Two stores, or "new" and "used",
 * cancel out: the shopper meant both, which is no filter.
 */
export function readSearchWords(text: string): SearchWords {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const locations = new Set<Location>();
  const conditions = new Set<Condition>();
  const rest: string[] = [];
  for (const word of words) {
    const w = word.toLowerCase().replace(/^[,.;!?]+|[,.;!?]+$/g, '');
    const city = CITY_WORDS[w];
    const condition = CONDITION_WORDS[w];
    if (city) {
      locations.add(city);
      if (rest.length && PREPOSITIONS.has(rest[rest.length - 1]!.toLowerCase())) rest.pop();
    } else if (condition) {
      conditions.add(condition);
    } else {
      rest.push(word);
    }
  }
  return {
    ...(locations.size === 1 ? { location: [...locations][0] } : {}),
    ...(conditions.size === 1 ? { condition: [...conditions][0] } : {}),
    rest: rest.join(' '),
  };
}
