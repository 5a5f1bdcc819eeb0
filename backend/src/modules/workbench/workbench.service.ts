import { Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { blankToNull } from '../../common/http/dto.js';
import type { Page } from '../../common/http/list-query.js';
import { DeptService } from '../dept/index.js';
import { type EditableJournal, JournalFilesService, JournalsService } from '../journals/index.js';
import {
  type BatchResultDto,
  type CountDto,
  JOURNAL_COPY_MESSAGES,
  JournalCopies,
  type JournalManuscriptDto,
  type JournalManuscriptVersionDto,
  MANUSCRIPT_MESSAGES,
  parseFields,
  type PoolManuscriptDto,
  type UploadFields,
} from '../manuscripts/index.js';
import { ProductsService } from '../products/index.js';
import { FilesService, type StoredFileRow } from '../storage/index.js';
import {
  type ChangeCheckQuery,
  type DeleteVersionDto,
  type EditTitleAndMemoDto,
  type JournalInfoDto,
  type JournalManuscriptUpdateDto,
  type PickManuscriptsDto,
  type PoolListQuery,
  type PushDailyDto,
  type SaveSortDto,
  type SetExamineDto,
  UploadCopyFields,
  UploadVersionField,
} from './workbench.dto.js';

/** `form_type` of the Word files uploaded for manuscripts (the storage module sweeps those left unattached). */
const MANUSCRIPT_FORM_TYPE = 'manuscript';

type Locked = { id: number; fileId: number | null; version: number };

/** What a new copy version is made of: bytes to store, or a file already stored for it (a received upload). */
export type CopyVersionSource = Buffer | StoredFileRow;

/** The version `addCopyVersion` inserted, as its `within` callback sees it. */
export interface AddedCopyVersion {
  journalId: number;
  version: number;
  fileId: number;
}

export interface AddCopyVersionOptions {
  /**
   * Runs in the version's transaction after the insert, the journal and the copy still locked: the
   * caller's own checks and rows (the office module's lock check and save record). Throwing undoes it.
   */
  within?: (em: EntityManager, added: AddedCopyVersion) => Promise<void>;
}

/** An optional field of an edit: omitted (undefined) keeps the value, '' or null clears it. */
const keptOrCleared = (value: string | null | undefined): string | null | undefined => (value === undefined ? undefined : blankToNull(value));

/**
 * The journal editing workbench (spec production-admin §2 "Journal editing page", "Select-manuscripts
 * dialog", §4; docs/workbench-api.md). It orchestrates: every editing call locks the journal first
 * (JournalsService.lockEditable: 404 `期刊不存在`, 403 `PRODUCT_NOT_OWNED`, 409 `JOURNAL_DONE`), then
 * works on its copies (the manuscripts module's JournalCopies) in the same transaction. Reads need
 * the permission only.
 */
@Injectable()
export class WorkbenchService {
  private readonly logger = new Logger(WorkbenchService.name);

  constructor(
    private readonly journals: JournalsService,
    private readonly journalFiles: JournalFilesService,
    private readonly copies: JournalCopies,
    private readonly products: ProductsService,
    private readonly files: FilesService,
    private readonly depts: DeptService,
  ) {}

  /** Runs `work` in one transaction on the journal, locked and checked for an edit. */
  private inJournal<T>(journalId: number, user: Principal, work: (em: EntityManager, journal: EditableJournal) => Promise<T>): Promise<T> {
    return this.copies.transaction(async (em) => work(em, await this.journals.lockEditable(em, journalId, user)));
  }

  /** Runs `work` on a copy (404 `稿件不存在` unless `id` is one), its journal locked and checked first, then the copy. */
  private async onCopy<T>(id: number, user: Principal, work: (em: EntityManager, journal: EditableJournal, copy: Locked) => Promise<T>): Promise<T> {
    const journalId = await this.copies.journalOf(id);
    return this.inJournal(journalId, user, async (em, journal) => work(em, journal, await this.copies.lock(em, id, journalId)));
  }

  // ---------------------------------------------------------------- reads

  /** `GET api/productJournal/info`: the journal (with `canEdit`), its versions newest first, and its columns with their copies. */
  async info(journalId: number, user: Principal): Promise<JournalInfoDto> {
    const journal = await this.journals.findOne(journalId, user);
    const [files, columns] = await Promise.all([this.journalFiles.list(journalId), this.copies.columns({ id: journal.id, productId: journal.productId })]);
    return { ...journal, files, columns };
  }

  /** `GET api/productManuscript/list`: the pool of the product (the journal's, when only `journalId` is given). */
  async pool(q: PoolListQuery, user: Principal): Promise<Page<PoolManuscriptDto>> {
    let productId = q.productId;
    if (productId === undefined) {
      if (q.journalId === undefined) throw DomainException.badRequest(MANUSCRIPT_MESSAGES.product, ErrorCode.Validation);
      productId = (await this.journals.findOne(q.journalId, user)).productId;
    }
    return this.copies.pool({ ...q, productId });
  }

  /** `GET api/productManuscript/versions`. */
  versions(id: number): Promise<JournalManuscriptVersionDto[]> {
    return this.copies.versions(id);
  }

  // ---------------------------------------------------------------- writes

  /** `POST api/productManuscript`: copies of pool manuscripts at the end of a column. */
  pick(dto: PickManuscriptsDto, user: Principal): Promise<BatchResultDto> {
    return this.inJournal(dto.journalId, user, (em, journal) => this.copies.pick(em, journal, dto.columnId, dto.manuIds, user));
  }

  /** `POST api/productManuscript/saveSort`. */
  saveSort(dto: SaveSortDto, user: Principal): Promise<CountDto> {
    return this.inJournal(dto.journalId, user, (em, journal) => this.copies.saveSort(em, journal, dto.columnId, dto.ids, user));
  }

  /** `PUT api/productManuscript`: the edit form; omitted fields keep their value, blank optional ones are cleared. */
  async update(dto: JournalManuscriptUpdateDto, user: Principal): Promise<void> {
    await this.onCopy(dto.id, user, (em, _journal, copy) =>
      this.copies.edit(
        em,
        copy.id,
        {
          title: dto.title,
          memo: keptOrCleared(dto.memo),
          firstAuthor: dto.firstAuthor,
          authorIds: dto.authorIds,
          abstractEdit: keptOrCleared(dto.abstractEdit),
          contentType: keptOrCleared(dto.contentType),
          domainType: keptOrCleared(dto.domainType),
          country: keptOrCleared(dto.country),
        },
        user,
      ),
    );
  }

  /** `POST api/productManuscript/editTitleAndMemo`. */
  async editTitleAndMemo(dto: EditTitleAndMemoDto, user: Principal): Promise<JournalManuscriptDto> {
    await this.onCopy(dto.id, user, (em, _journal, copy) => this.copies.edit(em, copy.id, { title: dto.title, memo: dto.memo ?? null }, user));
    return this.copies.dto(dto.id);
  }

  /** `POST api/productManuscript/setExamine`: reviewed or not. */
  async setExamine(dto: SetExamineDto, user: Principal): Promise<JournalManuscriptDto> {
    await this.onCopy(dto.id, user, (em, _journal, copy) => this.copies.edit(em, copy.id, { isExamine: dto.isExamine }, user));
    return this.copies.dto(dto.id);
  }

  /** `GET api/productManuscript/changeCheck`: selects a copy of the weekly (spec §6: weekly only, else 400 `只有周刊可以选稿`). */
  async changeCheck(q: ChangeCheckQuery, user: Principal): Promise<JournalManuscriptDto> {
    await this.onCopy(q.id, user, async (em, journal, copy) => {
      if (journal.productId !== (await this.products.weeklyProductId(em))) throw DomainException.badRequest(JOURNAL_COPY_MESSAGES.weeklyOnly, ErrorCode.Validation);
      await this.copies.edit(em, copy.id, { isCheck: q.isCheck }, user);
    });
    return this.copies.dto(q.id);
  }

  /**
   * `DELETE api/productManuscript [ids]`: copies only (an id that is not a copy → 404, nothing
   * deleted); every journal concerned is locked and checked (in id order); their files afterwards.
   */
  async delete(ids: number[], user: Principal): Promise<void> {
    const journalIds = await this.copies.journalsOf(ids);
    const fileIds = await this.copies.transaction(async (em) => {
      for (const journalId of journalIds) await this.journals.lockEditable(em, journalId, user);
      return this.copies.delete(em, ids);
    });
    await this.copies.discardFiles(fileIds);
  }

  /** `DELETE api/productManuscript/versions`: never version 1, never the only one. */
  async deleteVersion(dto: DeleteVersionDto, user: Principal): Promise<void> {
    const fileId = await this.onCopy(dto.id, user, (em, _journal, copy) => this.copies.deleteVersion(em, copy, dto.version, user));
    await this.copies.discardFiles([fileId]);
  }

  /** `POST api/productJournal/pushDailyToWeekly`: only into a journal of the weekly product (else 400 `只能同步到周刊`). */
  pushDailyToWeekly(dto: PushDailyDto, user: Principal): Promise<CountDto> {
    return this.inJournal(dto.weeklyId, user, async (em, weekly) => {
      if (weekly.productId !== (await this.products.weeklyProductId(em))) throw DomainException.badRequest(JOURNAL_COPY_MESSAGES.pushWeeklyOnly, ErrorCode.Validation);
      await this.journals.assertExist(dto.dailyIds, em);
      return this.copies.push(em, weekly, dto.dailyIds, user);
    });
  }

  /**
   * A new file version of a copy made by the server (an online editor's save; docs/office-design.md
   * §4.1): bytes are stored first (a stored file is taken as it is), then the journal is locked and
   * checked (404 `稿件不存在` / `期刊不存在`, 403 `PRODUCT_NOT_OWNED`, done → 409 `JOURNAL_DONE`), the copy
   * locked and the version added as its current file, as `uploadManu` with `manuId` does; `within` runs
   * in that transaction. Whatever fails removes the stored file again.
   */
  async addCopyVersion(copyId: number, source: CopyVersionSource, name: string, user: Principal, opts: AddCopyVersionOptions = {}): Promise<JournalManuscriptVersionDto> {
    const file = Buffer.isBuffer(source) ? await this.files.saveBuffer(source, name, user, { formType: MANUSCRIPT_FORM_TYPE, formId: null }) : source;
    let version: number;
    try {
      version = await this.onCopy(copyId, user, async (em, journal, copy) => {
        const added = await this.copies.addVersion(em, copy.id, file.id, user);
        if (opts.within) await opts.within(em, { journalId: journal.id, version: added, fileId: file.id });
        return added;
      });
    } catch (e) {
      await this.files.discard(file).catch((err: unknown) => this.logger.error(`could not remove refused version ${file.id}: ${String(err)}`));
      throw e;
    }
    const versions = await this.copies.versions(copyId);
    return versions.find((v) => v.version === version && v.file?.id === file.id) ?? versions[0];
  }

  /** 400 `单位不存在` unless the unit exists. */
  private async assertDept(deptId: number): Promise<void> {
    if (!(await this.depts.findByIds([deptId])).length) throw DomainException.badRequest(JOURNAL_COPY_MESSAGES.deptMissing, ErrorCode.Validation);
  }

  /**
   * `uploadManu` (`withPool` false) and `uploadManuAndManu` (true): the Word file is streamed to storage
   * first (FilesService.receive: Word by content, ≤ the upload limit), then the fields are checked and
   * the journal locked; whatever refuses the upload removes the stored bytes again. `uploadManu` with
   * `manuId`: a new version of that copy (the other fields ignored); otherwise a new copy at the end of
   * `columnId` — with `withPool` also the pool manuscript it is a copy of.
   */
  async upload(req: Request, user: Principal, withPool: boolean): Promise<JournalManuscriptDto> {
    const { file, fields } = await this.files.receive(req, user, { wordOnly: true, formType: MANUSCRIPT_FORM_TYPE, formId: null });
    let id: number;
    try {
      if (!withPool && fields.manuId !== undefined && fields.manuId.trim() !== '') {
        const { manuId } = await parseFields(UploadVersionField, fields);
        id = await this.onCopy(manuId, user, async (em, _journal, copy) => {
          await this.copies.addVersion(em, copy.id, file.id, user);
          return copy.id;
        });
      } else {
        const f = await parseFields(UploadCopyFields, fields);
        await this.assertDept(f.deptId);
        const values: UploadFields = { columnId: f.columnId, title: f.title, firstAuthor: f.firstAuthor, authorIds: f.authorIds ?? '', deptId: f.deptId, memo: f.memo ?? null };
        id = await this.inJournal(f.journalId, user, (em, journal) =>
          withPool ? this.copies.uploadWithPool(em, journal, values, file.id, user) : this.copies.uploadNew(em, journal, values, file.id, user),
        );
      }
    } catch (e) {
      await this.files.discard(file).catch((err: unknown) => this.logger.error(`could not remove refused upload ${file.id}: ${String(err)}`));
      throw e;
    }
    return this.copies.dto(id);
  }
}
