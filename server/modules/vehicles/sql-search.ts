// The listing and its facets answered by SQL (spec §7, §9). The source of truth and the oracle the inventory index
// (./search-index.ts) is tested against (search-index.test.ts); it also answers while the index builds, and every
// question the index does not hold (an admin's sold or pending vehicles).
import { and, arrayContains, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PaginatedVehicles } from '@domain/vehicle';
import type { Db } from '../../db/client';
import { vehicles } from '../../db/schema';
import type { InventoryCache } from './cache';
import { toVehicle, vehicleWithPhotosColumns } from './mapper';
import {
  fuzzyCandidates, FUZZY_MIN_LENGTH, MAX_SPELLINGS, type CountedFacets, type ListFilter, type SearchFilter, type StatusFilter,
} from './search-filter';

export interface SqlSearchContext { db: Db; cache: InventoryCache }

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every distinct word of the inventory's search text (all statuses): a few hundred words, however large the lot.
 * Typo matching runs against this list instead of every vehicle's text, which is what keeps a fuzzy search fast.
 */
export async function loadVocabulary(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select coalesce(array_agg(distinct w), '{}') as words
    from ${vehicles}, unnest(string_to_array(${vehicles.searchText}, ' ')) as w
    where length(w) >= ${FUZZY_MIN_LENGTH - 1}`);
  return (result as unknown as { rows: { words: string[] }[] }).rows[0]!.words;
}

/**
 * For each longer search word the inventory does not contain, the inventory words within pg_trgm word similarity
 * 0.45 of it (`<%`, threshold set per connection in db/client.ts), most similar first: one typo in "hyndai" still
 * finds "hyundai". Ties by code point (collate "C"), as the index orders them.
 */
async function spellingsFor(ctx: SqlSearchContext, tokens: string[]): Promise<Map<string, string[]>> {
  const spellings = new Map<string, string[]>();
  if (!tokens.some((t) => t.length >= FUZZY_MIN_LENGTH)) return spellings;
  const vocabulary = await ctx.cache.get('vocabulary', () => loadVocabulary(ctx.db));
  const unknown = fuzzyCandidates(tokens, vocabulary);
  if (!unknown.length) return spellings;
  const result = await ctx.db.execute(sql`
    select t as token, (array_agg(w order by word_similarity(t, w) desc, w collate "C"))[1:${MAX_SPELLINGS}] as words
    from unnest(${sql.param(unknown)}::text[]) as t, unnest(${sql.param(vocabulary)}::text[]) as w
    where t <% w
    group by t`);
  for (const row of (result as unknown as { rows: { token: string; words: string[] }[] }).rows) spellings.set(row.token, row.words);
  return spellings;
}

/**
 * A search word matches when it occurs anywhere in the vehicle's search text (year, make, model, trim, body,
 * colours, fuel, drivetrain, features), so prefixes such as "toyo" and "f-15" match, or when one of its close
 * spellings from the inventory does. search_text is stored lower-cased, so LIKE on the lower-cased word is a
 * case-insensitive match (and twice as fast as ILIKE); both use the trigram GIN index.
 */
function searchCondition(token: string, spellings: string[] = []): SQL {
  const matches = [token, ...spellings].map((w) => sql`${vehicles.searchText} like ${`%${escapeLike(w)}%`}`);
  return matches.length === 1 ? matches[0]! : sql`(${sql.join(matches, sql` or `)})`;
}

/**
 * The public listing's vehicles (issue 19, domain/holds.ts isListed): available ones, and held ones (pending with a
 * held-until time), which stay in search while held. Other pending vehicles (a private listing in review) do not.
 * The inventory index reads its vehicles with the same condition (search-index.ts readDocs).
 */
export const listedSql = sql`(${vehicles.status} = 'available' or (${vehicles.status} = 'pending' and ${vehicles.heldUntil} is not null))`;

/** The filter's conditions by facet: a facet's counts apply every condition but its own (disjunctive facets). */
function conditionsFor(f: SearchFilter, status: StatusFilter, spellings: Map<string, string[]>) {
  const lowerIn = (column: AnyPgColumn, values: string[]) => inArray(sql`lower(${column})`, values);
  return {
    make: f.make.length ? lowerIn(vehicles.make, f.make) : undefined,
    model: f.model.length ? lowerIn(vehicles.model, f.model) : undefined,
    bodyType: f.bodyType.length ? lowerIn(vehicles.bodyType, f.bodyType) : undefined,
    transmission: f.transmission.length ? lowerIn(vehicles.transmission, f.transmission) : undefined,
    rest: and(
      // 'available' is the public listing's question, which includes held vehicles (listedSql).
      status === 'all' ? undefined : status === 'available' ? listedSql : eq(vehicles.status, status),
      // Repeated features narrow the list: the vehicle must have all of them.
      f.feature.length ? arrayContains(vehicles.features, f.feature) : undefined,
      f.location ? eq(vehicles.location, f.location) : undefined,
      f.condition ? eq(vehicles.condition, f.condition) : undefined,
      f.sellerType ? eq(vehicles.sellerType, f.sellerType) : undefined,
      f.priceMin !== undefined ? gte(vehicles.price, f.priceMin) : undefined,
      f.priceMax !== undefined ? lte(vehicles.price, f.priceMax) : undefined,
      f.yearMin !== undefined ? gte(vehicles.year, f.yearMin) : undefined,
      f.yearMax !== undefined ? lte(vehicles.year, f.yearMax) : undefined,
      f.mileageMax !== undefined ? lte(vehicles.mileage, f.mileageMax) : undefined,
      ...f.search.map((token) => searchCondition(token, spellings.get(token))),
    ),
  };
}

/** spec §9 sort keys, each ending in id so pages never overlap or skip. */
function orderFor(sortBy: ListFilter['sortBy']): SQL[] {
  switch (sortBy) {
    case 'price-asc': return [asc(vehicles.price), asc(vehicles.id)];
    case 'price-desc': return [desc(vehicles.price), asc(vehicles.id)];
    case 'year-desc': return [desc(vehicles.year), asc(vehicles.id)];
    case 'mileage-asc': return [asc(vehicles.mileage), asc(vehicles.id)];
    // recommended: price cuts first (what a shopper hunts for), then the newest arrivals.
    case 'recommended': return [desc(sql`(${vehicles.originalPrice} is not null)`), desc(vehicles.createdAt), desc(vehicles.id)];
    // Issue 19: the stored rating's difference from the market, best deal first, the unrated last (no row: null).
    // The ratings are kept by the write path in its own transaction (./deal-ratings.ts), so SQL reads, never computes.
    case 'best-deal': return [sql`(select r.difference_bp from deal_ratings r where r.vehicle_id = ${vehicles}.id) asc nulls last`, asc(vehicles.id)];
  }
}

/** Filters without paging and order: the key of a filter's count, which every page and sort order shares. */
const countKey = (f: ListFilter, status: StatusFilter) =>
  `count:${status}:${JSON.stringify({ ...f, page: undefined, limit: undefined, sortBy: undefined })}`;

export async function sqlPage(ctx: SqlSearchContext, f: ListFilter, status: StatusFilter): Promise<PaginatedVehicles> {
  const { db } = ctx;
  const c = conditionsFor(f, status, await spellingsFor(ctx, f.search));
  const where = and(c.make, c.model, c.bodyType, c.transmission, c.rest);
  const order = orderFor(f.sortBy);
  // The count is cached on its own: paging and re-sorting reuse it. The page itself is one query: the
  // matching ids in order (an index read for the default order), then their rows and photos.
  const total = await ctx.cache.get(countKey(f, status), async () => {
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(vehicles).where(where);
    return row?.n ?? 0;
  });
  const pageIds = db.select({ id: vehicles.id }).from(vehicles).where(where).orderBy(...order)
    .limit(f.limit).offset((f.page - 1) * f.limit);
  const rows = total > (f.page - 1) * f.limit
    ? await db.select(vehicleWithPhotosColumns).from(vehicles).where(inArray(vehicles.id, pageIds)).orderBy(...order)
    : [];
  return { vehicles: rows.map(toVehicle), pagination: pagination(f, total) };
}

export function pagination(f: Pick<ListFilter, 'page' | 'limit'>, total: number): PaginatedVehicles['pagination'] {
  const totalPages = Math.ceil(total / f.limit);
  return { currentPage: f.page, totalPages, totalVehicles: total, hasNext: f.page < totalPages, hasPrevious: f.page > 1 };
}

const bool = (condition: SQL | undefined) => condition ?? sql`true`;

/**
 * The facets of spec §7 under a filter, in one statement over the listed stock (available or held). Each facet counts with every
 * condition but its own (disjunctive faceting): with make=Ford&priceMax=20000 the makes still list Toyota with its
 * count under $20,000, and the body types count only Fords under $20,000. Features are AND-combined, so their
 * counts apply every condition: a feature's count is what ticking it as well would give. The models (the home
 * card's body → make → model cascade) leave out all three of its own conditions. Every value in stock is listed,
 * with 0 where the filter excludes it, so the sidebar never jumps. total and the ranges describe the filtered set.
 */
export async function sqlFacets(ctx: SqlSearchContext, f: SearchFilter): Promise<CountedFacets> {
  const c = conditionsFor(f, 'available', await spellingsFor(ctx, f.search));
  const result = await ctx.db.execute(sql`
    with v as materialized (
      select make, model, body_type, transmission, features, price, year, mileage,
        ${bool(c.make)} as m_make, ${bool(c.model)} as m_model, ${bool(c.bodyType)} as m_body,
        ${bool(c.transmission)} as m_trans, ${bool(c.rest)} as m_rest
      from ${vehicles} where ${listedSql}
    ), hit as materialized (
      select * from v where m_make and m_model and m_body and m_trans and m_rest
    )
    select
      (select count(*)::int from hit) as total,
      (select coalesce(json_agg(json_build_object('value', value, 'count', n, 'stock', s)), '[]'::json) from (
        select make as value, count(*) filter (where m_model and m_body and m_trans and m_rest)::int as n, count(*)::int as s
        from v group by 1) x) as makes,
      (select coalesce(json_agg(json_build_object('value', value, 'count', n, 'stock', s)), '[]'::json) from (
        select body_type as value, count(*) filter (where m_make and m_model and m_trans and m_rest)::int as n, count(*)::int as s
        from v group by 1) x) as body_types,
      (select coalesce(json_agg(json_build_object('value', value, 'count', n, 'stock', s)), '[]'::json) from (
        select transmission as value, count(*) filter (where m_make and m_model and m_body and m_rest)::int as n, count(*)::int as s
        from v group by 1) x) as transmissions,
      (select coalesce(json_agg(json_build_object('value', value, 'count', n, 'stock', s)), '[]'::json) from (
        select f as value, count(*) filter (where m_make and m_model and m_body and m_trans and m_rest)::int as n, count(*)::int as s
        from v, unnest(v.features) as f group by 1) x) as features,
      (select coalesce(json_agg(json_build_object('make', make, 'model', model, 'bodyType', body_type, 'count', n)), '[]'::json) from (
        select make, model, body_type, count(*) filter (where m_trans and m_rest)::int as n
        from v group by 1, 2, 3) x) as models,
      (select json_build_object('priceMin', min(price), 'priceMax', max(price), 'yearMin', min(year),
          'yearMax', max(year), 'mileageMax', max(mileage)) from hit) as ranges
  `);
  const row = (result as unknown as { rows: FacetRow[] }).rows[0]!;
  const r = row.ranges;
  // An empty set gives zeros with total 0; the client then applies its spec §3 fallback ranges.
  return {
    total: row.total,
    makes: row.makes,
    bodyTypes: row.body_types,
    transmissions: row.transmissions,
    features: row.features,
    models: row.models,
    price: { min: r.priceMin ?? 0, max: r.priceMax ?? 0 },
    year: { min: r.yearMin ?? 0, max: r.yearMax ?? 0 },
    mileage: { max: r.mileageMax ?? 0 },
  };
}

interface FacetRow {
  total: number;
  makes: CountedFacets['makes'];
  body_types: CountedFacets['bodyTypes'];
  transmissions: CountedFacets['transmissions'];
  features: CountedFacets['features'];
  models: CountedFacets['models'];
  ranges: { priceMin: number | null; priceMax: number | null; yearMin: number | null; yearMax: number | null; mileageMax: number | null };
}
