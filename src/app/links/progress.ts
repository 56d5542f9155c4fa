/**
 * Progress's links: it starts with the page (session), the viewer's answer to the resume
 * prompt seeks and plays (playback), and the prompt's statistics (SPEC.md §7). The prompt is
 * offered by series' start decision (links/series.ts).
 */
import { sample } from 'effector';
import { sendStatFx, stat } from '../../platform/stats';
import type { Features } from '../create-features';

/** Links progress to the features it hears; the player calls it once (app/link-features.ts). */
export function linkProgress({ playback, session, progress }: Features): void {
  const { playRequested, seekRequested } = playback;
  const { appStarted } = session;
  const { continueClicked, progressStarted, resumeAnswered, resumeOffered, startOverClicked } = progress;
  sample({ clock: appStarted, fn: () => undefined, target: progressStarted });

  sample({ clock: resumeAnswered, target: seekRequested });
  sample({ clock: resumeAnswered, fn: () => undefined, target: playRequested });

  // Statistics: stoppedHere_window_*.
  sample({ clock: resumeOffered, fn: (position) => stat('stoppedHere_window_open', { position }), target: sendStatFx });
  sample({ clock: continueClicked, fn: () => stat('stoppedHere_window_continue'), target: sendStatFx });
  sample({ clock: startOverClicked, fn: () => stat('stoppedHere_window_restart'), target: sendStatFx });
}
