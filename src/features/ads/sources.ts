/** Where ads come from: the ad list (SPEC.md §3) or demo mode's two sample links. */
import type { AdListDto } from '../../api/dto';
import { DEMO_VAST_LINKS } from '../../lib/constants';
import { httpUrl } from '../../lib/url';

/** One way to get a VAST document. */
export type AdCandidate = { url: string } | { xml: string };

/** One ad of a break: its candidates are tried in turn until one plays. */
export interface AdItem {
  candidates: AdCandidate[];
}

export type AdBreakKind = 'preroll' | 'midroll';

export interface AdPlan {
  preroll: AdItem[];
  /** Demo mode's mid-roll ads, used in turn; empty outside demo mode. */
  midroll: AdItem[];
}

export interface AdSettings {
  adList: AdListDto | null;
  /** The ad list's own address: relative VAST links are resolved against it. */
  adListUrl: string | null;
  advert: boolean;
  baseUrl: string;
}

function urlCandidates(urls: string[], base: string | null): AdCandidate[] {
  return urls.flatMap((url) => {
    const resolved = httpUrl(url.trim(), base ?? undefined);
    return resolved ? [{ url: resolved }] : [];
  });
}

export function adItemsFromList(adList: AdListDto | null, adListUrl: string | null): AdItem[] {
  return (adList?.prerollList ?? []).flatMap((item): AdItem[] => {
    const candidates =
      'vastUrl' in item ? urlCandidates([item.vastUrl], adListUrl)
      : 'dataUrls' in item ? urlCandidates(item.dataUrls, adListUrl)
      : item.dataXml.trim() ? [{ xml: item.dataXml }]
      : [];
    return candidates.length > 0 ? [{ candidates }] : [];
  });
}

function demoAdItems(baseUrl: string): AdItem[] {
  return DEMO_VAST_LINKS.map((link) => ({ candidates: urlCandidates([link], `${baseUrl}/`) }));
}

/** Demo mode replaces the ad list: a demo pre-roll, then demo mid-rolls. */
export function planAds({ adList, adListUrl, advert, baseUrl }: AdSettings): AdPlan {
  if (advert) {
    const demo = demoAdItems(baseUrl);
    return { preroll: demo.slice(0, 1), midroll: demo };
  }
  return { preroll: adItemsFromList(adList, adListUrl), midroll: [] };
}
