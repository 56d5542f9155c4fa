import { parseAdList, type AdListDto } from './dto';
import { request, type HttpClient } from './http';

/**
 * The ad list is a plain request outside the catalogue client (SPEC.md §7): it carries the session
 * context header like every call, but never the access token, since its URL may be a third party's.
 */
export function fetchAdList(http: HttpClient, url: string): Promise<AdListDto> {
  return request(() => http.get(url), parseAdList);
}
