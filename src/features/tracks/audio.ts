/**
 * Audio tracks ('Аудио', SPEC.md §9): AC3 tracks dropped unless preferred, preferred languages
 * first, and the viewer's choice per content remembered in favoriteAudioTracks
 * (content id → label) and restored when the content loads again.
 */
import { attach, combine, createEvent, createStore, sample } from 'effector';
import type { EngineAudioTrack } from '../../engine/types';
import { $storage } from '../../platform/storage';
import { readFavouriteAudio, saveFavouriteAudio } from './favourites';
import type { TrackFacts, TracksDeps } from './model';
import { arrangeAudioTracks, startAudioTrack } from './rules';
import { engineOf } from '../../engine/engines';

/** Audio: the page's language order, the content's favourite, the tracks offered and the one playing. */
export function createAudio({ $engineKey, sourceReady, sourceRequested }: TracksDeps, { audioTracksUpdated, audioTrackSwitched }: TrackFacts) {
  /** The page's language order, upper-case codes ('RU', 'EN'). */
  const audioLanguagesSet = createEvent<string[]>();
  /** The content whose favourite track applies. */
  const audioContentSet = createEvent<number | null>();
  /** The viewer picked a track in 'Аудио'. */
  const audioTrackChosen = createEvent<number>();

  const setAudioTrackFx = attach({ source: $engineKey, effect: (key, id: number) => engineOf(key)?.setAudioTrack(id) });

  const $audioLanguages = createStore<string[]>([]).on(audioLanguagesSet, (_, languages) => languages);
  const $contentId = createStore<number | null>(null).on(audioContentSet, (_, id) => id);

  const readFavouriteFx = attach({
    source: { storage: $storage, contentId: $contentId },
    effect: ({ storage, contentId }): string | null => readFavouriteAudio(storage, contentId),
  });
  const saveFavouriteFx = attach({
    source: { storage: $storage, contentId: $contentId },
    effect: ({ storage, contentId }, label: string) => saveFavouriteAudio(storage, contentId, label),
  });

  const $allAudioTracks = createStore<EngineAudioTrack[]>([])
    .on(sourceReady, (_, { audioTracks }) => audioTracks)
    .on(audioTracksUpdated, (_, tracks) => tracks)
    .reset(sourceRequested);
  const $favouriteAudioLabel = createStore<string | null>(null)
    .on(readFavouriteFx.doneData, (_, label) => label)
    .on(saveFavouriteFx.done, (_, { params }) => params);
  /** The current track id: the manifest's default until the engine reports a switch. */
  const $audioTrack = createStore(-1)
    .on(sourceReady, (_, { audioTracks }) => audioTracks.find((track) => track.isDefault)?.id ?? audioTracks[0]?.id ?? -1)
    .on(audioTrackSwitched, (_, { id }) => id)
    .on(setAudioTrackFx.done, (_, { params }) => params);

  /** The tracks offered, filtered and ordered. */
  const $audioTracks = combine($allAudioTracks, $audioLanguages, $favouriteAudioLabel, (tracks, languages, favourite) =>
    arrangeAudioTracks(tracks, { languages, favourite }),
  );
  const $audioLabel = combine($audioTracks, $audioTrack, (tracks, id) => tracks.find((track) => track.id === id)?.name ?? '');

  /** The remembered label is read as soon as the content is known, before its manifest loads. */
  sample({ clock: audioContentSet, target: readFavouriteFx });

  /**
   * The first track list of a source decides its track. hls.js announces the list of the
   * playing level's audio group just before it selects the manifest default, and a track set
   * synchronously here replaces that default (setting it any earlier, at sourceReady, is
   * ignored: the group is not known yet).
   */
  const $initialTrackApplied = createStore(false).reset(sourceRequested);
  const initialTrackDecided = sample({
    clock: audioTracksUpdated,
    source: { applied: $initialTrackApplied, languages: $audioLanguages, favourite: $favouriteAudioLabel },
    filter: ({ applied }, tracks) => !applied && tracks.length > 0,
    fn: ({ languages, favourite }, tracks) => startAudioTrack(tracks, { languages, favourite }),
  });
  $initialTrackApplied.on(initialTrackDecided, () => true);
  sample({ clock: initialTrackDecided, target: setAudioTrackFx });

  sample({ clock: audioTrackChosen, target: setAudioTrackFx });
  sample({
    clock: audioTrackChosen,
    source: $audioTracks,
    filter: (tracks, id) => tracks.some((track) => track.id === id),
    fn: (tracks, id) => tracks.find((track) => track.id === id)!.name,
    target: saveFavouriteFx,
  });

  return { audioLanguagesSet, audioContentSet, audioTrackChosen, setAudioTrackFx, $audioLanguages, $audioTracks, $audioTrack, $audioLabel, $favouriteAudioLabel };
}
