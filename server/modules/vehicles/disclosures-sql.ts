// AMVIC disclosures in SQL (issue 34 §5): the rule of domain/amvic-disclosures.ts (disclosuresIncomplete) for
// queries over the whole lot, the dashboard's flag and the feeds' filter. A used dealer vehicle is incomplete when any
// item of the list has no answer stored.
import { sql, type SQL } from 'drizzle-orm';
import { REQUIRED_DISCLOSURE_KEYS } from '@domain/amvic-disclosures';
import { vehicles } from '../../db/schema';

export const disclosuresIncompleteSql: SQL = sql`(${vehicles.condition} = 'used' and ${vehicles.sellerType} = 'dealer'
  and not (${vehicles.amvicDisclosures} ?& ${sql.param([...REQUIRED_DISCLOSURE_KEYS])}::text[]))`;
