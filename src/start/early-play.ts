/**
 * The start episode's plan before the app: the one start rule (`planStart`) over the same inputs
 * the models have (the early answers, the stored progress and mute). The entry plays the content
 * itself only when the plan plays it at once (no pre-roll, no resume prompt, autoplay on); the
 * model then adopts the plan and the outcome instead of deciding again.
 */
import type { AdListDto, EpisodeDto } from '../api/dto';
import { planAds } from '../features/ads/sources';
import { planStart, sanitizeProgress, type StartPlan } from '../features/progress/start';
import type { PlayerConfig } from '../features/session/config';

export interface EarlyPlayInput {
  config: Pick<PlayerConfig, 'autoPlay' | 'advert' | 'adListUrl' | 'baseUrl' | 'startTime' | 'episodeTime'>;
  episode: Pick<EpisodeDto, 'id' | 'duration'>;
  /** The ad list as the model will hold it; undefined while the early answer does not settle it. */
  adList: AdListDto | null | undefined;
  /** The stored `episodesTimeProgress` value, as read. */
  storedProgress: unknown;
  /** The viewer's stored mute. */
  muted: boolean;
}

/**
 * Whether a pre-roll comes first, by the same ad plan the model makes: null when none does (or
 * the ad list does not settle it yet); else its first document's address, which the ads model
 * asks for first (null when that candidate is inline XML).
 */
export function earlyPreroll({ config, adList }: Pick<EarlyPlayInput, 'config' | 'adList'>): { vastUrl: string | null } | null {
  if (adList === undefined) return null;
  const first = planAds({ adList, adListUrl: config.adListUrl, advert: config.advert, baseUrl: config.baseUrl }).preroll[0]?.candidates[0];
  if (!first) return null;
  return { vastUrl: 'url' in first ? first.url : null };
}

/** The start episode's plan; null while the ad list does not settle it. */
export function planEarlyStart({ config, episode, adList, storedProgress, muted }: EarlyPlayInput): StartPlan | null {
  if (adList === undefined) return null;
  const preroll = planAds({ adList, adListUrl: config.adListUrl, advert: config.advert, baseUrl: config.baseUrl }).preroll.length > 0;
  return planStart({
    choice: 'start',
    episodeId: episode.id,
    duration: episode.duration,
    startTime: config.startTime,
    episodeTime: config.episodeTime,
    saved: sanitizeProgress(storedProgress),
    autoPlay: config.autoPlay,
    preroll,
    muted,
  });
}

/** The plan plays the content at once: autoplay, no pre-roll first, no resume prompt. */
export function playsAtOnce(plan: StartPlan | null): plan is StartPlan {
  return plan !== null && plan.play !== 'click' && !plan.preroll;
}

/**
 * The plan once the viewer asked to play before the app: it plays as autoplay would, the pre-roll
 * first, with sound unless the viewer left the player muted. A resume prompt stays: its question is
 * the viewer's to answer, and the app asks it.
 */
export function planForViewer(plan: StartPlan, muted: boolean): StartPlan {
  if (plan.play !== 'click' || plan.resumeAt !== null) return plan;
  return { ...plan, play: muted ? 'muted' : 'sound' };
}

/**
 * The page waits for the viewer's click and its shell can play the content itself then: no
 * pre-roll, no resume prompt (each needs the app).
 */
export function waitsForViewer(plan: StartPlan | null): plan is StartPlan {
  return plan !== null && plan.play === 'click' && plan.resumeAt === null && !plan.preroll;
}
