/**
 * Declarative client definitions: each call is a row (method, path template, whether it takes a
 * body or a query, whether it is secure), and `bindCalls` turns a table of rows into typed functions.
 * Path parameters are read from the template, so `'/v2/contents/{id}/reviews/{reviewId}'` demands
 * `{ params: { id, reviewId } }` at compile time.
 */
import type { QueryParams } from '../calls';
import { request, type HttpClient, type HttpMethod } from '../http';

export type { HttpMethod, QueryParams };

/** A payload the spec does not describe (SPEC.md §7 "Their payloads are not shown"). */
export type OpaqueRecord = Readonly<Record<string, unknown>>;

type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;
export type PathParams<P extends string> = { readonly [K in PathParamNames<P>]: string | number };

export interface CallDefinition<P extends string = string, B extends boolean = boolean, Q extends boolean = boolean> {
  method: HttpMethod;
  path: P;
  body: B;
  query: Q;
  /** Sends the Bearer token (refreshed first when expired). */
  secure: boolean;
  /** `text` for XML and plain-text resources; JSON otherwise. */
  responseType?: 'json' | 'text';
}

export interface CallOptions {
  body?: boolean;
  query?: boolean;
  secure?: boolean;
  responseType?: 'json' | 'text';
}

type Flag<O, K extends keyof CallOptions> = O extends Record<K, true> ? true : false;

/** One call of a client: `call('POST', '/abuse/new', { body: true })`. */
export function call<const P extends string, const O extends CallOptions = Record<never, never>>(
  method: HttpMethod,
  path: P,
  options?: O,
): CallDefinition<P, Flag<O, 'body'>, Flag<O, 'query'>> {
  return {
    method,
    path,
    body: (options?.body ?? false) as Flag<O, 'body'>,
    query: (options?.query ?? false) as Flag<O, 'query'>,
    secure: options?.secure ?? false,
    ...(options?.responseType ? { responseType: options.responseType } : {}),
  };
}

type ParamsArg<P extends string> = [PathParamNames<P>] extends [never] ? { params?: never } : { params: PathParams<P> };
type BodyArg<B> = B extends true ? { body: OpaqueRecord } : { body?: never };
type QueryArg<Q> = Q extends true ? { query?: QueryParams } : { query?: never };

export type CallArgs<D> = D extends CallDefinition<infer P, infer B, infer Q> ? ParamsArg<P> & BodyArg<B> & QueryArg<Q> : never;

/** The typed function of one row; the answer body is returned as is (its shape is not specified). */
export type BoundCall<D> = Record<never, never> extends CallArgs<D>
  ? (args?: CallArgs<D>) => Promise<unknown>
  : (args: CallArgs<D>) => Promise<unknown>;

export type CallTable = Readonly<Record<string, Readonly<Record<string, CallDefinition>>>>;
export type BoundTable<T extends CallTable> = { [G in keyof T]: { [C in keyof T[G]]: BoundCall<T[G][C]> } };

interface LooseArgs {
  params?: Record<string, string | number>;
  body?: OpaqueRecord;
  query?: QueryParams;
}

/** Fills `{name}` placeholders, each value URL-encoded as one path segment. */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** A missing path parameter rejects with a TypeError (a caller bug); a failed call with an ApiError. */
function bindCall(http: HttpClient, definition: CallDefinition) {
  return async (args: LooseArgs = {}): Promise<unknown> => {
    const url = fillPath(definition.path, args.params);
    return request(
      () =>
        http.request({
          method: definition.method,
          url,
          params: definition.query ? args.query : undefined,
          body: definition.body ? args.body : undefined,
          secure: definition.secure,
          responseType: definition.responseType ?? 'json',
        }),
      (body) => body,
    );
  };
}

/** Binds every row of a table to a client (the catalogue's or the authenticator's). */
export function bindCalls<T extends CallTable>(http: HttpClient, table: T): BoundTable<T> {
  const bound: Record<string, Record<string, unknown>> = {};
  for (const [group, calls] of Object.entries(table)) {
    bound[group] = Object.fromEntries(Object.entries(calls).map(([name, definition]) => [name, bindCall(http, definition)]));
  }
  return bound as BoundTable<T>;
}
