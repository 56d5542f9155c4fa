/**
 * The player.js receiver (src/features/embed) in the app: it starts with the page, answering
 * the embedding origin that `data-allowed-origins` allows. Its loop setting holds auto-advance
 * back (series-model.ts).
 */
import { sample } from 'effector';
import { appStarted } from '../features/session';
import { embedStarted } from '../features/embed';

sample({ clock: appStarted, fn: (config) => ({ src: config.pageUrl, allowedOrigins: config.allowedOrigins }), target: embedStarted });
