import { describe, expect, it } from 'vitest';
import { onCpuTime } from '../../../scripts/bench-lighthouse-cputime';

const thread = (pid: number, tid: number, name: string) => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, dur: number, tdur: number) => ({ name: 'RunTask', ph: 'X', pid, tid, ts, dur, tdur });
const event = (name: string, pid: number, tid: number, ts: number, dur?: number) => ({ name, ph: dur === undefined ? 'I' : 'X', pid, tid, ts, dur });

describe("onCpuTime: a trace's renderer tasks shrunk to their CPU time", () => {
  const trace = [
    thread(1, 10, 'CrRendererMain'),
    thread(1, 11, 'Compositor'),
    // A task of 100 ms that ran 40 ms, with a call in it and a mark after the call.
    task(1, 10, 1_000_000, 100_000, 40_000),
    event('FunctionCall', 1, 10, 1_050_000, 20_000),
    event('ResourceSendRequest', 1, 10, 1_090_000),
    // A nested task is part of its parent's time, not a task of its own.
    task(1, 10, 1_060_000, 10_000, 2_000),
    // A task that ran all of its wall time stays as it was.
    task(1, 10, 2_000_000, 30_000, 30_000),
    event('Layout', 1, 10, 2_010_000, 5_000),
    // Another thread's task is not the page's main thread.
    task(1, 11, 1_000_000, 100_000, 10_000),
  ];

  it('shrinks a task and the events in it by its CPU share, from its start', () => {
    const { events } = onCpuTime(trace);
    expect(events[2]).toMatchObject({ ts: 1_000_000, dur: 40_000 });
    expect(events[3]).toMatchObject({ ts: 1_020_000, dur: 8_000 });
    expect(events[4]).toMatchObject({ ts: 1_036_000 });
    expect(events[5]).toMatchObject({ ts: 1_024_000, dur: 4_000 });
  });

  it('leaves a task that ran its whole time, and other threads, as they were', () => {
    const { events } = onCpuTime(trace);
    expect(events[6]).toMatchObject({ ts: 2_000_000, dur: 30_000 });
    expect(events[7]).toMatchObject({ ts: 2_010_000, dur: 5_000 });
    expect(events[8]).toMatchObject({ ts: 1_000_000, dur: 100_000 });
  });

  it("sums the top-level tasks' wall and CPU time, and does not change the trace it was given", () => {
    const { wallMs, cpuMs } = onCpuTime(trace);
    expect(wallMs).toBe(130);
    expect(cpuMs).toBe(70);
    expect(trace[3]).toMatchObject({ ts: 1_050_000, dur: 20_000 });
  });
});
