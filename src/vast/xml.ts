/** XML parsing behind one signature, so the browser and Node run the same VAST code. */
import type { XmlParser } from './types';

/** Structural minimum of a DOMParser (the browser's, or @xmldom/xmldom's). */
export interface DomParserLike {
  parseFromString(text: string, mimeType: 'text/xml'): Document;
}

/**
 * Wraps a DOMParser. The browser's does not throw on bad XML: it returns a document holding a
 * <parsererror> element, which this turns into an exception like xmldom's.
 */
export function xmlParserFrom(parser: DomParserLike): XmlParser {
  return (text) => {
    const doc = parser.parseFromString(text, 'text/xml');
    if (!doc?.documentElement || doc.getElementsByTagName('parsererror').length > 0) {
      throw new Error('malformed XML');
    }
    return doc;
  };
}

/** The browser's DOMParser; call only where one exists. */
export function browserXmlParser(): XmlParser {
  return xmlParserFrom(new DOMParser());
}
