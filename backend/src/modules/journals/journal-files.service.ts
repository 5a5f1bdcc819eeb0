import { Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { INT4_MAX } from '../../common/http/list-query.js';
import { FilesService, type StoredFileRow } from '../storage/index.js';
import type { DeleteJournalVersionDto, JournalFileDto } from './journal.dto.js';
import { JOURNAL_MESSAGES } from './journal.rules.js';
import { JournalsRepository } from './journals.repository.js';
import { JournalsService } from './journals.service.js';

/** `form_type` of the files that are journal versions. */
export const JOURNAL_FORM_TYPE = 'journal';
const TITLE_MAX = 255;

type Raw = Record<string, unknown>;

/** What a new version is made of: bytes to store, or a file already stored for it (a received upload). */
export type JournalVersionSource = Buffer | StoredFileRow;

/** The version `addVersion` inserted, as its `within` callback sees it. */
export interface AddedJournalVersion {
  versionId: number;
  version: number;
  fileId: number;
}

export interface AddJournalVersionOptions {
  /** The version's title (default: `name`). */
  title?: string | null;
  /**
   * Runs in the version's transaction after the insert, the journal still locked: the caller's own
   * checks and rows (the office module's lock check and save record). Throwing undoes the version.
   */
  within?: (em: EntityManager, added: AddedJournalVersion) => Promise<void>;
}

/** A multipart text field as a positive int id, or 400 with the label's message. */
export function fieldId(value: string | undefined, label: string): number {
  const text = value?.trim();
  if (!text) throw DomainException.badRequest(`${label} 不能为空`, ErrorCode.Validation);
  if (!/^\d+$/.test(text)) throw DomainException.badRequest(`${label} 必须是正整数`, ErrorCode.Validation);
  const n = Number(text);
  if (n < 1) throw DomainException.badRequest(`${label} 必须是正整数`, ErrorCode.Validation);
  if (n > INT4_MAX) throw DomainException.badRequest(`${label} 超出范围`, ErrorCode.Validation);
  return n;
}

/**
 * The versions of a journal's document (`product_journal_file`): list, upload, delete. Every upload
 * adds a version (latest + 1); versions are immutable; any but the first may be deleted while the
 * journal is not done. The bytes and the File record belong to the storage module (`FilesService`).
 */
@Injectable()
export class JournalFilesService {
  private readonly logger = new Logger(JournalFilesService.name);

  constructor(
    private readonly repository: JournalsRepository,
    private readonly files: FilesService,
    private readonly journals: JournalsService,
  ) {}

  /** Versions of a journal, newest first (404 when the journal does not exist). */
  async list(journalId: number): Promise<JournalFileDto[]> {
    const rows = await this.repository.versionsOf(journalId);
    if (!rows.length) throw DomainException.notFound(JOURNAL_MESSAGES.notFound);
    const versions = rows.filter((r) => r.id != null);
    return this.toDtos(versions);
  }

  private async toDtos(rows: Raw[]): Promise<JournalFileDto[]> {
    if (!rows.length) return [];
    const files = await this.files.findDtos([...new Set(rows.map((r) => Number(r.fileId)))]);
    const byId = new Map(files.map((f) => [f.id, f]));
    return rows.map((r) => ({
      id: Number(r.id),
      version: Number(r.version),
      title: (r.title as string | null) ?? null,
      file: byId.get(Number(r.fileId)) ?? null,
      createTime: r.createTime as Date,
      createBy: r.creatorId == null ? null : { id: Number(r.creatorId), username: r.creatorName as string },
    }));
  }

  /**
   * `uploadJournal`: multipart `file` (.doc/.docx, checked by content) + `journalId` + `title?` → a new
   * version. The journal is locked while the version number is taken (JournalsService.lockEditable:
   * 404, 403 `PRODUCT_NOT_OWNED`, done → 409 `JOURNAL_DONE` `期刊已定稿，不能修改`). Whatever fails
   * after the bytes are stored removes them again.
   */
  async upload(req: Request, user: Principal): Promise<JournalFileDto> {
    const { file, fields } = await this.files.receive(req, user, { wordOnly: true, formType: JOURNAL_FORM_TYPE, formId: null });
    let versionId: number;
    try {
      const journalId = fieldId(fields.journalId, '期刊 id');
      const title = fields.title?.trim() || file.name || null;
      if (title && title.length > TITLE_MAX) throw DomainException.badRequest(`标题不能超过 ${TITLE_MAX} 个字符`, ErrorCode.Validation);
      versionId = await this.repository.transaction(async (em) => {
        await this.journals.lockEditable(em, journalId, user);
        const next = await this.repository.nextVersion(em, journalId);
        const id = await this.repository.insertVersion(em, { journalId, fileId: file.id, version: next, title });
        await this.files.attach(em, [file.id], JOURNAL_FORM_TYPE, journalId);
        return id;
      });
    } catch (e) {
      await this.files.discard(file).catch(() => undefined);
      throw e;
    }
    const [row] = await this.repository.versionRows(versionId);
    return (await this.toDtos([row]))[0];
  }

  /**
   * A generated journal document (`generateJournal`) as a new version: the bytes are stored, then the
   * journal is locked and checked again (finalised meanwhile → 409, and the bytes go).
   */
  addGenerated(user: Principal, journalId: number, bytes: Buffer, name: string): Promise<JournalFileDto> {
    return this.addVersion(user, journalId, bytes, name);
  }

  /**
   * A new version of the journal document made by the server (a generated journal, an online editor's
   * save): bytes are stored first (a stored file is taken as it is), then the journal is locked and
   * checked (JournalsService.lockEditable: 404 `期刊不存在`, 403 `PRODUCT_NOT_OWNED`, done → 409
   * `JOURNAL_DONE`), the next version number taken and the file attached; `within` runs in that
   * transaction. Whatever fails removes the stored file again. The version's creator is the acting
   * user of the request context (the audit subscriber).
   */
  async addVersion(user: Principal, journalId: number, source: JournalVersionSource, name: string, opts: AddJournalVersionOptions = {}): Promise<JournalFileDto> {
    const file = Buffer.isBuffer(source) ? await this.files.saveBuffer(source, name, user, { formType: JOURNAL_FORM_TYPE, formId: null }) : source;
    const title = (opts.title ?? name).slice(0, TITLE_MAX) || null;
    let versionId: number;
    try {
      versionId = await this.repository.transaction(async (em) => {
        await this.journals.lockEditable(em, journalId, user);
        const next = await this.repository.nextVersion(em, journalId);
        const id = await this.repository.insertVersion(em, { journalId, fileId: file.id, version: next, title });
        await this.files.attach(em, [file.id], JOURNAL_FORM_TYPE, journalId);
        if (opts.within) await opts.within(em, { versionId: id, version: next, fileId: file.id });
        return id;
      });
    } catch (e) {
      await this.files.discard(file).catch(() => undefined);
      throw e;
    }
    const [row] = await this.repository.versionRows(versionId);
    return (await this.toDtos([row]))[0];
  }

  /**
   * `DELETE api/productJournal/version {journalId, version}` (docs/workbench-api.md): the journal
   * locked and checked for an edit (404, 403 `PRODUCT_NOT_OWNED`, done → 409 `JOURNAL_DONE`), then
   * 404 `版本不存在` for a version it does not have, 400 `第一个版本不能删除` for version 1. The
   * version's file goes after the commit unless another record still refers to it.
   */
  async deleteVersion(dto: DeleteJournalVersionDto, user: Principal): Promise<void> {
    const fileId = await this.repository.transaction(async (em) => {
      await this.journals.lockEditable(em, dto.journalId, user);
      const file = await this.repository.versionFile(em, dto.journalId, dto.version);
      if (file === undefined) throw DomainException.notFound(JOURNAL_MESSAGES.versionNotFound);
      if (dto.version === 1) throw DomainException.badRequest(JOURNAL_MESSAGES.firstVersion, ErrorCode.Validation);
      await this.repository.deleteVersion(em, dto.journalId, dto.version);
      return file;
    });
    await this.files.discardUnused([fileId]).catch((err: unknown) => this.logger.error(`could not remove the file of a deleted journal version: ${String(err)}`));
  }
}
