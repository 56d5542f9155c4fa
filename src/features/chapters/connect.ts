/**
 * Chapters hear playback: the engine, to listen to its chaptersTrackFound fact; each source
 * request, which drops the previous episode's chapters before the new one names its own; and its
 * live region, which says when a skip button appears (a screen reader does not see it come).
 * The model itself reads playback's time, controls, start and seeks, and ads' break phase.
 */
import { sample } from 'effector';
import { STRINGS } from '../../lib/strings';
import { engineAttached, sourceRequested, statusAnnounced } from '../playback';
import { chaptersCleared, skipOfferShown, watchEngineFx } from './model';
import { connector } from '../../lib/connector';

/** Connects chapters to the features it hears; once (app/connect-features.ts). */
export const connectChapters = connector(() => {
  sample({ clock: engineAttached, target: watchEngineFx });
  sample({ clock: sourceRequested, fn: () => undefined, target: chaptersCleared });
  sample({
    clock: skipOfferShown,
    fn: ({ role }) => (role === 'intro' ? STRINGS.announceSkipIntro : STRINGS.announceSkipRecap),
    target: statusAnnounced,
  });
});
