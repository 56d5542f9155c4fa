import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
const args = ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync','--autoplay-policy=no-user-gesture-required'];
function cpu() {
  let t = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmd, stat; try { cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); if (!cmd.includes('chromium')) continue; stat = readFileSync(`/proc/${pid}/stat`, 'utf8'); } catch { continue; }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    t += Number(f[11]) + Number(f[12]);
  }
  return t / 100;
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
const page = await context.newPage();
if (process.argv[3] === 'block') await page.route(/localhost:4200/, (r) => r.abort());
for (let i = 0; i < 5; i++) {
  const a = cpu(); const t0 = Date.now();
  await page.goto(process.argv[2]);
  await page.getByTestId('summary-expect').waitFor();
  await new Promise((r) => setTimeout(r, 1500));
  await page.goto('about:blank');
  console.log('chrome cpu', (cpu() - a).toFixed(2), 'wall', Date.now() - t0);
}
await browser.close();
