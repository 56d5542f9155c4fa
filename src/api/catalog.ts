import type { AxiosInstance } from 'axios';
import { catalogCalls, type CallTarget } from './calls';
import { parseAvailability, parseContent, parseEpisodes, parseSeasons } from './dto';
import { request } from './http';

const get = (http: AxiosInstance, { path, params }: CallTarget) => http.get(path, params ? { params } : undefined);

/** The catalogue calls the player makes at start-up (SPEC.md §7). */
export function createCatalogApi(http: AxiosInstance) {
  return {
    getContent: (id: number) => request(() => get(http, catalogCalls.content(id)), parseContent),
    getSeasons: (id: number) => request(() => get(http, catalogCalls.seasons(id)), parseSeasons),
    getEpisodes: (id: number) => request(() => get(http, catalogCalls.episodes(id)), parseEpisodes),
    getAvailability: (id: number, domain: string) => request(() => get(http, catalogCalls.availability(id, domain)), parseAvailability),
  };
}

export type CatalogApi = ReturnType<typeof createCatalogApi>;
