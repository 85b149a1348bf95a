import { describe, expect, it } from 'vitest';
import { createMachine, transition, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { toStatelyCode, WORKFLOW_MACHINES } from '../../../scripts/diagrams/workflow-diagrams';

/**
 * The Stately code exported in docs/workflows/*.md (issue 11, item 16): pasted into the visualizer, every machine must
 * be able to take every one of its transitions. An inline action (`assign(...)`, `spawnChild(...)`) used to export as
 * `null`, and simulating the session's sign-out threw. Each exported config is rebuilt with xstate's own
 * createMachine (no implementations, as in the visualizer) and every transition of every state is taken with
 * xstate's pure `transition`, its guard forced true (and the earlier candidates' guards false).
 */
type Json = Record<string, unknown>;

function exportedConfig(machine: AnyStateMachine): Json {
  const code = toStatelyCode(machine);
  const start = code.indexOf('createMachine(') + 'createMachine('.length;
  return JSON.parse(code.slice(start, code.lastIndexOf(');'))) as Json;
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
