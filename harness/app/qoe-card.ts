/**
 * The Analytics tab's QoE card: the figures of the current playback, read from the
 * `videoplayer_qoe_startup` and `videoplayer_qoe_summary` events the harness received. The
 * current playback is the one of the last QoE event; a startup after a summary (or of another
 * item) begins the next one.
 */
export interface QoeCard {
  contentId: unknown;
  episodeId: unknown;
  startup: Record<string, unknown> | null;
  summary: Record<string, unknown> | null;
}

const STARTUP = 'videoplayer_qoe_startup';
const SUMMARY = 'videoplayer_qoe_summary';

const record = (payload: unknown): Record<string, unknown> => (typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {});

export function currentQoe(stats: ReadonlyArray<{ event: string; payload: unknown }>): QoeCard | null {
  let card: QoeCard | null = null;
  for (const { event, payload } of stats) {
    if (event !== STARTUP && event !== SUMMARY) continue;
    const fields = record(payload);
    const open: QoeCard | null = card !== null && card.summary === null && card.contentId === fields.contentId && card.episodeId === fields.episodeId ? card : null;
    const base: QoeCard = open ?? { contentId: fields.contentId, episodeId: fields.episodeId, startup: null, summary: null };
    card = event === STARTUP ? { ...base, startup: fields } : { ...base, summary: fields };
  }
  return card;
}

const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const ms = (value: unknown) => (number(value) === null ? '—' : `${Math.round(number(value)!)} ms`);
const seconds = (value: unknown) => (number(value) === null ? '—' : `${(number(value)! / 1000).toFixed(1)} s`);

/** The card's rows as [label, value]: the startup's first, then the summary's ('—' until it comes). */
export function qoeRows({ startup, summary }: QoeCard): Array<[string, string]> {
  const s = summary ?? {};
  const bitrate = number(s.averageBitrate);
  const ratio = number(s.rebufferRatio);
  return [
    ['Startup', ms(startup?.startupMs ?? s.startupMs)],
    ['Ad time before start', ms(startup?.adMs)],
    ['Watched', seconds(s.watchedMs)],
    ['Rebuffers', summary === null ? '—' : `${String(s.rebufferCount)} · ${ms(s.rebufferMs)} · ${ratio === null ? '—' : `${(ratio * 100).toFixed(2)} %`}`],
    ['Average bitrate', bitrate === null ? '—' : `${Math.round(bitrate / 1000)} kbps`],
    ['Quality switches', summary === null ? '—' : String(s.qualitySwitches)],
    ['Ad start failures', summary === null ? '—' : String(s.adStartFailures)],
    ['Exited before start', summary === null ? '—' : s.exitedBeforeStart === true ? 'yes' : 'no'],
  ];
}
