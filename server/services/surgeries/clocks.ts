import { and, eq, inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ACTIVE_STATUSES, isActiveStatus, type ActiveStatus } from '../../../machines/constants';
import { DEFAULT_STAGE_TARGET_DAYS } from '../../../machines/preoperative/constants';
import type { StageTargets } from '../../../machines/preoperative/clockSchemas';
import type { Executor } from '../../db/client';
import { stageTargets, surgeries, users } from '../../db/schema/index';
import { SAO_PAULO } from '../sao-paulo-time';

/**
 * The days-in-stage clocks and the case holder as SQL (issue 13 item 4; DECISIONS §15 "Clocks and holders"), so the
 * Surgery answer, the list's filters and its count compute them in the statement that reads the cases (no per-row
 * round trip). "Today" is a parameter (the São Paulo day of the app's clock, `deps.now`), never the database's now(),
 * so tests at a fixed clock see fixed days.
 */

/** The São Paulo calendar day a case entered its current stage. */
const stageDay = sql`(${surgeries.statusChangedAt} at time zone ${sql.raw(`'${SAO_PAULO}'`)})::date`;

/** The case is in one of the seven active stages (the values travel as parameters, as every list value). */
const isActive = inArray(surgeries.status, [...ACTIVE_STATUSES]);

/**
 * Whole days from the stage's first São Paulo day to `today` (yyyy-MM-dd); null when the case is closed (concluido,
 * cancelado, arquiv). Never negative (a clock behind the stored change counts 0).
 */
export function daysInStageSql(today: string | Placeholder): SQL<number | null> {
  return sql<number | null>`(case when ${isActive}
    then greatest(0, ${today}::date - ${stageDay}) else null end)`;
}

/** DEFAULT_STAGE_TARGET_DAYS as a CASE on the case's status. */
const defaultTarget = sql`(case ${surgeries.status} ${sql.join(
  ACTIVE_STATUSES.map((status: ActiveStatus) => sql`when ${status} then ${DEFAULT_STAGE_TARGET_DAYS[status]}::int`),
  sql` `,
)} end)`;

/** The target days of the case's stage: the medic's own (stage_targets), else the default; null when closed. */
export const stageTargetSql = sql<number | null>`(case when ${isActive}
  then coalesce((select ${stageTargets.days} from ${stageTargets}
    where ${stageTargets.medicId} = ${surgeries.medicId} and ${stageTargets.status} = ${surgeries.status}), ${defaultTarget})
  else null end)`;

/**
 * The São Paulo day a stage's target counts from: the day the case entered it, except at realizacao, whose work (to
 * record the surgery) can only start on the surgery's day: there it counts from the scheduled day when that is later.
 * A case scheduled for next month is not late for the stage's 2 days; one whose surgery was 3 days ago and is still
 * unrecorded is.
 */
const targetStartDay = sql`(case when ${surgeries.status} = 'realizacao' and ${surgeries.schedule} is not null
  then greatest(${stageDay}, (${surgeries.schedule} at time zone ${sql.raw(`'${SAO_PAULO}'`)})::date) else ${stageDay} end)`;

/**
 * The case is past its stage's target: strictly more days since the target's start (targetStartDay) than the target;
 * false when closed.
 */
export function overdueSql(today: string | Placeholder): SQL<boolean> {
  return sql<boolean>`coalesce(case when ${isActive} then ${today}::date - ${targetStartDay} > ${stageTargetSql} end, false)`;
}

/** Who holds the case: the holder, or the medic when there is none, as `{ id, first_name, last_name }`. */
export const holderSql = sql<{ id: number; first_name: string; last_name: string }>`(
  select json_build_object('id', holder_user.id, 'first_name', holder_user.first_name, 'last_name', holder_user.last_name)
  from ${users} as holder_user where holder_user.id = coalesce(${surgeries.holderId}, ${surgeries.medicId}))`;

/** 'Minhas pendências': the cases `userId` holds (named as holder, or the medic of a case nobody was named for). */
export function heldByCondition(userId: number | Placeholder): SQL {
  return or(eq(surgeries.holderId, userId), and(isNull(surgeries.holderId), eq(surgeries.medicId, userId)))!;
}

/** A medic's targets, the default for every stage they never changed. */
export async function readStageTargets(db: Executor, medicId: number): Promise<StageTargets> {
  const rows = await db
    .select({ status: stageTargets.status, days: stageTargets.days })
    .from(stageTargets)
    .where(eq(stageTargets.medicId, medicId));
  const targets: StageTargets = { ...DEFAULT_STAGE_TARGET_DAYS };
  for (const row of rows) {
    if (isActiveStatus(row.status)) targets[row.status] = row.days;
  }
  return targets;
}
