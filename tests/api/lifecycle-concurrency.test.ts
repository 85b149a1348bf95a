import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseStatus } from '../../machines/constants';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds, statusHistory, surgeryRow, type SurgeryOverrides } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD } from '../helpers/fixtures';

/**
 * Two different moves sent at the same case at once (DECISIONS §4: the move locks the case's row, so concurrent
 * moves are serialized): in every round exactly one wins (200), the other gets 409 with the winner's status as
 * `actual_status`, the history has exactly one new row and the case ends where the winner put it. On PGlite (one
 * connection: drizzle runs its transactions one after the other, which must not deadlock) and on PostgreSQL when
 * DATABASE_URL is set (two pool connections: the second SELECT … FOR UPDATE waits for the first commit).
 * Each pair is exclusive: after either move, the other is no longer a move from where the case is (an archive
 * would not do against an advance from autorizacao, since agendamento may still be archived).
 */

const ROUNDS = 25;

let t: TestApp;
let healthPlanId: number;
let medicId: number;
let medicToken: string;
let secretaryToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  healthPlanId = (await lookupIds(t.deps.db)).healthPlanIds[0]!;
  const medic = await createMedic(t.deps);
  const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
  medicId = medic.id;
  medicToken = (await signIn(t.app, medic.email, TEST_PASSWORD)).access_token;
  secretaryToken = (await signIn(t.app, secretary.email, TEST_PASSWORD)).access_token;
});
afterAll(async () => {
  await t?.close();
});

type Move = { name: string; route: 'update' | 'archive_surgery' | 'cancel_surgery'; body?: Record<string, unknown>; to: CaseStatus };

function send(id: number, move: Move, token: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/surgery/api/v1/${move.route}/${id}/`,
    headers: authHeader(token),
    ...(move.body ? { payload: move.body } : {}),
  });
}

type Scenario = { name: string; at: CaseStatus; overrides?: () => SurgeryOverrides; moves: [Move, Move] };

const scenarios: Scenario[] = [
  {
    name: 'env_doc: advance with the sending date vs back',
    at: 'env_doc',
    moves: [
      { name: 'advance', route: 'update', body: { new_status: 'autorizacao', document_arrivals: '2025-03-10' }, to: 'autorizacao' },
      { name: 'back', route: 'update', body: { new_status: 'prep_doc' }, to: 'prep_doc' },
    ],
  },
  {
    name: 'realizacao: archive vs advance',
    at: 'realizacao',
    moves: [
      { name: 'archive', route: 'archive_surgery', to: 'arquiv' },
      { name: 'advance', route: 'update', body: { new_status: 'pagamento', accomplishment: '2025-04-02' }, to: 'pagamento' },
    ],
  },
  {
    name: 'pagamento: cancel vs back',
    at: 'pagamento',
    moves: [
      { name: 'cancel', route: 'cancel_surgery', to: 'cancelado' },
      { name: 'back', route: 'update', body: { new_status: 'realizacao' }, to: 'realizacao' },
    ],
  },
  {
    name: 'autorizacao: advance with the approvals vs back',
    at: 'autorizacao',
    overrides: () => ({ paymentFountains: 'plano_saude', healthPlanId, opme: true }),
    moves: [
      {
        name: 'advance',
        route: 'update',
        body: { new_status: 'agendamento', hospital_approvals: 'aprovada', plan_approvals: 'aprovada', opme_approvals: 'aprovada' },
        to: 'agendamento',
      },
      { name: 'back', route: 'update', body: { new_status: 'env_doc' }, to: 'env_doc' },
    ],
  },
  {
    name: 'pagamento: the same finishing request sent twice (double submit)',
    at: 'pagamento',
    moves: [
      { name: 'finish', route: 'update', body: { new_status: 'concluido', payment_done: 1850.5, date_payment: '2025-05-05' }, to: 'concluido' },
      { name: 'finish again', route: 'update', body: { new_status: 'concluido', payment_done: 1850.5, date_payment: '2025-05-05' }, to: 'concluido' },
    ],
  },
];

describe('two moves at the same case at once', () => {
  for (const scenario of scenarios) it(`${scenario.name}: one wins, the other is 409 with the winner’s status`, async () => {
    const wins = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const patient = await insertPatient(t.deps.db, medicId);
      const surgery = await insertSurgery(t.deps.db, patient, { status: scenario.at, ...scenario.overrides?.() });
      // Alternate which request is sent first, and by whom; in some rounds the second one leaves 1–3 ms later, so
      // that each move wins some rounds (at the very same tick, the route without a body reaches the lock first).
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const tokens = [medicToken, secretaryToken];
      const lag = round % 4;
      const results = await Promise.all(
        order.map(async (index, i) => {
          if (i === 1 && lag > 0) await new Promise((resolve) => setTimeout(resolve, lag));
          return send(surgery.id, scenario.moves[index]!, tokens[i]!);
        }),
      );
      const byMove = order.map((index, i) => ({ move: scenario.moves[index]!, res: results[i]! }));

      const winners = byMove.filter(({ res }) => res.statusCode === 200);
      const losers = byMove.filter(({ res }) => res.statusCode !== 200);
      expect(winners.map(({ res }) => res.statusCode), byMove.map(({ res }) => res.body).join('\n')).toHaveLength(1);
      const winner = winners[0]!;
      const loser = losers[0]!;
      const winnerStatus = (winner.res.json() as { status: CaseStatus }).status;
      expect(winnerStatus).toBe(winner.move.to);
      expect(loser.res.statusCode).toBe(409);
      expect((loser.res.json() as { status: { actual_status: string } }).status).toEqual({ actual_status: winnerStatus });

      const history = await statusHistory(t.deps.db, surgery.id);
      expect(history).toEqual([expect.objectContaining({ fromStatus: scenario.at, toStatus: winnerStatus })]);
      expect((await surgeryRow(t.deps.db, surgery.id)).status).toBe(winnerStatus);
      wins.set(winner.move.name, (wins.get(winner.move.name) ?? 0) + 1);
    }
    console.info(`${scenario.name} (${t.handle.driver}): wins ${JSON.stringify(Object.fromEntries(wins))}`);
  });
});
