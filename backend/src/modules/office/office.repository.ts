import { Injectable } from '@nestjs/common';
import { withAdvisoryLock } from '../../common/database/advisory-lock.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { OfficeEditor, OfficeMode, OfficeState, OfficeTargetKind } from './office.entity.js';
import type { OfficeLockState } from './office-locks.js';

type Db = DataSource | EntityManager;

/** A session row (`office_session`). */
export interface OfficeSessionRow {
  id: string;
  targetKind: OfficeTargetKind;
  targetId: number;
  journalId: number;
  baseVersion: number;
  baseFileId: number;
  editor: OfficeEditor;
  mode: OfficeMode;
  userId: number;
  origin: string | null;
  docKey: string | null;
  state: OfficeState;
  lastError: string | null;
  createdAt: Date;
  seenAt: Date;
  endedAt: Date | null;
  /** The document server's first callback for the session (ONLYOFFICE), null before it. */
  callbackAt: Date | null;
}

/** A lock row with its holder's names (`sys_user`). */
export interface OfficeLockRow extends OfficeLockState {
  editor: OfficeEditor | null;
  username: string | null;
  nickName: string | null;
}

/** A row of `office_save` as written. */
export interface OfficeSaveInsert {
  targetKind: OfficeTargetKind;
  targetId: number;
  fileId: number;
  sessionId: string | null;
  editor: OfficeEditor;
  userId: number | null;
  baseVersion: number | null;
  stale: boolean;
  autosave?: boolean | null;
  modifiedByUser?: boolean | null;
  exitSave?: boolean | null;
  forcesaveType?: number | null;
  ooHistory?: unknown;
  ooChangesFileId?: number | null;
  callbackDigest?: string | null;
}

/** Version metadata of a target's live versions (`GET api/office/versions`). */
export interface VersionMetaRow {
  fileId: number;
  version: number;
  editor: OfficeEditor | null;
  savedById: number | null;
  savedByUsername: string | null;
  savedByNickName: string | null;
  savedAt: Date | null;
  stale: boolean | null;
  autosave: boolean | null;
  modifiedByUser: boolean | null;
  hasHistory: boolean;
}

const SESSION = `SELECT id, target_kind AS "targetKind", target_id AS "targetId", journal_id AS "journalId",
    base_version AS "baseVersion", base_file_id AS "baseFileId", editor, mode, user_id AS "userId", origin,
    doc_key AS "docKey", state, last_error AS "lastError", created_at AS "createdAt", seen_at AS "seenAt", ended_at AS "endedAt",
    callback_at AS "callbackAt"
  FROM office_session`;

const LOCK = `SELECT l.session_id AS "sessionId", l.user_id AS "userId", l.wopi_lock AS "wopiLock", l.acquired_at AS "acquiredAt",
    l.expires_at AS "expiresAt", s.editor, u.username, u.nick_name AS "nickName"
  FROM office_lock l
  LEFT JOIN office_session s ON s.id = l.session_id
  LEFT JOIN sys_user u ON u.id = l.user_id`;

/**
 * Every query of the office module (`office_session`, `office_lock`, `office_save`); it reads the
 * version tables of journals (`product_journal_file`) and copies (`manuscript_file`) and `sys_user`
 * for names, and writes only its own tables. Methods run in `em`'s transaction when given.
 */
@Injectable()
export class OfficeRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ---------------------------------------------------------------- sessions

  async insertSession(em: Db, s: Pick<OfficeSessionRow, 'id' | 'targetKind' | 'targetId' | 'journalId' | 'baseVersion' | 'baseFileId' | 'editor' | 'mode' | 'userId' | 'origin'>): Promise<void> {
    await em.query(
      `INSERT INTO office_session (id, target_kind, target_id, journal_id, base_version, base_file_id, editor, mode, user_id, origin)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [s.id, s.targetKind, s.targetId, s.journalId, s.baseVersion, s.baseFileId, s.editor, s.mode, s.userId, s.origin],
    );
  }

  async session(id: string, em: Db = this.db, forUpdate = false): Promise<OfficeSessionRow | undefined> {
    const [row]: OfficeSessionRow[] = await em.query(`${SESSION} WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
    return row;
  }

  async setMode(em: Db, id: string, mode: OfficeMode): Promise<void> {
    await em.query('UPDATE office_session SET mode = $2 WHERE id = $1', [id, mode]);
  }

  /** A sign of life: `seen_at` now. */
  async touch(id: string, em: Db = this.db): Promise<void> {
    await em.query('UPDATE office_session SET seen_at = now() WHERE id = $1', [id]);
  }

  /** After a save: the session now edits the version it saved. */
  async setBase(em: Db, id: string, version: number, fileId: number): Promise<void> {
    await em.query('UPDATE office_session SET base_version = $2, base_file_id = $3, seen_at = now() WHERE id = $1', [id, version, fileId]);
  }

  async setDocKey(id: string, docKey: string | null, em: Db = this.db): Promise<void> {
    await em.query('UPDATE office_session SET doc_key = $2 WHERE id = $1', [id, docKey]);
  }

  /** The document server called back for the session: `callback_at` set on the first time. */
  async markCallback(id: string, em: Db = this.db): Promise<void> {
    await em.query('UPDATE office_session SET callback_at = now() WHERE id = $1 AND callback_at IS NULL', [id]);
  }

  /** `closing`: the page has closed, the document server's last save is awaited. Only an open session moves. */
  async markClosing(id: string, em: Db = this.db): Promise<void> {
    await em.query(`UPDATE office_session SET state = 'closing', seen_at = now() WHERE id = $1 AND state = 'open'`, [id]);
  }

  /** Ends the session (`saved`, `closed`, `error`); an ended session keeps its first ending. */
  async end(em: Db, id: string, state: Extract<OfficeState, 'saved' | 'closed' | 'error'>, error: string | null = null): Promise<void> {
    await em.query('UPDATE office_session SET state = $2, last_error = COALESCE($3, last_error), ended_at = now() WHERE id = $1 AND ended_at IS NULL', [id, state, error]);
  }

  /** Records an error on a session that goes on (ONLYOFFICE status 3/7). */
  async setError(id: string, error: string, em: Db = this.db): Promise<void> {
    await em.query('UPDATE office_session SET last_error = $2 WHERE id = $1', [id, error]);
  }

  /** The live (not ended) sessions of a target, newest first. */
  liveSessions(kind: OfficeTargetKind, targetId: number, em: Db = this.db): Promise<OfficeSessionRow[]> {
    return em.query(`${SESSION} WHERE target_kind = $1 AND target_id = $2 AND ended_at IS NULL ORDER BY created_at DESC`, [kind, targetId]);
  }

  // ---------------------------------------------------------------- locks

  /** The target's lock row with its holder (locked FOR UPDATE of the lock row when `forUpdate`, in `em`'s transaction). */
  async lock(kind: OfficeTargetKind, targetId: number, em: Db = this.db, forUpdate = false): Promise<OfficeLockRow | undefined> {
    const [row]: OfficeLockRow[] = await em.query(`${LOCK} WHERE l.target_kind = $1 AND l.target_id = $2${forUpdate ? ' FOR UPDATE OF l' : ''}`, [kind, targetId]);
    return row;
  }

  /** The lock a session holds, if any. */
  async lockOfSession(sessionId: string, em: Db = this.db): Promise<(OfficeLockRow & { targetKind: OfficeTargetKind; targetId: number }) | undefined> {
    const [row]: Array<OfficeLockRow & { targetKind: OfficeTargetKind; targetId: number }> = await em.query(
      `SELECT l.target_kind AS "targetKind", l.target_id AS "targetId", l.session_id AS "sessionId", l.user_id AS "userId", l.wopi_lock AS "wopiLock",
              l.acquired_at AS "acquiredAt", l.expires_at AS "expiresAt", s.editor, u.username, u.nick_name AS "nickName"
         FROM office_lock l JOIN office_session s ON s.id = l.session_id LEFT JOIN sys_user u ON u.id = l.user_id
        WHERE l.session_id = $1`,
      [sessionId],
    );
    return row;
  }

  /**
   * Inserts the lock of a free target; false when a row appeared meanwhile (a concurrent open
   * committed first: read it FOR UPDATE and decide again).
   */
  async insertLock(em: Db, kind: OfficeTargetKind, targetId: number, sessionId: string, userId: number, now: Date, expiresAt: Date): Promise<boolean> {
    const rows: unknown[] = await em.query(
      `INSERT INTO office_lock (target_kind, target_id, session_id, user_id, wopi_lock, acquired_at, expires_at)
       VALUES ($1, $2, $3, $4, NULL, $5, $6) ON CONFLICT (target_kind, target_id) DO NOTHING RETURNING session_id`,
      [kind, targetId, sessionId, userId, now, expiresAt],
    );
    return rows.length === 1;
  }

  /** Hands the (locked) row to another session: a takeover, or a lock taken after expiry. */
  async replaceLock(em: Db, kind: OfficeTargetKind, targetId: number, sessionId: string, userId: number, now: Date, expiresAt: Date): Promise<void> {
    await em.query(
      'UPDATE office_lock SET session_id = $3, user_id = $4, wopi_lock = NULL, acquired_at = $5, expires_at = $6 WHERE target_kind = $1 AND target_id = $2',
      [kind, targetId, sessionId, userId, now, expiresAt],
    );
  }

  /** Renews the lock of `sessionId` until `expiresAt`; false when the session does not hold it. */
  async refreshLock(sessionId: string, expiresAt: Date, em: Db = this.db): Promise<boolean> {
    const rows: unknown[] = await em.query('WITH up AS (UPDATE office_lock SET expires_at = $2 WHERE session_id = $1 RETURNING session_id) SELECT session_id FROM up', [sessionId, expiresAt]);
    return rows.length > 0;
  }

  /** Sets (or clears) the WOPI lock id on the lock `sessionId` holds, renewing it; false when it does not hold it. */
  async setWopiLock(sessionId: string, wopiLock: string | null, expiresAt: Date, em: Db = this.db): Promise<boolean> {
    const rows: unknown[] = await em.query(
      'WITH up AS (UPDATE office_lock SET wopi_lock = $2, expires_at = $3 WHERE session_id = $1 RETURNING session_id) SELECT session_id FROM up',
      [sessionId, wopiLock, expiresAt],
    );
    return rows.length > 0;
  }

  /** Releases the lock `sessionId` holds (none: nothing happens). */
  async releaseLock(sessionId: string, em: Db = this.db): Promise<void> {
    await em.query('DELETE FROM office_lock WHERE session_id = $1', [sessionId]);
  }

  // ---------------------------------------------------------------- saves

  async insertSave(em: Db, s: OfficeSaveInsert): Promise<number> {
    const [row]: Array<{ id: number }> = await em.query(
      `INSERT INTO office_save (target_kind, target_id, file_id, session_id, editor, user_id, base_version, stale, autosave, modified_by_user,
                                exit_save, forcesave_type, oo_history, oo_changes_file_id, callback_digest)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        s.targetKind,
        s.targetId,
        s.fileId,
        s.sessionId,
        s.editor,
        s.userId,
        s.baseVersion,
        s.stale,
        s.autosave ?? null,
        s.modifiedByUser ?? null,
        s.exitSave ?? null,
        s.forcesaveType ?? null,
        s.ooHistory === undefined || s.ooHistory === null ? null : JSON.stringify(s.ooHistory),
        s.ooChangesFileId ?? null,
        s.callbackDigest ?? null,
      ],
    );
    return row.id;
  }

  /** Whether a save with this callback digest is already stored (a repeated ONLYOFFICE callback). */
  async hasDigest(digest: string, em: Db = this.db): Promise<boolean> {
    const rows: unknown[] = await em.query('SELECT 1 FROM office_save WHERE callback_digest = $1', [digest]);
    return rows.length > 0;
  }

  /**
   * The version number a session saved last, among the target's live versions (null: none, or its
   * version was deleted since).
   */
  async savedVersion(session: Pick<OfficeSessionRow, 'id' | 'targetKind' | 'targetId'>, em: Db = this.db): Promise<number | null> {
    const versions = session.targetKind === 'journal' ? 'SELECT file_id, version FROM product_journal_file WHERE journal_id = $2' : 'SELECT file_id, version FROM manuscript_file WHERE manuscript_id = $2';
    const [row]: Array<{ version: number }> = await em.query(
      `SELECT v.version FROM office_save s JOIN (${versions}) v ON v.file_id = s.file_id WHERE s.session_id = $1 ORDER BY s.id DESC LIMIT 1`,
      [session.id, session.targetId],
    );
    return row?.version ?? null;
  }

  /** The target's live versions (newest first) with what an editor recorded of them (nothing for uploads and generations). */
  versionMeta(kind: OfficeTargetKind, targetId: number, em: Db = this.db): Promise<VersionMetaRow[]> {
    const versions = kind === 'journal' ? 'SELECT file_id, version FROM product_journal_file WHERE journal_id = $1' : 'SELECT file_id, version FROM manuscript_file WHERE manuscript_id = $1';
    return em.query(
      `SELECT v.file_id AS "fileId", v.version, s.editor, u.id AS "savedById", u.username AS "savedByUsername", u.nick_name AS "savedByNickName",
              s.saved_at AS "savedAt", s.stale, s.autosave, s.modified_by_user AS "modifiedByUser",
              (s.oo_history IS NOT NULL OR s.oo_changes_file_id IS NOT NULL) AS "hasHistory"
         FROM (${versions}) v
         LEFT JOIN office_save s ON s.file_id = v.file_id AND s.target_kind = $2 AND s.target_id = $1
         LEFT JOIN sys_user u ON u.id = s.user_id
        ORDER BY v.version DESC`,
      [targetId, kind],
    );
  }

  // ---------------------------------------------------------------- lookups in other modules' tables (reads)

  /** The journal and version number of a journal version row (`getFiles` / `info.files` entry id). */
  async journalVersion(versionRowId: number): Promise<{ journalId: number; version: number } | undefined> {
    const [row]: Array<{ journalId: number; version: number }> = await this.db.query('SELECT journal_id AS "journalId", version FROM product_journal_file WHERE id = $1', [versionRowId]);
    return row;
  }

  /** A user's names (a lock holder, a saver). */
  async user(id: number): Promise<{ id: number; username: string; nickName: string | null } | undefined> {
    const [row]: Array<{ id: number; username: string; nickName: string | null }> = await this.db.query('SELECT id, username, nick_name AS "nickName" FROM sys_user WHERE id = $1', [id]);
    return row;
  }

  // ---------------------------------------------------------------- cleanup

  /** Ends the sessions not ended and not seen since `before` (their locks go with them). Answers how many. */
  async endIdle(before: Date): Promise<number> {
    return this.db.transaction(async (em) => {
      const rows: Array<{ id: string }> = await em.query(
        `WITH up AS (
           UPDATE office_session SET state = CASE WHEN state = 'open' THEN 'closed' ELSE 'error' END,
                  last_error = CASE WHEN state = 'closing' THEN COALESCE(last_error, '文档服务器未回传保存结果') ELSE last_error END,
                  ended_at = now()
            WHERE ended_at IS NULL AND seen_at < $1 RETURNING id)
         SELECT id FROM up`,
        [before],
      );
      if (rows.length) await em.query('DELETE FROM office_lock WHERE session_id = ANY($1::uuid[])', [rows.map((r) => r.id)]);
      return rows.length;
    });
  }

  /** Deletes the sessions ended before `before`. Answers how many. */
  async deleteEnded(before: Date): Promise<number> {
    const rows: unknown[] = await this.db.query('WITH d AS (DELETE FROM office_session WHERE ended_at < $1 RETURNING id) SELECT id FROM d', [before]);
    return rows.length;
  }

  /**
   * Deletes the `office_save` rows whose version file no longer exists (the version was deleted and
   * its file freed), at most `limit`; answers how many and their ONLYOFFICE changes files, to discard.
   */
  async deleteOrphanSaves(limit: number): Promise<{ count: number; changesFileIds: number[] }> {
    const rows: Array<{ changes: number | null }> = await this.db.query(
      `WITH d AS (
         DELETE FROM office_save s WHERE s.id IN (
           SELECT o.id FROM office_save o WHERE NOT EXISTS (SELECT 1 FROM sys_file f WHERE f.id = o.file_id) ORDER BY o.id LIMIT $1)
         RETURNING s.oo_changes_file_id AS changes)
       SELECT changes FROM d`,
      [limit],
    );
    return { count: rows.length, changesFileIds: rows.map((r) => r.changes).filter((id): id is number => id != null) };
  }

  /** Runs `fn` holding a PostgreSQL advisory lock (one replica at a time); null when another holds it. */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T | null> {
    return withAdvisoryLock(this.db, key, fn);
  }
}

