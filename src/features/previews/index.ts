export { previewWanted, $thumbnailTrackUrl, $previewAvailable, $thumbnailCues } from './model';
export { connectPreviews } from './connect';
