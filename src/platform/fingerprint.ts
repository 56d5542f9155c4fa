/**
 * The device fingerprint (SPEC.md §3): a visitor id kept in the device_fp cookie (365 days, path /)
 * and sent as X-Session-Context. It is computed after start-up (after the first frame) from a lazy
 * chunk, so start-up calls never wait for it: they send the header empty until the cookie exists.
 */
import { COOKIE_KEYS, FINGERPRINT_COOKIE_DAYS } from '../lib/constants';
import { whenIdle } from './after-start-up';
import { browserCookies, type CookieStore } from './cookies';

export interface DeviceFingerprintOptions {
  cookies?: CookieStore;
  /** Computes the visitor id; the fingerprintjs chunk by default. */
  compute?: () => Promise<string>;
  /** Runs `task` once start-up is over; the next idle moment by default. */
  whenIdle?: (task: () => void) => void;
}

async function computeWithFingerprintJs(): Promise<string> {
  const { computeVisitorId } = await import('./fingerprint-sources');
  return computeVisitorId();
}

/**
 * Makes sure the device_fp cookie exists: keeps a stored id (so the id is stable for its 365 days),
 * else computes one when the page is idle. Resolves with the id, or null if it could not be made.
 */
export function startDeviceFingerprint({
  cookies = browserCookies,
  compute = computeWithFingerprintJs,
  whenIdle: schedule = whenIdle,
}: DeviceFingerprintOptions = {}): Promise<string | null> {
  const stored = cookies.get(COOKIE_KEYS.deviceFingerprint);
  if (stored) return Promise.resolve(stored);
  return new Promise((resolve) => {
    schedule(() => {
      compute()
        .then((visitorId) => {
          if (!visitorId) return resolve(null);
          cookies.set(COOKIE_KEYS.deviceFingerprint, visitorId, FINGERPRINT_COOKIE_DAYS);
          resolve(visitorId);
        })
        .catch(() => resolve(null));
    });
  });
}
