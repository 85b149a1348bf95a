import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getShortestPaths,
  getStateNodes,
  serializeSnapshot,
  type StatePath,
} from 'xstate/graph';
import { expect } from 'vitest';
import type { AnyStateMachine, EventFromLogic, EventObject, InputFrom, StateValue } from 'xstate';

/**
 * Path generation shared by the model tests (tests/model/*.model.test.ts). xstate/graph's
 * createTestModel refuses machines that invoke actors, so each test replays these paths on a real
 * actor with deferred fake actors, feeding the done/error events as listed events.
 */

type Snapshot<M extends AnyStateMachine> = ReturnType<M['transition']>;
export type MachinePath<M extends AnyStateMachine> = StatePath<Snapshot<M>, EventFromLogic<M>>;
export type PathOptions<M extends AnyStateMachine> = {
  /** The events to try in a state (concrete objects, payloads included). */
  events: EventFromLogic<M>[] | ((state: Snapshot<M>) => EventFromLogic<M>[]);
  input?: InputFrom<M>;
  /** What makes two states the same (default: value and context); leave out what only counts. */
  serializeState?: (state: Snapshot<M>) => string;
};

/**
 * The shortest path to every reachable state, plus one path per transition (the shortest path to
 * its source followed by the event), named by `pathName` and without duplicates. Events a state
 * ignores produce no path.
 */
export function transitionPaths<M extends AnyStateMachine>(
  machine: M,
  options: PathOptions<M>,
  pathName: (path: MachinePath<M>) => string,
): MachinePath<M>[] {
  const traversal = options as never;
  const serialize = (state: Snapshot<M>) => (options.serializeState ? options.serializeState(state) : serializeSnapshot(state));
  const shortest = getShortestPaths(machine, traversal) as MachinePath<M>[];
  const byState = new Map(shortest.map((p) => [serialize(p.state), p]));
  const paths = [...shortest];
  const seen = new Set(paths.map(pathName));
  const adjacency = adjacencyMapToArray(getAdjacencyMap(machine, traversal)) as Array<{
    state: Snapshot<M>;
    event: EventFromLogic<M>;
    nextState: Snapshot<M>;
  }>;
  for (const { state: from, event, nextState } of adjacency) {
    const key = serialize(from);
    const head = byState.get(key);
    if (!head || serialize(nextState) === key) continue; // unreachable source, or an ignored event
    const path: MachinePath<M> = {
      state: nextState,
      steps: [...head.steps, { state: nextState, event }],
      weight: head.weight + 1,
    };
    const name = pathName(path);
    if (!seen.has(name)) {
      seen.add(name);
      paths.push(path);
    }
  }
  return paths;
}

/** 'signedIn.refreshing' for { signedIn: 'refreshing' }. */
export function valueLabel(value: StateValue): string {
  return typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([key, inner]) => `${key}.${valueLabel(inner as StateValue)}`)
        .join(',');
}

/** Every state node of the machine with the state value that is in it (for "every state is reached"). */
export function stateNodeValues(machine: AnyStateMachine): Array<{ id: string; key: string; value: StateValue }> {
  return getStateNodes(machine.root).map((node) => ({
    id: node.id,
    key: node.key,
    value: node.path.reduceRight<StateValue | undefined>(
      (inner, key) => (inner === undefined ? key : { [key]: inner }),
      undefined,
    )!,
  }));
}

/** A real actor under test, driven by the path's events (done/error events settle its deferred fakes). */
export type PathDriver<E> = {
  exec(event: E): Promise<void>;
  actor: { getSnapshot(): { value: StateValue; context: unknown } };
};

/**
 * Replays a generated path on `sut`, checking after every event that the real actor holds the
 * path's state value and context. Returns the path's last event (for the tests' plausibility checks).
 */
export async function replayPath<E extends EventObject>(
  path: { steps: Array<{ event: unknown; state: { value: StateValue; context: unknown } }> },
  sut: PathDriver<E>,
): Promise<E> {
  for (const step of path.steps) {
    if ((step.event as EventObject).type !== 'xstate.init') await sut.exec(step.event as E);
    const snapshot = sut.actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
  }
  return path.steps.at(-1)!.event as E;
}
