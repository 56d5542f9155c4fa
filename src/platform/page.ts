import { createEffect } from 'effector';

/** Reloads the player page (the generic page error's button). */
export const reloadPageFx = createEffect(() => {
  window.location.reload();
});
