import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import type { Principal } from '../../common/auth/principal.js';
import { requestContext } from '../../common/audit/request-context.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { html, NoticeService } from '../realtime/index.js';
import { FilesService, type StoredFileRow } from '../storage/index.js';
import { holdsLock, lockExpiry } from './office-locks.js';
import { OfficeSessionsService } from './office-sessions.service.js';
import { docxName, OFFICE_LOCK_LOST, OFFICE_MESSAGES, OFFICE_READ_ONLY, OFFICE_SESSION_ENDED, OfficeTargets, suffixOf } from './office-targets.js';
import type { OfficeSaveResultDto } from './office.dto.js';
import { OfficeRepository, type OfficeSaveInsert, type OfficeSessionRow } from './office.repository.js';

/** What a save records besides who and when (the adapters' fields of `office_save`), and how it behaves. */
export interface OfficeSaveMeta {
  /** The new version's file name (default: the session's version's name; `.docx` for .docx bytes). Only for bytes: a received upload keeps its name. */
  name?: string;
  /** Bytes equal to the current version's store nothing (default true; WOPI: only when not modified by the user). */
  skipIdentical?: boolean;
  /** A live notice to the saver `已保存为第 N 版` (saves that happen without the user's page: ONLYOFFICE status 2, WOPI exit save). */
  notify?: boolean;
  autosave?: boolean | null;
  modifiedByUser?: boolean | null;
  exitSave?: boolean | null;
  forcesaveType?: number | null;
  ooHistory?: unknown;
  ooChangesFileId?: number | null;
  callbackDigest?: string | null;
}

/** A save's answer: the version stored (or, `created` false, the current one) and what was recorded. */
export type OfficeSaveResult = OfficeSaveResultDto;

const FORM_TYPE = { journal: 'journal', copy: 'manuscript' } as const;
const MiB = 1024 * 1024;

/** A .docx is a zip (`PK\x03\x04`); a .doc an OLE2 compound file. */
const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32BE(0) === 0x504b0304;

/**
 * The one save pipeline of every editor (docs/office-design.md §4.5): bytes (or a received upload) →
 * size limit, Word check → identical to the current version? nothing stored → as the saving user, a new
 * version through the journal / copy services (ownership 403, done 409, the journal locked) and, in
 * that transaction, the session's lock checked (409 `OFFICE_LOCK_LOST`) and renewed, the `office_save`
 * row (editor, saver, base version, stale) inserted and the session moved onto the new version.
 */
@Injectable()
export class OfficeSaveService {
  private readonly logger = new Logger(OfficeSaveService.name);

  constructor(
    private readonly repo: OfficeRepository,
    private readonly targets: OfficeTargets,
    private readonly sessions: OfficeSessionsService,
    private readonly files: FilesService,
    private readonly notices: NoticeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Saves `source` as a new version of the session's target by `user` (the session's user, or for a
   * document server the user it names). Refusals, in order: 409 `OFFICE_SESSION_ENDED` (ended session),
   * 403 `OFFICE_READ_ONLY` (view session), 403 without the write permission, 413 / 400 for bytes over
   * `UPLOAD_MAX_MB` or not Word, 409 `OFFICE_LOCK_LOST`, then the version services' 404 / 403
   * `PRODUCT_NOT_OWNED` / 409 `JOURNAL_DONE`. A received upload (`StoredFileRow`) is removed on every
   * refusal and when nothing is stored.
   */
  async save(session: OfficeSessionRow, user: Principal, source: Buffer | StoredFileRow, meta: OfficeSaveMeta = {}): Promise<OfficeSaveResult> {
    let pending: StoredFileRow | null = Buffer.isBuffer(source) ? null : source;
    const baseVersion = session.baseVersion;
    try {
      if (session.endedAt) throw DomainException.conflict(OFFICE_MESSAGES.sessionEnded, OFFICE_SESSION_ENDED);
      if (session.mode !== 'edit') throw DomainException.forbidden(OFFICE_MESSAGES.readOnly, OFFICE_READ_ONLY);
      this.targets.assertMayWrite(user, session.targetKind);
      if (!holdsLock(await this.repo.lock(session.targetKind, session.targetId), session.id)) throw DomainException.conflict(OFFICE_MESSAGES.lockLost, OFFICE_LOCK_LOST);
      const target = await this.targets.resolve(user, session.targetKind, session.targetId);
      const base = target.versions.find((v) => v.version === session.baseVersion) ?? target.versions[0];
      if (Buffer.isBuffer(source)) {
        const max = this.config.storage.maxBytes;
        if (source.length > max) throw new DomainException(413, `上传文件大小不能超过 ${Number((max / MiB).toFixed(2))}MB!`, ErrorCode.TooLarge);
        const name = meta.name ?? (isZip(source) ? docxName(base.fileName) : base.fileName);
        pending = await this.files.saveBuffer(source, name, user, { formType: FORM_TYPE[session.targetKind], formId: null });
        if (pending.type !== 'word') throw DomainException.badRequest(OFFICE_MESSAGES.notWord, ErrorCode.Validation);
      }
      const file = pending!;
      const current = target.versions[0];
      if (meta.skipIdentical !== false && (await this.files.get(current.fileId)).sha256 === file.sha256) {
        await this.discard(file);
        pending = null;
        const version = await this.targets.versionDto(target, current.version);
        return { ...version!, created: false, editor: session.editor, stale: false, baseVersion, latestBefore: null };
      }
      // a journal version's title follows the version it was edited from (`….doc` saved as .docx: `….docx`)
      const title = target.kind === 'journal' ? (suffixOf(file.realName) === 'docx' && base.title ? docxName(base.title) : base.title) : null;
      let stale = false;
      let latestBefore: number | null = null;
      const saved = { version: 0 };
      pending = null; // from here on the version services remove the file when they refuse
      const version = await requestContext.run({ userId: user.userId, username: user.username }, () =>
        this.targets.addVersion(user, target, file, file.realName, title, async (em, added) => {
          const lock = await this.repo.lock(session.targetKind, session.targetId, em, true);
          if (!holdsLock(lock, session.id)) throw DomainException.conflict(OFFICE_MESSAGES.lockLost, OFFICE_LOCK_LOST);
          await this.repo.refreshLock(session.id, lockExpiry(new Date()), em);
          // versions are max + 1: anything between the session's base and the new one was added by someone else
          if (added.version - 1 > baseVersion) {
            stale = true;
            latestBefore = added.version - 1;
          }
          const row: OfficeSaveInsert = {
            targetKind: session.targetKind,
            targetId: session.targetId,
            fileId: added.fileId,
            sessionId: session.id,
            editor: session.editor,
            userId: user.userId,
            baseVersion,
            stale,
            autosave: meta.autosave,
            modifiedByUser: meta.modifiedByUser,
            exitSave: meta.exitSave,
            forcesaveType: meta.forcesaveType,
            ooHistory: meta.ooHistory,
            ooChangesFileId: meta.ooChangesFileId,
            callbackDigest: meta.callbackDigest,
          };
          await this.repo.insertSave(em, row);
          await this.repo.setBase(em, session.id, added.version, added.fileId);
          saved.version = added.version;
        }),
      );
      session.baseVersion = saved.version;
      session.baseFileId = file.id;
      if (meta.notify) this.notices.toUser(user.userId, { msgType: 'INFO', title: '在线编辑', msg: html`${target.title} 已保存为第 ${saved.version} 版` });
      return { ...version, created: true, editor: session.editor, stale, baseVersion, latestBefore };
    } catch (e) {
      if (pending) await this.discard(pending);
      throw e;
    }
  }

  /**
   * `POST api/office/builtin/save`: multipart `sessionId` + `file` (the .docx the built-in editor
   * produced; its name becomes the version's file name). The file is received first (FilesService:
   * Word by content, ≤ `UPLOAD_MAX_MB`, the upload messages), then the session is checked: 400 without
   * one, 404 unless it is the caller's, 400 for a session of another editor; then `save`.
   */
  async builtin(req: Request, user: Principal): Promise<OfficeSaveResult> {
    const { file, fields } = await this.files.receive(req, user, { wordOnly: true, formType: FORM_TYPE.journal, formId: null });
    let session: OfficeSessionRow;
    try {
      if (!fields.sessionId?.trim()) throw DomainException.badRequest('sessionId 不能为空', ErrorCode.Validation);
      session = await this.sessions.own(user, fields.sessionId.trim());
      if (session.editor !== 'builtin') throw DomainException.badRequest(OFFICE_MESSAGES.wrongEditor, ErrorCode.Validation);
    } catch (e) {
      await this.discard(file);
      throw e;
    }
    return this.save(session, user, file);
  }

  private async discard(file: StoredFileRow): Promise<void> {
    await this.files.discard(file).catch((err: unknown) => this.logger.error(`could not remove the refused office save ${file.id}: ${String(err)}`));
  }
}
