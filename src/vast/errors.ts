/**
 * VAST error codes (IAB VAST 4 §2.3.6.3, SPEC.md §8). The numeric value is what goes into the
 * [ERRORCODE] macro of an error link.
 */
export enum VastErrorCode {
  XmlParse = 100,
  SchemaValidation = 101,
  WrapperTimeout = 301,
  WrapperLimit = 302,
  NoAdsAfterWrapper = 303,
  LoadTimeout = 350,
  MediaFileNotFound = 401,
  MediaFileTimeout = 402,
  NoSupportedMediaFile = 403,
  MediaFileDelivery = 405,
  CannotPlay = 450,
  Undefined = 900,
  General = 901,
}

/** Messages of SPEC.md §8 where it names them, else the IAB meaning. */
export const VAST_ERROR_MESSAGES: Record<VastErrorCode, string> = {
  [VastErrorCode.XmlParse]: 'Failed parsing xml',
  [VastErrorCode.SchemaValidation]: 'Not a VAST document',
  [VastErrorCode.WrapperTimeout]: 'Wrapper VAST load failed',
  [VastErrorCode.WrapperLimit]: 'Wrapper limit reached',
  [VastErrorCode.NoAdsAfterWrapper]: 'No VAST response after one or more wrappers',
  [VastErrorCode.LoadTimeout]: 'VAST load timeout',
  [VastErrorCode.MediaFileNotFound]: 'Not found mediaFiles in VAST',
  [VastErrorCode.MediaFileTimeout]: 'Media file timeout',
  [VastErrorCode.NoSupportedMediaFile]: 'Not found supported mediaFile',
  [VastErrorCode.MediaFileDelivery]: 'Media file delivery failed',
  [VastErrorCode.CannotPlay]: 'Video could not play',
  [VastErrorCode.Undefined]: 'Failed to load VAST',
  [VastErrorCode.General]: 'Empty vast',
};

/** A failure of one ad: its code, and the error links known when it happened (to be pinged). */
export class VastError extends Error {
  override name = 'VastError';
  readonly code: VastErrorCode;
  /** Error links collected so far (wrappers' and the ad's own), unfilled. */
  readonly errorUrls: readonly string[];
  /** What exactly went wrong, for logs; the message stays the catalogue's text. */
  readonly detail: string | null;

  constructor(code: VastErrorCode, errorUrls: readonly string[] = [], detail: string | null = null) {
    super(VAST_ERROR_MESSAGES[code]);
    this.code = code;
    this.errorUrls = errorUrls;
    this.detail = detail;
  }

  /** The same failure with a wrapper's error links in front (the chain unwinds outwards). */
  withErrorUrls(urls: readonly string[]): VastError {
    return new VastError(this.code, [...urls, ...this.errorUrls], this.detail);
  }
}

export const isVastError = (error: unknown): error is VastError => error instanceof VastError;

/** An aborted load or play (the break was stopped): SPEC.md §8 says abort errors are ignored. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
