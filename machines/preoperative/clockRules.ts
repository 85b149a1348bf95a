import type { CaseStatus } from '../constants';
import { daysBetween } from '../rules/dates';

/**
 * What the days-in-stage clock counts against the stage's target (DECISIONS §15 "Clocks and holders"), as a pure
 * function: the twin of server/services/surgeries/clocks.ts's `targetStartDay` (the SQL that decides `overdue`), so
 * the texts and the row colours say what that rule counts.
 *
 * The target counts from the day the case entered its stage, except at realizacao, whose work (recording the
 * surgery) can only start on the surgery's day: there it counts from the scheduled day when that is not earlier.
 * Days are São Paulo calendar days, `yyyy-MM-dd`.
 */
export type TargetCount =
  /** Whole days since the case entered its stage (never negative). */
  | { from: 'stage'; days: number }
  /** Days since the surgery's day: negative while it is still to come, 0 on the day. */
  | { from: 'surgery'; days: number; surgeryDay: string };

export function targetCount(status: CaseStatus | string, stageDay: string, scheduleDay: string | null, today: string): TargetCount {
  if (status === 'realizacao' && scheduleDay && scheduleDay >= stageDay) {
    return { from: 'surgery', days: daysBetween(scheduleDay, today), surgeryDay: scheduleDay };
  }
  return { from: 'stage', days: Math.max(0, daysBetween(stageDay, today)) };
}

/**
 * Where a case stands against its stage's target: 'overdue' past it (the server's `overdue`: strictly more days than
 * the target), 'lastDay' on the target's last day (tomorrow it is overdue), 'onTime' before.
 */
export type TargetStanding = 'onTime' | 'lastDay' | 'overdue';

export function targetStanding(count: TargetCount, target: number): TargetStanding {
  if (count.days > target) return 'overdue';
  return count.days === target ? 'lastDay' : 'onTime';
}
