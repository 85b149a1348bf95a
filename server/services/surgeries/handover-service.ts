import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACTIVE_STATUSES } from '../../../machines/constants';
import type { Database, Executor } from '../../db/client';
import { caseHandovers, patients, surgeries, users } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleMedicIds } from '../access/scope';

type User = Pick<AuthUser, 'id' | 'type'>;

export const HANDOVER_NOT_FOUND = 'Aviso não encontrado.';

/** At most this many handovers on a home (the newest). */
const HANDOVER_LIMIT = 20;

type PersonRef = { id: number; first_name: string; last_name: string };

/** openapi CaseHandover. */
type CaseHandoverView = {
  id: number;
  surgery_id: number;
  patient_name: string;
  status: string;
  by: PersonRef | null;
  from: PersonRef | null;
  handed_at: string;
};

/**
 * Records that `row` passed from its holder to `to` (issue 33 item 13: handing a case over notified no one), in the
 * caller's transaction: a handover the receiver sees on the home. Nothing when the holder stays, or when the person
 * takes the case himself.
 */
export async function recordHandover(
  tx: Executor,
  row: { id: number; medicId: number; holderId: number | null },
  to: number,
  by: number,
  at: Date,
): Promise<void> {
  const from = row.holderId ?? row.medicId;
  if (from === to || to === by) return;
  await tx.insert(caseHandovers).values({ surgeryId: row.id, fromUserId: from, toUserId: to, byUserId: by, handedAt: at });
}

const personJson = (column: AnyPgColumn) => sql<PersonRef | null>`(
  select json_build_object('id', person.id, 'first_name', person.first_name, 'last_name', person.last_name)
  from ${users} as person where person.id = ${column})`;

/** The cases handed to the user ('Casos passados para você'): open ones, of cases he still holds and may see. */
export function createHandoverService({ db, now }: { db: Database; now: () => Date }) {
  return {
    async list(user: User): Promise<CaseHandoverView[]> {
      const medics = await visibleMedicIds(db, user);
      if (medics.length === 0) return [];
      const rows = await db
        .select({
          id: caseHandovers.id,
          surgery_id: caseHandovers.surgeryId,
          patient_name: patients.nomeCompleto,
          status: surgeries.status,
          by: personJson(caseHandovers.byUserId),
          from: personJson(caseHandovers.fromUserId),
          handedAt: caseHandovers.handedAt,
        })
        .from(caseHandovers)
        .innerJoin(surgeries, eq(surgeries.id, caseHandovers.surgeryId))
        .innerJoin(patients, eq(patients.id, surgeries.patientId))
        .where(
          and(
            eq(caseHandovers.toUserId, user.id),
            isNull(caseHandovers.dismissedAt),
            inArray(surgeries.medicId, medics),
            inArray(surgeries.status, [...ACTIVE_STATUSES]),
            sql`coalesce(${surgeries.holderId}, ${surgeries.medicId}) = ${user.id}`,
          ),
        )
        .orderBy(desc(caseHandovers.handedAt), desc(caseHandovers.id))
        .limit(HANDOVER_LIMIT);
      return rows.map(({ handedAt, ...row }) => ({ ...row, handed_at: handedAt.toISOString() }));
    },

    /** Dismisses the user's handover `id` (another person's, or a missing one: 404); dismissing twice is fine. */
    async dismiss(user: User, id: number): Promise<void> {
      const [row] = await db
        .update(caseHandovers)
        .set({ dismissedAt: sql`coalesce(${caseHandovers.dismissedAt}, ${now()})` })
        .where(and(eq(caseHandovers.id, id), eq(caseHandovers.toUserId, user.id)))
        .returning({ id: caseHandovers.id });
      if (!row) throw notFound(HANDOVER_NOT_FOUND);
    },
  };
}
