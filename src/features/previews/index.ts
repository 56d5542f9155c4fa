export { previewWanted, $trackUrl, $previewAvailable, $thumbnailCues } from './model';
export { connectPreviews } from './connect';
