import type { AxiosInstance } from 'axios';
import { parseAdList, parseAvailability, parseContent, parseEpisodes, parseSeasons } from './dto';
import { request } from './http';

/** The catalogue calls the player makes at start-up (SPEC.md §7). */
export function createCatalogApi(http: AxiosInstance) {
  return {
    getContent: (id: number) => request(() => http.get(`/contents/${id}`), parseContent),
    getSeasons: (id: number) => request(() => http.get(`/contents/${id}/seasons`), parseSeasons),
    getEpisodes: (id: number) => request(() => http.get('/episodes', { params: { 'content-id': id } }), parseEpisodes),
    getAvailability: (id: number, domain: string) =>
      request(() => http.get(`/contents/${id}/available`, { params: { domain } }), parseAvailability),
  };
}

export type CatalogApi = ReturnType<typeof createCatalogApi>;
