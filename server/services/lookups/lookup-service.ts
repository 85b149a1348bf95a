import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cids, healthPlans, hospitals, medicSecretaries, procedures, users } from '../../db/schema/index';
import type { ProcedureTable } from '../../../machines/lookups/schemas';
import type { AuthUser } from '../../plugins/authenticate';
import {
  byteOrder,
  contains,
  digitsOnly,
  matchesAllTerms,
  matchesAllTermsJoined,
  nameSearchOrder,
  procedureSearchOrder,
  searchTerms,
  startsWith,
} from './search-filter';
import { hospitalUsableBy } from './hospital-service';

/** Lookups never answer more rows than this (the CID table alone has 12,451). */
const LOOKUP_LIMIT = 50;

/**
 * A search that looks like a CID-10 code, as the prefix of the stored code (which has its dot):
 * 'k802' and 'K80.2' → 'K80.2'; 'k80' → 'K80'; 'k8' → 'K8'. Null for anything else.
 */
function cidCodePrefix(search: string): string | null {
  const match = /^([A-Za-z])(\d{1,2})(?:\.?(\d{1,2}))?\.?$/.exec(search.trim());
  if (!match) return null;
  const [, letter = '', group = '', detail] = match;
  const head = `${letter.toUpperCase()}${group}`;
  return detail && group.length === 2 ? `${head}.${detail}` : head;
}

/** The 27 state capitals (city as ANS writes it, UF). */
const STATE_CAPITALS: ReadonlyArray<readonly [string, string]> = [
  ['Rio Branco', 'AC'], ['Maceió', 'AL'], ['Macapá', 'AP'], ['Manaus', 'AM'], ['Salvador', 'BA'], ['Fortaleza', 'CE'],
  ['Brasília', 'DF'], ['Vitória', 'ES'], ['Goiânia', 'GO'], ['São Luís', 'MA'], ['Cuiabá', 'MT'], ['Campo Grande', 'MS'],
  ['Belo Horizonte', 'MG'], ['Belém', 'PA'], ['João Pessoa', 'PB'], ['Curitiba', 'PR'], ['Recife', 'PE'],
  ['Teresina', 'PI'], ['Rio de Janeiro', 'RJ'], ['Natal', 'RN'], ['Porto Alegre', 'RS'], ['Porto Velho', 'RO'],
  ['Boa Vista', 'RR'], ['Florianópolis', 'SC'], ['São Paulo', 'SP'], ['Aracaju', 'SE'], ['Palmas', 'TO'],
];

/**
 * Within a search rank, the operators seated in a state capital first (issue 33 item 20: 'unimed' listed 'UNIMED (RS)
 * ERECHIM' before Unimed BH, Unimed-Rio or Unimed Nacional). The reference file has no beneficiary counts; the seat is
 * the proxy it has: the national operators, the state federations and each capital's cooperative, the large ones,
 * sit in a capital.
 */
const capitalSeatFirst = sql`case when (${healthPlans.city}, ${healthPlans.uf}) in (${sql.join(
  STATE_CAPITALS.map(([city, uf]) => sql`(${city}, ${uf})`),
  sql`, `,
)}) then 0 else 1 end`;

const ptBrCollator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/**
 * The shared reference lists (DECISIONS §2: everyone sees the same) and the medics a user works for.
 * Every search is case- and accent-insensitive through the `search_text` columns (seeded with
 * normalizeSearchText), parameterized, and capped at LOOKUP_LIMIT rows.
 */
export function createLookupService({ db }: { db: Database }) {
  return {
    /**
     * Health plans by name (fantasy name, corporate name or ANS registry): names that start with the words first, then
     * within each rank the operators seated in a state capital (capitalSeatFirst).
     */
    async healthPlans(search: string) {
      return db
        .select({ id: healthPlans.id, fantasy_name: healthPlans.fantasyName, ans_registry: healthPlans.ansRegistry })
        .from(healthPlans)
        .where(matchesAllTermsJoined(healthPlans.searchText, searchTerms(search)))
        .orderBy(...nameSearchOrder(healthPlans.searchText, search, [capitalSeatFirst]), asc(healthPlans.id))
        .limit(LOOKUP_LIMIT);
    },

    /**
     * Hospitals by name (or city/UF): names that start with the words first. The shared list and the ones the
     * offices of `medicIds` added (issue 33 item 1), each marked `own`.
     */
    async hospitals(search: string, medicIds: readonly number[]) {
      return db
        .select({
          id: hospitals.id,
          fantasy_name: hospitals.fantasyName,
          city: hospitals.city,
          uf: hospitals.uf,
          own: sql<boolean>`${hospitals.medicId} is not null`,
        })
        .from(hospitals)
        .where(and(hospitalUsableBy(medicIds), matchesAllTermsJoined(hospitals.searchText, searchTerms(search))))
        .orderBy(...nameSearchOrder(hospitals.searchText, search), asc(hospitals.id))
        .limit(LOOKUP_LIMIT);
    },

    /**
     * Procedures by code (digits, masked or not) or description words, optionally of one table; by code. One entry
     * per procedure: a TUSS row also stands for its SIGTAP twin, whose code is in its search text (seed.ts), so the
     * code is matched there.
     */
    async procedures(search: string, table: ProcedureTable | null) {
      const digits = digitsOnly(search);
      const text = digits
        ? contains(procedures.searchText, digits)
        : matchesAllTerms(procedures.searchText, searchTerms(search));
      return db
        .select({
          id: procedures.id,
          description: procedures.description,
          code: procedures.code,
          table: procedures.table,
        })
        .from(procedures)
        .where(and(text, table ? eq(procedures.table, table) : undefined))
        .orderBy(
          ...(digits ? [] : procedureSearchOrder(procedures.searchText, procedures.code, search)),
          // The enum's order: 'tuss' before 'sigtap', the codes a health plan bills by first.
          asc(procedures.table),
          byteOrder(procedures.code),
        )
        .limit(LOOKUP_LIMIT);
    },

    /** CID-10 codes by code (with or without the dot) or description words; ordered by code. */
    async cids(search: string) {
      const prefix = cidCodePrefix(search);
      const byText = matchesAllTerms(cids.searchText, searchTerms(search));
      const where: SQL | undefined = prefix ? or(startsWith(cids.code, prefix), byText) : byText;
      return db
        .select({ id: cids.id, code: cids.code, description: cids.description })
        .from(cids)
        .where(where)
        .orderBy(byteOrder(cids.code))
        .limit(LOOKUP_LIMIT);
    },

    /** listMedics (DECISIONS §2): a secretary's linked medics by name; a medic only themself. */
    async medicsFor(user: Pick<AuthUser, 'id' | 'type' | 'firstName' | 'lastName'>) {
      if (user.type === 'medic') return [{ id: user.id, first_name: user.firstName, last_name: user.lastName }];
      const rows = await db
        .select({ id: users.id, first_name: users.firstName, last_name: users.lastName })
        .from(medicSecretaries)
        .innerJoin(users, eq(users.id, medicSecretaries.medicId))
        .where(eq(medicSecretaries.secretaryId, user.id));
      const name = (medic: { first_name: string; last_name: string }) => `${medic.first_name} ${medic.last_name}`;
      return rows.sort((a, b) => ptBrCollator.compare(name(a), name(b)) || a.id - b.id);
    },
  };
}
