import { createHash } from 'node:crypto';
import type { OfficeConfig } from '../../config/config.js';

/**
 * The OFFICE_* part of the configuration (docs/office-design.md §4.6): the type is `AppConfig.office`
 * (parsed and validated in config/config.ts with the rest of the environment); what the office module
 * derives from it lives here.
 */
export type { OfficeConfig, OfficeEditorName, WopiProofMode } from '../../config/config.js';

/** A target's single-writer lock lasts this long after its last refresh (heartbeat, ONLYOFFICE status 1, WOPI LOCK/REFRESH_LOCK). */
export const OFFICE_LOCK_TTL_MS = 30 * 60_000;
/** The editor page's heartbeat interval (documented for the page; the lock outlives several missed beats). */
export const OFFICE_HEARTBEAT_MS = 5 * 60_000;
/** A session not ended and not seen for this long is ended by the hourly cleanup (its lock has long expired). */
export const OFFICE_IDLE_SESSION_MS = 24 * 60 * 60_000;
/** Ended sessions are kept this long (the versions keep their `office_save` rows), then deleted by the cleanup. */
export const OFFICE_SESSION_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Whether online editing is offered at all (`OFFICE_EDITOR` is not `none`). */
export const officeEnabled = (config: OfficeConfig): boolean => config.editor !== 'none';

/**
 * The ONLYOFFICE document key namespace: `OFFICE_KEY_PREFIX`, else the first 6 hex digits of
 * sha256(secret + '|office-key') (stable per deployment, different between systems sharing one
 * document server), else `hz`.
 */
export function officeKeyPrefix(config: OfficeConfig): string {
  if (config.keyPrefix) return config.keyPrefix;
  if (!config.jwtSecret) return 'hz';
  return createHash('sha256').update(`${config.jwtSecret}|office-key`).digest('hex').slice(0, 6);
}

/** `${OFFICE_URL}/web-apps/apps/api/documents/api.js`: the ONLYOFFICE Docs API script the editor page loads. */
export function onlyofficeApiJs(config: OfficeConfig): string | undefined {
  return config.url ? `${config.url}/web-apps/apps/api/documents/api.js` : undefined;
}

