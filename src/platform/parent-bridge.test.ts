// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { embeddingOrigin, listenToParent, parseParentAction, postToParentFx, type ParentAction } from './parent-bridge';
import { EARLY_MESSAGES_KEPT, earlyParentMessages, recordParentMessages, type ParentMessageRecord } from './early-messages';

describe('parent bridge', () => {
  it('reads click, pause and exitFullScreen actions, as objects or JSON text', () => {
    expect(parseParentAction({ type: 'click' })).toEqual({ type: 'click' });
    expect(parseParentAction('{"type":"pause","extra":1}')).toEqual({ type: 'pause' });
    expect(parseParentAction({ type: 'exitFullScreen' })).toEqual({ type: 'exitFullScreen' });
    expect([{ type: 'play' }, 'click', null, 42, { type: 1 }, '{bad'].map(parseParentAction)).toEqual([null, null, null, null, null, null]);
  });

  it('posts to the embedding origin: ancestorOrigins first, else the referrer; never a guess', () => {
    expect(embeddingOrigin(['https://site.example'], 'https://other.example/page')).toBe('https://site.example');
    expect(embeddingOrigin(undefined, 'https://site.example/watch?v=1')).toBe('https://site.example');
    expect(embeddingOrigin([], '')).toBeNull();
    expect(embeddingOrigin(['null'], 'javascript:alert(1)')).toBeNull();
  });

  it('acts only on messages whose source is the parent window', () => {
    const onAction = vi.fn();
    const stop = listenToParent(onAction);
    const parent = window.parent;
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'click' }, source: {} as Window }));
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'click' }, source: null }));
    // In a top-level page the parent is the window itself: nothing is "from the parent" then.
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'click' }, source: parent }));
    expect(onAction).not.toHaveBeenCalled();

    // Framed: the parent's messages are acted on, a sibling's are not.
    const fakeParent = { postMessage: vi.fn() } as unknown as Window;
    const sibling = { postMessage: vi.fn() } as unknown as Window;
    Object.defineProperty(window, 'parent', { value: fakeParent, configurable: true });
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'click' }, source: sibling }));
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'pause' }, source: fakeParent }));
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'unknown' }, source: fakeParent }));
    expect(onAction.mock.calls).toEqual([[{ type: 'pause' }]]);
    stop();
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'click' }, source: fakeParent }));
    expect(onAction).toHaveBeenCalledTimes(1);
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  });

  it('postToParentFx posts to the parent at the referrer origin, and nowhere without a known origin', async () => {
    const parent = window.parent;
    const fakeParent = { postMessage: vi.fn() } as unknown as Window & { postMessage: ReturnType<typeof vi.fn> };
    Object.defineProperty(window, 'parent', { value: fakeParent, configurable: true });
    Object.defineProperty(document, 'referrer', { value: '', configurable: true });
    expect(await postToParentFx({ event: 'enterFullScreen' })).toBe(false);
    Object.defineProperty(document, 'referrer', { value: 'https://site.example/film/1', configurable: true });
    expect(await postToParentFx({ event: 'exitFullScreen' })).toBe(true);
    expect(fakeParent.postMessage.mock.calls).toEqual([[{ event: 'exitFullScreen' }, 'https://site.example']]);
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  });
});

/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): each
 * row is a hostile or broken input and the outcome this unit must give.
 */
describe('parent messages', () => {
  const MESSAGE_ROWS: Array<[data: unknown, expected: ParentAction | null]> = [
    [{ type: 'click' }, { type: 'click' }],
    ['{"type":"pause"}', { type: 'pause' }],
    ['click', null],
    [42, null],
    [null, null],
    [undefined, null],
    [[{ type: 'click' }], null],
    [{ type: 1 }, null],
    [{ type: ['click'] }, null],
    [{ action: 'click' }, null],
    ['{bad json', null],
    [{ type: 'play' }, null],
    [{ type: 'seek', time: 10 }, null],
    [{ type: '__proto__' }, null],
    [{ type: 'toString' }, null],
    [{ type: 'CLICK' }, null],
    [JSON.parse('{"__proto__":{"type":"click"}}'), null],
  ];

  it.each(MESSAGE_ROWS)('data %j → %j', (data, expected) => {
    expect(parseParentAction(data)).toEqual(expected);
  });

  /** A framed page: a window whose parent is another window; messages carry `source` as browsers set it. */
  function framed(run: (parent: Window, onAction: ReturnType<typeof vi.fn>) => void) {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const win = Object.assign(new EventTarget(), { parent });
    vi.stubGlobal('window', win);
    const onAction = vi.fn();
    const stop = listenToParent(onAction);
    try {
      run(parent, onAction);
    } finally {
      stop();
      vi.unstubAllGlobals();
    }
  }
  const message = (data: unknown, source: unknown) => Object.assign(new Event('message'), { data, source });

  it('a pause the parent sent before the app listened is acted on first; a sibling\'s was never logged; the log has a cap', () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const win = Object.assign(new EventTarget(), { parent, filmPlayerParentMessages: [] as ParentMessageRecord[] });
    vi.stubGlobal('window', win);
    try {
      const stopLog = recordParentMessages(window, win.filmPlayerParentMessages);
      window.dispatchEvent(message({ type: 'pause' }, { postMessage: vi.fn() }));
      window.dispatchEvent(message({ type: 'pause' }, parent));
      window.dispatchEvent(message('{"type":"click"}', parent));
      const onAction = vi.fn();
      const stop = listenToParent(onAction);
      expect(onAction.mock.calls).toEqual([[{ type: 'pause' }], [{ type: 'click' }]]);
      window.dispatchEvent(message({ type: 'pause' }, parent));
      expect(onAction).toHaveBeenCalledTimes(3);
      stop();
      for (let i = 0; i < EARLY_MESSAGES_KEPT + 10; i++) window.dispatchEvent(message({ type: 'click' }, parent));
      expect(earlyParentMessages(window)).toHaveLength(EARLY_MESSAGES_KEPT);
      stopLog();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a sibling frame\'s {type:"pause"} → ignored', () => {
    framed((_parent, onAction) => {
      const sibling = { postMessage: vi.fn() } as unknown as Window;
      window.dispatchEvent(message({ type: 'pause' }, sibling));
      expect(onAction).not.toHaveBeenCalled();
    });
  });

  it('1000 parent messages (valid, malformed, unknown) → exactly the valid ones acted on, no throw', () => {
    framed((parent, onAction) => {
      const kinds: unknown[] = [{ type: 'click' }, { type: 'nope' }, '{bad', { type: 'pause' }, null];
      for (let i = 0; i < 1000; i += 1) window.dispatchEvent(message(kinds[i % kinds.length], parent));
      expect(onAction).toHaveBeenCalledTimes(400);
    });
  });

  it('1000 sibling messages → none acted on', () => {
    framed((_parent, onAction) => {
      const sibling = {} as Window;
      for (let i = 0; i < 1000; i += 1) window.dispatchEvent(message({ type: 'click' }, sibling));
      expect(onAction).not.toHaveBeenCalled();
    });
  });
});
