// @vitest-environment happy-dom
/**
 * The mobile layout's bottom row (SPEC.md §2: volume, the seek slider, fullscreen), rendered in a
 * scope of its own. Its volume is the mute toggle alone: the row has no room for a level slider,
 * and a phone sets the level with its own keys.
 */
import { act } from 'react';
import { allSettled, fork } from 'effector';
import { Provider } from 'effector-react';
import { describe, expect, it } from 'vitest';
import { useReactRoot } from '../../../test-support/react-root';
import { createScriptedEngine } from '../../../engine/scripted-engine';
import { STRINGS } from '../../../lib/strings';
import { MobileControls } from './controls';
import { createPlayback } from '..';
import { linked } from '../../../test-support/linked';

// Playback, built by its factory as the player builds it.
const playback = linked(createPlayback);
const { $engineKey, $muted, $volume, mediaVolumeChanged } = playback;

const view = useReactRoot();

describe('the mobile bottom row', () => {
  it('holds the mute toggle and no level slider; the toggle is labelled by the mute state and asks the engine to flip it', async () => {
    const engine = createScriptedEngine();
    const scope = fork({ values: [[$engineKey, engine.key], [$muted, true], [$volume, 0.6]] });
    act(() =>
      view.root().render(
        <Provider value={scope}>
          <MobileControls model={playback} />
        </Provider>,
      ),
    );

    const row = view.host().querySelector('[data-testid="mobile-bottom-row"]')!;
    expect(view.host().querySelectorAll('[data-testid="mute-toggle"]')).toHaveLength(1);
    const toggle = row.querySelector<HTMLButtonElement>('[data-testid="mute-toggle"]')!;
    expect(toggle.getAttribute('aria-label')).toBe(STRINGS.unmute);
    expect(view.host().querySelector('[data-testid="volume-slider"]')).toBeNull();

    await act(async () => toggle.click());
    expect(engine.calls).toEqual([{ command: 'setMuted', args: [false] }]);

    // The label follows the media's report, not the tap.
    await act(() => allSettled(mediaVolumeChanged, { scope, params: { volume: 0.6, muted: false } }));
    expect(toggle.getAttribute('aria-label')).toBe(STRINGS.mute);
  });
});
