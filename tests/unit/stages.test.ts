import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { STAGES, type StageRow } from '../../machines/stages';
import {
  ACTIVE_STATUSES,
  AGENDA_STATUSES,
  CASE_STATUSES,
  CLOSED_STATUSES,
  STATUS_LABELS,
} from '../../machines/constants';
import { ledgerWritable } from '../../machines/ledger/ledgerRules';
import { authorizationOpen, WATCHED_STATUSES } from '../../machines/preoperative/authorizationRules';
import { stageTargetsSchema } from '../../machines/preoperative/clockSchemas';
import { DEFAULT_STAGE_TARGET_DAYS } from '../../machines/preoperative/constants';
import { DEFAULT_LIST_STATUSES } from '../../machines/surgeryCase/listQuerySchemas';
import { LIFECYCLE_MOVES, STEP_FIELDS } from '../../machines/surgeryLifecycle/lifecycleRules';
import { surgeryLifecycleMachine } from '../../machines/surgeryLifecycle/surgeryLifecycleMachine';
import { DEMO_STAGE_PLAN } from '../../server/db/demo-data';
import { caseStatusEnum } from '../../server/db/schema/enums';
import {
  AUTHORIZED_STATUSES,
  CARRIED_OUT_STATUSES,
  LOST_STATUSES,
  PENDING_STATUSES,
  PLANNED_STATUSES,
} from '../../server/services/dashboard/dashboard-rows';
import { RECEIVABLE_STATUSES } from '../../server/services/ledger/balances';
import { STAGE_ICONS } from '../../src/features/home/StageDistribution';
import { PANELS } from '../../src/features/surgeries/details/SurgeryLifecycle';
import { surgeriesTexts } from '../../src/lib/i18n/surgeries';

/**
 * Adding a stage is safe (issue 36): every place that must know a stage of machines/stages.ts is listed here, with
 * which stages it must know; a row added to STAGES that some place misses fails this test by name. The lists derived
 * from STAGES cannot miss one, but they are checked too (each equals its filter of STAGES, in order). The SQL side
 * (server/db/functions/stages.sql) has its own staleness test.
 */

// The parsed YAML is walked by path; its shape is what the test checks, so it is typed loosely on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const openapi = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8')) as Json;
const schemas = openapi.components.schemas as Record<string, Json>;

/** Every `status__in` pattern of the contract (the surgery list, the calendar month, …), by where it is. */
function stagePatterns(): Array<[string, string[]]> {
  const found: Array<[string, string[]]> = [];
  const walk = (node: unknown, at: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === 'pattern' && typeof value === 'string' && value.includes('ind_paciente')) {
        found.push([at, /^\^\(([^)]*)\)/.exec(value)![1]!.split('|')]);
      }
      walk(value, `${at}/${key}`);
    }
  };
  walk(openapi.paths, '#/paths');
  return found;
}

const machineStates = Object.entries(surgeryLifecycleMachine.states).filter(([key]) => key !== 'jumping');

type Place = {
  name: string;
  /** The stage keys the place knows. */
  keys: readonly string[];
  /** Which stages it must know. */
  of: (stage: StageRow) => boolean;
  /** A list derived from STAGES: exactly its filter of STAGES, in workflow order. */
  derived?: true;
};

const all = () => true;
const active = (stage: StageRow) => stage.active;

const PLACES: Place[] = [
  { name: 'openapi CaseStatus enum', keys: schemas.CaseStatus!.enum as string[], of: all },
  { name: 'openapi Dashboard distribution', keys: Object.keys(schemas.Dashboard!.properties.data.properties.distribution.properties), of: all },
  { name: 'openapi StageTargets', keys: schemas.StageTargets!.required as string[], of: active },
  ...stagePatterns().map(([at, keys]): Place => ({ name: `openapi status__in pattern ${at}`, keys, of: all })),
  { name: 'Drizzle case_status enum', keys: caseStatusEnum.enumValues, of: all },
  { name: 'STATUS_LABELS', keys: Object.keys(STATUS_LABELS), of: all },
  { name: 'surgeriesTexts.lifecycle.closed', keys: Object.keys(surgeriesTexts.lifecycle.closed), of: (stage) => !stage.active },
  { name: 'SurgeryLifecycle PANELS', keys: Object.keys(PANELS), of: active },
  { name: 'StageDistribution STAGE_ICONS', keys: Object.keys(STAGE_ICONS), of: active },
  { name: 'LIFECYCLE_MOVES', keys: Object.keys(LIFECYCLE_MOVES), of: active },
  { name: 'STEP_FIELDS', keys: Object.keys(STEP_FIELDS), of: active },
  { name: 'lifecycle machine states', keys: machineStates.map(([key]) => key), of: all },
  {
    name: 'lifecycle machine stage states (not final)',
    keys: machineStates.filter(([, node]) => node.type !== 'final').map(([key]) => key),
    of: active,
  },
  { name: 'DEFAULT_STAGE_TARGET_DAYS', keys: Object.keys(DEFAULT_STAGE_TARGET_DAYS), of: active },
  { name: 'stageTargetsSchema', keys: stageTargetsSchema.props.map((prop) => prop.key as string), of: active },
  { name: 'DEMO_STAGE_PLAN', keys: Object.keys(DEMO_STAGE_PLAN), of: all },
  { name: 'CASE_STATUSES', keys: CASE_STATUSES, of: all, derived: true },
  { name: 'ACTIVE_STATUSES', keys: ACTIVE_STATUSES, of: active, derived: true },
  { name: 'CLOSED_STATUSES', keys: CLOSED_STATUSES, of: (stage) => !stage.active, derived: true },
  { name: 'AGENDA_STATUSES', keys: AGENDA_STATUSES, of: (stage) => stage.onAgenda, derived: true },
  { name: 'WATCHED_STATUSES', keys: WATCHED_STATUSES, of: (stage) => stage.beforeSurgery, derived: true },
  { name: 'authorizationOpen', keys: CASE_STATUSES.filter(authorizationOpen), of: (stage) => stage.authorizationOpen, derived: true },
  { name: 'ledgerWritable', keys: CASE_STATUSES.filter(ledgerWritable), of: (stage) => stage.ledgerWritable, derived: true },
  { name: 'RECEIVABLE_STATUSES', keys: RECEIVABLE_STATUSES, of: (stage) => stage.receivable, derived: true },
  { name: 'DEFAULT_LIST_STATUSES', keys: DEFAULT_LIST_STATUSES, of: (stage) => stage.listedByDefault, derived: true },
  { name: 'AUTHORIZED_STATUSES', keys: AUTHORIZED_STATUSES, of: (stage) => stage.authorized, derived: true },
  {
    name: 'PENDING_STATUSES',
    keys: PENDING_STATUSES,
    of: (stage) => stage.group === 'planned' && !stage.authorized,
    derived: true,
  },
  { name: 'PLANNED_STATUSES', keys: PLANNED_STATUSES, of: (stage) => stage.group === 'planned', derived: true },
  { name: 'CARRIED_OUT_STATUSES', keys: CARRIED_OUT_STATUSES, of: (stage) => stage.group === 'carried_out', derived: true },
  { name: 'LOST_STATUSES', keys: LOST_STATUSES, of: (stage) => stage.group === 'lost', derived: true },
];

/** "place: key" for every stage of `stages` that a place must know and does not. */
function placesMissing(stages: readonly StageRow[]): string[] {
  return PLACES.flatMap((place) =>
    stages.filter((stage) => place.of(stage) && !place.keys.includes(stage.key)).map((stage) => `${place.name}: ${stage.key}`),
  );
}

describe('STAGES: every place that must know a stage knows it', () => {
  it('no place misses a stage of STAGES', () => {
    expect(placesMissing(STAGES)).toEqual([]);
  });

  it('no place knows a stage it must not, or one STAGES does not have', () => {
    const extra = PLACES.flatMap((place) =>
      place.keys
        .filter((key) => {
          const stage = STAGES.find((row) => row.key === key);
          return !stage || !place.of(stage);
        })
        .map((key) => `${place.name}: ${key}`),
    );
    expect(extra).toEqual([]);
  });

  it.each(PLACES.filter((place) => place.derived).map((place) => [place.name, place] as const))(
    '%s equals its filter of STAGES, in order',
    (_name, place) => {
      expect([...place.keys]).toEqual(STAGES.filter(place.of).map((stage) => stage.key));
    },
  );

  it.each(STAGES.map((stage) => [stage.key, stage] as const))(
    'a new stage shaped like %s is reported missing from every place that must know it',
    (_key, stage) => {
      const throwaway: StageRow = { ...stage, key: 'etapa_teste' };
      const expected = PLACES.filter((place) => place.of(throwaway)).map((place) => `${place.name}: etapa_teste`);
      expect(placesMissing([...STAGES, throwaway])).toEqual(expected);
    },
  );

  it('between them, the throwaway stages reach every place (each place can fail)', () => {
    const reported = new Set(
      STAGES.flatMap((stage) => placesMissing([...STAGES, { ...stage, key: 'etapa_teste' }])).map((line) => line.split(':')[0]),
    );
    expect(PLACES.map((place) => place.name).filter((name) => !reported.has(name))).toEqual([]);
  });
});
