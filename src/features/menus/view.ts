/** Menus' view: the settings and subtitles buttons, the settings menu and its backdrop. */
// The model API is index.ts; this entry is for app/ and other features' views only.
export { SettingsButton, SubtitlesButton, SettingsMenu, MenuBackdrop } from './view/settings-menu';
