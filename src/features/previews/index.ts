import './links';
export { thumbnailTrackFound, previewWanted, trackCleared, $trackUrl, $previewAvailable, $thumbnailCues, parseTrackFx } from './model';
