import { describe, expect, it } from 'vitest';
import { applySubtitleModes, type ChosenSubtitle } from './subtitle-modes';

/** A TextTrack as the helper reads it: hls.js's `<track>` nodes, an in-band caption track, its ID3 track. */
const track = (kind: TextTrackKind, label: string, language: string, mode: TextTrackMode = 'disabled') => ({ kind, label, language, mode });

/** The element's text tracks after hls.js made its nodes, with one of them left in a wrong mode. */
function textTracks() {
  const russian = track('subtitles', 'Русские', 'ru', 'showing');
  const english = track('subtitles', 'English', 'en', 'hidden');
  const englishSdh = track('captions', 'English', 'en');
  const cc1 = track('captions', 'CC1', 'en', 'hidden');
  const id3 = track('metadata', 'id3', '', 'hidden');
  return { russian, english, englishSdh, cc1, id3, list: [russian, english, englishSdh, cc1, id3] };
}

const modes = (list: Array<{ mode: TextTrackMode }>) => list.map(({ mode }) => mode);

describe('subtitle track modes set on a choice (the player draws the cues)', () => {
  it("the chosen track is 'hidden', every other subtitle or caption track 'disabled', a metadata track untouched", () => {
    const { list, russian } = textTracks();
    expect(applySubtitleModes(list, { name: 'Русские', lang: 'ru' })).toBe(russian);
    expect(modes(list)).toEqual(['hidden', 'disabled', 'disabled', 'disabled', 'hidden']);
  });

  it("subtitles off (no track, or hls.js's -1 giving undefined): every subtitle or caption track 'disabled'", () => {
    for (const chosen of [null, undefined]) {
      const { list } = textTracks();
      expect(applySubtitleModes(list, chosen)).toBeNull();
      expect(modes(list)).toEqual(['disabled', 'disabled', 'disabled', 'disabled', 'hidden']);
    }
  });

  it("hls.js's own `<track>` node decides between tracks of one label and language", () => {
    const { list, englishSdh } = textTracks();
    const chosen: ChosenSubtitle = { name: 'English', lang: 'en', trackNode: { track: englishSdh as unknown as TextTrack } };
    expect(applySubtitleModes(list, chosen)).toBe(englishSdh);
    expect(modes(list)).toEqual(['disabled', 'disabled', 'hidden', 'disabled', 'hidden']);
  });

  it('without a node, the first track of its label and language; a track with no language matches none given', () => {
    const { list, english } = textTracks();
    expect(applySubtitleModes(list, { name: 'English', lang: 'en' })).toBe(english);
    const unnamed = track('subtitles', 'Forced', '');
    expect(applySubtitleModes([unnamed], { name: 'Forced' })).toBe(unnamed);
    expect(unnamed.mode).toBe('hidden');
  });

  it("a choice whose node hls.js has not made yet matches nothing: the rest are 'disabled', hls.js hides the node it makes", () => {
    const { list } = textTracks();
    expect(applySubtitleModes(list, { name: 'Deutsch', lang: 'de' })).toBeNull();
    expect(modes(list)).toEqual(['disabled', 'disabled', 'disabled', 'disabled', 'hidden']);
  });

  it('a mode already right is not written again (each write fires the list’s change event)', () => {
    const writes: TextTrackMode[] = [];
    let mode: TextTrackMode = 'hidden';
    const watched = {
      kind: 'subtitles' as TextTrackKind,
      label: 'English',
      language: 'en',
      get mode() {
        return mode;
      },
      set mode(next: TextTrackMode) {
        writes.push(next);
        mode = next;
      },
    };
    applySubtitleModes([watched], { name: 'English', lang: 'en' });
    applySubtitleModes([watched], null);
    expect(writes).toEqual(['disabled']);
  });

  it("takes the element's TextTrackList, or any iterable of tracks", () => {
    const fromList: (tracks: TextTrackList) => TextTrack | null = (tracks) => applySubtitleModes(tracks, null);
    expect(typeof fromList).toBe('function');
    const { russian } = textTracks();
    const iterable = { *[Symbol.iterator]() { yield russian; } };
    expect(applySubtitleModes(iterable, { name: 'Русские', lang: 'ru' })).toBe(russian);
    expect(russian.mode).toBe('hidden');
  });
});
