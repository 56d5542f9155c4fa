/**
 * Why a catalogue call failed, after farfetched's discriminated errors. `url` is the request path
 * without its query; `body` an excerpt of the response body.
 */
export type ApiError =
  | { errorType: 'HTTP'; status: number; url: string; method?: string; explanation: string; body: string }
  | { errorType: 'NETWORK'; url: string; method?: string; explanation: string }
  | { errorType: 'INVALID_BODY'; url: string; method?: string; explanation: string; body: string };

export const isHttpError = (error: unknown, status?: number): error is Extract<ApiError, { errorType: 'HTTP' }> =>
  isApiError(error) && error.errorType === 'HTTP' && (status === undefined || error.status === status);

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'errorType' in error &&
    ['HTTP', 'NETWORK', 'INVALID_BODY'].includes((error as { errorType: string }).errorType);
}

const BOUNDARY = /[\s"',;&{}[\]<>]/;

/**
 * The start of a response body, for error reports; bodies can be large HTML pages. The cut falls
 * on a delimiter, so a token in the body is kept whole (and scrubbed whole) or left out, never halved.
 */
export function bodyExcerpt(body: unknown, limit = 500): string {
  const text = typeof body === 'string' ? body : body === undefined ? '' : safeStringify(body);
  if (text.length <= limit) return text;
  let end = limit;
  while (end > limit / 2 && !BOUNDARY.test(text[end] ?? '')) end -= 1;
  return `${text.slice(0, end > limit / 2 ? end : limit)}…`;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}
