import axios from 'axios';
import { parseAdList, type AdListDto } from './dto';
import { request } from './http';

/** The ad list is a plain request, outside the catalogue client (SPEC.md §7). */
export function fetchAdList(url: string): Promise<AdListDto> {
  return request(() => axios.get(url, { timeout: 0 }), parseAdList);
}
