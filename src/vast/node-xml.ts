/** The XML parser for Node (tests, the VAST inspector CLI): @xmldom/xmldom, quiet on warnings. */
import { DOMParser } from '@xmldom/xmldom';
import type { XmlParser } from './types';
import { xmlParserFrom, type DomParserLike } from './xml';

export function nodeXmlParser(): XmlParser {
  // Browsers (libxml2) reject what xmldom only reports as an 'error', e.g. a bare & in a URL:
  // both levels fail here so that Node and the player agree on what is well-formed.
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message);
    },
  });
  return xmlParserFrom(parser as unknown as DomParserLike);
}
