/** What the player reads from a VAST document (SPEC.md §3 "Parsed ad"). Times in seconds. */

export interface VastMediaFile {
  url: string;
  /** MIME type, e.g. video/mp4. */
  type: string;
  width: number;
  height: number;
  codec: string | null;
}

/** A progress tracking link and the ad time at which it fires (once). */
export interface VastProgressTracker {
  offset: number;
  url: string;
}

export interface ParsedAd {
  /** The creativeId parameter of the VAST link, if any. */
  id: string | null;
  /** Seconds into the ad when skipping becomes possible; null for a non-skippable ad. */
  skipOffset: number | null;
  /** The ad's declared duration, or null when the document has none. */
  duration: number | null;
  /** Every complete media file (width, height, url and type present), in document order. */
  mediaFiles: VastMediaFile[];
  /** The first complete media file the browser can play. */
  mediaFile: VastMediaFile;
  /** Impression links, the wrappers' first. */
  impressions: string[];
  /** Error links (may hold [ERRORCODE]), the wrappers' first. */
  errors: string[];
  clickThrough: string | null;
  clickTracking: string[];
  /** Tracking links by VAST event name (start, firstQuartile, progress, …), the inline ad's first. */
  tracking: Record<string, string[]>;
  /** The first progress tracker's offset (SPEC.md §3); every tracker is in `progress`. */
  progressOffset: number | null;
  progress: VastProgressTracker[];
}

/** Parses XML text into a DOM Document: DOMParser in the browser, @xmldom/xmldom in Node. Throws on malformed XML. */
export type XmlParser = (text: string) => Document;

/** HTMLMediaElement.canPlayType, or a stand-in outside the browser: '' means no. */
export type CanPlayType = (mimeType: string) => string;
