import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { holds } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { JournalFilesService, JournalsService, type JournalStatus } from '../journals/index.js';
import { JournalCopies } from '../manuscripts/index.js';
import type { StoredFileRow } from '../storage/index.js';
import { WorkbenchService } from '../workbench/index.js';
import type { OfficeVersionDto } from './office.dto.js';
import type { OfficeTargetKind } from './office.entity.js';

/** The messages of the office calls (docs/office-api.md). */
export const OFFICE_MESSAGES = {
  versionNotFound: '版本不存在',
  noFile: '该稿件没有文件',
  docxOnly: '仅支持 .docx 文件在线编辑',
  journalVersionRequired: '请选择期刊版本',
  sessionNotFound: '编辑会话不存在',
  lockLost: '编辑锁已失效，请重新打开',
  readOnly: '只读方式打开的文档不能保存',
  sessionEnded: '编辑会话已结束，请重新打开',
  wrongEditor: '该编辑会话不是内置编辑器的会话',
  disabled: '在线编辑未启用',
  notConnected: (editor: string) => `在线编辑方式 ${editor} 尚未接入`,
  convertFailed: '文件转换失败，请下载后编辑',
  notWord: '只能上传 .doc 或 .docx 文件',
} as const;

/** `code` of a save or heartbeat whose session no longer holds the target's lock (409). */
export const OFFICE_LOCK_LOST = 'OFFICE_LOCK_LOST';
/** `code` of a save through a read-only session (403). */
export const OFFICE_READ_ONLY = 'OFFICE_READ_ONLY';
/** `code` of a call on an ended session (409). */
export const OFFICE_SESSION_ENDED = 'OFFICE_SESSION_ENDED';

/** Why a session opens read-only (docs/office-design.md §4.4). */
export type OfficeViewReason = 'forbidden' | 'done' | 'locked';

/** One version of a target's document. */
export interface OfficeVersionRef {
  version: number;
  fileId: number;
  /** The stored file's name (`….docx`). */
  fileName: string;
  /** The journal version's title (copies: the file name). */
  title: string | null;
}

/** What an office session edits, as the rules read it. */
export interface OfficeTarget {
  kind: OfficeTargetKind;
  id: number;
  journalId: number;
  productId: number;
  journalStatus: JournalStatus;
  /** The caller owns the journal's product (ProductPolicy). */
  ownsProduct: boolean;
  /** Journal: `<product><year>第<no>期`; copy: its title. */
  title: string;
  /** Versions that have a stored file, newest first (never empty). */
  versions: OfficeVersionRef[];
}

/** The permission that reads a target, and the one that writes it (besides ownership). */
const READ_PERMISSION: Record<OfficeTargetKind, string> = { journal: 'productJournal:list', copy: 'productJournal:manu' };
const WRITE_PERMISSION: Record<OfficeTargetKind, string> = { journal: 'productJournal:edit', copy: 'productJournal:manu' };

/** The suffix of a file name, lower case, without the dot. */
export const suffixOf = (name: string): string => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** `name.doc` → `name.docx` (what a .doc becomes once an editor saved it as .docx); other names unchanged. */
export const docxName = (name: string): string => (suffixOf(name) === 'doc' ? `${name}x` : name);

/**
 * The targets of online editing (docs/office-design.md §4.1): a journal's document versions
 * (JournalFilesService) and a journal copy's file versions (JournalCopies, WorkbenchService). Resolves
 * them, says who may write them, and adds versions through those services, so their rules (404, 403
 * `PRODUCT_NOT_OWNED`, 409 `JOURNAL_DONE`) apply to every editor's save.
 */
@Injectable()
export class OfficeTargets {
  constructor(
    private readonly journals: JournalsService,
    private readonly journalFiles: JournalFilesService,
    private readonly copies: JournalCopies,
    private readonly workbench: WorkbenchService,
  ) {}

  /** 403 `没有权限执行此操作` unless the caller holds the permission that reads targets of this kind. */
  assertMayRead(user: Principal, kind: OfficeTargetKind): void {
    if (!holds(user.ability, READ_PERMISSION[kind])) throw DomainException.forbidden();
  }

  /** 403 `没有权限执行此操作` unless the caller holds the permission that writes targets of this kind (ownership and done are the version services'). */
  assertMayWrite(user: Principal, kind: OfficeTargetKind): void {
    if (!holds(user.ability, WRITE_PERMISSION[kind])) throw DomainException.forbidden();
  }

  /** 404 `期刊不存在` / `稿件不存在` unless the target exists. */
  async assertExists(user: Principal, kind: OfficeTargetKind, id: number): Promise<void> {
    if (kind === 'journal') await this.journals.findOne(id, user);
    else await this.copies.journalOf(id);
  }

  /** The target as `user` may read it: 404 `期刊不存在` / `稿件不存在`, 404 `版本不存在` without versions, 400 `该稿件没有文件` for a copy without one. */
  async resolve(user: Principal, kind: OfficeTargetKind, id: number): Promise<OfficeTarget> {
    return kind === 'journal' ? this.journal(user, id) : this.copy(user, id);
  }

  private async journal(user: Principal, journalId: number): Promise<OfficeTarget> {
    const journal = await this.journals.findOne(journalId, user);
    const versions = (await this.journalFiles.list(journalId))
      .filter((v) => v.file)
      .map((v) => ({ version: v.version, fileId: (v.file as { id: number }).id, fileName: (v.file as { realName: string }).realName, title: v.title }));
    if (!versions.length) throw DomainException.notFound(OFFICE_MESSAGES.versionNotFound);
    return {
      kind: 'journal',
      id: journalId,
      journalId,
      productId: journal.productId,
      journalStatus: journal.status,
      ownsProduct: journal.canEdit,
      title: `${journal.product?.name ?? ''}${journal.year}第${journal.journalNo}期`,
      versions,
    };
  }

  private async copy(user: Principal, copyId: number): Promise<OfficeTarget> {
    const copy = await this.copies.dto(copyId);
    if (!copy.file || copy.version < 1) throw DomainException.badRequest(OFFICE_MESSAGES.noFile, ErrorCode.Validation);
    const journal = await this.journals.findOne(copy.journal.id, user);
    const versions = (await this.copies.versions(copyId)).filter((v) => v.file).map((v) => ({ version: v.version, fileId: v.file!.id, fileName: v.file!.realName, title: v.title }));
    if (!versions.length) throw DomainException.badRequest(OFFICE_MESSAGES.noFile, ErrorCode.Validation);
    return {
      kind: 'copy',
      id: copyId,
      journalId: journal.id,
      productId: journal.productId,
      journalStatus: journal.status,
      ownsProduct: journal.canEdit,
      title: copy.title,
      versions,
    };
  }

  /** The version to open: the given one (404 `版本不存在` when the target has no such version with a file), else the newest. */
  pick(target: OfficeTarget, version?: number): OfficeVersionRef {
    if (version === undefined) return target.versions[0];
    const found = target.versions.find((v) => v.version === version);
    if (!found) throw DomainException.notFound(OFFICE_MESSAGES.versionNotFound);
    return found;
  }

  /** A version of the target in the shape of `getFiles` / `api/productManuscript/versions`, or undefined. */
  async versionDto(target: Pick<OfficeTarget, 'kind' | 'id'>, version: number): Promise<OfficeVersionDto | undefined> {
    const list = target.kind === 'journal' ? await this.journalFiles.list(target.id) : await this.copies.versions(target.id);
    return list.find((v) => v.version === version) as OfficeVersionDto | undefined;
  }

  /**
   * Why `user` may not write the target (rules 1 and 2 of §4.4), or null when they may: `forbidden`
   * without the write permission (journal `productJournal:edit`, copy `productJournal:manu`) or
   * ownership of the product; `done` when the journal is finalised.
   */
  refusal(user: Principal, target: OfficeTarget): Exclude<OfficeViewReason, 'locked'> | null {
    if (!holds(user.ability, WRITE_PERMISSION[target.kind]) || !target.ownsProduct) return 'forbidden';
    if (target.journalStatus === 'done') return 'done';
    return null;
  }

  /**
   * A new version of the target, as `user` (the journal or copy services: stored, the journal locked
   * and checked — 404, 403 `PRODUCT_NOT_OWNED`, 409 `JOURNAL_DONE` — then inserted); `within` runs in
   * that transaction after the insert.
   */
  async addVersion(
    user: Principal,
    target: Pick<OfficeTarget, 'kind' | 'id'>,
    source: Buffer | StoredFileRow,
    name: string,
    title: string | null,
    within: (em: EntityManager, added: { version: number; fileId: number }) => Promise<void>,
  ): Promise<OfficeVersionDto> {
    if (target.kind === 'journal') {
      return this.journalFiles.addVersion(user, target.id, source, name, { title, within: (em, added) => within(em, added) }) as Promise<OfficeVersionDto>;
    }
    return this.workbench.addCopyVersion(target.id, source, name, user, { within: (em, added) => within(em, added) }) as Promise<OfficeVersionDto>;
  }
}
