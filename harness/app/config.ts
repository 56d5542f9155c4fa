import type { Origins } from './scenarios';

/** Reads the two origins the server wrote on <body>; falls back to this page's origin. */
export function readOrigins(): Origins {
  const data = document.body.dataset;
  const harnessOrigin = data.harnessOrigin || window.location.origin;
  const playerOrigin = data.playerOrigin || harnessOrigin;
  return { playerOrigin, harnessOrigin };
}
