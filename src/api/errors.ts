/** Why a catalogue call failed, after farfetched's discriminated errors. */
export type ApiError =
  | { errorType: 'HTTP'; status: number; url: string; explanation: string; body: string }
  | { errorType: 'NETWORK'; url: string; explanation: string }
  | { errorType: 'INVALID_BODY'; url: string; explanation: string; body: string };

export const isHttpError = (error: unknown, status?: number): error is Extract<ApiError, { errorType: 'HTTP' }> =>
  isApiError(error) && error.errorType === 'HTTP' && (status === undefined || error.status === status);

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'errorType' in error &&
    ['HTTP', 'NETWORK', 'INVALID_BODY'].includes((error as { errorType: string }).errorType);
}

/** The start of a response body, for error reports; bodies can be large HTML pages. */
export function bodyExcerpt(body: unknown, limit = 500): string {
  const text = typeof body === 'string' ? body : body === undefined ? '' : safeStringify(body);
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}
