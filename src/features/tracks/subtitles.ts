/**
 * Subtitles ('Субтитры'): the tracks, the choice ('Выкл.' = off) and the cues showing now,
 * which the player draws itself above the control bar. The choice carries over to the next
 * episode by track name or language; 'c' toggles the last choice on and off.
 */
import { attach, createEvent, createStore, sample, type Store } from 'effector';
import type { EngineSubtitleTrack } from '../../engine/types';
import type { TrackFacts, TracksDeps } from './model';
import { subtitleToToggleOn } from './rules';
import { readPreferencesFx, savePreferencesFx, type RememberedSubtitles, type ViewerPreferences } from './preferences';
import { engineOf } from '../../engine/engines';

/**
 * Subtitles: the tracks, the one showing, the cues, the choice remembered; `audio` gives the
 * page's language order, which picks a track to turn on.
 */
export function createSubtitles(deps: TracksDeps, facts: TrackFacts, { $audioLanguages }: { $audioLanguages: Store<string[]> }) {
  const { $engineKey, sourceReady, sourceRequested, subtitlesShortcutUsed } = deps;
  const { cuesChanged, subtitleTracksUpdated, subtitleTrackSwitched } = facts;
  /** A subtitle track id, or -1 for 'Выкл.'. */
  const subtitleChosen = createEvent<number>();
  /** Turns subtitles off, or back on with the last choice. */
  const subtitlesToggled = createEvent();
  /** A track id (-1 off) the viewer asked for: a menu row, the toggle or 'c'. A new source's restore is not one. */
  const subtitleAsked = createEvent<number>();

  const setSubtitleTrackFx = attach({ source: $engineKey, effect: (key, id: number) => engineOf(key)?.setSubtitleTrack(id) });

  const $subtitleTracks = createStore<EngineSubtitleTrack[]>([])
    .on(sourceReady, (_, { subtitleTracks }) => subtitleTracks)
    .on(subtitleTracksUpdated, (_, tracks) => tracks)
    .reset(sourceRequested);
  /** The track showing, -1 when off. */
  const $subtitleTrack = createStore(-1)
    .on(subtitleTrackSwitched, (_, { id }) => id)
    .on(setSubtitleTrackFx.done, (_, { params }) => params)
    .reset(sourceRequested);
  const $subtitlesOn = $subtitleTrack.map((id) => id >= 0);
  /** Text of the cues to draw now. */
  const $cues = createStore<string[]>([])
    .on(cuesChanged, (_, { texts }) => texts)
    .reset(sourceRequested);
  /** The last track turned on, by name and language ('c' and the next episode turn it back on). */
  const $lastSubtitle = createStore<RememberedSubtitles | null>(null).on(readPreferencesFx.doneData, (last, { subtitles }) =>
    subtitles && subtitles !== 'off' ? subtitles : last,
  );
  /** Whether the next source should show subtitles: the last choice, or the viewer's remembered one. */
  const $subtitlesWanted = createStore(false)
    .on(setSubtitleTrackFx.done, (_, { params }) => params >= 0)
    .on(readPreferencesFx.doneData, (wanted, { subtitles }) => (subtitles === undefined ? wanted : subtitles !== 'off'));

  sample({ clock: subtitleChosen, target: subtitleAsked });
  sample({ clock: subtitleAsked, target: setSubtitleTrackFx });
  /** A choice applied: the track by name and language, 'off', or null for an id the list does not have. */
  const subtitleApplied = sample({
    clock: setSubtitleTrackFx.done,
    source: $subtitleTracks,
    fn: (tracks, { params }): RememberedSubtitles | 'off' | null => {
      if (params < 0) return 'off';
      const track = tracks.find((candidate) => candidate.id === params);
      return track ? { name: track.name, lang: track.lang } : null;
    },
  });
  $lastSubtitle.on(subtitleApplied, (last, applied) => (applied === 'off' ? last : applied));
  // The viewer's choice (a track, 'Выкл.', the 'c' key) is remembered for the next visit.
  sample({
    clock: subtitleApplied.filterMap((applied) => applied ?? undefined),
    fn: (subtitles): ViewerPreferences => ({ subtitles }),
    target: savePreferencesFx,
  });
  // Off means no cue stays on screen, even if the engine reports none no more.
  $cues.on(setSubtitleTrackFx.done, (cues, { params }) => (params < 0 ? [] : cues));

  const toggled = sample({ clock: [subtitlesToggled, subtitlesShortcutUsed], source: { id: $subtitleTrack, tracks: $subtitleTracks, last: $lastSubtitle, languages: $audioLanguages } });
  sample({ clock: toggled, filter: ({ id }) => id >= 0, fn: () => -1, target: subtitleAsked });
  sample({
    clock: toggled,
    filter: ({ id, tracks }) => id < 0 && tracks.length > 0,
    fn: ({ tracks, last, languages }) => subtitleToToggleOn(tracks, last, languages) ?? -1,
    target: subtitleAsked,
  });

  // The next source shows subtitles again when they were on. Like audio, the choice is applied
  // when hls.js announces the playing level's subtitle group (before that it is ignored).
  const $restoredForSource = createStore(false).reset(sourceRequested);
  const restoreDecided = sample({
    clock: subtitleTracksUpdated,
    source: { restored: $restoredForSource, wanted: $subtitlesWanted, last: $lastSubtitle, languages: $audioLanguages },
    filter: ({ restored, wanted }, tracks) => !restored && wanted && tracks.length > 0,
    fn: ({ last, languages }, tracks) => subtitleToToggleOn(tracks, last, languages) ?? -1,
  });
  $restoredForSource.on(restoreDecided, () => true);
  sample({ clock: restoreDecided, target: setSubtitleTrackFx });

  return { subtitleAsked, subtitleChosen, subtitlesToggled, setSubtitleTrackFx, $subtitleTracks, $subtitleTrack, $subtitlesOn, $cues };
}
