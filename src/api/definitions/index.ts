export { AUTHENTICATOR_CALLS, createAuthenticatorCalls, type AuthenticatorCalls } from './authenticator';
export { CATALOG_CALLS, createCatalogCalls, type CatalogCalls } from './catalog';
export { bindCalls, call, fillPath } from './define';
export type { BoundCall, CallArgs, CallDefinition, HttpMethod, OpaqueRecord, PathParams, QueryParams } from './define';
