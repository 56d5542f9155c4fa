import { useState } from 'react';
import type { StorageSnapshot } from './probe';

/** The player's keys (src/lib/constants.ts STORAGE_KEYS), with what each holds. */
const KNOWN_KEYS: ReadonlyArray<[string, string]> = [
  ['episodesTimeProgress', 'episode id → saved seconds (resume prompt)'],
  ['player-volume', 'volume 0…1'],
  ['player-muted', 'true / false'],
  ['favoriteAudioTracks', 'preferred audio track names'],
  ['player-skip-intro', "'Пропускать заставку': true / false"],
];

function pretty(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 1);
  } catch {
    return raw;
  }
}

interface StoragePanelProps {
  storage: StorageSnapshot | null;
  sameOrigin: boolean;
  send(op: string, extra?: Record<string, unknown>): Promise<string | null>;
  onUseSameOrigin(): void;
}

/** Live view and editor of the player origin's localStorage, through the probe channel. */
export function StoragePanel({ storage, sameOrigin, send, onUseSameOrigin }: StoragePanelProps) {
  const [key, setKey] = useState('episodesTimeProgress');
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const items = storage?.items ?? null;

  const run = async (op: string, extra: Record<string, unknown>, done: string) => {
    const error = await send(op, extra);
    setMessage(error ? { ok: false, text: error } : { ok: true, text: done });
  };
  const save = () => {
    const name = key.trim();
    if (!name) return setMessage({ ok: false, text: 'Key is empty.' });
    try {
      JSON.parse(draft);
    } catch (error) {
      return setMessage({ ok: false, text: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
    }
    void run('storage-set', { key: name, value: draft.trim() }, `Wrote ${name}. Reload the player to make it read the value.`);
  };
  const edit = (name: string) => {
    setKey(name);
    setDraft(pretty(items?.[name] ?? ''));
    setMessage(null);
  };

  const keys = items ? [...KNOWN_KEYS.map(([k]) => k).filter((k) => k in items), ...Object.keys(items).filter((k) => !KNOWN_KEYS.some(([known]) => known === k)).sort()] : [];

  return (
    <div className="panel storage" data-testid="storage-panel">
      {storage === null ? (
        <p className="muted">Waiting for the player page…</p>
      ) : storage.error !== null ? (
        <div className="notice" data-testid="storage-unavailable">
          <p>
            <strong>The player cannot use localStorage here.</strong> {sameOrigin ? '' : 'Chromium denies storage to this cross-site iframe, so the player keeps nothing between loads (resume, volume and audio choice start fresh).'}
          </p>
          <p className="mono small">{storage.error}</p>
          {!sameOrigin && (
            <button type="button" className="btn" onClick={onUseSameOrigin} data-testid="storage-use-same">
              Switch to the same-origin embed
            </button>
          )}
        </div>
      ) : (
        <>
          <table className="log-table storage-table">
            <thead>
              <tr>
                <th>Key</th>
                <th>Value</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {keys.length === 0 && (
                <tr>
                  <td colSpan={3} className="log-empty">
                    Empty.
                  </td>
                </tr>
              )}
              {keys.map((name) => (
                <tr key={name} data-testid="storage-row" data-key={name}>
                  <td className="mono">
                    {name}
                    <div className="muted small">{KNOWN_KEYS.find(([k]) => k === name)?.[1]}</div>
                  </td>
                  <td className="mono wrap" data-testid="storage-value">
                    {items?.[name]}
                  </td>
                  <td className="storage-actions">
                    <button type="button" className="btn btn-small" onClick={() => edit(name)} data-testid={`storage-edit-${name}`}>
                      Edit
                    </button>
                    <button type="button" className="btn btn-small" onClick={() => void run('storage-remove', { key: name }, `Removed ${name}.`)} data-testid={`storage-remove-${name}`}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          <div className="storage-editor">
            <label className="field">
              <span>Key</span>
              <input className="input mono" list="storage-keys" value={key} onChange={(e) => setKey(e.target.value)} data-testid="storage-key" />
              <datalist id="storage-keys">
                {KNOWN_KEYS.map(([k]) => (
                  <option key={k} value={k} />
                ))}
              </datalist>
            </label>
            <textarea
              className="input mono storage-draft"
              rows={6}
              spellCheck={false}
              placeholder='JSON, e.g. {"10101": 14}'
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              aria-label="Value (JSON)"
              data-testid="storage-draft"
            />
            <div className="storage-buttons">
              <button type="button" className="btn btn-primary" onClick={save} data-testid="storage-save">
                Validate and write
              </button>
              <button type="button" className="btn" onClick={() => void run('storage-clear', {}, 'Cleared the player origin’s storage.')} data-testid="storage-clear">
                Clear all
              </button>
            </div>
            {message && (
              <p className={message.ok ? 'muted' : 'banner'} role={message.ok ? 'status' : 'alert'} data-testid="storage-message">
                {message.text}
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
