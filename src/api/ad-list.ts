import type { AxiosInstance } from 'axios';
import { parseAdList, type AdListDto } from './dto';
import { request } from './http';

/**
 * The ad list is a plain request outside the catalogue client (SPEC.md §7): it carries the session
 * context header like every call, but never the access token, since its URL may be a third party's.
 */
export function fetchAdList(http: AxiosInstance, url: string): Promise<AdListDto> {
  return request(() => http.get(url, { timeout: 0 }), parseAdList);
}
