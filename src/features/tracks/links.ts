/**
 * Tracks' links to the page (session): the audio choice follows the page's language order and
 * is remembered per content.
 */
import { sample } from 'effector';
import { $content, appStarted } from '../session';
import { audioContentSet, audioLanguagesSet } from './audio';

sample({ clock: appStarted, fn: (config) => config.languages, target: audioLanguagesSet });
sample({ clock: $content.updates, fn: (content) => content?.id ?? null, target: audioContentSet });
