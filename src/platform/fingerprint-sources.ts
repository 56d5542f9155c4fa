/**
 * The fingerprintjs part of the device fingerprint, loaded only by `import()` from fingerprint.ts.
 *
 * fingerprintjs 5's `load()` cannot choose components (its only options are delayFallback, debug
 * and monitoring), so the visitor id is built from its lower-level exports instead: the built-in
 * `sources` restricted to the hardware, locales, screen and system groups below, each source
 * bounded by the component time-out, hashed with the library's own `hashComponents`. `load()` is
 * never called, and it is the only place the library's monitoring request is made, so that
 * request cannot happen (the effect of `monitoring: false`). It is off on purpose (DESIGN.md's
 * stack): 1 run in 1000 it tells FingerprintJS's server (m1.openfpcdn.io) the viewer's IP and the
 * player's origin, for the library's install statistics, which nobody here reads; the player's CSP
 * does not allow that host either. SPEC.md §7's sampled third-party log is that request.
 */
import { hashComponents, loadSources, prepareForSources, sources } from '@fingerprintjs/fingerprintjs';
import { FINGERPRINT_TIMEOUT_MS } from '../lib/constants';

type SourceName = keyof typeof sources;

/** The kept component groups (SPEC.md §3) mapped onto fingerprintjs's built-in sources. */
export const FINGERPRINT_COMPONENTS = {
  hardware: ['hardwareConcurrency', 'deviceMemory', 'architecture', 'cpuClass', 'osCpu'],
  locales: ['languages', 'timezone', 'dateTimeLocale'],
  screen: [
    'screenResolution', 'colorDepth', 'colorGamut', 'hdr', 'touchSupport', 'invertedColors', 'forcedColors',
    'monochrome', 'contrast', 'reducedMotion', 'reducedTransparency',
  ],
  system: ['platform', 'vendor', 'vendorFlavors', 'cookiesEnabled', 'pdfViewerEnabled', 'userAgentData', 'applePay'],
} as const satisfies Record<'hardware' | 'locales' | 'screen' | 'system', readonly SourceName[]>;

type KeptName = (typeof FINGERPRINT_COMPONENTS)[keyof typeof FINGERPRINT_COMPONENTS][number];

class ComponentTimeout extends Error {
  override name = 'ComponentTimeout';
}

function withinTimeout<T>(value: T | Promise<T>, ms: number): T | Promise<T> {
  if (!(value instanceof Promise)) return value;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ComponentTimeout(`component took over ${ms} ms`)), ms);
  });
  return Promise.race([value, timeout]).finally(() => clearTimeout(timer));
}

type AnySource = (options: unknown) => unknown;

/** Bounds both stages of a source (load, then get) by `ms`; a late component counts as an error. */
export function boundSource(source: AnySource, ms: number): AnySource {
  const bound = (loaded: unknown): unknown =>
    typeof loaded === 'function' ? () => withinTimeout((loaded as () => unknown)(), ms) : loaded;
  return (options) => {
    const loaded = withinTimeout(source(options), ms);
    return loaded instanceof Promise ? loaded.then(bound) : bound(loaded);
  };
}

export function keptSources(ms = FINGERPRINT_TIMEOUT_MS): Record<KeptName, AnySource> {
  const names = Object.values(FINGERPRINT_COMPONENTS).flat() as KeptName[];
  return Object.fromEntries(names.map((name) => [name, boundSource(sources[name] as AnySource, ms)])) as Record<KeptName, AnySource>;
}

/** The visitor id: a 32-hex-digit hash of the kept components (each bounded as keptSources does by default). */
export async function computeVisitorId(ms?: number): Promise<string> {
  await prepareForSources();
  const getComponents = loadSources(keptSources(ms), { cache: {}, debug: false }, []);
  return hashComponents(await getComponents());
}
