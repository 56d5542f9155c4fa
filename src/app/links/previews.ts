/**
 * Previews hear playback: the engine, to listen to its thumbnailTrackFound fact (or read it from a
 * source the model connected to), and each source
 * request, which drops the previous stream's track before the new one is named.
 */
import { engineConnected, sourceAdopted, sourceRequested } from '../../features/playback';
import { thumbnailTrackFound, trackCleared, watchThumbnailTrackFx } from '../../features/previews';
import { sample } from 'effector';

/** Links previews to the features it hears; the player calls it once (app/link-features.ts). */
export function linkPreviews(): void {
  sample({ clock: engineConnected, target: watchThumbnailTrackFx });
  sample({ clock: sourceAdopted.filterMap(({ thumbnailTrack }) => thumbnailTrack ?? undefined), target: thumbnailTrackFound });
  sample({ clock: sourceRequested, target: trackCleared });
}
