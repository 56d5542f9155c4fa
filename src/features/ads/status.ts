/** The ad status machine of SPEC.md §4, as a pure function of (status, fact). */

export enum AdStatus {
  Created = 'CREATED',
  Loaded = 'LOADED',
  Started = 'STARTED',
  Playing = 'PLAYING',
  Paused = 'PAUSED',
  Completed = 'COMPLETED',
  Stopped = 'STOPPED',
  Skipped = 'SKIPPED',
  Error = 'ERROR',
}

/** What happened to the ad: media events, the viewer's or the embedder's commands, failures. */
export type AdFact =
  | { type: 'canplaythrough' }
  | { type: 'playing' }
  | { type: 'timeupdate' }
  | { type: 'pause'; ended: boolean }
  | { type: 'ended' }
  | { type: 'skip'; allowed: boolean }
  | { type: 'stop' }
  | { type: 'error' };

const TERMINAL: ReadonlySet<AdStatus> = new Set([AdStatus.Completed, AdStatus.Skipped, AdStatus.Stopped, AdStatus.Error]);
const RUNNING: ReadonlySet<AdStatus> = new Set([AdStatus.Started, AdStatus.Playing, AdStatus.Paused]);

/** COMPLETED, SKIPPED, STOPPED and ERROR end the ad; nothing leaves them. */
export const isTerminal = (status: AdStatus): boolean => TERMINAL.has(status);
/** The ad has shown a frame and not ended. */
export const isRunning = (status: AdStatus): boolean => RUNNING.has(status);

export function nextAdStatus(status: AdStatus, fact: AdFact): AdStatus {
  if (isTerminal(status)) return status;
  switch (fact.type) {
    case 'canplaythrough':
      return status === AdStatus.Created ? AdStatus.Loaded : status;
    case 'playing':
      if (status === AdStatus.Created || status === AdStatus.Loaded) return AdStatus.Started;
      return AdStatus.Playing;
    case 'timeupdate':
      return status === AdStatus.Started ? AdStatus.Playing : status;
    case 'pause':
      if (status !== AdStatus.Started && status !== AdStatus.Playing) return status;
      return fact.ended ? AdStatus.Completed : AdStatus.Paused;
    case 'ended':
      return AdStatus.Completed;
    case 'skip':
      return fact.allowed && isRunning(status) ? AdStatus.Skipped : status;
    case 'stop':
      return AdStatus.Stopped;
    case 'error':
      return AdStatus.Error;
  }
}
