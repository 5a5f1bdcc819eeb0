// Wire types from one source: `schema.d.ts` is generated from the server's OpenAPI document
// (backend/openapi.json, `npm run api:generate`); screens name records through these aliases.
import type { components, paths } from './schema';

export type { components, paths };

/** A record of the API by its OpenAPI schema name (`Schema<'UserDto'>`). */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The page every list call answers (`common/http/list-query.ts` `page()` on the server). */
export interface Page<T> {
  content: T[];
  totalElements: number;
}
