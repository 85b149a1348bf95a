import { caseChange, recordChange } from '../audit/audit-log';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { isActiveStatus, type ApprovalValue } from '../../../machines/constants';
import { AUTHORIZATION_MESSAGES as A } from '../../../machines/preoperative/authorizationMessages';
import type { AuthorizationInput } from '../../../machines/preoperative/authorizationSchemas';
import {
  applicablePayers,
  authorizationAlerts,
  authorizationOpen,
  recordStatusOfToggle,
  toggleOfRecord,
  WATCHED_STATUSES,
} from '../../../machines/preoperative/authorizationRules';
import type { AuthorizationPayer } from '../../../machines/preoperative/constants';
import { conflictMessage, type StepFields } from '../../../machines/surgeryLifecycle/lifecycleRules';
import type { Database, Transaction } from '../../db/client';
import { patients, surgeries, surgeryAuthorizations, type SurgeryRow } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/authenticate';
import { badRequest, conflict, notFound } from '../../http/errors';
import { visibleSurgeriesCondition, visibleSurgeryRow } from '../access/scope';
import { saoPauloDay, toSaoPauloIso } from '../sao-paulo-time';
import { opmeApprovalProblems } from '../../../machines/preoperative/opmeRules';
import { undecidedOpmeItems } from './opme-facts';
import { checkVersion } from '../surgeries/move-checks';
import { surgeryRowReader, type SurgeryJoinedRow } from '../surgeries/surgery-response';
import { SURGERY_NOT_FOUND } from '../surgeries/surgery-service';

/**
 * The authorization records of a case (issue 13; DECISIONS §15; openapi listAuthorizations, updateAuthorization,
 * listAuthorizationAlerts): one per payer that must approve the case (the hospital always, the plan when it pays, OPME
 * when used). SPEC's three approval toggles (surgeries.hospital_approvals, plan_approvals, opme_approvals) ARE the
 * records' aprovada/negada: saving a record writes its toggle in the same transaction (any other status clears it, but
 * a 'parcial' record kept 'parcial' keeps an approval turned on over it: `toggleOfRecord`),
 * and saving a toggle through update/{id}/ writes the record's status (`syncAuthorizationToggles`).
 *
 * A payer without a row (a case created before issue 13, or by a fixture) reads as the toggle's status or 'pendente'
 * with everything else null.
 */

type AuthorizationRecord = components['schemas']['AuthorizationRecord'];
type AlertItem = components['schemas']['AuthorizationAlertList']['results'][number];
type User = Pick<AuthUser, 'id' | 'type'>;
type StoredRecord = typeof surgeryAuthorizations.$inferSelect;

/** The toggle column of each payer (SPEC's approvals). */
const TOGGLE_COLUMN = { hospital: 'hospitalApprovals', plano: 'planApprovals', opme: 'opmeApprovals' } as const;
/** The update/{id}/ field of each payer's toggle. */
const TOGGLE_FIELD = { hospital: 'hospital_approvals', plano: 'plan_approvals', opme: 'opme_approvals' } as const;

export const AUTHORIZATION_NOT_FOUND = 'Autorização não encontrada.';

function recordOf(payer: AuthorizationPayer, stored: StoredRecord | undefined, toggle: ApprovalValue | null): AuthorizationRecord {
  if (!stored) {
    return { payer, status: toggle ?? 'pendente', requested_on: null, protocol: null, password: null, decided_on: null, valid_until: null, notes: null };
  }
  return {
    payer,
    status: stored.status,
    requested_on: stored.requestedOn,
    protocol: stored.protocol,
    password: stored.password,
    decided_on: stored.decidedOn,
    valid_until: stored.validUntil,
    notes: stored.notes,
  };
}

function payersOf(row: Pick<SurgeryRow, 'paymentFountains' | 'opme'>): AuthorizationPayer[] {
  return applicablePayers({ payment_fountains: row.paymentFountains, opme: row.opme });
}

/**
 * update/{id}/'s toggles written onto the records (DECISIONS §15), in the move's transaction: a toggle set to
 * aprovada/negada sets the record's status (its decision date today when it had none), except that aprovada over a
 * 'parcial' record keeps 'parcial' (machines/preoperative/authorizationRules.ts `recordStatusOfToggle`); a toggle
 * cleared turns an aprovada/negada record back to 'solicitada' (when it has a request date) or 'pendente', without a
 * decision date. A record whose status already says the toggle is left as it is (a parcial record and a cleared
 * toggle agree).
 */
export async function syncAuthorizationToggles(
  tx: Transaction,
  surgeryId: number,
  fields: StepFields,
  { today, at, userId }: { today: string; at: Date; userId: number },
): Promise<void> {
  for (const payer of Object.keys(TOGGLE_FIELD) as AuthorizationPayer[]) {
    const value = fields[TOGGLE_FIELD[payer]];
    if (value === undefined) continue;
    if (value !== null) {
      const [current] = await tx
        .select({ status: surgeryAuthorizations.status })
        .from(surgeryAuthorizations)
        .where(and(eq(surgeryAuthorizations.surgeryId, surgeryId), eq(surgeryAuthorizations.payer, payer)));
      const status = recordStatusOfToggle(current?.status ?? null, value);
      await tx
        .insert(surgeryAuthorizations)
        .values({ surgeryId, payer, status, decidedOn: today, updatedBy: userId, updatedAt: at })
        .onConflictDoUpdate({
          target: [surgeryAuthorizations.surgeryId, surgeryAuthorizations.payer],
          set: {
            status,
            decidedOn: sql`coalesce(${surgeryAuthorizations.decidedOn}, ${today}::date)`,
            updatedBy: userId,
            updatedAt: at,
          },
          setWhere: sql`${surgeryAuthorizations.status} <> ${status}`,
        });
    } else {
      await tx
        .update(surgeryAuthorizations)
        .set({
          status: sql`(case when ${surgeryAuthorizations.requestedOn} is null then 'pendente' else 'solicitada' end)::authorization_status`,
          decidedOn: null,
          updatedBy: userId,
          updatedAt: at,
        })
        .where(
          and(
            eq(surgeryAuthorizations.surgeryId, surgeryId),
            eq(surgeryAuthorizations.payer, payer),
            inArray(surgeryAuthorizations.status, ['aprovada', 'negada']),
          ),
        );
    }
  }
}

export function createAuthorizationService({ db, now }: { db: Database; now: () => Date }) {
  const readSurgeryRow = surgeryRowReader(db);
  return {
    /** The records of the user's case `id` for the payers that apply, or null (missing or another tenant's). */
    async list(user: User, id: number): Promise<AuthorizationRecord[] | null> {
      const row = await visibleSurgeryRow(db, user, id);
      if (!row) return null;
      const stored = await db.select().from(surgeryAuthorizations).where(eq(surgeryAuthorizations.surgeryId, id));
      return payersOf(row).map((payer) =>
        recordOf(
          payer,
          stored.find((record) => record.payer === payer),
          row[TOGGLE_COLUMN[payer]],
        ),
      );
    },

    /**
     * Replaces the record of `payer` on the user's case `id` in one transaction that locks the case: checks it
     * (404, 400 payer not applicable or status locked, 409 closed or stale), writes the record and its toggle, bumps
     * the case's version, and reads back the record and the case's joined row (see openapi updateAuthorization).
     */
    async save(
      user: User,
      id: number,
      payer: AuthorizationPayer,
      input: AuthorizationInput,
    ): Promise<{ authorization: AuthorizationRecord; row: SurgeryJoinedRow }> {
      return db.transaction(async (tx) => {
        const row = await visibleSurgeryRow(tx, user, id, { lock: true });
        if (!row) throw notFound(SURGERY_NOT_FOUND);
        if (!payersOf(row).includes(payer)) {
          throw badRequest([payer === 'plano' ? A.planNotApplicable : A.opmeNotApplicable]);
        }
        if (!isActiveStatus(row.status)) throw conflict(conflictMessage(row.status), row.status);
        checkVersion(input.version, row);
        const [stored] = await tx
          .select()
          .from(surgeryAuthorizations)
          .where(and(eq(surgeryAuthorizations.surgeryId, id), eq(surgeryAuthorizations.payer, payer)));
        const current = recordOf(payer, stored, row[TOGGLE_COLUMN[payer]]);
        if (input.status !== current.status && !authorizationOpen(row.status)) {
          throw badRequest([A.statusLocked], { status: [A.statusLocked] });
        }
        const toggle = toggleOfRecord(input.status, { status: current.status, toggle: row[TOGGLE_COLUMN[payer]] });
        if (payer === 'opme') {
          // DECISIONS §15: the OPME approval can be 'aprovada' only when every item is decided (the machine's rule).
          const problems = opmeApprovalProblems(toggle, await undecidedOpmeItems(tx, id));
          if (problems.length > 0) throw badRequest(problems, { status: problems });
        }
        const at = now();
        const values = {
          status: input.status,
          requestedOn: input.requested_on,
          protocol: input.protocol,
          password: input.password,
          decidedOn: input.decided_on,
          validUntil: input.valid_until,
          notes: input.notes,
          updatedBy: user.id,
          updatedAt: at,
        };
        const [saved] = await tx
          .insert(surgeryAuthorizations)
          .values({ surgeryId: id, payer, ...values })
          .onConflictDoUpdate({ target: [surgeryAuthorizations.surgeryId, surgeryAuthorizations.payer], set: values })
          .returning();
        await tx
          .update(surgeries)
          .set({ [TOGGLE_COLUMN[payer]]: toggle, version: sql`${surgeries.version} + 1`, updatedAt: at })
          .where(eq(surgeries.id, id));
        await recordChange(tx, user, caseChange(row, 'authorization'), at);
        const joined = await readSurgeryRow(tx, id, saoPauloDay(at));
        if (!saved || !joined) throw new Error('authorizations: saved record not read back');
        return { authorization: recordOf(payer, saved, null), row: joined };
      });
    },

    /**
     * The alerts of every visible case not yet operated (openapi listAuthorizationAlerts), soonest validity first:
     * one statement for the candidates (granted records with a validity on active cases), the rules decide.
     */
    async alerts(user: User, today: string): Promise<AlertItem[]> {
      const rows = await db
        .select({
          surgeryId: surgeries.id,
          status: surgeries.status,
          schedule: surgeries.schedule,
          paymentFountains: surgeries.paymentFountains,
          opme: surgeries.opme,
          patientId: patients.id,
          patientName: patients.nomeCompleto,
          payer: surgeryAuthorizations.payer,
          recordStatus: surgeryAuthorizations.status,
          validUntil: surgeryAuthorizations.validUntil,
        })
        .from(surgeryAuthorizations)
        .innerJoin(surgeries, eq(surgeries.id, surgeryAuthorizations.surgeryId))
        .innerJoin(patients, eq(patients.id, surgeries.patientId))
        .where(
          and(
            visibleSurgeriesCondition(db, user),
            inArray(surgeries.status, [...WATCHED_STATUSES]),
            isNotNull(surgeryAuthorizations.validUntil),
            inArray(surgeryAuthorizations.status, ['aprovada', 'parcial']),
          ),
        )
        .orderBy(asc(surgeryAuthorizations.validUntil), asc(surgeries.id));
      const items: AlertItem[] = [];
      for (const row of rows) {
        if (!payersOf(row).includes(row.payer)) continue;
        const schedule = row.schedule ? toSaoPauloIso(row.schedule) : null;
        const record = { payer: row.payer, status: row.recordStatus, valid_until: row.validUntil };
        for (const alert of authorizationAlerts([record], { status: row.status, schedule }, today)) {
          items.push({
            surgery_id: row.surgeryId,
            status: row.status,
            schedule,
            patient: { id: row.patientId, nome_completo: row.patientName },
            ...alert,
          });
        }
      }
      return items;
    },
  };
}
