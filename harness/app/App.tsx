import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readOrigins } from './config';
import { CustomSourceForm, useCustomSource } from './CustomSourceForm';
import { useMessageLog } from './frame-messages';
import { InspectorColumn } from './InspectorColumn';
import { PlayerColumn } from './PlayerColumn';
import { useProbe } from './probe';
import { ScenarioPanel } from './ScenarioPanel';
import { harnessClient } from './session';
import { effectiveQuery, frameOrigin, playerSrc, stateFromSearch, stateToSearch, withScenarioEmbed, type HarnessState } from './scenarios';
import { installStatsSink } from './stats';
import { ServerBanner, TopBar } from './TopBar';
import { useHarnessEvents } from './useHarnessEvents';

/** The harness state, mirrored in the harness URL, and the player frame's reloads. */
function useHarnessState() {
  const [state, setState] = useState<HarnessState>(() => stateFromSearch(window.location.search));
  const [reloadCount, setReloadCount] = useState(0);

  // The harness URL mirrors the state so a bug report can link to it.
  useEffect(() => {
    const search = `?${stateToSearch(state)}`;
    if (window.location.search !== search) window.history.replaceState(null, '', `${window.location.pathname}${search}`);
  }, [state]);

  const update = useCallback((patch: Partial<HarnessState>) => setState((s) => ({ ...s, ...patch })), []);
  const reload = useCallback(() => setReloadCount((n) => n + 1), []);
  const { scenarioId, customQuery } = state;
  // Choosing the scenario already shown loads it again.
  const selectScenario = useCallback(
    (id: string) => {
      if (id === scenarioId && customQuery === null) reload();
      else update({ scenarioId: id, customQuery: null });
    },
    [scenarioId, customQuery, reload, update],
  );
  const chooseSameOrigin = useCallback(() => update({ embed: 'same' }), [update]);
  return { state, reloadCount, update, reload, selectScenario, chooseSameOrigin };
}

/** A column shown or hidden by the top bar. */
function useToggle(initial: boolean): [boolean, () => void] {
  const [shown, setShown] = useState(initial);
  return [shown, useCallback(() => setShown((v) => !v), [])];
}

/**
 * The harness page. It holds only what crosses its regions: the harness state, the frame (its
 * key and ref) and the stores of the event stream, the messages and the probe, which never
 * change themselves. Each region subscribes to the parts it shows, so a request batch or a probe
 * sample does not re-render this component or the regions that do not show it.
 */
export function App() {
  const origins = useMemo(readOrigins, []);
  const { state: chosen, reloadCount, update, reload, selectScenario, chooseSameOrigin } = useHarnessState();
  const state = useMemo(() => withScenarioEmbed(chosen), [chosen]);
  const [showScenarios, toggleScenarios] = useToggle(true);
  const [showInspectors, toggleInspectors] = useToggle(true);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const events = useHarnessEvents();
  const messages = useMessageLog(frameRef);
  useEffect(() => installStatsSink(origins.playerOrigin), [origins.playerOrigin]);

  const targetOrigin = frameOrigin(state.embed, origins);
  const custom = useCustomSource(state, targetOrigin, origins.harnessOrigin);
  const src = custom.ready ? playerSrc(state, origins, harnessClient()) : 'about:blank';
  const frameKey = `${src}#${reloadCount}`;
  const probe = useProbe(frameRef, targetOrigin, frameKey);

  return (
    <div className="app">
      <TopBar
        origins={origins}
        events={events}
        showScenarios={showScenarios}
        showInspectors={showInspectors}
        onToggleScenarios={toggleScenarios}
        onToggleInspectors={toggleInspectors}
      />
      <ServerBanner events={events} />

      <div className={`columns${showScenarios ? '' : ' hide-left'}${showInspectors ? '' : ' hide-right'}`}>
        <aside className="column column-left" hidden={!showScenarios}>
          {/* Keyed by the link's custom parts: the fields start again from the link whenever it changes. */}
          <CustomSourceForm key={JSON.stringify(state.custom)} state={state} custom={custom} onChange={update} />
          <ScenarioPanel selectedId={state.scenarioId} onSelect={selectScenario} />
        </aside>

        <PlayerColumn
          state={state}
          update={update}
          src={src}
          frameKey={frameKey}
          frameRef={frameRef}
          targetOrigin={targetOrigin}
          reload={reload}
          events={events}
          messages={messages}
          probe={probe}
        />

        <InspectorColumn
          hidden={!showInspectors}
          events={events}
          messages={messages}
          probe={probe}
          frameRef={frameRef}
          frameKey={frameKey}
          customTag={custom.inspectorInput}
          sameOrigin={state.embed === 'same'}
          onUseSameOrigin={chooseSameOrigin}
          playerOrigin={origins.playerOrigin}
          playerQuery={effectiveQuery(state)}
        />
      </div>
    </div>
  );
}
