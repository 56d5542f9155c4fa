/**
 * Playback's links to the page (session): the controls start watching the layout with it, and
 * the page's disabled_share takes the share button away.
 */
import { sample } from 'effector';
import { appStarted } from '../session';
import { layoutWatchStarted, shareAvailabilitySet } from './controls';

sample({ clock: appStarted, fn: () => undefined, target: layoutWatchStarted });
sample({ clock: appStarted, fn: (config) => !config.disabledShare, target: shareAvailabilitySet });
