/**
 * Previews hear playback: the engine, to listen to its thumbnailTrackFound fact, and each source
 * request, which drops the previous stream's track before the new one is named.
 */
import { engineAttached, sourceRequested } from '../playback';
import { trackCleared, watchEngineFx } from './model';
import { sample } from 'effector';
import { connector } from '../../lib/connector';

/** Connects previews to the features it hears; once (app/connect-features.ts). */
export const connectPreviews = connector(() => {
  sample({ clock: engineAttached, target: watchEngineFx });
  sample({ clock: sourceRequested, target: trackCleared });
});
