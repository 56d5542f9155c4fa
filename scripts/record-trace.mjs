/**
 * Records a real playback's engine facts into fixtures/traces/<name>.json for the replay tests
 * (src/app/analytics-replay.test.ts). Needs a running harness (node <dist>/server/index.mjs):
 *
 *   HARNESS_PORT=4371 node scripts/record-trace.mjs film-seek "movie_id=101&auto_play=1" --seek=6:20 --until=ended
 *   HARNESS_PORT=4371 node scripts/record-trace.mjs segment-404 "movie_id=114&auto_play=1" --until=fatal
 *
 * The player runs same-origin in the harness; media events are captured on the player
 * document, engine errors from the rstat4 error events, and the live rstat4 events are kept
 * beside the facts so the replay can be compared with what the real player sent.
 */
import { chromium } from '@playwright/test';
import { writeFile } from 'node:fs/promises';

const [name, query, ...flags] = process.argv.slice(2);
if (!name || !query) throw new Error('usage: record-trace.mjs <name> <player query> [--seek=from:to] [--until=ended|fatal] [--max=s]');
const flag = (key) => flags.find((f) => f.startsWith(`--${key}=`))?.slice(key.length + 3);
const [seekFrom, seekTo] = flag('seek') ? flag('seek').split(':').map(Number) : [Number.NaN, Number.NaN];
const until = flag('until') ?? 'ended';
const maxMs = Number(flag('max') ?? 90) * 1000;
const harness = `http://127.0.0.1:${process.env.HARNESS_PORT ?? 4101}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
});
const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
// Runs in every frame; only the player's document has a <video>.
await page.addInitScript(() => {
  const facts = [];
  window.__traceFacts = facts;
  // The harness page: the player announces each episode it switches to (SPEC.md §7 messages).
  if (window === window.top) {
    window.addEventListener('message', (event) => {
      const id = event.data?.event === 'episodeChanged' ? event.data.payload?.episode?.id : undefined;
      if (typeof id === 'number') facts.push({ at: Date.now(), fact: 'episodeChanged', payload: { episodeId: id } });
    });
  }
  const ahead = (v) => {
    for (let i = 0; i < v.buffered.length; i++) if (v.buffered.start(i) <= v.currentTime + 0.1 && v.currentTime <= v.buffered.end(i)) return v.buffered.end(i) - v.currentTime;
    return 0;
  };
  const round = (n) => (Number.isFinite(n) ? Math.round(n * 1000) / 1000 : n);
  const map = {
    durationchange: (v) => ['durationChanged', { duration: round(v.duration) }],
    playing: () => ['playing'],
    pause: () => ['paused'],
    waiting: () => ['waiting'],
    seeking: (v) => ['seeking', { currentTime: round(v.currentTime) }],
    seeked: (v) => ['seeked', { currentTime: round(v.currentTime) }],
    timeupdate: (v) => ['timeUpdated', { currentTime: round(v.currentTime), duration: round(v.duration), bufferedAhead: round(ahead(v)) }],
    ended: () => ['ended'],
  };
  for (const type of Object.keys(map)) {
    document.addEventListener(
      type,
      (event) => {
        if (!(event.target instanceof HTMLVideoElement) || event.target.classList.contains('player__media') === false) return;
        const [fact, payload] = map[type](event.target);
        facts.push({ at: Date.now(), fact, ...(payload ? { payload } : {}) });
      },
      true,
    );
  }
});

await page.goto(`${harness}/?scenario=film&embed=same&auto_play=1&query=${encodeURIComponent(query)}`);
const frame = page.frames().find((f) => f.url().includes('/player/')) ?? (await (await page.waitForSelector('#player-frame')).contentFrame());
const started = Date.now();
let seeked = !Number.isFinite(seekFrom);
for (;;) {
  await page.waitForTimeout(200);
  const state = await frame.evaluate(() => {
    const v = document.querySelector('video.player__media');
    return { time: v?.currentTime ?? 0, ended: v?.ended ?? false, fatal: Boolean(document.querySelector('[data-testid=stream-error]')) };
  });
  if (!seeked && state.time >= seekFrom) {
    await frame.evaluate((to) => (document.querySelector('video.player__media').currentTime = to), seekTo);
    seeked = true;
  }
  if ((until === 'ended' && state.ended) || (until === 'fatal' && state.fatal) || Date.now() - started > maxMs) break;
}
await page.waitForTimeout(500);
const facts = await frame.evaluate(() => window.__traceFacts);
const stats = await page.evaluate(() => window.__harnessStats ?? []);
const episodes = await page.evaluate(() => window.__traceFacts);
await browser.close();

const errors = stats
  .filter((s) => s.event === 'videoplayer_error')
  .map((s) => ({
    at: s.t,
    fact: 'error',
    payload: { kind: s.payload.errorType, detail: s.payload.details, fatal: s.payload.fatal, message: s.payload.details, ...(s.payload.responseCode != null ? { responseCode: s.payload.responseCode } : {}) },
  }));
const first = stats[0]?.payload ?? {};
const items = episodes.map((e) => ({ ...e, payload: { contentId: first.contentId ?? null, episodeId: e.payload.episodeId } }));
const all = [...items, ...facts, ...errors].sort((a, b) => a.at - b.at);
const t0 = all[0]?.at ?? 0;
const trace = {
  name,
  query,
  recordedWith: 'scripts/record-trace.mjs',
  item: { contentId: first.contentId ?? null, episodeId: first.episodeId ?? null },
  facts: all.map(({ at, ...rest }) => ({ t: at - t0, ...rest })),
  // What the live player sent to rstat4, for comparison with the replay.
  stats: stats.map((s) => ({ t: s.t - t0, event: s.event, payload: s.payload })),
};
await writeFile(`fixtures/traces/${name}.json`, `${JSON.stringify(trace, null, 1)}\n`);
console.log(`${name}: ${trace.facts.length} facts, ${trace.stats.length} rstat4 events`);
