/**
 * Whether the entry may start the content itself, before the app is evaluated: only when the app's
 * model would play it as soon as its source is ready, with the same rules (the start decision,
 * the ad plan) over the same inputs (the early answers, the stored progress). The model then takes
 * a stream that already plays, and the viewer sees the first frame one app evaluation sooner.
 */
import type { AdListDto, EpisodeDto } from '../api/dto';
import { planAds } from '../features/ads/sources';
import { decideStart, sanitizeProgress } from '../features/progress/start';
import type { PlayerConfig } from '../features/session/config';

export interface EarlyPlayInput {
  config: Pick<PlayerConfig, 'autoPlay' | 'advert' | 'adListUrl' | 'baseUrl' | 'startTime' | 'episodeTime'>;
  episode: Pick<EpisodeDto, 'id' | 'duration'>;
  /** The ad list as the model will hold it; undefined while the early answer does not settle it. */
  adList: AdListDto | null | undefined;
  /** The stored `episodesTimeProgress` value, as read. */
  storedProgress: unknown;
}

/** Autoplay on, no pre-roll due, no resume prompt (without one, the start is `t` or 0, as preloaded). */
export function playsAtOnce({ config, episode, adList, storedProgress }: EarlyPlayInput): boolean {
  if (!config.autoPlay || adList === undefined) return false;
  if (planAds({ adList, adListUrl: config.adListUrl, advert: config.advert, baseUrl: config.baseUrl }).preroll.length > 0) return false;
  const decision = decideStart({
    choice: 'start',
    episodeId: episode.id,
    duration: episode.duration,
    startTime: config.startTime,
    episodeTime: config.episodeTime,
    saved: sanitizeProgress(storedProgress),
  });
  return decision.resumeAt === null && (decision.autoplay ?? config.autoPlay);
}
