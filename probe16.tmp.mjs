import { chromium } from '@playwright/test';
const args = ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync','--autoplay-policy=no-user-gesture-required'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
const page = await context.newPage();
const url = process.argv[2];
const cdp = await context.newCDPSession(page);
async function load() {
  await page.goto(url);
  const until = Date.now() + 15000;
  while (Date.now() < until && await page.locator('video').first().evaluate((v) => v.currentTime).catch(() => 0) <= 1) await new Promise((r) => setTimeout(r, 100));
  await page.goto('about:blank');
  await cdp.send('Storage.clearDataForOrigin', { origin: 'http://localhost:4200', storageTypes: 'local_storage,cookies' });
}
for (let i = 0; i < 3; i++) await load();
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
await cdp.send('Profiler.start');
const t0 = Date.now();
await load();
console.log('wall', Date.now() - t0);
const { profile } = await cdp.send('Profiler.stop');
await browser.close();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const dt = profile.timeDeltas; let total = 0;
const counts = new Map();
for (let i = 0; i < profile.samples.length; i++) { const id = profile.samples[i]; counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)); total += dt[i] ?? 0; }
const byUrl = new Map(); const byFn = new Map(); const incl = new Map();
for (const [id, us] of counts) {
  const n = byId.get(id); const cf = n.callFrame;
  const file = (cf.url || '(' + cf.functionName + ')').split('/').pop().replace(/-[A-Z0-9]{8}\.js/, '.js');
  byUrl.set(file, (byUrl.get(file) ?? 0) + us);
  const fk = `${cf.functionName || '(anon)'} ${file}:${cf.lineNumber}:${cf.columnNumber}`;
  byFn.set(fk, (byFn.get(fk) ?? 0) + us);
  // inclusive by file: walk up, add once per file
  const seen = new Set(); let cur = id;
  while (cur !== undefined) { const c = byId.get(cur).callFrame; const f = (c.url || '').split('/').pop().replace(/-[A-Z0-9]{8}\.js/, '.js'); const key = f + ' ' + (c.functionName || '(anon)'); if (!seen.has(key)) { seen.add(key); incl.set(key, (incl.get(key) ?? 0) + us); } cur = parentOf.get(cur); }
}
console.log('total ms', (total / 1000).toFixed(0));
for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log((v / 1000).toFixed(0), k);
console.log('-- self');
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log((v / 1000).toFixed(0), k);
console.log('-- inclusive');
for (const [k, v] of [...incl].filter(([k]) => !k.startsWith(' ')).sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((v / 1000).toFixed(0), k);
