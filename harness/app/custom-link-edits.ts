/**
 * What each custom-source form (CustomSourceForm.tsx) does to the harness state: the link's
 * custom parts it sets and the scenario it plays. Every edit drops a hand-edited player query,
 * which would hide it.
 */
import { CUSTOM_SCENARIO_ID, PASTED_VAST_PREFIX, type CustomLink } from '../common/custom-source';
import { DEFAULT_SCENARIO_ID, type HarnessState } from './scenarios';

type StatePatch = Partial<HarnessState>;

/** 'Свой поток': plays the address as the custom scenario, with no staging catalogue (the stream has its own). */
export function playStream(link: CustomLink, src: string): StatePatch {
  return { scenarioId: CUSTOM_SCENARIO_ID, customQuery: null, custom: { ...link, src: src.trim(), base: null, contentId: null } };
}

/** The field holds pasted XML, which the server must keep first, rather than a tag's address. */
export const isPastedXml = (text: string): boolean => text.trim().startsWith('<');

/** The pre-roll of any scenario: a VAST tag's address, or null for none. */
export function setVastTag(link: CustomLink, tag: string | null): StatePatch {
  return { customQuery: null, custom: { ...link, vast: tag === null ? null : tag.trim() } };
}

/** The pre-roll from a pasted document the server keeps under `id`. */
export function setPastedVast(link: CustomLink, id: string): StatePatch {
  return { customQuery: null, custom: { ...link, vast: `${PASTED_VAST_PREFIX}${id}` } };
}

/** A staging catalogue (and a content id in it, if given), played by a fixture scenario: the custom one has its own catalogue. */
export function openStaging(scenarioId: string, link: CustomLink, base: string, contentId: string): StatePatch {
  return {
    scenarioId: scenarioId === CUSTOM_SCENARIO_ID ? DEFAULT_SCENARIO_ID : scenarioId,
    customQuery: null,
    custom: { ...link, base: base.trim(), contentId: contentId.trim() || null },
  };
}

/** Back to the fixtures' catalogue. */
export function closeStaging(link: CustomLink): StatePatch {
  return { customQuery: null, custom: { ...link, base: null, contentId: null } };
}
