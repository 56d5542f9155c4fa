import type { CSSProperties, KeyboardEvent } from 'react';
import { useUnit } from 'effector-react';
import type { PlaybackModel } from '..';
import { STRINGS } from '../../../lib/strings';
import { VolumeHighIcon, VolumeLowIcon, VolumeMutedIcon } from '../../../ui/player-icons';
import { KEY_SHORTCUTS } from '../keyboard';

const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
/** The slider's own keys move the volume; they must not also reach the player's shortcuts. */
const keepSliderKeys = (event: KeyboardEvent<HTMLInputElement>) => {
  if (SLIDER_KEYS.has(event.key)) event.stopPropagation();
};

/** The mute toggle, plus a 0–1 slider (step 0.05) where the volume can be set. */
export function VolumeControl({ model, compact = false }: { model: PlaybackModel; compact?: boolean }) {
  const { volume, muted, settable, onToggle, onSet } = useUnit({
    volume: model.$sliderVolume,
    muted: model.$muted,
    settable: model.$volumeSettable,
    onToggle: model.muteToggled,
    onSet: model.volumeSet,
  });
  const silent = muted || volume === 0;
  const Icon = silent ? VolumeMutedIcon : volume < 0.5 ? VolumeLowIcon : VolumeHighIcon;
  const shown = muted ? 0 : volume;
  return (
    <div className="volume" data-testid="volume">
      <button
        type="button"
        className="control"
        aria-label={silent ? STRINGS.unmute : STRINGS.mute}
        aria-keyshortcuts={KEY_SHORTCUTS.mute}
        data-tip={silent ? STRINGS.unmute : STRINGS.mute}
        data-testid="mute-toggle"
        onClick={() => onToggle()}
      >
        <Icon />
      </button>
      {settable && !compact && (
        <div className="volume__slider-box">
          <input
            className="volume__slider"
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={shown}
            aria-label={STRINGS.volume}
            aria-valuetext={`${Math.round(shown * 100)}%`}
            aria-keyshortcuts={KEY_SHORTCUTS.volume}
            data-testid="volume-slider"
            style={{ '--fill': `${shown * 100}%` } as CSSProperties}
            onChange={(event) => onSet(event.currentTarget.value)}
            onKeyDown={keepSliderKeys}
          />
        </div>
      )}
    </div>
  );
}
