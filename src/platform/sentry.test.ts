// @vitest-environment happy-dom
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({ start: vi.fn(() => true), capture: vi.fn(() => 'a'.repeat(32)), captureEarly: vi.fn(), applyScope: vi.fn() }));
vi.mock('./sentry-sdk', () => sdk);

const cookies = { get: () => undefined, getAll: (names: readonly string[]) => names.map(() => undefined), set: () => undefined, remove: () => undefined };

/** sentry.ts keeps what initSentry prepared for the page's life: each test starts from a fresh module. */
let sentry: typeof import('./sentry');
beforeEach(async () => {
  vi.resetModules();
  vi.clearAllMocks();
  sentry = await import('./sentry');
});
// Test files share one module graph: the SDK double and the sentry.ts copies that loaded it go with this file.
afterAll(() => {
  vi.doUnmock('./sentry-sdk');
  vi.resetModules();
});

describe('Sentry start-up', () => {
  it('loads the SDK only after the first frame (or for an error), never during start-up', async () => {
    expect(sentry.initSentry({ dsn: 'http://key@127.0.0.1:1/1', project: 'player', cookies })).toBe(true);
    let firstFrame!: () => void;
    sentry.startSentryAfter(new Promise<void>((resolve) => (firstFrame = resolve)), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sdk.start).not.toHaveBeenCalled();

    firstFrame();
    await vi.waitFor(() => expect(sdk.start).toHaveBeenCalledTimes(1));
  });

  it('an error report gets the Sentry event id, and the SDK starts once', async () => {
    sentry.initSentry({ dsn: 'http://key@127.0.0.1:1/1', project: 'player', cookies });
    // The SDK already runs (the first frame came), as in the test above.
    sentry.startSentry();
    await vi.waitFor(() => expect(sdk.start).toHaveBeenCalledTimes(1));
    expect(await sentry.reportError({ error: new Error('boom') })).toBe('a'.repeat(32));
    expect(sdk.capture).toHaveBeenCalledTimes(1);
    expect(sdk.start).toHaveBeenCalledTimes(1);
  });

  it("the player's scope set before the SDK runs is applied when it starts, and later ones at once", async () => {
    sentry.initSentry({ dsn: 'http://key@127.0.0.1:1/1', project: 'player', cookies });
    const film = { contexts: { player: { contentId: 101, episodeId: 10101, imdbId: 'tt0111161' } }, tags: { imdb_id: 'tt0111161' } };
    sentry.setReportScope(film);
    expect(sdk.applyScope).not.toHaveBeenCalled();
    sentry.startSentry();
    await vi.waitFor(() => expect(sdk.applyScope).toHaveBeenCalledWith(film));
    const next = { contexts: { player: { contentId: 101, episodeId: 10102, imdbId: 'tt0111161' } }, tags: { imdb_id: 'tt0111161' } };
    sentry.setReportScope(next);
    await vi.waitFor(() => expect(sdk.applyScope).toHaveBeenLastCalledWith(next));
  });

  it('is not initialised without a DSN', () => {
    expect(sentry.initSentry({ dsn: null, project: 'player', cookies })).toBe(false);
  });
});
