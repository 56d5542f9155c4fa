export type DeviceType = 'tablet' | 'mobile' | 'desktop';

/**
 * Device type from the user agent (SPEC.md §9). iPadOS 13+ reports a desktop Safari user agent;
 * `maxTouchPoints` tells it apart when given.
 */
export function deviceType(userAgent: string, maxTouchPoints = 0): DeviceType {
  const ua = userAgent.toLowerCase();
  if (/ipad|tablet|playbook|silk|kindle/.test(ua)) return 'tablet';
  if (/android/.test(ua)) return /mobile/.test(ua) ? 'mobile' : 'tablet';
  if (/macintosh/.test(ua) && maxTouchPoints > 1) return 'tablet';
  if (/iphone|ipod|windows phone|iemobile|blackberry|opera mini|mobile/.test(ua)) return 'mobile';
  return 'desktop';
}
