import type { MetricsSample } from './probe';

/** Seconds of history a chart shows. */
const WINDOW_S = 60;
const W = 320;
const H = 70;

interface Series {
  id: string;
  label: string;
  unit: string;
  value(sample: MetricsSample): number | null;
  format(value: number): string;
}

const SERIES: readonly Series[] = [
  { id: 'bandwidth', label: 'Bandwidth estimate', unit: 'Mbit/s', value: (s) => (s.bandwidth === null ? null : s.bandwidth / 1e6), format: (v) => v.toFixed(2) },
  { id: 'buffer', label: 'Buffer ahead', unit: 's', value: (s) => s.bufferAhead, format: (v) => v.toFixed(1) },
  { id: 'height', label: 'Picture height (level)', unit: 'px', value: (s) => (s.height ? s.height : null), format: (v) => String(Math.round(v)) },
  { id: 'dropped', label: 'Dropped frames', unit: 'frames', value: (s) => s.droppedFrames, format: (v) => String(Math.round(v)) },
];

/** A round upper bound for the y axis (1, 2, 5 × 10^n). */
function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power;
}

function Chart({ series, samples, now }: { series: Series; samples: MetricsSample[]; now: number }) {
  const points = samples.map((s) => [s.t, series.value(s)] as const).filter((p): p is readonly [number, number] => p[1] !== null && Number.isFinite(p[1]));
  const latest = points[points.length - 1]?.[1] ?? null;
  const from = now - WINDOW_S * 1000;
  const shown = points.filter(([t]) => t >= from);
  const max = niceMax(Math.max(0, ...shown.map(([, v]) => v)));
  const x = (t: number) => ((t - from) / (WINDOW_S * 1000)) * W;
  const y = (v: number) => H - (v / max) * (H - 4) - 2;
  const line = shown.map(([t, v]) => `${x(t).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return (
    <figure className="chart" data-testid={`chart-${series.id}`} data-points={points.length}>
      <figcaption className="chart-head">
        <span>{series.label}</span>
        <span className="chart-value mono" data-testid={`chart-value-${series.id}`}>
          {latest === null ? '—' : `${series.format(latest)} ${series.unit}`}
        </span>
      </figcaption>
      <svg className="chart-svg" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={`${series.label} over the last ${WINDOW_S} s`}>
        <line className="chart-grid" x1={0} x2={W} y1={y(max / 2)} y2={y(max / 2)} />
        <line className="chart-grid" x1={0} x2={W} y1={y(0)} y2={y(0)} />
        {line && <polyline className="chart-line" points={line} vectorEffect="non-scaling-stroke" />}
      </svg>
      <div className="chart-axis mono">
        <span>−{WINDOW_S} s</span>
        <span>max {series.format(max)}</span>
        <span>now</span>
      </div>
    </figure>
  );
}

/** Live plots of what the player's probe samples every 500 ms. */
export function ChartsPanel({ samples, connected, active }: { samples: MetricsSample[]; connected: boolean; active: boolean }) {
  const now = samples[samples.length - 1]?.t ?? 0;
  return (
    <div className="panel charts" data-testid="charts-panel">
      <p className="muted">
        Sampled in the player page every 500 ms (last {WINDOW_S} s): the engine's bandwidth estimate, media buffered ahead of the playhead, the
        decoded picture height (the current level) and the video element's dropped-frame count.
      </p>
      {!connected && <p className="muted" data-testid="charts-waiting">Waiting for the player page…</p>}
      <div className="chart-grid-list">
        {/* Hidden, the plots are not drawn: a sample comes every 500 ms. */}
        {active && SERIES.map((series) => (
          <Chart key={series.id} series={series} samples={samples} now={now} />
        ))}
      </div>
    </div>
  );
}
