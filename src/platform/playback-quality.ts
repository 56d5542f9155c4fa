/** Frame counters of a video element (getVideoPlaybackQuality), for the frame-rate drop event. */

export interface FrameCounts {
  droppedFrames: number;
  totalFrames: number;
}

interface QualitySource {
  getVideoPlaybackQuality?: () => { droppedVideoFrames: number; totalVideoFrames: number };
}

/** The element's frame counters, or null where the browser has no playback quality API. */
export function readFrameCounts(video: QualitySource | null): FrameCounts | null {
  try {
    const quality = video?.getVideoPlaybackQuality?.();
    return quality ? { droppedFrames: quality.droppedVideoFrames, totalFrames: quality.totalVideoFrames } : null;
  } catch {
    return null;
  }
}
