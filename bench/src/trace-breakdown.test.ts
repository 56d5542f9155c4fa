import { describe, expect, it } from 'vitest';
import { profileBreakdown, traceBreakdown, type TraceEvent } from './trace-breakdown';

const MAIN = { pid: 1, tid: 10 };
const OTHER = { pid: 2, tid: 20 };
const meta = (where: { pid: number; tid: number }, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', ts: 0, ...where, args: { name } });
const task = (ts: number, dur: number, tdur?: number, where = MAIN): TraceEvent => ({ name: 'ThreadControllerImpl::RunTask', ph: 'X', ts, dur, ...(tdur === undefined ? {} : { tdur }), ...where });
const inside = (name: string, ts: number, data: Record<string, string> = {}, where = MAIN): TraceEvent => ({ name, ph: 'X', ts, dur: 10, ...where, args: { data } });

describe('traceBreakdown', () => {
  it("sums the main thread's tasks by what each ran first, in thread time, largest first", () => {
    const events: TraceEvent[] = [
      meta(MAIN, 'CrRendererMain'),
      meta(OTHER, 'CrRendererMain'),
      // hls.js's tick, twice, on a timer.
      task(1000, 3000, 2000),
      inside('TimerFire', 1010),
      inside('FunctionCall', 1020, { url: 'http://localhost/assets/chunks/hls-engine-X.js', functionName: 'tick' }),
      task(5000, 3000, 2500),
      inside('TimerFire', 5010),
      inside('FunctionCall', 5020, { url: 'http://localhost/assets/chunks/hls-engine-X.js', functionName: 'tick' }),
      // A timeupdate: the event comes before the listener's call.
      task(9000, 4000),
      inside('EventDispatch', 9010, { type: 'timeupdate' }),
      inside('FunctionCall', 9020, { url: 'http://localhost/assets/main.js?v=1', functionName: '' }),
      // Rendering, then a task with nothing named inside.
      task(14000, 1000, 500),
      inside('Paint', 14100),
      task(16000, 200, 100),
      // Another renderer (an idle frame) with fewer events: not the page's main thread.
      task(1000, 90000, 90000, OTHER),
    ];
    const result = traceBreakdown(events);
    expect(result.tasks).toBe(5);
    expect(result.totalMs).toBeCloseTo(2 + 2.5 + 4 + 0.5 + 0.1);
    expect(result.byLabel).toEqual([
      ['timer hls-engine-X.js tick', 4.5, 2],
      ['event timeupdate', 4, 1],
      ['rendering', 0.5, 1],
      ['(other)', 0.1, 1],
    ]);
  });

  it('names a callback by its file and function, and a timer that runs no script, or a native function, as native', () => {
    const events: TraceEvent[] = [
      meta(MAIN, 'CrRendererMain'),
      task(0, 1000, 1000),
      inside('FunctionCall', 10, { url: 'http://localhost/bench/vendor/hls.js/hls.min.js', functionName: 'r.onTimeupdate' }),
      task(2000, 1000, 1000),
      inside('TimerFire', 2010),
      task(4000, 1000, 1000),
      inside('TimerFire', 4010),
      inside('FunctionCall', 4020, { url: '', functionName: '' }),
    ];
    expect(traceBreakdown(events).byLabel.map(([label]) => label)).toEqual(['call hls.min.js r.onTimeupdate', 'timer (native)', 'timer (native) (anonymous)']);
  });

  it('is empty when the trace has no renderer main thread', () => {
    expect(traceBreakdown([task(0, 1000, 1000)])).toEqual({ totalMs: 0, tasks: 0, byLabel: [] });
  });
});

describe('profileBreakdown', () => {
  it('sums self time by function, each sample counting until the next, without V8 idle, program or root', () => {
    const frame = (functionName: string, url = '', lineNumber = -1) => ({ functionName, url, lineNumber });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 3, 4, 5] },
        { id: 2, callFrame: frame('(idle)') },
        { id: 3, callFrame: frame('tick', 'http://localhost/assets/chunks/hls-engine-X.js', 15) },
        { id: 4, callFrame: frame('', 'http://localhost/assets/main.js', 0) },
        { id: 5, callFrame: frame('(garbage collector)') },
        { id: 6, callFrame: frame('setTimeout') },
      ],
      samples: [3, 2, 3, 4, 5, 6, 2],
      timeDeltas: [0, 1000, 500, 2000, 300, 200, 100],
    };
    expect(profileBreakdown(profile)).toEqual([
      ['hls-engine-X.js tick:16', 3],
      ['main.js (anonymous):1', 0.3],
      ['(garbage collector)', 0.2],
      ['setTimeout', 0.1],
    ]);
  });
});
