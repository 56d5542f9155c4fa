import { useUnit } from 'effector-react';
import { STRINGS } from '../../../lib/strings';
import type { PlaybackModel } from '../../playback';
import type { ChaptersModel } from '../index';
import './chapters.css';

/**
 * 'Пропустить заставку' / 'Пропустить пересказ', above the control bar at the right while the
 * playhead is in an intro or a recap. A real button: Tab reaches it, Enter and Space press it; its
 * appearance is said by playback's live region. When the model has it off screen it fades as the
 * controls do, and visibility: hidden takes it out of the tab order meanwhile.
 */
export function SkipChapterButton({ model, playback }: { model: ChaptersModel; playback: PlaybackModel }) {
  const { offer, shown, mobile, onSkip } = useUnit({ offer: model.$skipOffer, shown: model.$skipButtonShown, mobile: playback.$mobileLayout, onSkip: model.skipChapterClicked });
  if (!offer) return null;
  return (
    <button
      type="button"
      className={`skip-chapter skip-chapter--${mobile ? 'mobile' : 'desktop'}`}
      data-shown={shown ? 'true' : 'false'}
      data-role={offer.role}
      data-testid="skip-chapter"
      onClick={() => onSkip()}
    >
      {offer.role === 'intro' ? STRINGS.skipIntro : STRINGS.skipRecap}
    </button>
  );
}
