/** call, fillPath and bindCalls (define.ts), through the catalogue's and the authenticator's tables. */
import { describe, expect, it } from 'vitest';
import { boundCalls, lookup, useRecordingServer } from '../testing/definition-calls';

const server = useRecordingServer();
const setup = () => boundCalls(server());

describe('client definition calls', () => {
  it('a text resource comes back as text', async () => {
    server().answer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end('<VAST version="4.0"></VAST>');
    });
    await expect(setup().catalog.ads.vast({ query: { 'content-id': 101 } })).resolves.toBe('<VAST version="4.0"></VAST>');
  });

  it('a failed call rejects with a typed ApiError', async () => {
    server().answer((_, res) => {
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
    expect(server().requests).toHaveLength(0);
  });
});
