/**
 * The autoplay rule (lib/autoplay.ts says why), applied by the media stack alone: the content's
 * engine (`MediaEngine.play`) and the ad's element (ad-video.ts).
 */
import { isPlayRefusal, type AutoplayResult } from '../lib/autoplay';

/** Something that plays and can be muted: the engine, or the ad's element. */
export interface Playable {
  play(): Promise<void>;
  setMuted(muted: boolean): void;
}

export interface PlayOrMuteOptions {
  /** The media is muted already (the viewer's choice): a refusal then is final. */
  muted: boolean;
  /** Asked before the muted try; false gives the decision up (null). The page's start gives way once the app starts. */
  mayRetry?: () => boolean;
  /** Told the moment the media is muted for the browser, before its muted play settles. */
  onMuted?: () => void;
}

/**
 * Plays with sound; when the browser refuses sound, mutes and plays again (video.js's
 * `autoplay: 'any'`); refused muted too, it takes the mute back. Resolves with the outcome
 * (null: given up, nothing changed); rejects only with an error that is no refusal.
 */
export async function playOrMute(media: Playable, { muted, mayRetry = () => true, onMuted }: PlayOrMuteOptions): Promise<AutoplayResult | null> {
  try {
    await media.play();
    return 'sound';
  } catch (error) {
    if (!isPlayRefusal(error)) throw error;
    if (muted) return 'blocked';
    if (!mayRetry()) return null;
  }
  media.setMuted(true);
  onMuted?.();
  try {
    await media.play();
    return 'muted';
  } catch (error) {
    // Nothing plays: the mute was not the viewer's, and a click will play with sound.
    media.setMuted(false);
    if (!isPlayRefusal(error)) throw error;
    return 'blocked';
  }
}
