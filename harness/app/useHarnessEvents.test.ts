import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestLogEntry } from '../common/types';
import { createHarnessEvents } from './useHarnessEvents';

/** An EventSource the test drives by hand. */
class FakeEventSource {
  static OPEN = 1;
  static last: FakeEventSource | null = null;
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(event: { data?: string }) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: { data?: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown) {
    this.listeners.get(type)?.forEach((listener) => listener({ data: JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
  }
}

const request = (id: number) => ({ id, path: `/media/${id}.ts` }) as unknown as RequestLogEntry;

function setUp(backlog: RequestLogEntry[] = []) {
  vi.useFakeTimers();
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', async (url: string) => Response.json(url.includes('/requests') ? backlog : []));
  const events = createHarnessEvents();
  const disconnect = events.connect();
  return { events, disconnect, source: FakeEventSource.last! };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the harness event stream', () => {
  it('hands the requests to its listeners in one batch per 100 ms', () => {
    const { events, disconnect, source } = setUp();
    const listener = vi.fn();
    events.subscribe(listener);
    source.emit('request', request(1));
    source.emit('request', request(2));
    expect(events.get().requests).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(events.get().requests.map((r) => r.id)).toEqual([1, 2]);
    expect(listener).toHaveBeenCalledTimes(1);
    disconnect();
    expect(source.closed).toBe(true);
  });

  it('puts the backlog first on hello, without the live entries it already holds', async () => {
    const { events, disconnect, source } = setUp([request(1), request(2)]);
    source.emit('request', request(2));
    source.emit('request', request(3));
    vi.advanceTimersByTime(100);
    source.emit('hello');
    expect(events.get().status).toBe('open');
    await vi.waitFor(() => expect(events.get().requests.map((r) => r.id)).toEqual([1, 2, 3]));
    disconnect();
  });

  it('clears the requests with what is waiting for the next batch, and reports a lost stream', () => {
    const { events, disconnect, source } = setUp();
    source.emit('request', request(1));
    events.clearRequests();
    vi.advanceTimersByTime(100);
    expect(events.get().requests).toEqual([]);
    source.onerror?.();
    expect(events.get().status).toBe('error');
    disconnect();
  });
});
