/** call, fillPath and bindCalls (define.ts), through the catalogue's and the authenticator's tables. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryCookies } from '../../platform/cookies';
import { createApiClients } from '../http';
import { defaultAnswer, jwt, startRecordingServer, type RecordingServer } from '../testing/recording-server';
import { createAuthenticatorCalls } from './authenticator';
import { createCatalogCalls } from './catalog';

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
  return { catalog: createCatalogCalls(clients.catalog), authenticator: createAuthenticatorCalls(clients.authenticator) };
}

type AnyCall = (args?: unknown) => Promise<unknown>;
const lookup = (bound: object, name: string): AnyCall => {
  const [group, call] = name.split('.') as [string, string];
  return (bound as Record<string, Record<string, AnyCall>>)[group]![call]!;
};
describe('client definition calls', () => {
  it('a text resource comes back as text', async () => {
    server.answer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end('<VAST version="4.0"></VAST>');
    });
    await expect(setup().catalog.ads.vast({ query: { 'content-id': 101 } })).resolves.toBe('<VAST version="4.0"></VAST>');
  });

  it('a failed call rejects with a typed ApiError', async () => {
    server.answer((_, res) => {
      res.writeHead(403, { 'Content-Type': 'application/json' });
      res.end('{"message":"forbidden"}');
    });
    await expect(setup().authenticator.user.details()).rejects.toMatchObject({
      errorType: 'HTTP', status: 403, method: 'GET', url: '/authenticator/user/details',
    });
  });

  it('types follow the table: path parameters and bodies are required where the row has them', () => {
    const { catalog, authenticator } = setup();
    // Checked by tsc; the closures are never called.
    // @ts-expect-error reviewId is a parameter of the path
    void (() => catalog.reviews.delete({ params: { id: 1 } }));
    // @ts-expect-error a review needs a body
    void (() => catalog.reviews.create({ params: { id: 1 } }));
    // @ts-expect-error user details take no body
    void (() => authenticator.user.details({ body: {} }));
    void (() => catalog.dictionaries.genres());
    void (() => authenticator.user.rename({ query: { name: 'x' } }));
    expect(typeof catalog.reviews.delete).toBe('function');
  });

  it('a missing path parameter is a TypeError, and nothing is sent', async () => {
    const call = lookup(setup().catalog, 'reviews.delete');
    await expect(call({ params: { id: 101 } })).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });
});
