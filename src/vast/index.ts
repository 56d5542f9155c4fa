/** Pure VAST parsing: XML text → ParsedAd or a typed VastError; wrappers; macros. */
export { VastErrorCode, VastError, VAST_ERROR_MESSAGES, isVastError, isAbortError } from './errors';
export type { ParsedAd, VastMediaFile, VastProgressTracker, XmlParser, CanPlayType } from './types';
export { parseVastTime, parseVastOffset } from './time';
export { fillMacros, cacheBuster, type MacroValues } from './macros';
export { readVastDocument, type VastDocument, type RawLinear, type RawMediaFile } from './parse';
export { resolveVast, parseVast, creativeIdOf, DEFAULT_WRAPPER_LIMIT, type VastFetcher, type VastResolveOptions, type VastSource } from './resolve';
export { xmlParserFrom, browserXmlParser, type DomParserLike } from './xml';
export { inspectionOf, failedInspection, commonCanPlayType, type VastInspection } from './inspect';
