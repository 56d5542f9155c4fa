import type { ContentDto, EpisodeDto } from '../../api/dto';
import { STRINGS } from '../../lib/strings';
import { cleanTitle } from '../../lib/title';

/** The player title: the film's title, or 'N сезон, M серия. title' for a series (SPEC.md §2). */
export function playerTitle(content: ContentDto | null, episode: EpisodeDto | null): string {
  if (!content) return '';
  if (!content.hasMultipleEpisodes || !episode) return content.title;
  const title = cleanTitle(episode.title) || content.title;
  return STRINGS.seriesTitle(episode.season?.order ?? 1, episode.order, title);
}
