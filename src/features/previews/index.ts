import './links';
export { previewWanted, $trackUrl, $previewAvailable, $thumbnailCues } from './model';
