import { describe, expect, it } from 'vitest';
import * as xstate from 'xstate';
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  createMachine,
  SimulatedClock,
  transition,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
} from 'xstate';
import { implementationNames, toStatelyCode, WORKFLOW_MACHINES } from '../../../scripts/diagrams/workflow-diagrams';

/**
 * The Stately code exported in docs/workflows/*.md (issue 11, item 16): pasted into the visualizer, every machine must
 * be able to take every one of its transitions. An inline action (`assign(...)`, `spawnChild(...)`) used to export as
 * `null`, and simulating the session's sign-out threw. Each exported config is rebuilt with xstate's own
 * createMachine (no implementations, as in the visualizer) and every transition of every state is taken with
 * xstate's pure `transition`, its guard forced true (and the earlier candidates' guards false).
 */
type Json = Record<string, unknown>;

/**
 * An exported block run the way the visualizer runs pasted code: its `import { … } from 'xstate'` bound to xstate's
 * own exports, every other line as written, the exported machine returned.
 */
function evaluateBlock(code: string): AnyStateMachine {
  const imports = /^import \{([^}]+)\} from 'xstate';$/m.exec(code);
  if (!imports) throw new Error('the block does not import from xstate');
  const names = imports[1]!.split(',').map((name) => name.trim());
  const body = code.replace(imports[0], '').replace('export const machine =', 'return');
  expect(body, 'one exported machine, the last statement').toMatch(/^return createMachine\(/m);
  const library = xstate as unknown as Record<string, unknown>;
  return new Function(...names, body)(...names.map((name) => library[name])) as AnyStateMachine;
}

/** The configuration an exported block passes to createMachine (as JSON, without the stand-ins). */
function exportedConfig(machine: AnyStateMachine): Json {
  return JSON.parse(JSON.stringify(evaluateBlock(toStatelyCode(machine)).config)) as Json;
}

function guardNames(value: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) guardNames(item, names);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Json)) {
      if (key === 'guard' && typeof item === 'string') names.add(item);
      else if (key === 'guard' && item && typeof (item as Json).type === 'string') names.add(String((item as Json).type));
      guardNames(item, names);
    }
  }
  return names;
}

/** Named delays (`after: { modalCloseDelay: ... }`): their values are code, so the test gives each one second. */
function delayNames(value: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) delayNames(item, names);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Json)) {
      if (key === 'after' && item && typeof item === 'object') {
        for (const delay of Object.keys(item as Json)) if (!/^\d+$/.test(delay)) names.add(delay);
      }
      delayNames(item, names);
    }
  }
  return names;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

/** The state value that puts the machine in `node` (its initial descendants resolved by xstate). */
function valueOf(node: AnyStateNode): string | Json {
  const [first, ...rest] = node.path;
  if (first === undefined) return {};
  return rest.length === 0 ? first : { [first]: valueOf({ path: rest } as unknown as AnyStateNode) };
}

function guardType(guard: unknown): string | null {
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && typeof (guard as Json).type === 'string') return String((guard as Json).type);
  return null;
}

describe('Stately export of the workflow machines (docs/workflows)', () => {
  it.each(WORKFLOW_MACHINES.map((workflow) => [workflow.file, workflow.machine] as const))(
    '%s: the exported machine takes every transition of every state',
    (_file, machine) => {
      const config = exportedConfig(machine);
      const names = [...guardNames(config)];
      const delays = Object.fromEntries([...delayNames(config)].map((name) => [name, 1000]));
      const exported = createMachine(config as Parameters<typeof createMachine>[0]);
      let taken = 0;
      for (const node of allNodes(exported.root)) {
        if (node.type === 'final' || node === exported.root) continue;
        for (const [eventType, candidates] of node.transitions) {
          candidates.forEach((candidate, index) => {
            const wanted = guardType(candidate.guard);
            const earlier = new Set(candidates.slice(0, index).map((c) => guardType(c.guard)));
            if (wanted === null && index > 0 && earlier.has(null)) return; // unreachable fallback
            if (wanted !== null && earlier.has(wanted)) return; // same guard as an earlier candidate
            const guards = Object.fromEntries(names.map((name) => [name, () => name === wanted]));
            const runnable = exported.provide({ guards, delays });
            const snapshot = runnable.resolveState({ value: valueOf(node) as never, context: (config.context ?? {}) as Json });
            const event = { type: eventType, output: {}, error: {} };
            const label = `${node.id} --${eventType}[${index}]-->`;
            let next;
            try {
              [next] = transition(runnable, snapshot, event);
            } catch (error) {
              throw new Error(`${label} threw: ${(error as Error).message}`, { cause: error });
            }
            for (const target of candidate.target ?? []) {
              expect(next.matches(valueOf(target) as never), `${label} ${target.id}`).toBe(true);
            }
            taken += 1;
          });
        }
      }
      expect(taken).toBeGreaterThan(0);
    },
  );

  it('exports no null action (an inline action the export could not name)', () => {
    for (const workflow of WORKFLOW_MACHINES) {
      expect(toStatelyCode(workflow.machine), workflow.file).not.toMatch(/^\s*null,?$/m);
    }
  });
});

/* ------------------------------------------------------------------ runs as pasted (issue 24) */

/** The events a snapshot accepts, as the visualizer offers them (delays fire by the clock instead). */
function acceptedEvents(snapshot: AnyMachineSnapshot): string[] {
  return __unsafe_getAllOwnEventDescriptors(snapshot).filter((type) => !type.startsWith('xstate.after.') && type !== '*');
}

/** Lets the stand-in actors answer and the delays elapse (a simulated clock), a few rounds. */
async function settle(clock: SimulatedClock): Promise<void> {
  for (let round = 0; round < 4; round += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    clock.increment(5000);
  }
}

/** The block's machine started as the visualizer starts it, then sent `events`; every error it reported. */
async function run(machine: AnyStateMachine, events: string[]): Promise<{ actor: AnyActorRef; errors: string[] }> {
  const clock = new SimulatedClock();
  const errors: string[] = [];
  const actor = createActor(machine, { clock });
  actor.subscribe({ error: (error) => errors.push((error as Error).message) });
  try {
    actor.start();
    await settle(clock);
    for (const type of events) {
      actor.send({ type });
      await settle(clock);
    }
  } catch (error) {
    errors.push(`threw: ${(error as Error).message}`);
  }
  const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
  if (snapshot.status === 'error') errors.push(`error status: ${(snapshot.error as Error | undefined)?.message ?? String(snapshot.error)}`);
  actor.stop();
  return { actor, errors };
}

describe('each exported block runs as pasted (createMachine + createActor(...).start())', () => {
  it.each(WORKFLOW_MACHINES.map((workflow) => [workflow.file, workflow.machine] as const))(
    '%s: starts, and takes every event it accepts from every state it reaches, without an error',
    async (_file, source) => {
      const code = toStatelyCode(source);
      const machine = evaluateBlock(code);
      const start = await run(machine, []);
      expect(start.errors, 'on start').toEqual([]);
      // Breadth-first over the state values reached: from each one, every event it accepts.
      const seen = new Map<string, string[]>([[JSON.stringify(start.actor.getSnapshot().value), []]]);
      const queue: string[][] = [[]];
      let sent = 0;
      while (queue.length > 0) {
        const path = queue.shift()!;
        const { actor } = await run(machine, path);
        for (const type of acceptedEvents(actor.getSnapshot() as AnyMachineSnapshot)) {
          const next = [...path, type];
          const result = await run(machine, next);
          sent += 1;
          expect(result.errors, next.join(' → ')).toEqual([]);
          const value = JSON.stringify(result.actor.getSnapshot().value);
          if (!seen.has(value)) {
            seen.set(value, next);
            queue.push(next);
          }
        }
      }
      expect(sent).toBeGreaterThan(0);
      // The walk gets past the state it started in (the guards let the events through).
      expect(seen.size).toBeGreaterThan(1);
      // A named stand-in for each implementation the configuration names.
      const names = implementationNames(machine.config);
      for (const name of [...names.actors, ...names.guards, ...names.actions, ...names.delays]) expect(code).toContain(`"${name}": `);
    },
    60_000,
  );
});
