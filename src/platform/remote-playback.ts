/**
 * Wireless playback, by feature detection (never by user agent): AirPlay through Safari's playback
 * target picker (`webkitShowPlaybackTargetPicker`, with its availability event), and casting
 * through the Remote Playback API (`video.remote`: Chromium's Cast; Safari backs it with AirPlay).
 * Each reports whether a device is reachable, so the button shows only when there is somewhere to
 * play to. Firefox and WebKitGTK have neither: nothing is watched and the button stays hidden.
 * `disableRemotePlayback` on the element turns both off.
 */

export interface RemoteAvailability {
  /** A Remote Playback (Cast) device is reachable. */
  cast: boolean;
  /** An AirPlay target is reachable. */
  airplay: boolean;
}

interface AirPlayVideo {
  webkitShowPlaybackTargetPicker?: () => void;
  webkitCurrentPlaybackTargetIsWireless?: boolean;
}

interface AirPlayAvailabilityEvent extends Event {
  availability?: string;
}

const airplay = (video: HTMLVideoElement) => video as HTMLVideoElement & AirPlayVideo;

function remote(video: HTMLVideoElement): RemotePlayback | null {
  return 'remote' in video && video.remote ? video.remote : null;
}

/** The Remote Playback API where the element has it and lets the page watch for devices. */
export function castApi(video: HTMLVideoElement): RemotePlayback | null {
  const playback = remote(video);
  if (!playback || video.disableRemotePlayback === true || typeof playback.watchAvailability !== 'function') return null;
  return playback;
}

/** AirPlay's picker where the element has it and the page can hear when a target appears. */
export function airPlaySupported(video: HTMLVideoElement): boolean {
  return (
    video.disableRemotePlayback !== true &&
    typeof airplay(video).webkitShowPlaybackTargetPicker === 'function' &&
    typeof window !== 'undefined' &&
    'WebKitPlaybackTargetAvailabilityEvent' in window
  );
}

/** Calls `onChange` whenever a Cast or AirPlay target appears or disappears. */
export function watchRemoteAvailability(video: HTMLVideoElement, onChange: (availability: RemoteAvailability) => void): () => void {
  const state: RemoteAvailability = { cast: false, airplay: false };
  const report = () => onChange({ ...state });
  const cleanups: Array<() => void> = [];

  const playback = castApi(video);
  if (playback) {
    let watchId: number | null = null;
    let stopped = false;
    const onAvailability = (available: boolean) => {
      if (stopped) return;
      state.cast = available;
      report();
    };
    let watching: Promise<number>;
    try {
      watching = playback.watchAvailability(onAvailability);
    } catch (error) {
      watching = Promise.reject(error);
    }
    watching
      .then((id) => {
        watchId = id;
        if (stopped) playback.cancelWatchAvailability(id).catch(() => undefined);
      })
      // NotSupportedError: no discovery on this device (e.g. desktop without Cast); stays hidden.
      .catch(() => undefined);
    cleanups.push(() => {
      stopped = true;
      if (watchId !== null) playback.cancelWatchAvailability(watchId).catch(() => undefined);
    });
  }

  if (airPlaySupported(video)) {
    const onAvailability = (event: Event) => {
      state.airplay = (event as AirPlayAvailabilityEvent).availability === 'available';
      report();
    };
    video.addEventListener('webkitplaybacktargetavailabilitychanged', onAvailability);
    cleanups.push(() => video.removeEventListener('webkitplaybacktargetavailabilitychanged', onAvailability));
  }

  return () => cleanups.forEach((cleanup) => cleanup());
}

/** Calls `onChange` with true while the video plays on a remote device (Cast or AirPlay). */
export function watchCasting(video: HTMLVideoElement, onChange: (casting: boolean) => void): () => void {
  const playback = remote(video);
  const report = () =>
    onChange(
      (playback !== null && playback.state !== 'disconnected') || Boolean(airplay(video).webkitCurrentPlaybackTargetIsWireless),
    );
  const remoteEvents = ['connecting', 'connect', 'disconnect'];
  for (const name of remoteEvents) playback?.addEventListener(name, report);
  video.addEventListener('webkitcurrentplaybacktargetiswirelesschanged', report);
  return () => {
    for (const name of remoteEvents) playback?.removeEventListener(name, report);
    video.removeEventListener('webkitcurrentplaybacktargetiswirelesschanged', report);
  };
}

/**
 * Opens the device picker: AirPlay's when preferred and there, else the Remote Playback prompt,
 * else AirPlay's. Rejects where the element has neither (or the browser refuses the prompt).
 */
export async function promptRemotePlayback(video: HTMLVideoElement, prefer: 'airplay' | 'cast'): Promise<void> {
  const picker = airplay(video).webkitShowPlaybackTargetPicker;
  const canPick = typeof picker === 'function';
  if (prefer === 'airplay' && canPick) {
    picker.call(video);
    return;
  }
  const playback = remote(video);
  if (playback && typeof playback.prompt === 'function') {
    await playback.prompt();
    return;
  }
  if (canPick) {
    picker.call(video);
    return;
  }
  throw new Error('Remote playback is not supported here');
}
