import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import type { RequestLogEntry, StoredEnvelope } from '../harness/common/types';
import { expect, test, clearFaults, loggedRequests, requestsWithin, expectPlaysPast, HARNESS_ORIGIN, injectFaults, openHarness, PLAYER_ORIGIN } from './support';

/*
 * Start-up against the harness: token refresh, the session context header, page errors and what
 * Sentry receives. The request log and the Sentry store are shared by every test running against
 * the server, so each test tags its player URL with a unique `e2e=` marker and picks its own
 * requests by their Referer (the player page's URL) and its own events by their event id.
 */

const GENERIC_ERROR = /^К сожалению, произошла ошибка, попробуйте перезагрузите страницу\. Идентификатор ошибки: ([0-9a-f]{32})$/;
const REFRESH_PATH = '/authenticator/authentication/refresh';

interface Run {
  marker: string;
  query: string;
}

function run(query: string): Run {
  const marker = randomUUID();
  return { marker, query: `${query}&e2e=${marker}` };
}

/** The requests made by the player page that carries this run's marker (and the page itself). */
const requestsOf = (page: Page, { marker }: Run): Promise<RequestLogEntry[]> => loggedRequests(page, marker);

const catalogueCalls = (entries: RequestLogEntry[]) => entries.filter((entry) => entry.path.startsWith('/catalog-api/'));

/** What the Sentry ingest stored: everything, or (narrowed by the server) one event's envelopes, or those holding a marker. */
async function envelopes(page: Page, filter: { eventId?: string; mark?: string } = {}): Promise<StoredEnvelope[]> {
  const query = new URLSearchParams();
  if (filter.eventId) query.set('event_id', filter.eventId);
  if (filter.mark) query.set('mark', filter.mark);
  return (await (await page.request.get(`${HARNESS_ORIGIN}/__harness/sentry?${query}`)).json()) as StoredEnvelope[];
}

/** The stored error event with this id, once the ingest has it. */
async function sentryEvent(page: Page, eventId: string): Promise<{ envelope: StoredEnvelope; event: Record<string, any> }> {
  let found: StoredEnvelope | undefined;
  await expect
    .poll(async () => {
      found = (await envelopes(page, { eventId })).find((envelope) => envelope.items.some((item) => item.type === 'event'));
      return Boolean(found);
    }, { timeout: 15_000 })
    .toBe(true);
  return { envelope: found!, event: found!.items.find((item) => item.type === 'event')!.payload as Record<string, any> };
}

/** The Set-Cookie values the player page answered with (the harness-session scenarios). */
async function sessionCookiesOf(page: Page, { marker }: Run, load: () => Promise<unknown>): Promise<Record<string, string>> {
  const [response] = await Promise.all([
    page.waitForResponse((res) => res.url().startsWith(`${PLAYER_ORIGIN}/?`) && res.url().includes(marker) && res.request().resourceType() === 'document'),
    load(),
  ]);
  const pairs = (await response.headerValues('set-cookie')).map((line) => line.split(';')[0]!.split('='));
  return Object.fromEntries(pairs.map(([name, ...value]) => [name!, decodeURIComponent(value.join('='))]));
}

async function playerCookies(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies(PLAYER_ORIGIN);
  return Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie.value]));
}

/**
 * The text of an envelope as sent, with replay recordings inflated (the SDK deflates them, so the
 * ingest's stored text cannot be searched): header line, then items of header line + payload.
 */
function envelopeText(body: Buffer): { text: string; types: string[] } {
  const parts: string[] = [];
  const types: string[] = [];
  let pos = 0;
  const line = () => {
    const end = body.indexOf(0x0a, pos) === -1 ? body.length : body.indexOf(0x0a, pos);
    const out = body.subarray(pos, end);
    pos = end + 1;
    return out;
  };
  parts.push(line().toString('utf8'));
  while (pos < body.length) {
    const headerLine = line();
    if (headerLine.length === 0) continue;
    const header = JSON.parse(headerLine.toString('utf8')) as { type: string; length?: number };
    types.push(header.type);
    const payload = typeof header.length === 'number' ? body.subarray(pos, pos + header.length) : line();
    if (typeof header.length === 'number') pos += header.length + 1;
    if (header.type === 'replay_recording') {
      const split = payload.indexOf(0x0a);
      const recording = payload.subarray(split + 1);
      parts.push(payload.subarray(0, split).toString('utf8'), (recording[0] === 0x78 ? inflateSync(recording) : recording).toString('utf8'));
    } else {
      parts.push(payload.toString('utf8'));
    }
  }
  return { text: parts.join('\n'), types };
}

/** The envelope bodies the page sends from now on, as sent (a list that grows). */
function sentEnvelopes(page: Page): Buffer[] {
  const sent: Buffer[] = [];
  page.on('request', (request) => {
    const body = request.url().includes('/envelope/') ? request.postDataBuffer() : null;
    if (body) sent.push(body);
  });
  return sent;
}

const expiryOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;

test.describe('token refresh', () => {
  test('an expired token: the parallel start-up calls wait on exactly one refresh and all carry the new token', async ({ page }) => {
    const r = run('movie_id=101&harness-session=expired&auto_play=1');
    let frame!: Awaited<ReturnType<typeof openHarness>>;
    const issued = await sessionCookiesOf(page, r, async () => (frame = await openHarness(page, { query: r.query })));
    await expect(frame.getByTestId('title')).toHaveText('Испытательная таблица');

    const expired = issued.authToken!;
    expect(expiryOf(expired)).toBeLessThan(Date.now() / 1000);
    const entries = await requestsOf(page, r);
    const refreshes = entries.filter((entry) => entry.path === REFRESH_PATH);
    expect(refreshes.map((entry) => `${entry.method} ${entry.status}`)).toEqual(['POST 200']);

    const calls = catalogueCalls(entries);
    expect(calls.map((entry) => entry.path.split('?')[0]).sort()).toEqual([
      '/catalog-api/contents/101',
      '/catalog-api/contents/101/available',
      '/catalog-api/contents/101/seasons',
      '/catalog-api/episodes',
    ]);
    const stored = (await playerCookies(page)).authToken!;
    expect(stored).not.toBe(expired);
    expect(expiryOf(stored)).toBeGreaterThan(Date.now() / 1000);
    for (const call of calls) {
      expect(call.requestHeaders.authorization).toBe(`Bearer ${stored}`);
      // The lock: no call left before the refresh that it waited for.
      expect(call.t).toBeGreaterThanOrEqual(refreshes[0]!.t);
    }
  });

  test('a failed refresh: the calls still go out with the original token, and the film loads', async ({ page }) => {
    const r = run('movie_id=101&harness-session=refresh-fails&auto_play=1');
    let frame!: Awaited<ReturnType<typeof openHarness>>;
    const issued = await sessionCookiesOf(page, r, async () => (frame = await openHarness(page, { query: r.query })));
    await expect(frame.getByTestId('title')).toHaveText('Испытательная таблица');

    const entries = await requestsOf(page, r);
    expect(entries.filter((entry) => entry.path === REFRESH_PATH).map((entry) => entry.status)).toEqual([401]);
    const calls = catalogueCalls(entries);
    expect(calls).toHaveLength(4);
    for (const call of calls) expect(call.requestHeaders.authorization).toBe(`Bearer ${issued.authToken}`);
    expect((await playerCookies(page)).authToken).toBe(issued.authToken);
  });
});

test.describe('early start', () => {
  test('the page sends its start-up calls and the start\'s playlists itself, before the app runs; each reaches the server once with a valid token as it is, and the film plays; signed out, no Authorization at all', async ({ page }) => {
    const r = run('movie_id=101&harness-session=valid&auto_play=1');
    const sentBy = new Map<string, string[]>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.search.includes(r.marker) && !request.headers().referer?.includes(r.marker)) return;
      const key = url.pathname;
      sentBy.set(key, [...(sentBy.get(key) ?? []), request.resourceType()]);
    });
    let frame!: Awaited<ReturnType<typeof openHarness>>;
    const issued = await sessionCookiesOf(page, r, async () => (frame = await openHarness(page, { query: r.query })));
    await expectPlaysPast(frame, 1);

    let entries = await requestsOf(page, r);
    const count = (path: string) => entries.filter((entry) => entry.path.split('?')[0] === path).length;
    for (const path of ['/catalog-api/contents/101', '/catalog-api/contents/101/seasons', '/catalog-api/episodes', '/catalog-api/contents/101/available', '/ads/list.json', '/media/hls/film/master.m3u8']) {
      // Once each: the app took the page's start-up answers instead of asking again (its API
      // client sends with fetch() too, so the count is what tells them apart).
      expect(count(path), path).toBe(1);
      expect(sentBy.get(path), path).toEqual(['fetch']);
    }
    // So are the variants' and the start audio's playlists, which the engine takes from memory;
    // the other renditions' are the engine's own, when it wants them.
    for (const path of ['/media/hls/film/video/720p/index.m3u8', '/media/hls/film/audio/ru/index.m3u8']) expect(sentBy.get(path), path).toEqual(['fetch']);
    for (const path of ['/media/hls/film/audio/en/index.m3u8', '/media/hls/film/subs/ru/index.m3u8']) expect(sentBy.get(path)?.includes('fetch') ?? false, path).toBe(false);

    // A valid token goes out as it is: no refresh, every catalogue call with it.
    expect(entries.some((entry) => entry.path === REFRESH_PATH), 'no refresh for a valid token').toBe(false);
    for (const call of catalogueCalls(entries)) expect(call.requestHeaders.authorization, call.path).toBe(`Bearer ${issued.authToken}`);

    // Signed out: the same calls, with no Authorization at all.
    const out = run('movie_id=101&harness-session=signed-out&auto_play=0');
    await openHarness(page, { query: out.query, autoPlay: false });
    await expect(page.frameLocator('#player-frame').getByTestId('title')).toBeVisible();
    entries = await requestsOf(page, out);
    expect(catalogueCalls(entries)).toHaveLength(4);
    for (const call of catalogueCalls(entries)) expect(call.requestHeaders, `${call.path} signed out`).not.toHaveProperty('authorization');
  });

  test('content not available here: the page shows the blocked text and fetches no playlist, early or late', async ({ page }) => {
    const r = run('movie_id=103&auto_play=1');
    const frame = await openHarness(page, { query: r.query });
    await expect(frame.getByTestId('page-error')).toContainText('данный контент недоступен в вашей стране');
    // Every start-up answer is in: a playlist asked for late would go out at once.
    expect(await requestsWithin(page, (url) => url.includes('.m3u8'), 500)).toBe(false);
    const entries = await requestsOf(page, r);
    expect(entries.filter((entry) => entry.path.startsWith('/catalog-api/')).map((entry) => entry.path.split('?')[0]).sort()).toEqual([
      '/catalog-api/contents/103',
      '/catalog-api/contents/103/available',
      '/catalog-api/contents/103/seasons',
      '/catalog-api/episodes',
    ]);
    expect(entries.filter((entry) => entry.path.includes('.m3u8'))).toEqual([]);
  });
});

test.describe('X-Session-Context, page errors and Sentry', () => {
  test("X-Session-Context is empty on the first visit, then the device_fp cookie once it is computed, on the ad list too but never the token; then a 500: the shown id is the Sentry event id, the event has the response data, no credential is anywhere in what Sentry received, session replay records the viewer's mouse without adding a frame to the player's page, and the harness's Sentry tab lists the event and its Requests tab the 500", async ({ page }) => {
    test.setTimeout(75_000);
    // Every frame notes the <iframe>s added to it, even ones removed at once (the replay's check below).
    await page.addInitScript(() => {
      const added: string[] = ((window as unknown as { __addedFrames: string[] }).__addedFrames = []);
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) if (node.nodeName === 'IFRAME') added.push((node as HTMLIFrameElement).src || 'about:blank');
      }).observe(document, { childList: true, subtree: true });
    });
    // First visit, signed in. It plays: the fingerprint is computed after the first frame (with no
    // frame, only after the start-up fallback), so that the secrets all exist for the 500 below.
    const first = run('movie_id=101&harness-session=valid&auto_play=1');
    const issued = await sessionCookiesOf(page, first, () => openHarness(page, { query: first.query }));
    // Its text, not its visibility: playing, the title hides with the idle controls.
    await expect(page.frameLocator('#player-frame').getByTestId('title')).toHaveText('Испытательная таблица');
    const firstCalls = catalogueCalls(await requestsOf(page, first));
    expect(firstCalls).toHaveLength(4);
    for (const call of firstCalls) expect(call.requestHeaders['x-session-context'], `${call.path} on the first visit`).toBe('');

    // The fingerprint is computed after start-up, and kept for 365 days at path /.
    await expect.poll(async () => (await playerCookies(page)).device_fp ?? '', { timeout: 15_000 }).toMatch(/^[0-9a-f]{32}$/);
    // Error reporting starts with the fingerprint. It instruments fetch (the player's calls) and
    // leaves XMLHttpRequest alone, which only hls.js uses, once per segment: no SDK wrapper on the
    // stream's requests, no breadcrumb per segment. The SDK marks what it wraps (`__sentry_*`).
    const instrumented = () =>
      page.frameLocator('#player-frame').locator('body').evaluate(() => {
        const probe = new XMLHttpRequest();
        probe.open('GET', '/');
        const marked = (value: object) => Object.keys(value).some((key) => key.startsWith('__sentry_')) || '__sentry_original__' in value;
        return { fetch: marked(window.fetch), xhr: marked(probe) || marked(XMLHttpRequest.prototype.send) || marked(XMLHttpRequest.prototype.open) };
      });
    await expect.poll(instrumented).toEqual({ fetch: true, xhr: false });
    const cookie = (await page.context().cookies(PLAYER_ORIGIN)).find((c) => c.name === 'device_fp')!;
    expect(cookie.path).toBe('/');
    expect(Math.round((cookie.expires * 1000 - Date.now()) / 864e5)).toBe(365);

    // The next visit sends it, on the ad list too, which never gets the token.
    const second = run('movie_id=101&auto_play=0');
    await openHarness(page, { query: second.query, autoPlay: false });
    await expect(page.frameLocator('#player-frame').getByTestId('title')).toBeVisible();
    const entries = await requestsOf(page, second);
    for (const call of catalogueCalls(entries)) expect(call.requestHeaders['x-session-context'], `${call.path} on the next visit`).toBe(cookie.value);
    const adList = entries.find((entry) => entry.path.startsWith('/ads/list.json'));
    expect(adList?.requestHeaders['x-session-context']).toBe(cookie.value);
    expect(adList?.requestHeaders).not.toHaveProperty('authorization');

    // A 500 now, with every secret in the cookies.
    const secrets: Record<string, string> = { ...issued, device_fp: cookie.value };
    expect(Object.keys(secrets).sort()).toEqual(['authToken', 'device_fp', 'refreshToken']);

    const sent = sentEnvelopes(page);
    const r = run('movie_id=105&auto_play=1');
    const frame = await openHarness(page, { query: r.query });
    const message = frame.getByTestId('page-error').locator('p');
    await expect(message).toHaveText(GENERIC_ERROR);
    const shownId = GENERIC_ERROR.exec((await message.textContent())!)![1]!;

    // The failing calls really carried the credentials (and the server echoed them in its body).
    const calls = catalogueCalls(await requestsOf(page, r));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.requestHeaders.authorization).toBe(`Bearer ${secrets.authToken}`);
      expect(call.requestHeaders['x-session-context']).toBe(secrets.device_fp);
    }

    const { event } = await sentryEvent(page, shownId);
    expect(event.exception.values[0]).toMatchObject({ type: 'HttpError', value: expect.stringMatching(/^HTTP 500 for GET \/catalog-api\//) });
    expect(event.contexts.response).toMatchObject({ error_type: 'HTTP', status_code: 500, method: 'GET', url: expect.stringMatching(/^\/catalog-api\//) });
    expect(event.contexts.response.data).toContain('Internal Server Error');
    // The echoed credentials reached the report and were filtered there.
    expect(event.contexts.response.data).toContain('[Filtered]');
    expect(event.tags).toMatchObject({ project: 'player', api_error: 'HTTP', http_status: '500' });

    // Wait for the error's session replay (on-error sampling is 100%) and the pageload transaction,
    // then search every envelope this page sent, replay recordings inflated, and the ingest's raw text.
    await expect
      .poll(() => sent.flatMap((body) => envelopeText(body).types), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['event', 'transaction', 'replay_event', 'replay_recording']));
    const texts = [...sent.map((body) => envelopeText(body).text), ...(await envelopes(page)).map((envelope) => envelope.raw)];
    expect(texts.join('\n')).toContain(shownId);
    for (const text of texts) {
      for (const [name, value] of Object.entries(secrets)) expect(text.includes(value), `${name} leaked into a Sentry envelope`).toBe(false);
      expect(text).not.toMatch(/Bearer eyJ/);
    }

    // The error sent the buffered replay; recording goes on. Moving, paced as a hand moves: the
    // recorder samples positions over time (one each 50 ms, sent in batches each 500 ms).
    const recordings = () => sent.map(envelopeText).filter((envelope) => envelope.types.includes('replay_recording'));
    const box = (await page.locator('#player-frame').boundingBox())!;
    for (let step = 0; step < 20; step++) {
      await page.mouse.move(box.x + 20 + (step * (box.width - 40)) / 20, box.y + box.height / 2 + (step % 5) * 10);
      await page.waitForTimeout(30);
    }
    await expect
      .poll(() => recordings().some((envelope) => /"source":1,"positions":\[\{/.test(envelope.text)), { timeout: 20_000 })
      .toBe(true);
    const player = page.frames().find((f) => f.url().startsWith(PLAYER_ORIGIN) && f.url().includes(r.marker))!;
    expect(await player.evaluate(() => (window as unknown as { __addedFrames: string[] }).__addedFrames)).toEqual([]);

    // The harness inspector: the error's event in the Sentry tab, the failed call in the Requests tab.
    await page.getByTestId('tab-sentry').click();
    const row = page.getByTestId('sentry-row').filter({ hasText: shownId });
    await expect(row).toContainText('HTTP 500 for GET /catalog-api/');
    await expect(row).toContainText('project=player');
    await row.getByText(shownId).click();
    await expect(row.getByTestId('sentry-details')).toContainText('"status_code": 500');

    await page.getByTestId('tab-requests').click();
    await page.getByTestId('request-filter').fill('/catalog-api/contents/105');
    await expect(page.getByTestId('request-row').first()).toContainText('500');
    await expect(page.getByTestId('request-row').first().getByTestId('request-session-context')).toBeVisible();
  });

  test('the page-load transaction has no span for a playlist or a segment, though the stream loads while it is open', async ({ page }) => {
    test.setTimeout(60_000);
    // Slow segments (2.5 s for 2 s of film: the buffer grows slower than real time) keep 0:24
    // unbuffered when the SDK starts, however late a busy machine starts it. In the SDK's
    // own start mark (performance.mark, wrapped in the player's page before its scripts run), the
    // viewer seeks ahead, so a segment is asked for while the page-load span is open (for at least
    // its idle time-out, 1 s), whatever the CPU's pace.
    await page.addInitScript(() => {
      const mark = performance.mark.bind(performance);
      performance.mark = ((name: string, options?: PerformanceMarkOptions) => {
        const entry = mark(name, options);
        const video = document.querySelector<HTMLVideoElement>('video.player__media');
        if (name === 'sentry-tracing-init' && video) video.currentTime = 24;
        return entry;
      }) as typeof performance.mark;
    });
    const client = randomUUID();
    await injectFaults(page, client, [{ target: 'segment', action: { type: 'delay', ms: 2500 }, count: null }]);
    const r = run(`movie_id=101&auto_play=1&harness-client=${client}`);
    const frame = await openHarness(page, { query: r.query });
    await expectPlaysPast(frame, 1, 45_000);
    let pageLoad: Record<string, any> | undefined;
    await expect
      .poll(async () => {
        const items = (await envelopes(page, { mark: r.marker })).flatMap((envelope) => envelope.items);
        pageLoad = items.find((item) => item.type === 'transaction' && JSON.stringify(item.payload).includes(r.marker))?.payload as Record<string, any> | undefined;
        return pageLoad?.contexts?.trace?.op;
      }, { timeout: 40_000 })
      .toBe('pageload');

    const spans = pageLoad!.spans as Array<Record<string, any>>;
    const init = spans.find((span) => span.op === 'mark' && span.description === 'sentry-tracing-init');
    expect(init, 'the SDK marks its start in the transaction').toBeDefined();
    const start = init!.start_timestamp * 1000;
    const player = page.frames().find((f) => f.url().startsWith(PLAYER_ORIGIN) && f.url().includes(r.marker))!;
    // A segment asked for within the span's first second (listed once it has answered).
    await expect
      .poll(async () => {
        const streamStarts = await player.evaluate(() =>
          performance.getEntriesByType('resource').filter((e) => /\.(m3u8|m4s)$/.test(new URL(e.name).pathname)).map((e) => performance.timeOrigin + e.startTime),
        );
        return streamStarts.filter((t) => t >= start && t <= start + 1_000).length;
      })
      .toBeGreaterThan(0);
    await clearFaults(page, client);
    const streamSpans = spans.filter(
      (span) => span.op === 'http.client' && /\.(m3u8|m4s|mp4)(\?|$)/.test(String(span.data?.['http.url'] ?? span.description)),
    );
    expect(streamSpans).toEqual([]);
  });

  test('a garbage body ends in the generic page error, reported to Sentry as an invalid body', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'garbage-body' });
    const message = frame.getByTestId('page-error').locator('p');
    await expect(message).toHaveText(GENERIC_ERROR);
    await expect(frame.getByRole('button', { name: 'Перезагрузить страницу' })).toBeVisible();
    const { event } = await sentryEvent(page, GENERIC_ERROR.exec((await message.textContent())!)![1]!);
    expect(event.exception.values[0].type).toBe('InvalidBodyError');
    expect(event.tags).toMatchObject({ api_error: 'INVALID_BODY' });
    expect(event.contexts.response).toMatchObject({ error_type: 'INVALID_BODY', status_code: null, url: expect.stringMatching(/^\/catalog-api\//) });
  });

  test('without a DSN nothing is sent, and the page still shows a local error id', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/envelope/')) sent.push(request.url());
    });
    const frame = await openHarness(page, { scenario: 'server-error-no-sentry' });
    await expect(frame.getByTestId('page-error').locator('p')).toHaveText(GENERIC_ERROR);
    // With a DSN the error's envelope leaves within a second of the page error.
    expect(await requestsWithin(page, (url) => url.includes('/envelope/'), 1500)).toBe(false);
    expect(sent).toEqual([]);
  });
});
