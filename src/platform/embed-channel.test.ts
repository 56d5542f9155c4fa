import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMessageBudget, listenToEmbedder, postToEmbedderFx, readEmbedderOriginFx } from './embed-channel';

/** A page whose window is an EventTarget; framed when `parent` is another object. */
function page({ framed = true, referrer = 'https://site.example/film', ancestorOrigins }: { framed?: boolean; referrer?: string; ancestorOrigins?: string[] } = {}) {
  const parent = { postMessage: vi.fn() };
  const win = new EventTarget() as EventTarget & { parent: unknown; location: { ancestorOrigins?: string[] } };
  win.parent = framed ? parent : win;
  win.location = { ancestorOrigins };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', { referrer });
  return { parent, win };
}
const message = (data: unknown, source: unknown, origin = 'https://site.example') => Object.assign(new Event('message'), { data, source, origin });

afterEach(() => void vi.unstubAllGlobals());

describe('embed channel', () => {
  it('messages the parent sent before the app listened come first, in order and within the budget, then live ones', () => {
    const { parent, win } = page();
    const onMessage = vi.fn();
    const early = [{ data: '{"method":"play"}', origin: 'https://site.example' }, { data: 'x', origin: 'https://site.example' }];
    const stop = listenToEmbedder(onMessage, createMessageBudget(2, 1000, () => 0), early);
    win.dispatchEvent(message('late', parent));
    expect(onMessage.mock.calls.map(([m]) => m.data)).toEqual(['{"method":"play"}', 'x']);
    stop();
  });

  it('passes on messages whose source is the parent window, with their origin; not a sibling, null or the page itself', () => {
    const { parent, win } = page();
    const onMessage = vi.fn();
    const stop = listenToEmbedder(onMessage);
    win.dispatchEvent(message('a', { postMessage: vi.fn() }));
    win.dispatchEvent(message('b', null));
    win.dispatchEvent(message('c', win));
    win.dispatchEvent(message('d', parent, 'https://other.example'));
    expect(onMessage.mock.calls).toEqual([[{ data: 'd', origin: 'https://other.example' }]]);
    stop();
    win.dispatchEvent(message('e', parent));
    expect(onMessage).toHaveBeenCalledTimes(1);
  });

  it('in a top-level page (parent is the window itself) passes nothing on', () => {
    const { win } = page({ framed: false });
    const onMessage = vi.fn();
    listenToEmbedder(onMessage);
    win.dispatchEvent(message('a', win));
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('drops a flood beyond the budget, and takes messages again in the next window', () => {
    const clock = { now: 0 };
    const admit = createMessageBudget(3, 1000, () => clock.now);
    expect([admit(), admit(), admit(), admit()]).toEqual([true, true, true, false]);
    clock.now = 999;
    expect(admit()).toBe(false);
    clock.now = 1000;
    expect([admit(), admit(), admit(), admit()]).toEqual([true, true, true, false]);
    // A clock that goes back starts a new window rather than locking the page out.
    clock.now = 10;
    expect(admit()).toBe(true);
  });

  it('lets at most the budget of a 10,000-message burst through', () => {
    const { parent, win } = page();
    const onMessage = vi.fn();
    listenToEmbedder(onMessage, createMessageBudget(200, 1000, () => 0));
    for (let i = 0; i < 10_000; i += 1) win.dispatchEvent(message(i, parent));
    expect(onMessage).toHaveBeenCalledTimes(200);
  });

  it('posts each message as JSON text to the given origin; nothing when not framed', async () => {
    const { parent } = page();
    const messages = [{ context: 'player.js', event: 'play' }, { context: 'player.js', event: 'getVolume', value: 50, listener: 'l' }];
    expect(await postToEmbedderFx({ origin: 'https://site.example', messages })).toBe(2);
    expect(parent.postMessage.mock.calls).toEqual([
      ['{"context":"player.js","event":"play"}', 'https://site.example'],
      ['{"context":"player.js","event":"getVolume","value":50,"listener":"l"}', 'https://site.example'],
    ]);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(await postToEmbedderFx({ origin: 'https://site.example', messages: [circular] })).toBe(0);
    vi.unstubAllGlobals();
    const top = page({ framed: false });
    expect(await postToEmbedderFx({ origin: 'https://site.example', messages })).toBe(0);
    expect(top.parent.postMessage).not.toHaveBeenCalled();
  });

  it('reads the embedding origin: ancestorOrigins first, else the referrer; null when unknown or not framed', async () => {
    page({ ancestorOrigins: ['https://top.example'] });
    expect(await readEmbedderOriginFx()).toBe('https://top.example');
    vi.unstubAllGlobals();
    page({ referrer: 'https://site.example/watch?v=1' });
    expect(await readEmbedderOriginFx()).toBe('https://site.example');
    vi.unstubAllGlobals();
    page({ referrer: '' });
    expect(await readEmbedderOriginFx()).toBeNull();
    vi.unstubAllGlobals();
    page({ framed: false });
    expect(await readEmbedderOriginFx()).toBeNull();
  });
});
