/**
 * Wireless playback: AirPlay through Safari's playback target picker, and casting through the
 * Remote Playback API (Chromium's Cast). Each reports whether a device is reachable, so the
 * button shows only when there is somewhere to play to.
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

/** Calls `onChange` whenever a Cast or AirPlay target appears or disappears. */
export function watchRemoteAvailability(video: HTMLVideoElement, onChange: (availability: RemoteAvailability) => void): () => void {
  const state: RemoteAvailability = { cast: false, airplay: false };
  const report = () => onChange({ ...state });
  const cleanups: Array<() => void> = [];

  const playback = remote(video);
  if (playback && !video.disableRemotePlayback) {
    let watchId: number | null = null;
    playback
      .watchAvailability((available) => {
        state.cast = available;
        report();
      })
      .then((id) => (watchId = id))
      // NotSupportedError: no discovery on this device (e.g. desktop without Cast); stays hidden.
      .catch(() => undefined);
    cleanups.push(() => {
      if (watchId !== null) playback.cancelWatchAvailability(watchId).catch(() => undefined);
    });
  }

  if (typeof airplay(video).webkitShowPlaybackTargetPicker === 'function' && 'WebKitPlaybackTargetAvailabilityEvent' in window) {
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

/** Opens the device picker: AirPlay's where it is available, else the Remote Playback prompt. */
export async function promptRemotePlayback(video: HTMLVideoElement, prefer: 'airplay' | 'cast'): Promise<void> {
  const picker = airplay(video).webkitShowPlaybackTargetPicker;
  if (prefer === 'airplay' && picker) {
    picker.call(video);
    return;
  }
  await remote(video)?.prompt();
}
