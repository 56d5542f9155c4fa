/** Session's view: the screen that shows 'Loading...' or the page error until an episode is chosen, then the player. */
// The model API is index.ts; this entry is for app/ and other features' views only.
export { SessionScreen } from './view/session-screen';
