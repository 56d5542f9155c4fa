import { useCallback, useEffect, useState } from 'react';
import { harnessFetch } from './server-health';
import type { FaultRule as SharedFaultRule } from '../common/types';
import { harnessClient } from './session';

/** A rule as the panel writes it: `forMs` may be left out. */
type FaultRule = Omit<SharedFaultRule, 'forMs'> & { forMs?: number | null };

/** One-click faults a QA engineer reaches for; each replaces the tab's current rules. */
const PRESETS: ReadonlyArray<{ id: string; label: string; rules: FaultRule[] }> = [
  { id: 'segment-500x2', label: 'Next 2 segments → 500', rules: [{ target: 'segment', action: { type: 'status', status: 500 }, count: 2 }] },
  { id: 'segment-404x3', label: 'Next 3 segments → 404', rules: [{ target: 'segment', action: { type: 'status', status: 404 }, count: 3 }] },
  { id: 'segment-timeout', label: 'Next segment → time-out', rules: [{ target: 'segment', action: { type: 'timeout' }, count: 1 }] },
  { id: 'segment-reset', label: 'Next 2 segments → connection reset', rules: [{ target: 'segment', action: { type: 'reset' }, count: 2 }] },
  { id: 'key-500', label: 'Keys → 500 (AES-128 film)', rules: [{ target: 'key', action: { type: 'status', status: 500 }, count: null }] },
  { id: 'key-timeout', label: 'Keys → time-out (AES-128 film)', rules: [{ target: 'key', action: { type: 'timeout' }, count: null }] },
  { id: 'audio-en-404', label: 'English audio playlist → 404', rules: [{ target: 'playlist', action: { type: 'status', status: 404 }, count: null, path: '/audio/en/' }] },
  { id: 'subs-404', label: 'Subtitle playlists → 404', rules: [{ target: 'playlist', action: { type: 'status', status: 404 }, count: null, path: '/subs/' }] },
  { id: 'drop-media-5s', label: 'Drop all media for 5 s', rules: [{ target: 'media', action: { type: 'reset' }, count: null, forMs: 5000 }] },
  { id: 'latency-500', label: 'Media latency +500 ms', rules: [{ target: 'media', action: { type: 'delay', ms: 500 }, count: null }] },
  { id: 'cap-300k', label: 'Bandwidth cap 300 kbps', rules: [{ target: 'media', action: { type: 'throttle', kbps: 300 }, count: null }] },
  { id: 'cap-1m', label: 'Bandwidth cap 1 Mbps', rules: [{ target: 'media', action: { type: 'throttle', kbps: 1000 }, count: null }] },
  { id: 'slow-catalog', label: 'Slow catalogue (3 s, reload)', rules: [{ target: 'catalog', action: { type: 'delay', ms: 3000 }, count: 5 }] },
  { id: 'slow-vast', label: 'Slow VAST (6 s, past the time-out)', rules: [{ target: 'vast', action: { type: 'delay', ms: 6000 }, count: null }] },
  // What the page's start does alone: its shell's controls, and a pre-roll a tap plays before the app.
  { id: 'slow-app', label: "Slow player app code (5 s, reload)", rules: [{ target: 'app', action: { type: 'delay', ms: 5000 }, count: 1 }] },
  // About 2.5 s into the 5 s sample ad (Chromium reads media 32 KB at a time: 24 KB would show no frame),
  // it freezes, and fails with 402 a media time-out later.
  { id: 'ad-stall', label: 'Ad freezes mid-way (media stops after 40 KB)', rules: [{ target: 'media', action: { type: 'stall', afterBytes: 40_000 }, count: null, path: '/ads/' }] },
];

const describe = (rule: FaultRule) => {
  const { action } = rule;
  const what =
    action.type === 'status'
      ? String(action.status)
      : action.type === 'delay'
        ? `+${action.ms} ms`
        : action.type === 'throttle'
          ? `cap ${action.kbps} kbps`
          : action.type === 'stall'
            ? `stall after ${action.afterBytes} B`
            : action.type;
  const scope = rule.count === null ? 'every request' : `next ${rule.count}`;
  return `${rule.target}${rule.path ? ` ${rule.path}` : ''} → ${what} (${scope}${rule.forMs ? `, for ${rule.forMs / 1000} s` : ''})`;
};

/** Server-side fault injection for this tab's player (see harness/server/faults.ts). */
export function FaultsPanel({ active }: { active: boolean }) {
  const [rules, setRules] = useState<FaultRule[]>([]);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const all = (await (await harnessFetch('/__harness/faults')).json()) as Record<string, FaultRule[]>;
      setRules(all[harnessClient()] ?? []);
      setError(null);
    } catch (err) {
      setError(String(err));
    }
  }, []);

  useEffect(() => {
    if (active) void refresh();
  }, [active, refresh]);

  const apply = async (next: FaultRule[]) => {
    const response = await harnessFetch('/__harness/faults', { method: 'POST', body: JSON.stringify({ client: harnessClient(), rules: next }) });
    if (!response.ok) setError(((await response.json()) as { message: string }).message);
    await refresh();
  };
  const clear = async () => {
    await harnessFetch(`/__harness/faults?client=${encodeURIComponent(harnessClient())}`, { method: 'DELETE' });
    await refresh();
  };

  return (
    <div className="panel" data-testid="faults-panel">
      <p className="muted">
        Faults apply to this tab's player only (client <code className="mono">{harnessClient()}</code>). Faulted requests are marked in
        the Requests tab.
      </p>
      <div className="fault-presets">
        {PRESETS.map((preset) => (
          <button key={preset.id} type="button" className="btn" data-testid={`fault-${preset.id}`} onClick={() => void apply(preset.rules)}>
            {preset.label}
          </button>
        ))}
      </div>
      <h3>Active rules</h3>
      {rules.length === 0 ? (
        <p className="muted" data-testid="faults-none">
          None.
        </p>
      ) : (
        <ul data-testid="faults-active">
          {rules.map((rule, i) => (
            <li key={i} className="mono">
              {describe(rule)}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn" data-testid="faults-clear" onClick={() => void clear()}>
        Clear faults
      </button>
      {error && (
        <p className="banner" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
