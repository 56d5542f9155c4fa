/**
 * The start's lazy modules: the engine, the app and the pre-roll's VAST loader. The player's build
 * keeps them out of the start's file and names their addresses in index.html (esbuild.config.mjs
 * replaces this module there); vitest and the type checker read it as written.
 */
export const importEngine = () => import('../engine/hls-engine');
export const importApp = () => import('../app/create-player');
export const importVastLoad = () => import('../platform/vast-load');
