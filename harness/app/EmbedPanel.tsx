import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { embedCodeFor } from './embed-console';
import { SdkConsole } from './SdkConsole';
import { SdkEventLog } from './SdkEventLog';
import { useEmbedConsole } from './useEmbedConsole';
import { copyText } from '../../src/platform/share';
import './embed-panel.css';

interface EmbedPanelProps {
  active: boolean;
  /** The player's origin (the embed code's, whichever embed mode the harness uses). */
  playerOrigin: string;
  /** The player query the harness loads now. */
  playerQuery: string;
  frameRef: RefObject<HTMLIFrameElement | null>;
  frameKey: string;
}

/**
 * The Embed tab: the embed code a site would paste for this scenario, and a console that drives
 * the harness's own player frame through the host SDK or the plain player.js library.
 */
export function EmbedPanel({ active, playerOrigin, playerQuery, frameRef, frameKey }: EmbedPanelProps) {
  // The console touches the player (subscriptions, its ready handshake) only once the tab has
  // been opened, so the harness without it drives nothing the other tabs would see.
  const [armed, setArmed] = useState(active);
  useEffect(() => {
    if (active) setArmed(true);
  }, [active]);
  const [usePlayerjs, setUsePlayerjs] = useState(false);
  const embed = useEmbedConsole({ frameRef, frameKey, armed, usePlayerjs });

  return (
    <div className="panel embed-panel" data-testid="embed-panel">
      <EmbedCode playerOrigin={playerOrigin} playerQuery={playerQuery} />
      <SdkConsole embed={embed} usePlayerjs={usePlayerjs} onUsePlayerjs={setUsePlayerjs} />
      <SdkEventLog embed={embed} active={active} />
    </div>
  );
}

/** A copy's outcome shown for 3 s; the last copy's timer is cleared on unmount. */
function useCopyStatus(text: string) {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  const copy = async () => {
    const ok = await copyText(text);
    setStatus(ok ? { ok, text: 'Copied.' } : { ok, text: 'Copy failed: select the code and copy it by hand.' });
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setStatus(null), 3000);
  };
  return { status, copy };
}

/** The embed code a site pastes for the harness's player query, with its Copy button. */
function EmbedCode({ playerOrigin, playerQuery }: Pick<EmbedPanelProps, 'playerOrigin' | 'playerQuery'>) {
  const code = useMemo(() => embedCodeFor(playerOrigin, playerQuery), [playerOrigin, playerQuery]);
  const { status, copy } = useCopyStatus(code);
  return (
    <section className="embed-section">
      <div className="embed-head">
        <h3>Embed code</h3>
        <button type="button" className="btn btn-small" onClick={() => void copy()} data-testid="embed-copy">
          Copy
        </button>
        {status && (
          <span className={status.ok ? 'muted small' : 'error-text small'} role="status" data-testid="embed-copy-status">
            {status.text}
          </span>
        )}
      </div>
      <p className="muted small">
        What a site pastes for this player query (<code className="mono">embedCode()</code>, docs/embedding.md), on the player origin
        whichever embed the harness uses; the tab's own <code className="mono">harness-client</code> is left out.
      </p>
      <pre className="embed-code mono" data-testid="embed-code" tabIndex={0} aria-label="Embed code">
        {code}
      </pre>
    </section>
  );
}
