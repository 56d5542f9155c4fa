import type { EpisodeDto } from '../../api/dto';
import { isWatchedToEnd } from '../../lib/watched';

const seasonOrder = (episode: EpisodeDto) => episode.season?.order ?? 0;

/** Episodes in viewing order: by season order, then episode order (SPEC.md §4). */
export function sortEpisodes(episodes: readonly EpisodeDto[]): EpisodeDto[] {
  return [...episodes].sort((a, b) => seasonOrder(a) - seasonOrder(b) || a.order - b.order);
}

export interface EpisodeRequest {
  episodeId: number | null;
  season: number | null;
  episode: number | null;
}

/**
 * Completed for the episode choice: the catalogue says so, or the viewer watched it to within the
 * finish margin on this device (its saved position; lib/watched.ts). A viewer who is not signed
 * in, or whose site does not mark completion, continues where they left the series.
 */
function isCompletedHere(episode: EpisodeDto, saved: Readonly<Record<string, number>>): boolean {
  return episode.isCompleted || isWatchedToEnd(saved[String(episode.id)], episode.duration);
}

/**
 * The episode to open, by the rules of SPEC.md §2 in order: episode_id; season and episode
 * order; the first episode not completed (by the catalogue or on this device: `saved`, the
 * sanitised `episodesTimeProgress`); the first episode. A request that names no existing episode
 * falls through to the next rule. The page's early start applies the same function.
 */
export function chooseEpisode(episodes: readonly EpisodeDto[], request: EpisodeRequest, saved: Readonly<Record<string, number>> = {}): EpisodeDto | null {
  const ordered = sortEpisodes(episodes);
  const byId = request.episodeId !== null ? ordered.find((e) => e.id === request.episodeId) : undefined;
  const byOrder =
    request.season !== null
      ? ordered.find((e) => seasonOrder(e) === request.season && e.order === (request.episode ?? 1))
      : undefined;
  return byId ?? byOrder ?? ordered.find((e) => !isCompletedHere(e, saved)) ?? ordered[0] ?? null;
}

/** The episode after this one in viewing order, or null after the last. */
export function nextEpisode(episodes: readonly EpisodeDto[], current: EpisodeDto | null): EpisodeDto | null {
  if (!current) return null;
  const ordered = sortEpisodes(episodes);
  const index = ordered.findIndex((e) => e.id === current.id);
  return index >= 0 ? (ordered[index + 1] ?? null) : null;
}

/** The absolute address of an episode's master playlist, or null when it has none (or a bad one). */
export function masterUrl(episode: EpisodeDto, baseUrl: string): string | null {
  if (episode.m3u8MasterFilePath === null) return null;
  try {
    return new URL(episode.m3u8MasterFilePath, `${baseUrl}/`).href;
  } catch {
    return null;
  }
}
