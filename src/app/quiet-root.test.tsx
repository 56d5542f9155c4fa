// @vitest-environment happy-dom
/** quiet-root.ts: React's root hears the viewer's events, and no media event of the videos inside. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withoutMediaListeners } from './quiet-root';

const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
afterEach(() => {
  delete actFlag.IS_REACT_ACT_ENVIRONMENT;
  document.body.replaceChildren();
});

describe("the app's React root", () => {
  it('takes no listener for a media event, and its views still hear clicks', async () => {
    actFlag.IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    document.body.append(container);
    const registered: string[] = [];
    const add: EventTarget['addEventListener'] = container.addEventListener.bind(container);
    container.addEventListener = (type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) => {
      registered.push(type);
      add(type, listener, options);
    };
    const clicked = vi.fn();
    const root = createRoot(withoutMediaListeners(container));
    act(() => root.render(<button type="button" onClick={clicked}>Смотреть</button>));
    expect(registered).toContain('click');
    expect(registered).not.toContain('timeupdate');
    expect(registered).not.toContain('progress');
    // What an <img> fires too is still heard.
    expect(registered).toContain('error');
    await act(async () => container.querySelector('button')!.click());
    expect(clicked).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });
});
