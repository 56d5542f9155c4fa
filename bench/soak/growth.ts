/**
 * The soak's verdict on its samples (pure, unit-tested): a metric grows without bound when it
 * ends more than its limit above the start AND is still climbing over the second half of the run
 * (end minus the middle sample above half the limit). A one-off warm-up step that then levels
 * off (caches filled, chunks loaded) is bounded; a leak keeps climbing.
 */

export interface SoakSample {
  label: string;
  /** JS heap in use after forced GC (Runtime.getHeapUsage usedSize), bytes. */
  heapBytes: number;
  /** Memory.getDOMCounters: documents, nodes and JS event listeners of the renderer. */
  documents: number;
  nodes: number;
  jsEventListeners: number;
  /** Elements in the player document (document.getElementsByTagName('*')). */
  domElements: number;
  /** Live MediaSource objects (Runtime.queryObjects) and <video> elements in the document. */
  mediaSources: number;
  videos: number;
}

export type SoakMetric = Exclude<keyof SoakSample, 'label'>;

export const GROWTH_LIMITS: Record<SoakMetric, number> = {
  heapBytes: 8 * 1024 * 1024,
  documents: 2,
  nodes: 3000,
  jsEventListeners: 300,
  domElements: 300,
  mediaSources: 1,
  videos: 1,
};

export interface GrowthVerdict {
  metric: SoakMetric;
  start: number;
  middle: number;
  end: number;
  max: number;
  limit: number;
  unbounded: boolean;
}

/** One verdict per metric, comparing the first, middle and last samples. Needs 3+ samples. */
export function checkGrowth(samples: readonly SoakSample[], limits: Record<SoakMetric, number> = GROWTH_LIMITS): GrowthVerdict[] {
  if (samples.length < 3) throw new Error(`checkGrowth needs at least 3 samples, got ${samples.length}`);
  const first = samples[0]!;
  const middle = samples[Math.floor((samples.length - 1) / 2)]!;
  const last = samples[samples.length - 1]!;
  return (Object.keys(limits) as SoakMetric[]).map((metric) => {
    const limit = limits[metric];
    const grewOverall = last[metric] - first[metric] > limit;
    const stillClimbing = last[metric] - middle[metric] > limit / 2;
    return {
      metric,
      start: first[metric],
      middle: middle[metric],
      end: last[metric],
      max: Math.max(...samples.map((sample) => sample[metric])),
      limit,
      unbounded: grewOverall && stillClimbing,
    };
  });
}
