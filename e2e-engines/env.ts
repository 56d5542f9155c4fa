/** The lanes' own ports, so that `npm start` (4100/4101) and the Playwright suite (4200/4201) do not collide. */
export const PLAYER_PORT = Number(process.env.ENGINES_PLAYER_PORT ?? 4300);
export const HARNESS_PORT = Number(process.env.ENGINES_HARNESS_PORT ?? 4301);
export const PLAYER_ORIGIN = `http://localhost:${PLAYER_PORT}`;
export const HARNESS_ORIGIN = `http://127.0.0.1:${HARNESS_PORT}`;
