import { useUnit } from 'effector-react';
import { STRINGS } from '../../../lib/strings';
import { cleanTitle } from '../../../lib/title';
import { CloseIcon } from '../../../ui/player-icons';
import { PlayIcon } from '../../../ui/icons';
import type { PlaybackModel } from '../../playback';
import type { SeriesModel } from '../model';
import { Poster } from './series-menu';

/** The end-of-episode card: the next episode, a countdown, play now, close; at the credits, 'Смотреть титры' too. */
export function FinishEpisodeCard({ model, playback }: { model: SeriesModel; playback: PlaybackModel }) {
  const u = useUnit({
    shown: model.$finishWindowShown,
    next: model.$nextEpisode,
    poster: model.$nextEpisodePoster,
    countdown: model.$finishCountdown,
    trigger: model.$finishTrigger,
    mobile: playback.$mobileLayout,
    onNext: model.finishWindowNextClicked,
    onClose: model.finishWindowClosed,
    onWatchCredits: model.finishWindowCreditsClicked,
  });
  if (!u.shown || !u.next) return null;
  const number = STRINGS.seriesEpisode(u.next.season?.order ?? 1, u.next.order);
  return (
    <section
      className={`finish-card finish-card--${u.mobile ? 'mobile' : 'desktop'}`}
      aria-label={STRINGS.nextEpisode}
      data-testid="finish-card"
      data-trigger={u.trigger ?? undefined}
    >
      <div className="finish-card__top">
        <span className="finish-card__heading">{STRINGS.nextEpisode}</span>
        <span className="finish-card__countdown" data-testid="finish-countdown" aria-live="off">
          {STRINGS.finishCountdown(u.countdown)}
        </span>
        <button type="button" className="finish-card__close" aria-label={STRINGS.close} data-testid="finish-close" onClick={() => u.onClose()}>
          <CloseIcon />
        </button>
      </div>
      <button type="button" className="finish-card__next" data-testid="finish-next" onClick={() => u.onNext()}>
        <span className="finish-card__thumb">
          <Poster src={u.poster} />
          <span className="finish-card__play" aria-hidden="true">
            <PlayIcon />
          </span>
        </span>
        <span className="finish-card__text">
          <span className="finish-card__number">{number}</span>
          <span className="finish-card__title">{cleanTitle(u.next.title)}</span>
          <span className="finish-card__watch">{STRINGS.watchNow}</span>
        </span>
      </button>
      {u.trigger === 'credits' && (
        <button type="button" className="finish-card__credits" data-testid="watch-credits" onClick={() => u.onWatchCredits()}>
          {STRINGS.watchCredits}
        </button>
      )}
    </section>
  );
}
