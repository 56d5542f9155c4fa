/**
 * The cross-origin rstat4 relay. A cross-origin player cannot reach the harness's
 * window.top.rstat4, so this harness server (never used in production) puts a tiny rstat4 on
 * the player page that posts each event to the harness origin only. The player's own code is
 * unchanged: it finds rstat4 on its window, as it would on a page that defines one.
 * Each event is also beaconed to the harness server (`/__harness/stats`, stats.ts) with the
 * page's URL: a browser test reads it from there without touching the page (no user gesture),
 * and a player page opened on its own, with no harness parent, is heard too. The beacon goes to
 * the page's own origin (the same server), not the harness origin, so that it never queues beside
 * the VAST pings the harness origin receives, whose order the ad tests check.
 * `?harness-stats=off` on the player URL leaves the page without a sink.
 */
const RELAY_SOURCE = 'harness-rstat4';

export function injectStatsRelay(html: string, harnessOrigin: string, query: URLSearchParams): string {
  if (query.get('harness-stats') === 'off') return html;
  const origin = JSON.stringify(harnessOrigin);
  const script =
    `<script>window.rstat4=function(event,payload){try{var data=JSON.parse(JSON.stringify(payload===undefined?null:payload));` +
    `if(window.parent!==window)window.parent.postMessage({source:${JSON.stringify(RELAY_SOURCE)},event:String(event),payload:data},${origin});` +
    `navigator.sendBeacon(location.origin+'/__harness/stats',JSON.stringify({page:location.href,event:String(event),payload:data}))}catch(e){}};</script>`;
  return html.replace('</head>', `${script}</head>`);
}
