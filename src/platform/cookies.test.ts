// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieAttributes, createBrowserCookies, createMemoryCookies } from './cookies';

/** Records every string written to document.cookie, then lets the write through. */
function recordCookieWrites() {
  let owner: object | null = document;
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie')) owner = Object.getPrototypeOf(owner);
  const descriptor = Object.getOwnPropertyDescriptor(owner!, 'cookie')!;
  const writes: string[] = [];
  const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return { writes, restore: () => spy.mockRestore() };
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const name of ['authToken', 'device_fp']) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('page cookies (js-cookie)', () => {
  it('writes, reads and removes through document.cookie', () => {
    const cookies = createBrowserCookies(false);
    cookies.set('authToken', 'a.b.c');
    expect(document.cookie).toContain('authToken=a.b.c');
    expect(cookies.get('authToken')).toBe('a.b.c');
    cookies.remove('authToken');
    expect(cookies.get('authToken')).toBeUndefined();
  });

  it('in a secure context writes Secure, SameSite=None and Partitioned at path /, so a cross-site frame keeps them', () => {
    const { writes } = recordCookieWrites();
    createBrowserCookies(true).set('device_fp', 'f00d', 365);
    expect(writes).toHaveLength(1);
    const attributes = writes[0]!.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes[0]).toBe('device_fp=f00d');
    expect(attributes).toEqual(expect.arrayContaining(['path=/', 'secure', 'samesite=none', 'partitioned']));
    const expires = attributes.find((part) => part.startsWith('expires='))!;
    const days = (Date.parse(expires.slice('expires='.length)) - Date.now()) / 864e5;
    expect(Math.round(days)).toBe(365);
  });

  it('on plain http (not a secure context) falls back to SameSite=Lax without Secure', () => {
    expect(cookieAttributes(false)).toEqual({ path: '/', sameSite: 'Lax' });
    const { writes } = recordCookieWrites();
    createBrowserCookies(false).set('authToken', 't', new Date(Date.now() + 60_000));
    expect(writes[0]!.toLowerCase()).toContain('samesite=lax');
    expect(writes[0]!.toLowerCase()).not.toContain('secure');
  });

  it('reads the value document.cookie holds now, also when something else wrote it since the last read', () => {
    const cookies = createBrowserCookies(false);
    cookies.set('authToken', 'first');
    expect(cookies.get('authToken')).toBe('first');
    expect(cookies.get('authToken')).toBe('first');
    document.cookie = 'authToken=second; path=/';
    expect(cookies.get('authToken')).toBe('second');
    document.cookie = 'authToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect(cookies.get('authToken')).toBeUndefined();
  });

  it('getAll reads several cookies from one reading of document.cookie, and sees a write from elsewhere at the next call', () => {
    const cookies = createBrowserCookies(false);
    cookies.set('authToken', 'first');
    cookies.set('device_fp', 'fp');
    const names = ['authToken', 'refreshToken', 'device_fp'];
    expect(cookies.getAll(names)).toEqual(['first', undefined, 'fp']);
    let owner: object | null = document;
    while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie')) owner = Object.getPrototypeOf(owner);
    const descriptor = Object.getOwnPropertyDescriptor(owner!, 'cookie')!;
    const reads = vi.spyOn(document, 'cookie', 'get').mockImplementation(() => descriptor.get!.call(document) as string);
    expect(cookies.getAll(names)).toEqual(['first', undefined, 'fp']);
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockClear();
    for (const name of names) cookies.get(name);
    expect(reads).toHaveBeenCalledTimes(3);
    reads.mockRestore();
    document.cookie = 'authToken=second; path=/';
    expect(cookies.getAll(names)).toEqual(['second', undefined, 'fp']);
  });

  it('encodes values js-cookie style, so a token with = and ; survives', () => {
    const cookies = createBrowserCookies(false);
    cookies.set('authToken', 'x=1;y');
    expect(cookies.get('authToken')).toBe('x=1;y');
  });
});

describe('memory cookies', () => {
  it('drops a cookie once its expiry has passed', () => {
    let now = 1000;
    const jar = createMemoryCookies({}, () => now);
    jar.set('authToken', 't', new Date(2000));
    expect(jar.get('authToken')).toBe('t');
    now = 2000;
    expect(jar.get('authToken')).toBeUndefined();
  });

  it('reads a number of days as js-cookie does', () => {
    const jar = createMemoryCookies({}, () => 0);
    jar.set('device_fp', 'f', 365);
    expect(jar.entries().get('device_fp')?.expires?.getTime()).toBe(365 * 864e5);
  });
});
