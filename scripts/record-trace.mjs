/**
 * Records a real playback's engine facts into fixtures/traces/<name>.json for the replay tests
 * (src/features/analytics/index.test.ts, src/engine/trace-replay.test.ts). Needs a running
 * harness (node <dist>/server/index.mjs):
 *
 *   HARNESS_PORT=4371 node scripts/record-trace.mjs film-seek "movie_id=101&auto_play=1" --seek=6:20 --until=ended
 *   HARNESS_PORT=4371 node scripts/record-trace.mjs segment-404 "movie_id=114&auto_play=1" --until=fatal
 *
 * The player runs same-origin in the harness. Its engine copies every fact to a sink this
 * script defines (src/engine/trace-tap.ts); the live rstat4 events and the saved progress are
 * kept beside the facts so the replay can be compared with what the real player did. The sink
 * sees only the content's engine: a playback with an ad is written by hand (film-preroll.json).
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
// Runs in every frame: the player's engine copies its facts to the sink (src/engine/trace-tap.ts);
// the harness page (top) notes each episode the player announces (SPEC.md §7 messages).
await page.addInitScript(() => {
  const facts = [];
  window.__traceFacts = facts;
  if (window === window.top) {
    window.addEventListener('message', (event) => {
      const id = event.data?.event === 'episodeChanged' ? event.data.payload?.episode?.id : undefined;
      if (typeof id === 'number') facts.push({ at: Date.now(), fact: 'episodeChanged', payload: { episodeId: id } });
    });
    return;
  }
  const round = (value) =>
    typeof value === 'number' && Number.isFinite(value)
      ? Math.round(value * 1000) / 1000
      : Array.isArray(value)
        ? value.map(round)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, round(v)]))
          : value;
  window.__engineFactSink = (fact, payload) => {
    // Addresses carry this run's port; the path is what a replay needs.
    const cleaned = fact === 'error' && payload?.url ? { ...payload, url: new URL(payload.url).pathname } : payload;
    facts.push({ at: Date.now(), fact, ...(cleaned === undefined ? {} : { payload: round(cleaned) }) });
  };
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
// What the live player saved (same-origin embed, fresh profile: nothing was stored before).
const saved = await frame.evaluate(() => JSON.parse(localStorage.getItem('episodesTimeProgress') ?? 'null'));
await browser.close();

const first = stats[0]?.payload ?? {};
const items = episodes.map((e) => ({ ...e, payload: { contentId: first.contentId ?? null, episodeId: e.payload.episodeId } }));
const all = [...items, ...facts].sort((a, b) => a.at - b.at);
const t0 = all[0]?.at ?? 0;
const trace = {
  name,
  query,
  recordedWith: 'scripts/record-trace.mjs',
  item: { contentId: first.contentId ?? null, episodeId: first.episodeId ?? null },
  facts: all.map(({ at, ...rest }) => ({ t: at - t0, ...rest })),
  // What the live player sent to rstat4, for comparison with the replay.
  stats: stats.map((s) => ({ t: s.t - t0, event: s.event, payload: s.payload })),
  // The player's `episodesTimeProgress` when the recording stopped.
  episodesTimeProgress: saved,
};
await writeFile(`fixtures/traces/${name}.json`, `${JSON.stringify(trace, null, 1)}\n`);
console.log(`${name}: ${trace.facts.length} facts, ${trace.stats.length} rstat4 events`);
