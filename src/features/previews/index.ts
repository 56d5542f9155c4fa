export { thumbnailTrackFound, trackCleared, watchThumbnailTrackFx, previewWanted, $thumbnailTrackUrl, $previewAvailable, $thumbnailCues } from './model';
