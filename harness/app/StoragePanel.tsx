import { useState } from 'react';
import type { StorageSnapshot } from './probe';
import { draftError, KNOWN_KEYS, knownKeyNote, prettyValue, storageKeys } from './storage-view';

interface StoragePanelProps {
  storage: StorageSnapshot | null;
  sameOrigin: boolean;
  send(op: string, extra?: Record<string, unknown>): Promise<string | null>;
  onUseSameOrigin(): void;
}

type Run = (op: string, extra: Record<string, unknown>, done: string) => Promise<void>;

/** Live view and editor of the player origin's localStorage, through the probe channel. */
export function StoragePanel({ storage, sameOrigin, send, onUseSameOrigin }: StoragePanelProps) {
  const [key, setKey] = useState('episodesTimeProgress');
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const items = storage?.items ?? null;

  const run: Run = async (op, extra, done) => {
    const error = await send(op, extra);
    setMessage(error ? { ok: false, text: error } : { ok: true, text: done });
  };
  const save = () => {
    const refused = draftError(key, draft);
    if (refused !== null) return setMessage({ ok: false, text: refused });
    const name = key.trim();
    void run('storage-set', { key: name, value: draft.trim() }, `Wrote ${name}. Reload the player to make it read the value.`);
  };
  const edit = (name: string) => {
    setKey(name);
    setDraft(prettyValue(items?.[name] ?? ''));
    setMessage(null);
  };

  return (
    <div className="panel storage" data-testid="storage-panel">
      {storage === null ? (
        <p className="muted">Waiting for the player page…</p>
      ) : storage.error !== null ? (
        <StorageUnavailable error={storage.error} sameOrigin={sameOrigin} onUseSameOrigin={onUseSameOrigin} />
      ) : (
        <>
          <StorageTable items={items ?? {}} onEdit={edit} run={run} />
          <StorageEditor
            name={key}
            draft={draft}
            message={message}
            onName={setKey}
            onDraft={setDraft}
            onSave={save}
            onClear={() => void run('storage-clear', {}, 'Cleared the player origin’s storage.')}
          />
        </>
      )}
    </div>
  );
}

/** The browser refused the player localStorage (a cross-site frame), and the way to the same-origin embed. */
function StorageUnavailable({ error, sameOrigin, onUseSameOrigin }: { error: string; sameOrigin: boolean; onUseSameOrigin(): void }) {
  return (
    <div className="notice" data-testid="storage-unavailable">
      <p>
        <strong>The player cannot use localStorage here.</strong> {sameOrigin ? '' : 'Chromium denies storage to this cross-site iframe, so the player keeps nothing between loads (resume, volume and audio choice start fresh).'}
      </p>
      <p className="mono small">{error}</p>
      {!sameOrigin && (
        <button type="button" className="btn" onClick={onUseSameOrigin} data-testid="storage-use-same">
          Switch to the same-origin embed
        </button>
      )}
    </div>
  );
}

/** Each stored key with its value, to edit or delete. */
function StorageTable({ items, onEdit, run }: { items: Record<string, string>; onEdit(name: string): void; run: Run }) {
  const keys = storageKeys(items);
  return (
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
              <div className="muted small">{knownKeyNote(name)}</div>
            </td>
            <td className="mono wrap" data-testid="storage-value">
              {items[name]}
            </td>
            <td className="storage-actions">
              <button type="button" className="btn btn-small" onClick={() => onEdit(name)} data-testid={`storage-edit-${name}`}>
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
  );
}

interface StorageEditorProps {
  name: string;
  draft: string;
  message: { ok: boolean; text: string } | null;
  onName(name: string): void;
  onDraft(draft: string): void;
  onSave(): void;
  onClear(): void;
}

/** A key and its JSON draft to write, and the answer of the last change. */
function StorageEditor({ name, draft, message, onName, onDraft, onSave, onClear }: StorageEditorProps) {
  return (
    <div className="storage-editor">
      <label className="field">
        <span>Key</span>
        <input className="input mono" list="storage-keys" value={name} onChange={(e) => onName(e.target.value)} data-testid="storage-key" />
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
        onChange={(e) => onDraft(e.target.value)}
        aria-label="Value (JSON)"
        data-testid="storage-draft"
      />
      <div className="storage-buttons">
        <button type="button" className="btn btn-primary" onClick={onSave} data-testid="storage-save">
          Validate and write
        </button>
        <button type="button" className="btn" onClick={onClear} data-testid="storage-clear">
          Clear all
        </button>
      </div>
      {message && (
        <p className={message.ok ? 'muted' : 'banner'} role={message.ok ? 'status' : 'alert'} data-testid="storage-message">
          {message.text}
        </p>
      )}
    </div>
  );
}
