/**
 * Quality-of-experience statistics (issue 25, beyond SPEC.md): `qoe_startup` once the content's
 * first frame shows, and one `qoe_summary` per playback, at its end, at pagehide or when the
 * episode changes, whichever comes first. A playback is one item (content and episode) from its
 * play intent on; the next item starts afresh. The figures are qoe.ts's; this file stamps the
 * facts with the page's clock and sends.
 */
import { createEffect, createEvent, createStore, sample, type Effect, type Event, type Store, type StoreWritable } from 'effector';
import { pageNow } from '../../platform/page-clock';
import { sendStatFx, stat } from '../../platform/stats';
import type { StatPayload } from '../../platform/stat-events';
import type { DeviceType } from '../../lib/device';
import type { AnalyticsItem, ContentPosition } from './model';
import { EMPTY_QOE, foldQoe, hasPlayback, qoeSummary, startupMs, type QoeFact, type QoeState, type QoeSummary, type StampedQoeFact } from './qoe';

interface Playback {
  item: AnalyticsItem;
  qoe: QoeState;
  summarySent: boolean;
}

const NO_ITEM: AnalyticsItem = { contentId: null, episodeId: null, imdbId: null };
const fresh = (item: AnalyticsItem): Playback => ({ item, qoe: EMPTY_QOE, summarySent: false });
type Close = { next: AnalyticsItem | null };
const sameEpisode = (a: AnalyticsItem, b: AnalyticsItem) => a.contentId === b.contentId && a.episodeId === b.episodeId;

/** What the QoE statistics read of the rest of analytics: the item, the position and the device. */
interface QoeInputs {
  itemChanged: Event<AnalyticsItem>;
  $position: Store<ContentPosition>;
  $deviceType: Store<DeviceType>;
}

/** The QoE statistics of each playback, built with the rest of analytics (createAnalytics). */
export function createQoe(inputs: QoeInputs) {
  /** A fact for the figures; `at` (page clock, ms) when it happened earlier than now. */
  const qoeFactHappened = createEvent<QoeFact & { at?: number }>();
  /** A source was asked for: the wait of an autoplay starts here (the page's opening for its first). */
  const qoeSourceRequested = createEvent();
  /** The player plays by itself (autoplay) once its source is ready. */
  const qoeAutoplayed = createEvent();
  /** The page left at pagehide (unloaded or put in the back-forward cache), not merely hidden. */
  const qoePageLeft = createEvent();

  const $playback = createStore<Playback>(fresh(NO_ITEM), { serialize: 'ignore' });

  const stampQoeFactFx = createEffect((fact: QoeFact & { at?: number }): StampedQoeFact => ({ ...fact, at: fact.at ?? pageNow() }));
  const readSourceTimeFx = createEffect(() => pageNow());
  const readCloseTimeFx = createEffect((close: Close) => ({ ...close, at: pageNow() }));

  /** When an autoplay's wait began: the page's opening (0) for its first source, then each source's request. */
  const $autoplayFrom = createStore<number | null>(null, { serialize: 'ignore' }).on(readSourceTimeFx.doneData, (from, now) => (from === null ? 0 : now));
  sample({ clock: qoeSourceRequested, target: readSourceTimeFx });
  sample({ clock: qoeAutoplayed, source: $autoplayFrom, fn: (at): QoeFact & { at?: number } => ({ type: 'intent', at: at ?? undefined }), target: qoeFactHappened });

  // Each fact folded into the playback. The step carries the playback before it, so what it sends
  // never depends on whether the store already took the step.
  sample({ clock: qoeFactHappened, target: stampQoeFactFx });
  const stepped = sample({
    clock: stampQoeFactFx.doneData,
    source: $playback,
    fn: (before, fact) => {
      return { before, after: { ...before, qoe: foldQoe(before.qoe, fact) }, fact };
    },
  });
  $playback.on(stepped, (_, { after }) => after);
  // The start is known once (a first frame is never taken back): the step that makes it known sends it.
  const startupShown = sample({ clock: stepped, filter: ({ before, after }) => startupMs(before.qoe) === null && startupMs(after.qoe) !== null, fn: ({ after }) => after });

  const summaryDue = closePlaybacks(inputs, { $playback, stepped, qoePageLeft, readCloseTimeFx });
  sendQoeStats(inputs, startupShown, summaryDue);
  return { qoeFactHappened, qoeSourceRequested, qoeAutoplayed, qoePageLeft };
}

/** A summary closes the playback: at the media's end, at pagehide, or when the item changes. */
function closePlaybacks(
  { itemChanged }: QoeInputs,
  { $playback, stepped, qoePageLeft, readCloseTimeFx }: {
    $playback: StoreWritable<Playback>;
    stepped: Event<{ fact: StampedQoeFact }>;
    qoePageLeft: Event<void>;
    readCloseTimeFx: Effect<Close, Close & { at: number }>;
  },
) {
  sample({ clock: stepped, filter: ({ fact }) => fact.type === 'ended', fn: (): Close => ({ next: null }), target: readCloseTimeFx });
  sample({ clock: qoePageLeft, fn: (): Close => ({ next: null }), target: readCloseTimeFx });
  sample({
    clock: itemChanged,
    source: $playback,
    filter: (playback, item) => !sameEpisode(playback.item, item),
    fn: (_, item): Close => ({ next: item }),
    target: readCloseTimeFx,
  });
  // The same episode under new details (its title id came later): the playback goes on.
  $playback.on(itemChanged, (playback, item) => (sameEpisode(playback.item, item) ? { ...playback, item } : playback));

  const closed = sample({ clock: readCloseTimeFx.doneData, source: $playback, fn: (playback, close) => ({ playback, ...close }) });
  const summaryDue = sample({ clock: closed, filter: ({ playback }) => !playback.summarySent && hasPlayback(playback.qoe) });
  $playback.on(closed, (_, { playback, next }) => (next !== null ? fresh(next) : { ...playback, summarySent: playback.summarySent || hasPlayback(playback.qoe) }));
  return summaryDue;
}

/** A QoE stat of a playback, with the common fields: its own item (the page may be on the next one), position, device. */
type QoeStat =
  | { item: AnalyticsItem; event: 'qoe_startup'; figures: Pick<StatPayload<'qoe_startup'>, 'startupMs' | 'adMs'> }
  | { item: AnalyticsItem; event: 'qoe_summary'; figures: QoeSummary };

function sendQoeStats(
  { $position, $deviceType }: QoeInputs,
  startupShown: Event<Playback>,
  summaryDue: Event<{ playback: Playback; at: number }>,
) {
  const qoeStatDue = createEvent<QoeStat>();
  sample({
    clock: startupShown,
    fn: ({ item, qoe }): QoeStat => ({ item, event: 'qoe_startup', figures: { startupMs: startupMs(qoe), adMs: Math.round(qoe.adMs) } }),
    target: qoeStatDue,
  });
  sample({
    clock: summaryDue,
    fn: ({ playback: { item, qoe }, at }): QoeStat => ({ item, event: 'qoe_summary', figures: { ...qoeSummary(qoe, at) } }),
    target: qoeStatDue,
  });
  // Single-store sources, read one after the other: a combined source would be recomputed on every time update.
  const positioned = sample({ clock: qoeStatDue, source: $position, fn: (position, due) => ({ position, due }) });
  sample({
    clock: positioned,
    source: $deviceType,
    fn: (deviceType, { position: { position, duration }, due: { item, event, figures } }) =>
      stat(event, { contentId: item.contentId, episodeId: item.episodeId, imdbId: item.imdbId, position, duration, deviceType, ...figures }),
    target: sendStatFx,
  });
}
