import { describe, expect, it } from 'vitest';
import { parseVast } from './resolve';
import { VastError, VastErrorCode } from './errors';
import { URL_TRACK, canPlayType, inlineVast, parseXml, readFixture } from './test-support';

const parse = (name: string, creativeId: string | null = null) => parseVast(readFixture(name), { parseXml, canPlayType, creativeId });

function failure(run: () => unknown): VastError {
  try {
    run();
  } catch (error) {
    if (error instanceof VastError) return error;
    throw error;
  }
  throw new Error('expected a VastError');
}

describe('parseVast: rules of SPEC.md §5', () => {
  it('reads an inline skippable ad completely', () => {
    const ad = parse('inline-skippable.xml', 'cr-1');
    expect(ad).toEqual({
      id: 'cr-1',
      skipOffset: 5,
      duration: 12,
      mediaFiles: [{ url: 'http://127.0.0.1:4101/media/ads/ad-12s.mp4', type: 'video/mp4', width: 640, height: 360, codec: 'avc1.4D401E, mp4a.40.2' }],
      mediaFile: { url: 'http://127.0.0.1:4101/media/ads/ad-12s.mp4', type: 'video/mp4', width: 640, height: 360, codec: 'avc1.4D401E, mp4a.40.2' },
      impressions: [URL_TRACK('impression', 'skippable', '&n=1'), URL_TRACK('impression', 'skippable', '&n=2')],
      errors: [URL_TRACK('error', 'skippable', '&code=[ERRORCODE]')],
      clickThrough: 'http://127.0.0.1:4101/advertiser',
      clickTracking: [URL_TRACK('click', 'skippable')],
      tracking: Object.fromEntries(
        ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete', 'pause', 'resume', 'skip', 'mute', 'unmute', 'loaded', 'creativeView', 'progress'].map(
          (event) => [event, [URL_TRACK(event, 'skippable')]],
        ),
      ),
      progressOffset: 8,
      progress: [{ offset: 8, url: URL_TRACK('progress', 'skippable') }],
    });
  });

  it.each([
    ['inline-skippable.xml', 5],
    ['inline-skippable-fraction.xml', 5.5],
    ['inline-skippable-percent.xml', 3],
    ['inline-non-skippable.xml', null],
    ['demo-1.xml', 3],
    ['cdata-whitespace.xml', 2],
  ])('%s: skip offset %s', (name, skipOffset) => expect(parse(name).skipOffset).toBe(skipOffset));

  it.each([
    ['inline-progress.xml', 3],
    ['inline-non-skippable.xml', 2],
    ['inline-skippable-percent.xml', 6],
    ['inline-skippable-fraction.xml', null],
  ])('%s: progress offset %s', (name, offset) => expect(parse(name).progressOffset).toBe(offset));

  it('takes the id from nothing but the creativeId given', () => {
    expect(parse('inline-non-skippable.xml').id).toBeNull();
  });

  it('trims CDATA whitespace, tabs and newlines from every link', () => {
    const ad = parse('cdata-whitespace.xml');
    expect(ad.impressions).toEqual([URL_TRACK('impression', 'cdata')]);
    expect(ad.errors).toEqual([URL_TRACK('error', 'cdata', '&code=[ERRORCODE]')]);
    expect(ad.clickThrough).toBe('http://127.0.0.1:4101/advertiser?from=cdata');
    expect(ad.clickTracking).toEqual([URL_TRACK('click', 'cdata')]);
    expect(ad.tracking).toEqual({ start: [URL_TRACK('start', 'cdata')], complete: [URL_TRACK('complete', 'cdata')] });
    expect(ad.duration).toBe(5);
    for (const url of [...ad.mediaFiles.map((file) => file.url)]) expect(url).toBe(url.trim());
  });

  it('chooses the first media file the browser can play', () => {
    const ad = parse('cdata-whitespace.xml');
    expect(ad.mediaFiles.map((file) => file.type)).toEqual(['video/webm', 'video/mp4']);
    expect(parseVast(readFixture('cdata-whitespace.xml'), { parseXml, canPlayType: (t) => (t === 'video/mp4' ? 'maybe' : '') }).mediaFile.url).toBe(
      'http://127.0.0.1:4101/media/ads/ad-5s.mp4',
    );
    expect(ad.mediaFile.type).toBe('video/webm');
  });

  it('keeps a javascript: click-through as data (the player decides not to open it)', () => {
    expect(parse('javascript-clickthrough.xml').clickThrough).toBe('javascript:alert(document.domain)');
  });

  it.each([
    ['malformed.xml', VastErrorCode.XmlParse, 'Failed parsing xml'],
    ['multiple-ads.xml', VastErrorCode.General, 'Empty vast'],
    ['empty.xml', VastErrorCode.General, 'Empty vast'],
    ['no-complete-media.xml', VastErrorCode.MediaFileNotFound, 'Not found mediaFiles in VAST'],
    ['unplayable.xml', VastErrorCode.NoSupportedMediaFile, 'Not found supported mediaFile'],
    ['vast-client-sample-1.xml', VastErrorCode.MediaFileNotFound, 'Not found mediaFiles in VAST'],
  ])('%s fails with %s %s', (name, code, message) => {
    const error = failure(() => parse(name));
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
  });

  it('carries the error links to ping with the failure', () => {
    expect(failure(() => parse('unplayable.xml')).errorUrls).toEqual([URL_TRACK('error', 'unplayable', '&code=[ERRORCODE]')]);
    expect(failure(() => parse('empty.xml')).errorUrls).toEqual([URL_TRACK('error', 'empty', '&code=[ERRORCODE]')]);
    expect(failure(() => parse('multiple-ads.xml')).errorUrls).toEqual([URL_TRACK('error', 'multiple', '&code=[ERRORCODE]')]);
  });

  it.each([
    ['', VastErrorCode.XmlParse],
    ['not xml at all', VastErrorCode.XmlParse],
    ['<VAST version="4.0"><Ad><InLine></VAST>', VastErrorCode.XmlParse],
    // A bare & is not well-formed: browsers reject it, so the Node parser does too.
    ['<VAST version="4.0"><Ad><InLine><Impression>http://x/?a=1&b=2</Impression></InLine></Ad></VAST>', VastErrorCode.XmlParse],
    ['<VideoAdServingTemplate/>', VastErrorCode.SchemaValidation],
    ['<VAST version="4.0"/>', VastErrorCode.General],
    ['<VAST version="4.0"><Ad id="x"/></VAST>', VastErrorCode.General],
    ['<VAST version="4.0"><Ad><InLine><Creatives/></InLine></Ad></VAST>', VastErrorCode.MediaFileNotFound],
  ])('inline text %j fails with %s', (xml, code) => {
    expect(failure(() => parseVast(xml, { parseXml, canPlayType })).code).toBe(code);
  });

  it('reads the real-world vast-client-js sample (VAST 4.3, codec="0")', () => {
    const ad = parse('vast-client-inline-linear.xml');
    expect(ad.duration).toBe(16);
    expect(ad.mediaFile).toEqual({
      url: 'https://iabtechlab.com/wp-content/uploads/2016/07/VAST-4.0-Short-Intro.mp4',
      type: 'video/mp4',
      width: 400,
      height: 300,
      codec: '0',
    });
    expect(ad.clickTracking).toEqual(['https://iabtechlab.com']);
    expect(ad.clickThrough).toBeNull();
    expect(ad.impressions).toEqual(['http://example.com/track/impression']);
  });

  it('parses the 1 MB document', () => {
    const xml = readFixture('huge.xml');
    expect(xml.length).toBeGreaterThan(1_000_000);
    const ad = parseVast(xml, { parseXml, canPlayType });
    expect(ad.skipOffset).toBe(2);
    expect(ad.tracking.creativeView).toHaveLength(201);
    expect(ad.mediaFile.url).toBe('http://127.0.0.1:4101/media/ads/ad-5s.mp4');
  });
});

/**
 * From the bad-input matrix (issue 10 §1; docs/operations.md, "Reliability and security"): each
 * row is a hostile or broken input and the outcome this unit must give.
 */
describe('VAST documents', () => {
  const FIVE_MB = inlineVast({ title: 'big', tracking: `<!-- ${'x'.repeat(5 * 1024 * 1024)} -->` });

  it('the 5 MB document does not echo the padding into the parsed ad', () => {
    const ad = parseVast(FIVE_MB, { parseXml, canPlayType });
    expect(JSON.stringify(ad).length).toBeLessThan(10_000);
  });

  it('the bomb fixture served to the player is the same bomb', () => {
    expect(() => parseVast(readFixture('bad/xml-bomb.xml'), { parseXml, canPlayType })).toThrow(VastError);
  });
});
