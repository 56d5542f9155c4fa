/**
 * Injected by the bench into every page before any page script (Playwright addInitScript), so
 * all contenders are measured the same way. It finds every <video> (created by script or parsed
 * from markup) and records, in performance.now() milliseconds (0 = navigation start):
 * - `starts`: each time playback (re)starts, the presentation time of the first frame shown
 *   while not paused, accepted once a later frame has a larger media time (time is advancing).
 *   requestVideoFrameCallback gives the real presentation time, not the `playing` event's.
 * - media events (first and every timestamp), the source, and the frame size at each start.
 * Elements are held weakly so the instrumentation never keeps a video alive.
 */

interface FrameStart {
  /** rVFC presentationTime of the first advancing frame. */
  t: number;
  mediaTime: number;
  width: number;
  height: number;
  src: string;
}

interface VideoRecord {
  id: number;
  createdAt: number;
  src: string;
  starts: FrameStart[];
  /** Media events by type: when, and the element's source at that moment. */
  events: Record<string, Array<{ t: number; src: string }>>;
}

interface WaitOptions {
  after?: number;
  srcPattern?: string;
  video?: number;
  timeoutMs: number;
}

interface BenchProbe {
  videos: VideoRecord[];
  marks: Record<string, number>;
  /** Stops frame callbacks once nothing is armed (for the steady-cost section). */
  quiet(): void;
  /** Resolves with the first start after `after` whose source matches `srcPattern` (on video `video`, if given), or null on time-out. */
  waitStart(opts: WaitOptions): Promise<(FrameStart & { video: number }) | null>;
  /** Resolves with the first media event of `type` (one or several) after `after` on a matching source/video, or null on time-out. */
  waitEvent(opts: WaitOptions & { type: string | string[] }): Promise<{ t: number; type: string; src: string; video: number } | null>;
  /** Serializable state, for reports and debugging. */
  snapshot(): { videos: VideoRecord[]; marks: Record<string, number> };
}

declare global {
  interface Window {
    __bench?: BenchProbe;
  }
}

const EVENTS = ['loadstart', 'emptied', 'loadedmetadata', 'loadeddata', 'canplay', 'play', 'playing', 'pause', 'waiting', 'seeking', 'seeked', 'ended', 'error'];
/** Events after which the next advancing frame is a new start. */
const RE_ARM = new Set(['playing', 'seeked', 'emptied', 'loadstart']);

/** What every recorder shares: the records, the marks, who waits for a change, and the quiet switch. */
interface ProbeState {
  videos: VideoRecord[];
  marks: Record<string, number>;
  listeners: Set<() => void>;
  quiet: boolean;
}

const notify = (state: ProbeState) => state.listeners.forEach((listener) => listener());

/** Records one element's starts (through frame callbacks) and media events. */
function recordVideo(state: ProbeState, video: HTMLVideoElement): void {
  const record: VideoRecord = { id: state.videos.length, createdAt: performance.now(), src: '', starts: [], events: {} };
  state.videos.push(record);
  let armed = true;
  let pending = false;
  let candidate: FrameStart | null = null;

  const request = (target: HTMLVideoElement) => {
    if (pending || typeof target.requestVideoFrameCallback !== 'function') return;
    pending = true;
    target.requestVideoFrameCallback(onFrame);
  };
  // `this`-free callback: the element comes from the closure's weak ref at call time.
  const ref = new WeakRef(video);
  function onFrame(_now: number, meta: VideoFrameCallbackMetadata): void {
    pending = false;
    const target = ref.deref();
    if (!target) return;
    if (armed && !target.paused) {
      if (candidate && meta.mediaTime > candidate.mediaTime) {
        record.starts.push(candidate);
        armed = false;
        candidate = null;
        notify(state);
      } else if (!candidate) {
        candidate = { t: meta.presentationTime, mediaTime: meta.mediaTime, width: meta.width, height: meta.height, src: target.currentSrc };
      }
    }
    if (!state.quiet || armed) request(target);
  }

  for (const type of EVENTS) {
    video.addEventListener(type, (event) => {
      const target = event.target as HTMLVideoElement;
      record.src = target.currentSrc || target.src || record.src;
      (record.events[type] ??= []).push({ t: event.timeStamp, src: target.currentSrc || target.src });
      if (RE_ARM.has(type)) {
        armed = true;
        candidate = null;
        request(target);
      }
      notify(state);
    });
  }
  request(video);
}

/** Calls `found` once for every <video>, whether script creates it or the parser inserts it. */
function findVideos(found: (video: HTMLVideoElement) => void): (root: ParentNode) => void {
  const scan = (root: ParentNode) => {
    if (root instanceof HTMLVideoElement) found(root);
    root.querySelectorAll?.('video').forEach(found);
  };
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function patchedCreateElement(this: Document, ...args: Parameters<Document['createElement']>) {
    const element = createElement.apply(this, args);
    if (element instanceof HTMLVideoElement) found(element);
    return element;
  } as Document['createElement'];
  new MutationObserver((mutations) => {
    for (const mutation of mutations) mutation.addedNodes.forEach((node) => node instanceof Element && scan(node));
  }).observe(document, { childList: true, subtree: true });
  return scan;
}

/** Marks the first trusted pointerdown and click (`first_pointerdown`, `first_click`). */
function markFirstInput(marks: Record<string, number>): void {
  for (const type of ['pointerdown', 'click']) {
    window.addEventListener(
      type,
      (event) => {
        if (event.isTrusted && marks[`first_${type}`] === undefined) marks[`first_${type}`] = event.timeStamp;
      },
      { capture: true },
    );
  }
}

/** Resolves with `check()`'s first non-null answer, checked at each change, or its answer at the time-out. */
function waitFor<T>(state: ProbeState, check: () => T | null, timeoutMs: number): Promise<T | null> {
  return new Promise((resolve) => {
    const done = (value: T | null) => {
      state.listeners.delete(listener);
      clearTimeout(timer);
      resolve(value);
    };
    const listener = () => {
      const value = check();
      if (value !== null) done(value);
    };
    const timer = setTimeout(() => done(check()), timeoutMs);
    state.listeners.add(listener);
    listener();
  });
}

const matches = (src: string, pattern: string | undefined) => !pattern || new RegExp(pattern).test(src);

/** The earliest start after `after` on a matching source (and video), or null. */
function firstStart(videos: readonly VideoRecord[], { after = -Infinity, srcPattern, video }: WaitOptions): (FrameStart & { video: number }) | null {
  let best: (FrameStart & { video: number }) | null = null;
  for (const record of videos) {
    if (video !== undefined && record.id !== video) continue;
    const start = record.starts.find((s) => s.t > after && matches(s.src, srcPattern));
    if (start && (!best || start.t < best.t)) best = { ...start, video: record.id };
  }
  return best;
}

/** The earliest media event of one of `types` after `after` on a matching source (and video), or null. */
function firstEvent(videos: readonly VideoRecord[], types: string[], { after = -Infinity, srcPattern, video }: WaitOptions) {
  let best: { t: number; type: string; src: string; video: number } | null = null;
  for (const record of videos) {
    if (video !== undefined && record.id !== video) continue;
    for (const name of types) {
      const event = record.events[name]?.find((e) => e.t > after && matches(e.src, srcPattern));
      if (event && (!best || event.t < best.t)) best = { ...event, type: name, video: record.id };
    }
  }
  return best;
}

function install(): void {
  const state: ProbeState = { videos: [], marks: {}, listeners: new Set(), quiet: false };
  const seen = new WeakSet<HTMLVideoElement>();
  const scan = findVideos((video) => {
    if (seen.has(video)) return;
    seen.add(video);
    recordVideo(state, video);
  });
  markFirstInput(state.marks);
  const { videos, marks } = state;
  window.__bench = {
    videos,
    marks,
    quiet() {
      state.quiet = true;
    },
    waitStart: (opts) => waitFor(state, () => firstStart(videos, opts), opts.timeoutMs),
    waitEvent: ({ type, ...opts }) => waitFor(state, () => firstEvent(videos, Array.isArray(type) ? type : [type], opts), opts.timeoutMs),
    snapshot: () => JSON.parse(JSON.stringify({ videos, marks })),
  };
  if (document.readyState !== 'loading') scan(document);
}

if (!window.__bench) install();

// The page's statistics sink (SPEC.md §7's rstat4) costs nothing here: a site's own sink is the
// site's work, not the player's. The harness's relay (which beacons each event to the harness
// server) replaces it on the player page unless the URL says `harness-stats=off`, as the steady
// section's does.
(window as Window & { rstat4?: unknown }).rstat4 ??= () => undefined;

export {};
