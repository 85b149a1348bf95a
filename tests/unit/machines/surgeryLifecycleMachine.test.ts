import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, getNextSnapshot } from 'xstate';
import { ACTIVE_STATUSES, CASE_STATUSES, type CaseStatus } from '../../../machines/constants';
import { ARCHIVABLE_STATUSES, BACK_MOVES, EMPTY_FACTS, type LifecycleFacts } from '../../../machines/surgeryLifecycle/lifecycleRules';
import {
  decideMove,
  lifecycleSnapshot,
  shownStatus,
  stageOf,
  startLifecycleActor,
  surgeryLifecycleMachine,
  transitionTarget,
} from '../../../machines/surgeryLifecycle/surgeryLifecycleMachine';

const complete: LifecycleFacts = {
  ...EMPTY_FACTS,
  payment_fountains: 'plano_saude',
  opme: true,
  hospital_approvals: 'aprovada',
  plan_approvals: 'aprovada',
  opme_approvals: 'aprovada',
  document_arrivals: '2026-03-01',
  schedule: '2026-03-10 14:30:00',
  accomplishment: '2026-03-10',
  payment_done: 2500,
  date_payment: '2026-04-01',
};

/** Where `event` leads from `status` (pure: a finished case is a done actor, which would only warn). */
const after = (status: CaseStatus, event: Parameters<typeof surgeryLifecycleMachine.transition>[1], facts = EMPTY_FACTS) =>
  getNextSnapshot(surgeryLifecycleMachine, lifecycleSnapshot(status, facts), event);

const startAt = (status: CaseStatus, facts: LifecycleFacts = EMPTY_FACTS) => startLifecycleActor(status, facts);

describe('surgery lifecycle machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts a new case at ind_paciente', () => {
    const actor = createActor(surgeryLifecycleMachine, { input: { facts: EMPTY_FACTS } }).start();
    expect(stageOf(actor.getSnapshot())).toBe('ind_paciente');
  });

  it('walks the seven steps to concluido when each step has its data', () => {
    const actor = startAt('ind_paciente', complete);
    for (const status of [...ACTIVE_STATUSES.slice(1), 'concluido']) {
      actor.send({ type: 'lifecycle.advance' });
      expect(stageOf(actor.getSnapshot())).toBe(status);
    }
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('stays at a step whose requirements are missing, and applies the fields that do complete it', () => {
    const actor = startAt('env_doc');
    actor.send({ type: 'lifecycle.advance' });
    expect(stageOf(actor.getSnapshot())).toBe('env_doc');
    actor.send({ type: 'lifecycle.advance', fields: { document_arrivals: '2026-03-01' } });
    expect(stageOf(actor.getSnapshot())).toBe('autorizacao');
    expect(actor.getSnapshot().context.facts.document_arrivals).toBe('2026-03-01');
  });

  it('saves a step in place (the approval toggles)', () => {
    const actor = startAt('autorizacao');
    actor.send({ type: 'lifecycle.save', fields: { hospital_approvals: 'aprovada' } });
    expect(stageOf(actor.getSnapshot())).toBe('autorizacao');
    expect(actor.getSnapshot().context.facts.hospital_approvals).toBe('aprovada');
    actor.send({ type: 'lifecycle.advance' });
    expect(stageOf(actor.getSnapshot())).toBe('agendamento');
  });

  it('goes back one step exactly where SPEC §4 allows, keeping the data', () => {
    for (const status of CASE_STATUSES) {
      const snapshot = after(status, { type: 'lifecycle.back' }, complete);
      expect(stageOf(snapshot)).toBe(BACK_MOVES[status] ?? status);
      expect(snapshot.context.facts).toEqual(complete);
    }
  });

  it('archives from steps 1–6 and cancels only at the payment step', () => {
    expect(ARCHIVABLE_STATUSES).toEqual(ACTIVE_STATUSES.slice(0, 6));
    for (const status of CASE_STATUSES) {
      const archivable = (ARCHIVABLE_STATUSES as readonly string[]).includes(status);
      expect(stageOf(after(status, { type: 'lifecycle.archive' }))).toBe(archivable ? 'arquiv' : status);
      expect(stageOf(after(status, { type: 'lifecycle.cancel' }))).toBe(status === 'pagamento' ? 'cancelado' : status);
    }
  });

  it('jumps to the server’s actual stage 400 ms after a conflict, showing the old step meanwhile', () => {
    const actor = startAt('env_doc');
    actor.send({ type: 'lifecycle.conflict', actualStatus: 'agendamento' });
    expect(stageOf(actor.getSnapshot())).toBe('jumping');
    expect(shownStatus(actor.getSnapshot())).toBe('env_doc');
    actor.send({ type: 'lifecycle.advance', fields: { document_arrivals: '2026-03-01' } });
    vi.advanceTimersByTime(399);
    expect(stageOf(actor.getSnapshot())).toBe('jumping');
    vi.advanceTimersByTime(1);
    expect(stageOf(actor.getSnapshot())).toBe('agendamento');
    expect(actor.getSnapshot().context).toMatchObject({ jumpFrom: null, jumpTo: null });
  });

  it('a finished case takes no more events', () => {
    for (const status of ['concluido', 'cancelado', 'arquiv'] as const) {
      for (const eventType of ['lifecycle.advance', 'lifecycle.save', 'lifecycle.back', 'lifecycle.archive', 'lifecycle.cancel'] as const) {
        expect(transitionTarget(status, eventType)).toBeNull();
      }
    }
  });
});

describe('decideMove (what the server asks)', () => {
  it('tells a save, an advance and a back move apart by the requested status', () => {
    expect(decideMove('env_doc', EMPTY_FACTS, { requested: 'env_doc', fields: { document_arrivals: '2026-03-01' } })).toMatchObject({
      kind: 'save',
      to: 'env_doc',
      facts: { document_arrivals: '2026-03-01' },
    });
    expect(decideMove('env_doc', complete, { requested: 'autorizacao' })).toMatchObject({ kind: 'advance', to: 'autorizacao' });
    expect(decideMove('env_doc', complete, { requested: 'prep_doc' })).toMatchObject({ kind: 'back', to: 'prep_doc' });
  });

  it('refuses every other target with a conflict', () => {
    for (const from of CASE_STATUSES) {
      const allowed = new Set<CaseStatus>();
      if ((ACTIVE_STATUSES as readonly string[]).includes(from)) allowed.add(from);
      const next = transitionTarget(from, 'lifecycle.advance');
      if (next && next !== from) allowed.add(next);
      if (BACK_MOVES[from]) allowed.add(BACK_MOVES[from]);
      for (const requested of CASE_STATUSES) {
        const decision = decideMove(from, complete, { requested });
        expect(decision.kind === 'conflict', `${from} → ${requested}`).toBe(!allowed.has(requested));
      }
    }
  });

  it('answers a forward move without its data with the step’s problems', () => {
    expect(decideMove('pagamento', EMPTY_FACTS, { requested: 'concluido', fields: { payment_done: 10 } })).toEqual({
      kind: 'invalid',
      problems: ['Data invalida!'],
    });
  });

  it('decides archive and cancel by the stage alone', () => {
    expect(decideMove('realizacao', EMPTY_FACTS, { kind: 'archive' })).toMatchObject({ kind: 'archive', to: 'arquiv' });
    expect(decideMove('pagamento', EMPTY_FACTS, { kind: 'archive' })).toEqual({ kind: 'conflict' });
    expect(decideMove('pagamento', EMPTY_FACTS, { kind: 'cancel' })).toMatchObject({ kind: 'cancel', to: 'cancelado' });
    expect(decideMove('realizacao', EMPTY_FACTS, { kind: 'cancel' })).toEqual({ kind: 'conflict' });
  });
});

describe('the OPME items rule (DECISIONS §15)', () => {
  const ITEMS_UNDECIDED = 'Decida a autorização de todos os itens de OPME (autorizado, parcial ou negado) antes de aprovar a OPME.';
  const undecided: LifecycleFacts = { ...complete, opme_approvals: null, opme_items_undecided: 2 };

  it('refuses to save the OPME approval as aprovada while an item is undecided', () => {
    expect(decideMove('autorizacao', undecided, { requested: 'autorizacao', fields: { opme_approvals: 'aprovada' } })).toEqual({
      kind: 'invalid',
      problems: [ITEMS_UNDECIDED],
    });
    // Denying it, or saving the other approvals, stays possible.
    expect(decideMove('autorizacao', undecided, { requested: 'autorizacao', fields: { opme_approvals: 'negada' } })).toMatchObject({ kind: 'save' });
    expect(decideMove('autorizacao', undecided, { requested: 'autorizacao', fields: { hospital_approvals: 'negada' } })).toMatchObject({ kind: 'save' });
    // Every item decided (or none listed): the approval is saved.
    expect(
      decideMove('autorizacao', { ...undecided, opme_items_undecided: 0 }, { requested: 'autorizacao', fields: { opme_approvals: 'aprovada' } }),
    ).toMatchObject({ kind: 'save', facts: { opme_approvals: 'aprovada' } });
  });

  it('refuses the advance from autorizacao while an item is undecided, even with every approval', () => {
    expect(decideMove('autorizacao', undecided, { requested: 'agendamento', fields: { opme_approvals: 'aprovada' } })).toEqual({
      kind: 'invalid',
      problems: [ITEMS_UNDECIDED],
    });
    expect(decideMove('autorizacao', { ...undecided, opme_approvals: 'aprovada' }, { requested: 'agendamento' })).toEqual({
      kind: 'invalid',
      problems: [ITEMS_UNDECIDED],
    });
    // A case without OPME has no items to decide.
    const noOpme: LifecycleFacts = { ...complete, opme: false, opme_approvals: null, opme_items_undecided: 1 };
    expect(decideMove('autorizacao', noOpme, { requested: 'agendamento' })).toMatchObject({ kind: 'advance', to: 'agendamento' });
  });

  it('on the page: warns before sending, and takes the items’ count and the case version read elsewhere', () => {
    const actor = createActor(surgeryLifecycleMachine, {
      snapshot: lifecycleSnapshot('autorizacao', undecided, { id: 7, version: 3 } as never),
      input: { facts: undecided },
    });
    const notices: unknown[] = [];
    actor.on('*', (notice) => notices.push(notice));
    actor.start();
    actor.send({ type: 'case.save', fields: { opme_approvals: 'aprovada' } });
    expect(actor.getSnapshot().value).toEqual({ autorizacao: 'idle' });
    expect(notices).toEqual([{ type: 'lifecycle.problems', problems: [ITEMS_UNDECIDED] }]);
    actor.send({ type: 'case.updated', fields: { opme_items_undecided: 0 }, surgery: { version: 5 } });
    expect(actor.getSnapshot().context.surgery?.version).toBe(5);
    expect(actor.getSnapshot().can({ type: 'case.save', fields: { opme_approvals: 'aprovada' } })).toBe(true);
  });
});
