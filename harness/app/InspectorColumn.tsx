/**
 * The right column: the inspector tabs. Each tab's panel subscribes to the data it shows, so a
 * request batch re-renders the tab counts and the panels that list requests, not the column.
 */
import { memo, useState, type RefObject } from 'react';
import { AdsPanel, countPings } from './AdsPanel';
import { AnalyticsPanel } from './AnalyticsPanel';
import { ChartsPanel } from './ChartsPanel';
import { EmbedPanel } from './EmbedPanel';
import { EnginePanel } from './EnginePanel';
import { FaultsPanel } from './FaultsPanel';
import type { MessageLogStore } from './frame-messages';
import { MessageLog } from './MessageLog';
import type { Probe } from './probe';
import { RequestLog } from './RequestLog';
import { SentryLog } from './SentryLog';
import { useStats } from './stats';
import { StoragePanel } from './StoragePanel';
import { useStoreValue } from './store';
import type { HarnessEvents } from './useHarnessEvents';

type TabId = 'messages' | 'requests' | 'sentry' | 'ads' | 'analytics' | 'charts' | 'engine' | 'storage' | 'faults' | 'embed';

interface InspectorColumnProps {
  hidden: boolean;
  events: HarnessEvents;
  messages: MessageLogStore;
  probe: Probe;
  frameRef: RefObject<HTMLIFrameElement | null>;
  frameKey: string;
  /** The custom VAST tag or pasted XML, for the Ads tab's inspector. */
  customTag: string | null;
  sameOrigin: boolean;
  onUseSameOrigin(): void;
  playerOrigin: string;
  playerQuery: string;
}

export const InspectorColumn = memo(function InspectorColumn(props: InspectorColumnProps) {
  const { hidden, events, messages, probe, frameRef, frameKey, customTag, sameOrigin, onUseSameOrigin, playerOrigin, playerQuery } = props;
  const [tab, setTab] = useState<TabId>('messages');
  return (
    <section className="column column-right" hidden={hidden}>
      <InspectorTabs tab={tab} onSelect={setTab} events={events} messages={messages} probe={probe} />
      <div className="tab-panel" role="tabpanel" hidden={tab !== 'messages'}>
        <MessagesTab messages={messages} active={tab === 'messages'} />
      </div>
      <div className="tab-panel" role="tabpanel" hidden={tab !== 'requests'}>
        <RequestsTab events={events} active={tab === 'requests'} />
      </div>
      <div className="tab-panel" role="tabpanel" hidden={tab !== 'ads'}>
        <AdsTab events={events} active={tab === 'ads'} customTag={customTag} />
      </div>
      <div className="tab-panel" role="tabpanel" hidden={tab !== 'analytics'}>
        <AnalyticsPanel active={tab === 'analytics'} />
      </div>
      <div className="tab-panel" role="tabpanel" hidden={tab !== 'charts'}>
        <ChartsTab probe={probe} active={tab === 'charts'} />
      </div>
      <div className="tab-panel" role="tabpanel" hidden={tab !== 'engine'}>
        <EnginePanel active={tab === 'engine'} frameRef={frameRef} frameKey={frameKey} send={probe.send} />
      </div>
      <div className="tab-panel" role="tabpanel" hidden={tab !== 'storage'}>
        <StorageTab probe={probe} sameOrigin={sameOrigin} onUseSameOrigin={onUseSameOrigin} />
      </div>
      <div className="tab-panel" role="tabpanel" hidden={tab !== 'faults'}>
        <FaultsPanel active={tab === 'faults'} />
      </div>
      <div className="tab-panel" role="tabpanel" hidden={tab !== 'embed'}>
        <EmbedPanel active={tab === 'embed'} playerOrigin={playerOrigin} playerQuery={playerQuery} frameRef={frameRef} frameKey={frameKey} />
      </div>
      <div className="tab-panel" role="tabpanel" hidden={tab !== 'sentry'}>
        <SentryTab events={events} active={tab === 'sentry'} />
      </div>
    </section>
  );
});

interface InspectorTabsProps {
  tab: TabId;
  onSelect(tab: TabId): void;
  events: HarnessEvents;
  messages: MessageLogStore;
  probe: Probe;
}

/** The tab bar with each tab's count. */
function InspectorTabs({ tab, onSelect, events, messages, probe }: InspectorTabsProps) {
  const messageCount = useStoreValue(messages, (list) => list.length);
  const requests = useStoreValue(events, (snapshot) => snapshot.requests);
  const sentryCount = useStoreValue(events, (snapshot) => snapshot.sentry.length);
  const statCount = useStats().length;
  const storageCount = useStoreValue(probe, ({ storage }) => (storage?.items ? Object.keys(storage.items).length : null));
  return (
    <div className="tabs" role="tablist">
      {(
        [
          ['messages', 'Messages', messageCount],
          ['requests', 'Requests', requests.length],
          ['sentry', 'Sentry', sentryCount],
          ['ads', 'Ads', countPings(requests)],
          ['analytics', 'Analytics', statCount],
          ['charts', 'Charts', null],
          ['engine', 'Engine', null],
          ['storage', 'Storage', storageCount],
          ['faults', 'Faults', null],
          ['embed', 'Embed', null],
        ] as const
      ).map(([id, label, count]) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={tab === id}
          className={`tab${tab === id ? ' is-active' : ''}`}
          onClick={() => onSelect(id)}
          data-testid={`tab-${id}`}
        >
          {label}
          {count !== null && <span className="tab-count">{count}</span>}
        </button>
      ))}
    </div>
  );
}

function MessagesTab({ messages, active }: { messages: MessageLogStore; active: boolean }) {
  const list = useStoreValue(messages, (entries) => entries);
  return <MessageLog messages={list} active={active} onClear={messages.clear} />;
}

function RequestsTab({ events, active }: { events: HarnessEvents; active: boolean }) {
  const requests = useStoreValue(events, (snapshot) => snapshot.requests);
  return <RequestLog requests={requests} active={active} onClear={events.clearRequests} />;
}

function AdsTab({ events, active, customTag }: { events: HarnessEvents; active: boolean; customTag: string | null }) {
  const requests = useStoreValue(events, (snapshot) => snapshot.requests);
  return <AdsPanel requests={requests} active={active} customTag={customTag} />;
}

function SentryTab({ events, active }: { events: HarnessEvents; active: boolean }) {
  const sentry = useStoreValue(events, (snapshot) => snapshot.sentry);
  return <SentryLog events={sentry} active={active} onClear={events.clearSentry} />;
}

function ChartsTab({ probe, active }: { probe: Probe; active: boolean }) {
  const samples = useStoreValue(probe, (snapshot) => snapshot.samples);
  const connected = useStoreValue(probe, (snapshot) => snapshot.connected);
  return <ChartsPanel samples={samples} connected={connected} active={active} />;
}

function StorageTab({ probe, sameOrigin, onUseSameOrigin }: { probe: Probe; sameOrigin: boolean; onUseSameOrigin(): void }) {
  const storage = useStoreValue(probe, (snapshot) => snapshot.storage);
  return <StoragePanel storage={storage} sameOrigin={sameOrigin} send={probe.send} onUseSameOrigin={onUseSameOrigin} />;
}
