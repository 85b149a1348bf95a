import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { HOSPITAL_MESSAGES as M } from '../../../machines/lookups/hospitalMessages';
import type { CreateHospitalInput } from '../../../machines/lookups/hospitalSchemas';
import type { Database, Executor } from '../../db/client';
import { hospitals } from '../../db/schema/index';
import { badRequest } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { officeMedicOf } from '../access/acting-medic';
import { normalizeSearchText } from '../search-text';

type User = Pick<AuthUser, 'id' | 'type'>;

/**
 * The hospitals the offices of `medicIds` may use (issue 33 item 1): the shared reference list and the ones those
 * offices added. Every read or use of a hospital id goes through it: another office's hospital is "not found".
 */
export function hospitalUsableBy(medicIds: readonly number[]): SQL {
  const shared = isNull(hospitals.medicId);
  return medicIds.length === 0 ? shared : or(shared, inArray(hospitals.medicId, [...medicIds]))!;
}

/** Whether hospital `id` exists and the office of `medicId` may use it. */
export async function hospitalUsable(db: Executor, id: number, medicId: number): Promise<boolean> {
  const rows = await db
    .select({ id: hospitals.id })
    .from(hospitals)
    .where(and(eq(hospitals.id, id), hospitalUsableBy([medicId])))
    .limit(1);
  return rows.length > 0;
}

/** What catches a duplicate: the name and the city, case, accents and spacing aside, with the UF. */
function nameCityKey(name: string, city: string, uf: string): string {
  return `${normalizeSearchText(name)} | ${normalizeSearchText(city)} ${uf.toLowerCase()}`;
}

type HospitalAnswer = {
  id: number;
  fantasy_name: string;
  city: string | null;
  uf: string | null;
  cnes: string | null;
  cnpj: string | null;
  address: string | null;
  own: boolean;
};

/** Who joins the hospital: a secretary with no medic is told the medic is unknown. */
const OFFICE_MESSAGES = { unknown: M.medicUnknown, required: M.medicRequired, noMedic: M.medicUnknown };

export function createHospitalService({ db }: { db: Database }) {
  return {
    /**
     * Adds a hospital to the office of the user's medic. The same name in the same city (shared or the office's own)
     * is refused with the existing one named; the unique index on the office's keys settles two adds at once.
     */
    async create(user: User, input: CreateHospitalInput): Promise<HospitalAnswer> {
      const medicId = await officeMedicOf(db, user, input.medic ?? null, OFFICE_MESSAGES);
      const key = nameCityKey(input.fantasy_name, input.city, input.uf);
      const duplicate = () => {
        const message = M.duplicate(input.fantasy_name, input.city, input.uf);
        return badRequest([message], { fantasy_name: [message] });
      };
      return db.transaction(async (tx) => {
        const sameUf = await tx
          .select({ name: hospitals.fantasyName, city: hospitals.city, uf: hospitals.uf })
          .from(hospitals)
          .where(and(eq(hospitals.uf, input.uf), hospitalUsableBy([medicId])));
        if (sameUf.some((row) => nameCityKey(row.name, row.city ?? '', row.uf ?? '') === key)) throw duplicate();
        const [row] = await tx
          .insert(hospitals)
          .values({
            fantasyName: input.fantasy_name,
            city: input.city,
            uf: input.uf,
            cnes: input.cnes ?? null,
            cnpj: input.cnpj ?? null,
            address: input.address ?? null,
            searchText: normalizeSearchText(input.fantasy_name, input.city, input.uf),
            medicId,
            nameCityKey: key,
            createdById: user.id,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw duplicate();
        return {
          id: row.id,
          fantasy_name: row.fantasyName,
          city: row.city,
          uf: row.uf,
          cnes: row.cnes,
          cnpj: row.cnpj,
          address: row.address,
          own: true,
        };
      });
    },
  };
}
