import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryCookies } from '../../platform/cookies';
import { createApiClients } from '../http';
import { defaultAnswer, jwt, startRecordingServer, type RecordingServer } from '../testing/recording-server';
import { AUTHENTICATOR_CALLS, createAuthenticatorCalls } from './authenticator';

/**
 * One row per client function, written from SPEC.md §7: the arguments it is called with and the
 * request that must come out (method, path, query, body, Bearer or not).
 */
interface Row {
  name: string;
  args?: { params?: Record<string, string | number>; body?: Record<string, unknown>; query?: Record<string, string | number> };
  method: string;
  path: string;
  query?: Record<string, string>;
  secure: boolean;
}

const PAGE = { page: 2, limit: 20 };

const ROWS: Row[] = [
  { name: 'password.restoreInit', args: { body: { email: 'qa@example.test' } }, method: 'POST', path: '/authenticator/user/password/restore/init', secure: false },
  { name: 'password.restore', args: { body: { code: '123', password: 'x' } }, method: 'POST', path: '/authenticator/user/password/restore', secure: false },
  { name: 'password.change', args: { body: { old: 'a', password: 'b' } }, method: 'POST', path: '/authenticator/user/password/change', secure: true },
  { name: 'user.rename', args: { query: { name: 'Новое имя' } }, method: 'PATCH', path: '/authenticator/user/rename', query: { name: 'Новое имя' }, secure: true },
  { name: 'user.details', method: 'GET', path: '/authenticator/user/details', secure: true },
  { name: 'subscription.notify', args: { body: { event: 'paid' } }, method: 'POST', path: '/authenticator/subscription/notify', secure: false },
  { name: 'subscription.subscribe', args: { query: { plan: 'year' } }, method: 'POST', path: '/authenticator/subscription', query: { plan: 'year' }, secure: true },
  { name: 'signup.start', args: { body: { email: 'qa@example.test' } }, method: 'POST', path: '/authenticator/signup', secure: false },
  { name: 'signup.complete', args: { body: { code: '123' } }, method: 'POST', path: '/authenticator/signup/complete', secure: false },
  { name: 'authentication.signIn', args: { body: { login: 'qa', password: 'x' } }, method: 'POST', path: '/authenticator/authentication', secure: false },
  { name: 'administration.users', args: { body: PAGE }, method: 'POST', path: '/authenticator/administration/users', secure: true },
  { name: 'administration.newUser', args: { body: { email: 'new@example.test' } }, method: 'POST', path: '/authenticator/administration/new-user', secure: true },
  { name: 'administration.blockUser', args: { params: { id: 77 } }, method: 'POST', path: '/authenticator/administration/block-user/77', secure: true },
];

const token = jwt({ sub: 'qa', exp: Math.floor(Date.now() / 1000) + 3600 });
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

function setup() {
  const cookies = createMemoryCookies({ authToken: token, refreshToken: 'r-1', device_fp: 'fp-0123456789' });
  const clients = createApiClients({ baseUrl: server.baseUrl, cookies });
  return { authenticator: createAuthenticatorCalls(clients.authenticator) };
}

type AnyCall = (args?: Row['args']) => Promise<unknown>;
const lookup = (bound: object, name: string): AnyCall => {
  const [group, call] = name.split('.') as [string, string];
  return (bound as Record<string, Record<string, AnyCall>>)[group]![call]!;
};
const namesOf = (table: Record<string, Record<string, unknown>>) =>
  Object.entries(table).flatMap(([group, calls]) => Object.keys(calls).map((call) => `${group}.${call}`)).sort();

describe('authenticator client definitions', () => {
  it('the table below covers every defined function, and nothing else', () => {
    expect(ROWS.map((row) => row.name).sort()).toEqual(namesOf(AUTHENTICATOR_CALLS));
  });

  it.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    await lookup(setup().authenticator, row.name)(row.args);
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.method).toBe(row.method);
    expect(sent.path).toBe(row.path);
    expect(sent.query).toEqual(row.query ?? {});
    expect(sent.body ? JSON.parse(sent.body) : undefined).toEqual(row.args?.body);
    expect(sent.headers.authorization).toBe(row.secure ? `Bearer ${token}` : undefined);
    expect(sent.headers['x-session-context']).toBe('fp-0123456789');
  });
});

describe('client definition calls', () => {
  it('there are 13 authenticator calls (SPEC.md §7)', () => {
    expect(namesOf(AUTHENTICATOR_CALLS)).toHaveLength(13);
  });
});
