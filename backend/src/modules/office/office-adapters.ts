import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import type { OfficeSessionDto } from './office.dto.js';
import type { OfficeSessionRow } from './office.repository.js';
import type { OfficeTarget, OfficeVersionRef, OfficeViewReason } from './office-targets.js';

/** What an adapter is told about a session that was just opened (docs/office-design.md §4.3). */
export interface OfficeOpenContext {
  /** The new session (its mode decided: `edit` holds the target's lock). */
  session: OfficeSessionRow;
  /** Why it is read-only (null for an edit session). */
  reason: OfficeViewReason | null;
  target: OfficeTarget;
  /** The version opened. */
  version: OfficeVersionRef;
  user: Principal;
  /**
   * The live edit session holding the target's lock when this one opened read-only because of it
   * (`reason` `locked`): ONLYOFFICE and Collabora let the viewer watch that session (same key / WOPISrc).
   */
  holder: OfficeSessionRow | null;
}

/** The editor's member of the open answer. */
export type OfficeAdapterMember = Pick<OfficeSessionDto, 'onlyoffice' | 'wopi'>;

/**
 * A document-server editor (ONLYOFFICE, WOPI) plugged into the office core. The core opens sessions
 * (rules, lock, session row) and asks the adapter for its part of the answer; saves go through
 * OfficeSaveService, session ends through OfficeSessionsService.end.
 */
export interface OfficeAdapter {
  readonly editor: 'onlyoffice' | 'wopi';
  /** The editor's part of the open answer (`{onlyoffice: …}` or `{wopi: …}`); may record the session's doc key. Throwing ends the session. */
  describe(ctx: OfficeOpenContext): Promise<OfficeAdapterMember>;
  /**
   * The page closed an edit session (`DELETE api/office/sessions/{id}`): `closing` (default) keeps it
   * and its lock until the document server's last save ends it; `closed` ends it now.
   */
  close?(session: OfficeSessionRow): Promise<'closing' | 'closed'>;
}

/** The adapters registered by the onlyoffice and wopi sub-modules (in their `onModuleInit`). */
@Injectable()
export class OfficeAdapters {
  private readonly adapters = new Map<string, OfficeAdapter>();

  register(adapter: OfficeAdapter): void {
    if (this.adapters.has(adapter.editor)) throw new Error(`office adapter "${adapter.editor}" is already registered`);
    this.adapters.set(adapter.editor, adapter);
  }

  get(editor: string): OfficeAdapter | undefined {
    return this.adapters.get(editor);
  }
}
