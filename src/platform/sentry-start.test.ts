// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({ start: vi.fn(() => true), capture: vi.fn(() => 'a'.repeat(32)), captureEarly: vi.fn(), applyScope: vi.fn() }));
vi.mock('./sentry-sdk', () => sdk);

const { initSentry, reportError, startSentryAfter } = await import('./sentry');

describe('Sentry start-up', () => {
  it('loads the SDK only after the first frame (or for an error), never during start-up', async () => {
    expect(initSentry({ dsn: 'http://key@127.0.0.1:1/1', project: 'player', cookies: { get: () => undefined, set: () => undefined, remove: () => undefined } })).toBe(true);
    let firstFrame!: () => void;
    startSentryAfter(new Promise<void>((resolve) => (firstFrame = resolve)), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sdk.start).not.toHaveBeenCalled();

    firstFrame();
    await vi.waitFor(() => expect(sdk.start).toHaveBeenCalledTimes(1));
  });

  it('an error report gets the Sentry event id, and the SDK starts once', async () => {
    expect(await reportError({ error: new Error('boom') })).toBe('a'.repeat(32));
    expect(sdk.capture).toHaveBeenCalledTimes(1);
    expect(sdk.start).toHaveBeenCalledTimes(1);
  });

  it("the player's scope set before the SDK runs is applied when it starts, and later ones at once", async () => {
    // The SDK already runs here (the tests above started it); a fresh module shows the wait.
    vi.resetModules();
    sdk.applyScope.mockClear();
    const fresh = await import('./sentry');
    fresh.initSentry({ dsn: 'http://key@127.0.0.1:1/1', project: 'player', cookies: { get: () => undefined, set: () => undefined, remove: () => undefined } });
    const film = { contexts: { player: { contentId: 101, episodeId: 10101, imdbId: 'tt0111161' } }, tags: { imdb_id: 'tt0111161' } };
    fresh.setReportScope(film);
    expect(sdk.applyScope).not.toHaveBeenCalled();
    fresh.startSentry();
    await vi.waitFor(() => expect(sdk.applyScope).toHaveBeenCalledWith(film));
    const next = { contexts: { player: { contentId: 101, episodeId: 10102, imdbId: 'tt0111161' } }, tags: { imdb_id: 'tt0111161' } };
    fresh.setReportScope(next);
    await vi.waitFor(() => expect(sdk.applyScope).toHaveBeenLastCalledWith(next));
  });
});
