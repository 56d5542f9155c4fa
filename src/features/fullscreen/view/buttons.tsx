import { useUnit } from 'effector-react';
import { STRINGS } from '../../../lib/strings';
import { KEY_SHORTCUTS } from '../../playback';
import { AirPlayIcon, CastIcon, CloseIcon, FullscreenExitIcon, FullscreenIcon, PipIcon } from '../../../ui/player-icons';
import type { FullscreenModel } from '../model';

export function FullscreenButton({ model }: { model: FullscreenModel }) {
  const { fullscreen, onClick } = useUnit({ fullscreen: model.$fullscreen, onClick: model.fullscreenClicked });
  const label = fullscreen ? STRINGS.fullscreenExit : STRINGS.fullscreenEnter;
  return (
    <button
      type="button"
      className="control control--edge"
      aria-label={label}
      aria-keyshortcuts={KEY_SHORTCUTS.fullscreen}
      data-tip={label}
      data-testid="fullscreen-button"
      onClick={() => onClick()}
    >
      {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
    </button>
  );
}

/** Picture-in-picture; hidden where the browser has none. */
export function PipButton({ model }: { model: FullscreenModel }) {
  const { supported, pip, onClick } = useUnit({ supported: model.$pipSupported, pip: model.$pip, onClick: model.pipClicked });
  if (!supported) return null;
  const label = pip ? STRINGS.pipExit : STRINGS.pipEnter;
  return (
    <button type="button" className="control" aria-label={label} aria-pressed={pip} data-tip={label} data-testid="pip-button" onClick={() => onClick()}>
      <PipIcon />
    </button>
  );
}

/** Wireless playback (AirPlay or Cast); shown only while a device is reachable. */
export function CastButton({ model }: { model: FullscreenModel }) {
  const { available, availability, onClick } = useUnit({ available: model.$castAvailable, availability: model.$remoteAvailability, onClick: model.castClicked });
  if (!available) return null;
  return (
    <button type="button" className="control" aria-label={STRINGS.castToTv} data-tip={STRINGS.castToTv} data-testid="cast-button" onClick={() => onClick()}>
      {availability.airplay ? <AirPlayIcon /> : <CastIcon />}
    </button>
  );
}

/** Leaves the parent-stretched mode (mobile top row); shown only while stretched. */
export function StretchedCloseButton({ model }: { model: FullscreenModel }) {
  const { stretched, onClick } = useUnit({ stretched: model.$stretched, onClick: model.stretchedCloseClicked });
  if (!stretched) return null;
  return (
    <button type="button" className="control" aria-label={STRINGS.close} data-testid="stretched-close" onClick={() => onClick()}>
      <CloseIcon />
    </button>
  );
}
