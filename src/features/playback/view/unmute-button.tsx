import { useUnit } from 'effector-react';
import type { PlaybackModel } from '..';
import { STRINGS } from '../../../lib/strings';
import { VolumeMutedIcon } from '../../../ui/player-icons';

/**
 * 'Включить звук' over the picture (and over an ad) while the browser, not the viewer, has the
 * player muted. Always shown, whatever the controls do: a viewer who does not see it hears nothing.
 */
export function UnmuteButton({ model }: { model: PlaybackModel }) {
  const { offered, onUnmute } = useUnit({ offered: model.$unmuteOffered, onUnmute: model.unmuteClicked });
  if (!offered) return null;
  return (
    <button type="button" className="player__unmute" data-testid="autoplay-unmute" onClick={() => onUnmute()}>
      <VolumeMutedIcon />
      <span>{STRINGS.unmute}</span>
    </button>
  );
}
