/**
 * Progress's links: it starts with the page (session), the viewer's answer to the resume
 * prompt seeks and plays (playback), and the prompt's statistics (SPEC.md §7). The prompt is
 * offered by series' start decision (series/connect.ts).
 */
import { sample } from 'effector';
import { appStarted } from '../session';
import { playRequested, seekRequested } from '../playback';
import { sendStatFx, stat } from '../../platform/stats';
import { continueClicked, progressStarted, resumeAnswered, resumeOffered, startOverClicked } from './model';
import { connector } from '../../lib/connector';

/** Connects progress to the features it hears; once (app/connect-features.ts). */
export const connectProgress = connector(() => {
  sample({ clock: appStarted, fn: () => undefined, target: progressStarted });

  sample({ clock: resumeAnswered, target: seekRequested });
  sample({ clock: resumeAnswered, fn: () => undefined, target: playRequested });

  // Statistics: stoppedHere_window_*.
  sample({ clock: resumeOffered, fn: (position) => stat('stoppedHere_window_open', { position }), target: sendStatFx });
  sample({ clock: continueClicked, fn: () => stat('stoppedHere_window_continue'), target: sendStatFx });
  sample({ clock: startOverClicked, fn: () => stat('stoppedHere_window_restart'), target: sendStatFx });
});
