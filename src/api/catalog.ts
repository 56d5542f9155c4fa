import { catalogCalls, type CallTarget } from './calls';
import { parseAvailability, parseContent, parseEpisodes, parseSeasons } from './dto';
import { request, type HttpClient } from './http';

const get = (http: HttpClient, { path, params }: CallTarget) => http.get(path, { params });

/** The catalogue calls the player makes at start-up (SPEC.md §7). */
export function createCatalogApi(http: HttpClient) {
  return {
    getContent: (id: number) => request(() => get(http, catalogCalls.content(id)), parseContent),
    getSeasons: (id: number) => request(() => get(http, catalogCalls.seasons(id)), parseSeasons),
    getEpisodes: (id: number) => request(() => get(http, catalogCalls.episodes(id)), parseEpisodes),
    getAvailability: (id: number, domain: string) => request(() => get(http, catalogCalls.availability(id, domain)), parseAvailability),
  };
}

export type CatalogApi = ReturnType<typeof createCatalogApi>;
