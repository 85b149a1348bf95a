import { caseChange, recordChange } from '../audit/audit-log';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ACTIVE_STATUSES } from '../../../machines/constants';
import { CLOCK_MESSAGES as C } from '../../../machines/preoperative/clockMessages';
import type { StageTargets } from '../../../machines/preoperative/clockSchemas';
import type { Database, Executor } from '../../db/client';
import { medicSecretaries, stageTargets, surgeries, users } from '../../db/schema/index';
import { badRequest, notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { namedMedicOf } from '../access/acting-medic';
import { visibleSurgery, visibleSurgeryRow } from '../access/scope';
import { readStageTargets } from './clocks';
import { surgeryRowReader } from './surgery-response';
import { SURGERY_NOT_FOUND } from './surgery-service';
import { saoPauloDay } from '../sao-paulo-time';
import { recordSurgeryEvents } from './surgery-events';
import { recordHandover } from './handover-service';

type User = Pick<AuthUser, 'id' | 'type'>;

/** Someone who may hold a case: its medic or one of the medic's linked secretaries (openapi SurgeryHolderOption). */
type HolderOption = { id: number; first_name: string; last_name: string; role: 'medic' | 'secretary' };

/**
 * Stage targets and case holders (issue 13 item 4; DECISIONS §15 "Clocks and holders"; openapi getStageTargets,
 * updateStageTargets, listSurgeryHolders, updateSurgeryHolder).
 */
export function createClockService({ db, now }: { db: Database; now: () => Date }) {
  const readSurgeryRow = surgeryRowReader(db);
  /** The case's medic and the secretaries linked to it, medic first, then by name. */
  async function optionsFor(executor: Executor, medicId: number): Promise<HolderOption[]> {
    const [medic] = await executor
      .select({ id: users.id, first_name: users.firstName, last_name: users.lastName })
      .from(users)
      .where(eq(users.id, medicId));
    const secretaries = await executor
      .select({ id: users.id, first_name: users.firstName, last_name: users.lastName })
      .from(medicSecretaries)
      .innerJoin(users, eq(users.id, medicSecretaries.secretaryId))
      .where(eq(medicSecretaries.medicId, medicId))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    return [
      ...(medic ? [{ ...medic, role: 'medic' as const }] : []),
      ...secretaries.map((row) => ({ ...row, role: 'secretary' as const })),
    ];
  }

  return {
    async getTargets(user: User, medic: number | null | undefined): Promise<StageTargets> {
      return readStageTargets(db, await namedMedicOf(db, user, medic));
    },

    /** Saves all seven targets of the medic (the schema checked them) and answers them as stored. */
    async putTargets(medicId: number, targets: StageTargets): Promise<StageTargets> {
      await db.transaction(async (tx) => {
        await tx
          .insert(stageTargets)
          .values(ACTIVE_STATUSES.map((status) => ({ medicId, status, days: targets[status] })))
          .onConflictDoUpdate({ target: [stageTargets.medicId, stageTargets.status], set: { days: sql`excluded.days` } });
      });
      return readStageTargets(db, medicId);
    },

    /** Who may hold the user's case `id` (404 when it is not the user's). */
    async holderOptions(user: User, id: number): Promise<HolderOption[]> {
      const visible = await visibleSurgery(db, user, id);
      const [row] = visible ? await db.select({ medicId: surgeries.medicId }).from(surgeries).where(visible) : [];
      if (!row) throw notFound(SURGERY_NOT_FOUND);
      return optionsFor(db, row.medicId);
    },

    /**
     * Names `holder` (the case's medic or a secretary linked to that medic, else 400) as who holds the user's case
     * `id`: the case row locked, the version bumped (a second tab's stale save is then 409). The medic is stored as
     * null (the default holder). The receiver is told on his home (recordHandover). Answers the case's joined row, read
     * in the same transaction.
     */
    async setHolder(user: User, id: number, holder: number) {
      const today = saoPauloDay(now());
      return db.transaction(async (tx) => {
        const row = await visibleSurgeryRow(tx, user, id, { lock: true });
        if (!row) throw notFound(SURGERY_NOT_FOUND);
        const allowed = await optionsFor(tx, row.medicId);
        if (!allowed.some((option) => option.id === holder)) {
          throw badRequest([C.holderNotAllowed], { holder: [C.holderNotAllowed] });
        }
        const holderId = holder === row.medicId ? null : holder;
        if (holderId !== row.holderId) {
          await tx
            .update(surgeries)
            .set({ holderId, version: sql`${surgeries.version} + 1`, updatedAt: now() })
            .where(eq(surgeries.id, id));
          await recordChange(tx, user, caseChange(row, 'holder'), now());
          // The handover in the case's history (issue 33 item 7): who held it before and after (the medic by id).
          await recordSurgeryEvents(tx, id, user.id, now(), [{ kind: 'holder', detail: { from: row.holderId ?? row.medicId, to: holder } }]);
          await recordHandover(tx, row, holder, user.id, now());
        }
        const read = await readSurgeryRow(tx, id, today);
        if (!read) throw new Error('holder: locked case vanished');
        return read;
      });
    },
  };
}

/** Clears the holder of a medic's cases held by a secretary being unlinked (the medic holds them again). */
export async function releaseHeldCases(tx: Executor, medicId: number, secretaryId: number): Promise<void> {
  await tx
    .update(surgeries)
    .set({ holderId: null, version: sql`${surgeries.version} + 1` })
    .where(and(eq(surgeries.medicId, medicId), eq(surgeries.holderId, secretaryId)));
}
