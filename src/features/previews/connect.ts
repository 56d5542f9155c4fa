/**
 * Previews hear playback: the engine, to listen to its thumbnailTrackFound fact (or read it from a
 * source the model connected to), and each source
 * request, which drops the previous stream's track before the new one is named.
 */
import { engineConnected, sourceAdopted, sourceRequested } from '../playback';
import { thumbnailTrackFound, trackCleared, watchThumbnailTrackFx } from './model';
import { sample } from 'effector';
import { connector } from '../../lib/connector';

/** Connects previews to the features it hears; once (app/connect-features.ts). */
export const connectPreviews = connector(() => {
  sample({ clock: engineConnected, target: watchThumbnailTrackFx });
  sample({ clock: sourceAdopted.filterMap(({ thumbnailTrack }) => thumbnailTrack ?? undefined), target: thumbnailTrackFound });
  sample({ clock: sourceRequested, target: trackCleared });
});
