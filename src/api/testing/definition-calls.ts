/**
 * The client definitions' tests (src/api/definitions/*.test.ts): one recording server per file,
 * both tables bound over it with a signed-in cookie jar, and the check that a table row's call
 * sent the request the row says.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createMemoryCookies } from '../../platform/cookies';
import { createApiClients } from '../http';
import { createAuthenticatorCalls } from '../definitions/authenticator';
import { createCatalogCalls } from '../definitions/catalog';
import { defaultAnswer, jwt, startRecordingServer, type RecordingServer } from './recording-server';

/** One row per client function, written from SPEC.md §7: its arguments and the request that must come out. */
export interface Row {
  name: string;
  args?: { params?: Record<string, string | number>; body?: Record<string, unknown>; query?: Record<string, string | number> };
  method: string;
  path: string;
  query?: Record<string, string>;
  secure: boolean;
}

export const token = jwt({ sub: 'qa', exp: Math.floor(Date.now() / 1000) + 3600 });

/** Starts a recording server for the file, answering by default and forgetting its requests before each test. */
export function useRecordingServer(): () => RecordingServer {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    server.answer(defaultAnswer);
  });
  return () => server;
}

/** Both tables' calls over the server, signed in, with a device fingerprint. */
export function boundCalls(server: RecordingServer) {
  const cookies = createMemoryCookies({ authToken: token, refreshToken: 'r-1', device_fp: 'fp-0123456789' });
  const clients = createApiClients({ baseUrl: server.baseUrl, cookies });
  return { catalog: createCatalogCalls(clients.catalog), authenticator: createAuthenticatorCalls(clients.authenticator) };
}

export type AnyCall = (args?: Row['args']) => Promise<unknown>;

/** A bound call by its table name (`group.call`). */
export const lookup = (bound: object, name: string): AnyCall => {
  const [group, call] = name.split('.') as [string, string];
  return (bound as Record<string, Record<string, AnyCall>>)[group]![call]!;
};

/** Every `group.call` a table defines, sorted. */
export const namesOf = (table: Record<string, Record<string, unknown>>) =>
  Object.entries(table).flatMap(([group, calls]) => Object.keys(calls).map((call) => `${group}.${call}`)).sort();

/** The one request the row's call sent: method, path, query, body, Bearer or not, the session context. */
export function expectSent(server: RecordingServer, row: Row): void {
  expect(server.requests).toHaveLength(1);
  const sent = server.requests[0]!;
  expect(sent.method).toBe(row.method);
  expect(sent.path).toBe(row.path);
  expect(sent.query).toEqual(row.query ?? {});
  expect(sent.body ? JSON.parse(sent.body) : undefined).toEqual(row.args?.body);
  expect(sent.headers.authorization).toBe(row.secure ? `Bearer ${token}` : undefined);
  expect(sent.headers['x-session-context']).toBe('fp-0123456789');
}
