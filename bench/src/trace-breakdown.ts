/**
 * What a page's main thread spent its time on, from a Chromium trace (devtools.timeline and
 * toplevel categories): each top-level task's thread time, named by the first thing it ran (a
 * timer's function, an event's type, a callback's function, rendering, garbage collection). The
 * steady trace (trace-steady.ts) prints it for our page and the bare hls.js page side by side.
 */

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, where the trace has it. */
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } };
}

export interface Breakdown {
  /** Main-thread task time, ms (thread time where the trace has it). */
  totalMs: number;
  tasks: number;
  /** Label → [ms, tasks], largest first. */
  byLabel: Array<[string, number, number]>;
}

const TOP_LEVEL = 'ThreadControllerImpl::RunTask';
const RENDERING = new Set(['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'Commit', 'WebFrameWidgetImpl::UpdateLifecycle', 'FireAnimationFrame']);
const GC = new Set(['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'V8.GCScavenger', 'V8.GC_MARK_COMPACTOR']);

/**
 * The file name of a script address, enough to tell hls.js's chunk from ours. A call with no address
 * is a native function (a timer that resolves a promise, say), whose work follows in microtasks.
 */
const fileOf = (url: string | undefined) => (url ? url.replace(/[?#].*$/, '').split('/').pop() || url : '(native)');

/** The page's renderer main thread: the `CrRendererMain` with the most complete events. */
function mainThread(events: readonly TraceEvent[]): string | null {
  const names = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && names.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** A task's label: what ran first inside it. */
function labelOf(inside: readonly TraceEvent[]): string {
  for (const [i, e] of inside.entries()) {
    const data = e.args?.data ?? {};
    if (e.name === 'TimerFire') {
      const call = inside.slice(i + 1).find((c) => c.name === 'FunctionCall');
      return call ? `timer ${fileOf(call.args?.data?.url)} ${call.args?.data?.functionName || '(anonymous)'}` : 'timer (native)';
    }
    if (e.name === 'EventDispatch') return `event ${data.type ?? '?'}`;
    if (e.name === 'FunctionCall') return `call ${fileOf(data.url)} ${data.functionName || '(anonymous)'}`;
    if (RENDERING.has(e.name)) return 'rendering';
    if (GC.has(e.name)) return 'garbage collection';
    if (e.name === 'ParseHTML' || e.name === 'EvaluateScript') return e.name;
  }
  return '(other)';
}

/** The main thread's tasks in `events`, summed by label. */
export function traceBreakdown(events: readonly TraceEvent[]): Breakdown {
  const main = mainThread(events);
  const own = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const sums = new Map<string, [number, number]>();
  let totalMs = 0;
  let tasks = 0;
  for (const [i, task] of own.entries()) {
    if (task.name !== TOP_LEVEL) continue;
    const end = task.ts + (task.dur ?? 0);
    const inside: TraceEvent[] = [];
    for (let j = i + 1; j < own.length && own[j]!.ts < end; j++) if (own[j]!.name !== TOP_LEVEL) inside.push(own[j]!);
    const ms = (task.tdur ?? task.dur ?? 0) / 1000;
    const label = labelOf(inside);
    const sum = sums.get(label) ?? [0, 0];
    sums.set(label, [sum[0] + ms, sum[1] + 1]);
    totalMs += ms;
    tasks++;
  }
  const byLabel = [...sums].map(([label, [ms, count]]): [string, number, number] => [label, ms, count]).sort((a, b) => b[1] - a[1]);
  return { totalMs, tasks, byLabel };
}

/** A V8 CPU profile (CDP Profiler.stop), as much of it as the breakdown reads. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

/** V8's own entries: not the page's script. */
const V8_ENTRIES = new Set(['(idle)', '(program)', '(root)', '(garbage collector)']);

/**
 * Self time (ms) by function (`file function:line`), largest first, from a sampled profile; V8's
 * idle, program and root entries left out, garbage collection kept as its own line.
 */
export function profileBreakdown(profile: CpuProfile): Array<[string, number]> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const sums = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)?.callFrame;
    // A sample's time is the delta to the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!frame || (V8_ENTRIES.has(frame.functionName) && frame.functionName !== '(garbage collector)')) return;
    const label = frame.url ? `${fileOf(frame.url)} ${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}` : frame.functionName || '(native)';
    sums.set(label, (sums.get(label) ?? 0) + ms);
  });
  return [...sums].sort((a, b) => b[1] - a[1]);
}
