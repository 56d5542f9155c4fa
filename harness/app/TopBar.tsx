import { memo } from 'react';
import type { Origins } from './scenarios';
import { useServerFailure } from './server-health';
import { useStoreValue } from './store';
import type { HarnessEvents } from './useHarnessEvents';

interface TopBarProps {
  origins: Origins;
  events: HarnessEvents;
  showScenarios: boolean;
  showInspectors: boolean;
  onToggleScenarios(): void;
  onToggleInspectors(): void;
}

/** The title, the two origins, the event stream's status and the column toggles. */
export const TopBar = memo(function TopBar({ origins, events, showScenarios, showInspectors, onToggleScenarios, onToggleInspectors }: TopBarProps) {
  const status = useStoreValue(events, (snapshot) => snapshot.status);
  return (
    <header className="topbar">
      <h1>Player QA harness</h1>
      <span className="topbar-origins mono">
        player <b>{origins.playerOrigin}</b> · harness <b>{origins.harnessOrigin}</b>
      </span>
      <span className={`stream-status stream-${status}`} data-testid="stream-status">
        {status === 'open' ? 'live' : status === 'connecting' ? 'connecting…' : 'offline'}
      </span>
      <span className="panel-toggles">
        <button type="button" className="btn btn-small" aria-pressed={showScenarios} onClick={onToggleScenarios} data-testid="toggle-scenarios">
          {showScenarios ? 'Hide' : 'Show'} scenarios
        </button>
        <button type="button" className="btn btn-small" aria-pressed={showInspectors} onClick={onToggleInspectors} data-testid="toggle-inspectors">
          {showInspectors ? 'Hide' : 'Show'} inspectors
        </button>
      </span>
    </header>
  );
});

/** Shown while the event stream is down or the last harness call failed. */
export const ServerBanner = memo(function ServerBanner({ events }: { events: HarnessEvents }) {
  const streamDown = useStoreValue(events, (snapshot) => snapshot.status === 'error');
  const serverFailure = useServerFailure();
  if (!streamDown && !serverFailure) return null;
  return (
    <div className="banner" role="alert" data-testid="server-error-banner">
      harness server unreachable —{' '}
      {streamDown ? 'the request and Sentry logs are paused until the event stream reconnects.' : `a harness call failed (${serverFailure}).`}
    </div>
  );
});
