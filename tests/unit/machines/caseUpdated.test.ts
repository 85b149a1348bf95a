import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EMPTY_FACTS } from '../../../machines/surgeryLifecycle/lifecycleRules';
import { lifecycleSnapshot, surgeryLifecycleMachine } from '../../../machines/surgeryLifecycle/surgeryLifecycleMachine';
import { surgeryAt } from '../src/surgeries/details/surgeryFixture';

/**
 * 'case.updated' with the case (issue 13 item 4): another write's answer for the case (the holder's reassignment) replaces the case
 * the lifecycle actor holds, so its next move sends the new version; the stage stays. Another case's answer is ignored.
 */
describe("surgeryLifecycleMachine 'case.updated' with another write's case", () => {
  function started() {
    const surgery = surgeryAt('prep_doc', { version: 3 });
    return createActor(surgeryLifecycleMachine, {
      input: { facts: EMPTY_FACTS, surgery },
      snapshot: lifecycleSnapshot('prep_doc', EMPTY_FACTS, surgery),
    }).start();
  }

  it('takes the newer case and stays at its stage', () => {
    const actor = started();
    const newer = surgeryAt('prep_doc', { version: 4, holder: { id: 9, first_name: 'Juliana', last_name: 'Souza' } });
    actor.send({ type: 'case.updated', surgery: newer });
    expect(actor.getSnapshot().context.surgery).toEqual(newer);
    expect(actor.getSnapshot().value).toEqual({ prep_doc: 'idle' });
  });

  it("ignores another case's answer", () => {
    const actor = started();
    const before = actor.getSnapshot().context.surgery;
    actor.send({ type: 'case.updated', surgery: surgeryAt('prep_doc', { id: 999, version: 8 }) });
    expect(actor.getSnapshot().context.surgery).toBe(before);
  });
});
