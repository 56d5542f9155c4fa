/**
 * The 13 authenticator calls of SPEC.md §7, relative to `<base>/authenticator`. Calls made for a
 * signed-in user carry the Bearer token; sign-up, sign-in and password restore cannot.
 */
import type { HttpClient } from '../http';
import { bindCalls, call } from './define';

export const AUTHENTICATOR_CALLS = {
  password: {
    restoreInit: call('POST', '/user/password/restore/init', { body: true }),
    restore: call('POST', '/user/password/restore', { body: true }),
    change: call('POST', '/user/password/change', { body: true, secure: true }),
  },
  user: {
    rename: call('PATCH', '/user/rename', { query: true, secure: true }),
    details: call('GET', '/user/details', { secure: true }),
  },
  subscription: {
    notify: call('POST', '/subscription/notify', { body: true }),
    subscribe: call('POST', '/subscription', { query: true, secure: true }),
  },
  signup: {
    start: call('POST', '/signup', { body: true }),
    complete: call('POST', '/signup/complete', { body: true }),
  },
  authentication: {
    signIn: call('POST', '/authentication', { body: true }),
  },
  administration: {
    users: call('POST', '/administration/users', { body: true, secure: true }),
    newUser: call('POST', '/administration/new-user', { body: true, secure: true }),
    blockUser: call('POST', '/administration/block-user/{id}', { secure: true }),
  },
} as const;

export function createAuthenticatorCalls(http: HttpClient) {
  return bindCalls(http, AUTHENTICATOR_CALLS);
}

export type AuthenticatorCalls = ReturnType<typeof createAuthenticatorCalls>;
