// @vitest-environment happy-dom
/**
 * The mobile layout's bottom row (SPEC.md §2: volume, the seek slider, fullscreen), rendered in a
 * scope of its own. Its volume is the mute toggle alone: the row has no room for a level slider,
 * and a phone sets the level with its own keys.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { allSettled, fork } from 'effector';
import { Provider } from 'effector-react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScriptedEngine } from '../../../engine/scripted-engine';
import { STRINGS } from '../../../lib/strings';
import { $engine } from '../model';
import { $muted, $volume, mediaVolumeChanged } from '../volume';
import { MobileControls } from './controls';

const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let root: Root;
let host: HTMLElement;

beforeEach(() => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  delete actFlag.IS_REACT_ACT_ENVIRONMENT;
});

describe('the mobile bottom row', () => {
  it('holds the mute toggle and no level slider; the toggle is labelled by the mute state and asks the engine to flip it', async () => {
    const engine = createScriptedEngine();
    const scope = fork({ values: [[$engine, engine], [$muted, true], [$volume, 0.6]] });
    act(() =>
      root.render(
        <Provider value={scope}>
          <MobileControls />
        </Provider>,
      ),
    );

    const row = host.querySelector('[data-testid="mobile-bottom-row"]')!;
    expect(host.querySelectorAll('[data-testid="mute-toggle"]')).toHaveLength(1);
    const toggle = row.querySelector<HTMLButtonElement>('[data-testid="mute-toggle"]')!;
    expect(toggle.getAttribute('aria-label')).toBe(STRINGS.unmute);
    expect(host.querySelector('[data-testid="volume-slider"]')).toBeNull();

    await act(async () => toggle.click());
    expect(engine.calls).toEqual([{ command: 'setMuted', args: [false] }]);

    // The label follows the media's report, not the tap.
    await act(() => allSettled(mediaVolumeChanged, { scope, params: { volume: 0.6, muted: false } }));
    expect(toggle.getAttribute('aria-label')).toBe(STRINGS.mute);
  });
});
