import { describe, expect, it } from 'vitest';
import { boundCalls, expectSent, lookup, namesOf, useRecordingServer, type Row } from '../testing/definition-calls';
import { AUTHENTICATOR_CALLS } from './authenticator';

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

const server = useRecordingServer();

describe('authenticator client definitions', () => {
  it('the table below covers every defined function, and nothing else', () => {
    expect(ROWS.map((row) => row.name).sort()).toEqual(namesOf(AUTHENTICATOR_CALLS));
  });

  it.each(ROWS.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    await lookup(boundCalls(server()).authenticator, row.name)(row.args);
    expectSent(server(), row);
  });
});

describe('client definition calls', () => {
  it('there are 13 authenticator calls (SPEC.md §7)', () => {
    expect(namesOf(AUTHENTICATOR_CALLS)).toHaveLength(13);
  });
});
