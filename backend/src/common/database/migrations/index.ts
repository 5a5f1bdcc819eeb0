import { Init1795322673291 } from './1795322673291-init.js';

/** Migrations in order. Committed migrations are never edited; add a new one instead. */
export const MIGRATIONS: Array<new () => object> = [Init1795322673291];
