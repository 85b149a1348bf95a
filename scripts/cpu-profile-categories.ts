/**
 * Where a Node process's main-thread CPU went, from a `node --cpu-prof` profile (issue 15): each busy sample (not idle,
 * not "(program)") in a time window is put in the first category of CATEGORIES that any frame of its stack matches, so
 * a socket write made for a pg query counts as "pg: socket writes", not as Fastify's. bench-api.ts prints it for GET by
 * id and the bare handler side by side (BENCH_CPU_PROF), which shows what the route does that the floor does not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

const fromPackage = (name: string) => (frame: CallFrame) => frame.url.includes(`/node_modules/${name}/`);

/** In order: the first that matches any frame of a sample's stack takes the sample. */
const CATEGORIES: Array<[string, (frame: CallFrame) => boolean]> = [
  ['pg: socket writes', (frame) => frame.functionName === 'submit' && frame.url.includes('/pg/lib/query')],
  ['HTTP: writing the answer', (frame) => frame.functionName === 'end' && frame.url.includes('_http_outgoing')],
  ['compression', (frame) => ['compressSync', 'negotiateEncoding'].includes(frame.functionName)],
  ['log line (pino)', (frame) => fromPackage('pino')(frame) || frame.functionName === 'requestCompleted'],
  ['drizzle', fromPackage('drizzle-orm')],
  ['pg: parsing answers', (frame) => frame.url.includes('/pg-protocol/') || ['handleRowDescription', 'handleDataRow'].includes(frame.functionName)],
  ['pg: other', (frame) => fromPackage('pg')(frame) || fromPackage('pg-pool')(frame)],
  ['HTTP: parsing the request', (frame) => frame.url.includes('_http_common')],
  ['token hash (crypto)', (frame) => frame.url.includes('internal/crypto')],
  ['Fastify', (frame) => ['fastify', 'find-my-way', 'avvio', 'light-my-request'].some((name) => fromPackage(name)(frame))],
  ['the server\'s own code', (frame) => frame.url.includes('/build/server/')],
];

export type CategoryShare = { category: string; samples: number };
export type ProfileSummary = { busySamples: number; intervalUs: number; categories: CategoryShare[] };

/** The profile `pid` wrote in `dir` (`CPU.<date>.<time>.<pid>.0.<n>.cpuprofile`: thread 0, the main thread). */
export function profileOf(dir: string, pid: number): string | null {
  const name = readdirSync(dir).find((file) => file.includes(`.${pid}.0.`) && file.endsWith('.cpuprofile'));
  return name ? join(dir, name) : null;
}

/**
 * The busy samples of `path` between `fromUs` and `toUs` (the profile's clock: CLOCK_MONOTONIC in µs, which
 * `process.hrtime` also reads), by category; `intervalUs` is the profile's mean sampling interval.
 */
export function summarizeProfile(path: string, fromUs: number, toUs: number): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const counts = new Map<string, number>();
  let busySamples = 0;
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    if (time < fromUs || time > toUs) return;
    const leaf = nodes.get(id)!;
    if (['(idle)', '(program)'].includes(leaf.callFrame.functionName)) return;
    busySamples += 1;
    let category = leaf.callFrame.functionName === '(garbage collector)' ? 'garbage collector' : 'other';
    if (category === 'other') {
      const stack: CallFrame[] = [];
      for (let node: number | undefined = id; node !== undefined; node = parents.get(node)) stack.push(nodes.get(node)!.callFrame);
      category = CATEGORIES.find(([, matches]) => stack.some(matches))?.[0] ?? 'other';
    }
    counts.set(category, (counts.get(category) ?? 0) + 1);
  });
  return {
    busySamples,
    intervalUs: (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length),
    categories: [...counts].map(([category, samples]) => ({ category, samples })).sort((a, b) => b.samples - a.samples),
  };
}

/** Now on the profiles' clock (µs). */
export function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}
