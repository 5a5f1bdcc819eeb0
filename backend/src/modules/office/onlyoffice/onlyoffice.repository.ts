import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { OfficeTargetKind } from '../office.entity.js';

/** One live version of a target as the ONLYOFFICE history shows it (docs/office-design.md §2.3). */
export interface HistoryVersionRow {
  version: number;
  fileId: number;
  fileName: string;
  createTime: Date;
  /** Who made the version: the saver of an editor save, else the version's creator (`create_by`). */
  userId: number | null;
  username: string | null;
  nickName: string | null;
  editor: string | null;
  /** The callback's `history` (`{serverVersion, changes}`) of an ONLYOFFICE save. */
  ooHistory: { serverVersion?: unknown; changes?: unknown } | null;
  /** The stored `changes.zip` of an ONLYOFFICE save. */
  ooChangesFileId: number | null;
  /** Who stored the changes file (it is readable by them: the history link is minted for them). */
  changesHandlerId: number | null;
}

/**
 * The ONLYOFFICE adapter's reads (its writes go through OfficeSaveService and OfficeSessionsService):
 * a target's live versions joined with `office_save` and `sys_user` for the history dialog.
 */
@Injectable()
export class OnlyofficeRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The target's live versions, oldest first, with what an editor recorded of them. */
  history(kind: OfficeTargetKind, targetId: number): Promise<HistoryVersionRow[]> {
    const versions =
      kind === 'journal'
        ? 'SELECT file_id, version, create_time, create_by FROM product_journal_file WHERE journal_id = $1'
        : 'SELECT file_id, version, create_time, create_by FROM manuscript_file WHERE manuscript_id = $1';
    return this.db.query(
      `SELECT v.version, v.file_id AS "fileId", f.real_name AS "fileName", v.create_time AS "createTime",
              u.id AS "userId", u.username, u.nick_name AS "nickName", s.editor,
              s.oo_history AS "ooHistory", s.oo_changes_file_id AS "ooChangesFileId", cf.handler_id AS "changesHandlerId"
         FROM (${versions}) v
         JOIN sys_file f ON f.id = v.file_id
         LEFT JOIN office_save s ON s.file_id = v.file_id AND s.target_kind = $2 AND s.target_id = $1
         LEFT JOIN sys_user u ON u.id = COALESCE(s.user_id, (SELECT cu.id FROM sys_user cu WHERE cu.username = v.create_by))
         LEFT JOIN sys_file cf ON cf.id = s.oo_changes_file_id
        ORDER BY v.version`,
      [targetId, kind],
    );
  }
}
