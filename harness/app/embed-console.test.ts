import { describe, expect, it } from 'vitest';
import { embedCode } from '../common/embed-code';
import { buildQuery, effectiveQuery, stateFromSearch } from './scenarios';
import {
  ACTIONS,
  CONSOLE_EVENTS,
  GETTERS,
  PLAYERJS_HELPERS,
  SETTERS,
  appendCapped,
  describeAnswer,
  embedCodeFor,
  embedQuery,
  errorText,
  eventRow,
  listenerOf,
  methodKind,
  setterArgument,
  setterText,
  withSetterText,
  type Answer,
} from './embed-console';

const PLAYER = 'http://localhost:4200';

describe('the embed code of the harness player query', () => {
  it('is embedCode() of the scenario query, on the player origin', () => {
    const state = stateFromSearch('?scenario=film&auto_play=0&embed=cross');
    const code = embedCodeFor(PLAYER, effectiveQuery(state));
    expect(code).toBe(embedCode({ playerOrigin: PLAYER, query: { movie_id: '101' } }));
    expect(code).toContain(`<iframe src="${PLAYER}/?movie_id=101"`);
    expect(code).toContain('referrerpolicy="no-referrer-when-downgrade"');
  });

  it('keeps the toggles and the scenario parameters in their order, escaped in the attribute', () => {
    const query = buildQuery({ scenarioId: 'ads-skippable', autoPlay: true, advert: false });
    expect(embedQuery(query)).toEqual({ movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=skippable', auto_play: '1' });
    expect(embedCodeFor(PLAYER, query)).toContain(`src="${PLAYER}/?movie_id=101&amp;data-ad-list-url=%2Fads%2Flist.json%3Fset%3Dskippable&amp;auto_play=1"`);
  });

  it('leaves out the tab’s harness-client, and takes a hand-edited query with or without its ?', () => {
    expect(embedQuery('?movie_id=102&season=2&harness-client=qa-1&episode=3')).toEqual({ movie_id: '102', season: '2', episode: '3' });
    expect(embedQuery('  movie_id=102 ')).toEqual({ movie_id: '102' });
    expect(embedQuery('')).toEqual({});
    expect(embedCodeFor(PLAYER, '')).toContain(`src="${PLAYER}/?"`);
  });
});

describe('the method table', () => {
  it('has every method of the console once, of its kind', () => {
    const all = [...ACTIONS, ...GETTERS, ...SETTERS];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(
      [
        'play', 'pause', 'mute', 'unmute', 'getPaused', 'getMuted', 'getVolume', 'getDuration', 'getCurrentTime', 'getLoop',
        'getEpisode', 'nextEpisode', 'setVolume', 'setCurrentTime', 'setLoop', 'setEpisode',
      ].sort(),
    );
    expect(ACTIONS.map(methodKind)).toEqual(ACTIONS.map(() => 'action'));
    expect(GETTERS.map(methodKind)).toEqual(GETTERS.map(() => 'getter'));
    expect(SETTERS.map(methodKind)).toEqual(SETTERS.map(() => 'setter'));
  });

  it('goes through player.js’s own functions except for the product’s methods', () => {
    expect([...ACTIONS, ...GETTERS, ...SETTERS].filter((method) => !PLAYERJS_HELPERS.has(method)).sort()).toEqual(['getEpisode', 'nextEpisode', 'setEpisode']);
  });

  it('listens to every event of docs/embedding.md but ready', () => {
    expect(CONSOLE_EVENTS).toHaveLength(13);
    expect(CONSOLE_EVENTS).not.toContain('ready');
  });
});

describe('setter arguments', () => {
  const inputs = { volume: '35', time: '12.5', loop: false, episode: '10212' };

  it('are numbers from the fields and the loop box as it is', () => {
    expect(setterArgument('setVolume', inputs)).toBe(35);
    expect(setterArgument('setCurrentTime', inputs)).toBe(12.5);
    expect(setterArgument('setLoop', inputs)).toBe(false);
    expect(setterArgument('setEpisode', inputs)).toBe(10212);
  });

  it('are NaN for an empty or wrong field, for the SDK to refuse and the player to ignore', () => {
    expect(setterArgument('setVolume', { ...inputs, volume: '' })).toBeNaN();
    expect(setterArgument('setEpisode', { ...inputs, episode: 'abc' })).toBeNaN();
  });

  it("come from each numeric setter's own field, which typing changes alone", () => {
    expect([setterText('setVolume', inputs), setterText('setCurrentTime', inputs), setterText('setEpisode', inputs)]).toEqual(['35', '12.5', '10212']);
    expect(withSetterText(inputs, 'setCurrentTime', '7')).toEqual({ ...inputs, time: '7' });
    expect(withSetterText(inputs, 'setEpisode', '')).toEqual({ ...inputs, episode: '' });
  });
});

describe('answers', () => {
  const base = { seq: 1 } as const;

  it('show a getter’s value as JSON, or that the player sent none', () => {
    expect(describeAnswer({ ...base, method: 'getCurrentTime', via: 'SDK', state: 'done', value: 1.25 })).toBe('getCurrentTime (SDK) → 1.25');
    expect(describeAnswer({ ...base, method: 'getPaused', via: 'player.js', state: 'done', value: false })).toBe('getPaused (player.js) → false');
    expect(describeAnswer({ ...base, method: 'getEpisode', via: 'SDK', state: 'done', value: null })).toBe('getEpisode (SDK) → null');
    expect(describeAnswer({ ...base, method: 'getEpisode', via: 'player.js', state: 'done', value: undefined })).toBe('getEpisode (player.js) → no value');
    expect(describeAnswer({ ...base, method: 'getEpisode', via: 'SDK', state: 'done', value: { id: 10212, season: { id: 1, order: 1 } } })).toBe(
      'getEpisode (SDK) → {"id":10212,"season":{"id":1,"order":1}}',
    );
  });

  it('show a setter with its argument, a pending call and a failure', () => {
    const answers: Answer[] = [
      { ...base, method: 'setVolume', via: 'player.js', argument: 50, state: 'done', value: undefined },
      { ...base, method: 'play', via: 'SDK', state: 'done', value: undefined },
      { ...base, method: 'getVolume', via: 'player.js', state: 'pending' },
      { ...base, method: 'pause', via: 'SDK', state: 'pending' },
      { ...base, method: 'setEpisode', via: 'SDK', argument: Number.NaN, state: 'failed', error: 'FilmPlayer.setEpisode: expected a positive integer episode id' },
    ];
    expect(answers.map(describeAnswer)).toEqual([
      'setVolume(50) (player.js) ✓ sent',
      'play (SDK) ✓ sent',
      'getVolume (player.js) … waiting for the answer',
      'pause (SDK) … sending',
      'setEpisode(NaN) (SDK) ✗ FilmPlayer.setEpisode: expected a positive integer episode id',
    ]);
  });

  it('take an error’s message, or the thrown value as text (player.js throws strings)', () => {
    expect(errorText(new TypeError('bad'))).toBe('bad');
    expect(errorText('playerjs.Player constructor requires an Iframe, got "DIV"')).toBe('playerjs.Player constructor requires an Iframe, got "DIV"');
  });
});

describe('event rows', () => {
  it('hold the value as compact JSON, empty when the player sent none, and the listener as text', () => {
    expect(eventRow(1, 1000, 'SDK', 'timeupdate', { seconds: 1.5, duration: 30 }, 'fp-abc-3')).toEqual({
      id: 1,
      at: 1000,
      via: 'SDK',
      event: 'timeupdate',
      listener: 'fp-abc-3',
      value: '{"seconds":1.5,"duration":30}',
    });
    expect(eventRow(2, 1001, 'player.js', 'play', undefined, 7)).toMatchObject({ value: '', listener: '7' });
    expect(eventRow(3, 1002, 'SDK', 'pause', undefined, null)).toMatchObject({ listener: null });
  });

  it('take the listener of the message being dispatched when it carries that event', () => {
    expect(listenerOf({ event: 'play', listener: 'fp-1' }, 'play')).toBe('fp-1');
    expect(listenerOf({ event: 'getVolume', listener: 'fp-2' }, 'play')).toBeNull();
    expect(listenerOf(null, 'play')).toBeNull();
  });

  it('keep the newest rows up to the cap', () => {
    expect(appendCapped([1, 2, 3], [4, 5], 4)).toEqual([2, 3, 4, 5]);
    expect(appendCapped([1], [2], 4)).toEqual([1, 2]);
  });
});
