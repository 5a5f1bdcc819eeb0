import { Init1795322673291 } from './1795322673291-init.js';
import { AccessKeys1795324610234 } from './1795324610234-access-keys.js';

/** Migrations in order. Committed migrations are never edited; add a new one instead. */
export const MIGRATIONS: Array<new () => object> = [Init1795322673291, AccessKeys1795324610234];
