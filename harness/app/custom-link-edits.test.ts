import { describe, expect, it } from 'vitest';
import { CUSTOM_SCENARIO_ID, NO_CUSTOM_LINK } from '../common/custom-source';
import { closeStaging, isPastedXml, openStaging, playStream, setPastedVast, setVastTag } from './custom-link-edits';
import { DEFAULT_SCENARIO_ID } from './scenarios';

const LINK = { src: 'https://a.example/old.m3u8', vast: 'https://ads.example/tag', base: 'https://staging.example', contentId: '7' };

describe('the custom-source forms', () => {
  it("play a stream as 'Свой поток', without the staging catalogue, keeping the pre-roll", () => {
    expect(playStream(LINK, '  https://b.example/master.m3u8 ')).toEqual({
      scenarioId: CUSTOM_SCENARIO_ID,
      customQuery: null,
      custom: { src: 'https://b.example/master.m3u8', vast: LINK.vast, base: null, contentId: null },
    });
  });

  it('set a VAST tag, a pasted document or no pre-roll, and tell pasted XML from an address', () => {
    expect(setVastTag(NO_CUSTOM_LINK, ' https://ads.example/t ')).toEqual({ customQuery: null, custom: { ...NO_CUSTOM_LINK, vast: 'https://ads.example/t' } });
    expect(setVastTag(LINK, null)).toEqual({ customQuery: null, custom: { ...LINK, vast: null } });
    expect(setPastedVast(LINK, 'abc123')).toEqual({ customQuery: null, custom: { ...LINK, vast: 'xml:abc123' } });
    expect(isPastedXml('  <VAST version="4.0"/>')).toBe(true);
    expect(isPastedXml('https://ads.example/t')).toBe(false);
  });

  it('open a staging catalogue with a fixture scenario (the custom one has a catalogue of its own), and close it', () => {
    expect(openStaging(CUSTOM_SCENARIO_ID, LINK, ' https://s.example ', ' ')).toEqual({
      scenarioId: DEFAULT_SCENARIO_ID,
      customQuery: null,
      custom: { ...LINK, base: 'https://s.example', contentId: null },
    });
    expect(openStaging('series', LINK, 'https://s.example', ' 42 ').scenarioId).toBe('series');
    expect(openStaging('series', LINK, 'https://s.example', ' 42 ').custom?.contentId).toBe('42');
    expect(closeStaging(LINK)).toEqual({ customQuery: null, custom: { ...LINK, base: null, contentId: null } });
  });
});
