/**
 * Chapters hear playback: the engine, to listen to its chaptersTrackFound fact (or read it from a
 * source the model connected to); each source
 * request, which drops the previous episode's chapters before the new one names its own; and its
 * live region, which says when a skip button appears (a screen reader does not see it come).
 * The model itself is given playback's time, controls, start and seeks, and ads' break phase
 * (app/create-features.ts).
 */
import { sample } from 'effector';
import { STRINGS } from '../../lib/strings';
import type { Features } from '../create-features';

/** Links chapters to the features it hears; the player calls it once (app/link-features.ts). */
export function linkChapters({ playback, chapters }: Pick<Features, 'playback' | 'chapters'>): void {
  const { engineConnected, sourceAdopted, sourceRequested, statusAnnounced } = playback;
  const { chaptersCleared, chaptersTrackFound, skipOfferShown, watchChaptersTrackFx } = chapters;
  sample({ clock: engineConnected, target: watchChaptersTrackFx });
  sample({ clock: sourceAdopted.filterMap(({ chaptersTrack }) => chaptersTrack ?? undefined), target: chaptersTrackFound });
  sample({ clock: sourceRequested, fn: () => undefined, target: chaptersCleared });
  sample({
    clock: skipOfferShown,
    fn: ({ role }) => (role === 'intro' ? STRINGS.announceSkipIntro : STRINGS.announceSkipRecap),
    target: statusAnnounced,
  });
}
