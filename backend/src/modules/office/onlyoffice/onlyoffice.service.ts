import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import { AuditWriter } from '../../../common/audit/audit-writer.js';
import type { Principal } from '../../../common/auth/principal.js';
import { PrincipalService } from '../../../common/auth/principal.service.js';
import { DomainException, ErrorCode } from '../../../common/errors/domain.exception.js';
import { formatDateTime } from '../../../common/time/time.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { html, NoticeService } from '../../realtime/index.js';
import { FileLinkService, FilesService, type StoredFileRow } from '../../storage/index.js';
import { type OfficeAdapter, type OfficeAdapterMember, OfficeAdapters, type OfficeOpenContext } from '../office-adapters.js';
import { officeKeyPrefix, onlyofficeApiJs } from '../office.config.js';
import { OfficeSaveService } from '../office-save.service.js';
import { OfficeSessionsService } from '../office-sessions.service.js';
import { OFFICE_MESSAGES, OfficeTargets } from '../office-targets.js';
import { OfficeRepository, type OfficeSessionRow } from '../office.repository.js';
import { callbackCapability, signOnlyoffice, verifyCallback, verifyCallbackCapability } from './jwt.js';
import { DOC_KEY, documentKey, editorConfig, fileTypeOf } from './onlyoffice-config.js';
import { DocumentServerDownloadError, documentServerUrl, downloadFromDocumentServer } from './onlyoffice-download.js';
import { type HistoryVersionRow, OnlyofficeRepository } from './onlyoffice.repository.js';

/** The callback's path (docs/office-design.md §2.2); `OFFICE_CALLBACK_BASE` is put in front. */
export const ONLYOFFICE_CALLBACK_PATH = '/api/office/onlyoffice/callback';

/** Callback statuses (ONLYOFFICE "callback handler"). */
const STATUS = { notFound: 0, editing: 1, ready: 2, saveError: 3, closedUnchanged: 4, forcesave: 6, forcesaveError: 7 } as const;

/** The messages of the ONLYOFFICE adapter (docs/office-api.md "ONLYOFFICE"). */
export const ONLYOFFICE_MESSAGES = {
  notConfigured: 'ONLYOFFICE 未配置（OFFICE_JWT_SECRET / OFFICE_CALLBACK_BASE）',
  foreignUrl: '文档下载地址不属于文档服务器',
  downloadFailed: '从文档服务器下载文档失败',
  saveError: '文档保存出错',
  forcesaveError: '文档强制保存出错',
  saverGone: '保存人账号已停用或不存在',
  saveFailed: (reason: string) => `在线编辑保存失败：${reason}`,
} as const;

/** What the controller answers the document server: the HTTP status and `{"error": …}`. */
export interface CallbackAnswer {
  httpStatus: 200 | 403;
  error: 0 | 1;
}

/** `refreshHistory` payload (`onRequestHistory`). */
export interface OnlyofficeHistory {
  currentVersion: number;
  history: Array<Record<string, unknown>>;
}

/** A version's history key distinct from its document key (which a live session uses for another version). */
const historyKey = (key: string): string => {
  const derived = `${key}-h`;
  if (!DOC_KEY.test(derived)) throw new Error(`invalid ONLYOFFICE document key "${derived}"`);
  return derived;
};

const toRecord = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/**
 * The ONLYOFFICE Document Server adapter (docs/office-design.md §2): the signed editor config of an
 * opened session (`describe`), the JWT-checked callback that stores each save as a new version through
 * OfficeSaveService, and the version history of the editor's history dialog (§2.3).
 */
@Injectable()
export class OnlyofficeService implements OfficeAdapter, OnModuleInit {
  readonly editor = 'onlyoffice' as const;
  private readonly logger = new Logger(OnlyofficeService.name);

  constructor(
    private readonly adapters: OfficeAdapters,
    private readonly sessions: OfficeSessionsService,
    private readonly targets: OfficeTargets,
    private readonly saves: OfficeSaveService,
    private readonly officeRepo: OfficeRepository,
    private readonly repo: OnlyofficeRepository,
    private readonly links: FileLinkService,
    private readonly files: FilesService,
    private readonly principals: PrincipalService,
    private readonly notices: NoticeService,
    private readonly audit: AuditWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Connected when the deployment is configured for it (`OFFICE_EDITOR=onlyoffice` at startup). */
  onModuleInit(): void {
    if (this.config.office.editor === 'onlyoffice') this.adapters.register(this);
  }

  /** The secret and the base the document server reaches Horizon at (config/config.ts requires both for `OFFICE_EDITOR=onlyoffice`). */
  private settings(): { secret: string; callbackBase: string; prefix: string } {
    const { jwtSecret, callbackBase } = this.config.office;
    if (!jwtSecret || !callbackBase) throw new DomainException(404, ONLYOFFICE_MESSAGES.notConfigured, ErrorCode.NotConfigured);
    return { secret: jwtSecret, callbackBase, prefix: officeKeyPrefix(this.config.office) };
  }

  /** A user's display name (nickname, else username). */
  private async displayName(userId: number, fallback: string): Promise<string> {
    const u = await this.officeRepo.user(userId);
    return u?.nickName || u?.username || fallback;
  }

  // ---------------------------------------------------------------- open (§2.1)

  /**
   * `{onlyoffice: {apiJs, config}}` of an opened session: the document key of the version (or, for a
   * viewer of a live ONLYOFFICE edit session, that session's key and document, so the viewer watches
   * it), the document's capability URL under `OFFICE_CALLBACK_BASE`, the callback URL with the
   * session's signed capability (edit sessions only), the user, `lang` zh, signed with the secret.
   */
  async describe(ctx: OfficeOpenContext): Promise<OfficeAdapterMember> {
    const { secret, callbackBase, prefix } = this.settings();
    const { session, target, user } = ctx;
    const join = ctx.holder && ctx.holder.editor === 'onlyoffice' && ctx.holder.docKey ? ctx.holder : null;
    const version = join ? (target.versions.find((v) => v.fileId === join.baseFileId) ?? ctx.version) : ctx.version;
    const key = join?.docKey ?? documentKey(prefix, target.kind, target.id, version.version, version.fileId);
    await this.sessions.setDocKey(session.id, key);
    const url = `${callbackBase}${await this.links.forFile(user, version.fileId, version.fileName)}`;
    const callbackUrl = session.mode === 'edit' ? `${callbackBase}${ONLYOFFICE_CALLBACK_PATH}?s=${encodeURIComponent(callbackCapability(secret, session.id))}` : null;
    const config = editorConfig({
      key,
      title: target.title,
      fileName: version.fileName,
      url,
      mode: session.mode,
      callbackUrl,
      user: { id: user.userId, name: await this.displayName(user.userId, user.username) },
      lang: this.config.office.lang,
      kind: target.kind,
      targetId: target.id,
      instanceId: callbackBase,
    });
    return { onlyoffice: { apiJs: onlyofficeApiJs(this.config.office)!, config: { ...config, token: signOnlyoffice(secret, config) } } };
  }

  // ---------------------------------------------------------------- callback (§2.2)

  /**
   * `POST api/office/onlyoffice/callback?s=`: the token verified (body `token`, else the
   * `OFFICE_JWT_HEADER` bearer token; HS256 only) and its fields used, never the unsigned body; `s`
   * must name an ONLYOFFICE session. Then by status: 1 the lock renewed; 2 / 6 the edited document
   * downloaded and stored as a new version (2 ends the session, 6 keeps it); 4 the session closed;
   * 3 / 7 the error recorded and shown. `{"error":0}` whenever handled, `{"error":1}` when a save could
   * not be stored, 403 `{"error":1}` for a bad token or capability.
   */
  async callback(req: Request, capability: unknown, body: unknown): Promise<CallbackAnswer> {
    const secret = this.config.office.jwtSecret;
    const verified = secret ? verifyCallback(secret, body, req.get(this.config.office.jwtHeader)) : null;
    if (!secret || !verified) {
      this.logger.warn(`ONLYOFFICE callback refused: no valid token (from ${req.ip ?? '?'})`);
      return { httpStatus: 403, error: 1 };
    }
    const sessionId = verifyCallbackCapability(secret, capability);
    const session = sessionId ? await this.sessions.session(sessionId) : undefined;
    const fields = verified.fields;
    const key = typeof fields.key === 'string' ? fields.key : '';
    if (!session || session.editor !== 'onlyoffice' || (session.docKey && key !== session.docKey)) {
      this.logger.warn(`ONLYOFFICE callback refused: unknown session or key (s valid: ${!!sessionId}, key ${key})`);
      return { httpStatus: 403, error: 1 };
    }
    if (!session.callbackAt) await this.officeRepo.markCallback(session.id);
    const status = Number(fields.status);
    switch (status) {
      case STATUS.editing:
        if (!session.endedAt) await this.sessions.refresh(session.id);
        return { httpStatus: 200, error: 0 };
      case STATUS.ready:
      case STATUS.forcesave:
        return { httpStatus: 200, error: await this.store(req, session, status, fields) };
      case STATUS.closedUnchanged:
        if (!session.endedAt) await this.sessions.end(session.id, (await this.officeRepo.savedVersion(session)) ? 'saved' : 'closed');
        return { httpStatus: 200, error: 0 };
      case STATUS.saveError:
      case STATUS.forcesaveError: {
        const message = status === STATUS.saveError ? ONLYOFFICE_MESSAGES.saveError : ONLYOFFICE_MESSAGES.forcesaveError;
        this.logger.warn(`ONLYOFFICE status ${status} for session ${session.id} (key ${key})`);
        if (status === STATUS.saveError && !session.endedAt) await this.sessions.end(session.id, 'error', message);
        else await this.sessions.setError(session.id, message);
        this.notices.toUser(session.userId, { msgType: 'ERROR', title: '在线编辑', msg: html`${message}` });
        return { httpStatus: 200, error: 0 };
      }
      default:
        this.logger.log(`ONLYOFFICE status ${String(fields.status)} for session ${session.id} (key ${key}): nothing to do`);
        return { httpStatus: 200, error: 0 };
    }
  }

  /**
   * Status 2 / 6: a repeated callback (same key, status, `lastsave`) or `notmodified` stores nothing;
   * else `url` (and `changesurl`) are downloaded from the document server only, and the bytes saved as
   * a new version by the session's user (the single writer, §4.4) with the callback's history. Status 2
   * then ends the session (`saved` / `closed`); a failure answers 1 and — for status 2, when nobody is
   * left in the editor to see its warning — ends the session in `error` with a notice to its user.
   */
  private async store(req: Request, session: OfficeSessionRow, status: number, fields: Record<string, unknown>): Promise<0 | 1> {
    const digest = createHash('sha256').update(`${String(fields.key)}|${status}|${String(fields.lastsave ?? '')}`).digest('hex');
    if (await this.officeRepo.hasDigest(digest)) return 0;
    const finish = async () => {
      if (status === STATUS.ready) await this.sessions.end(session.id, (await this.officeRepo.savedVersion(session)) ? 'saved' : 'closed');
    };
    if (fields.notmodified === true) {
      await finish();
      return 0;
    }
    let changes: StoredFileRow | null = null;
    try {
      const { url: publicUrl, internalUrl } = this.config.office;
      const source = documentServerUrl(fields.url, publicUrl, internalUrl);
      const changesSource = fields.changesurl === undefined || fields.changesurl === null ? null : documentServerUrl(fields.changesurl, publicUrl, internalUrl);
      if (!source || (fields.changesurl != null && !changesSource)) throw DomainException.badRequest(ONLYOFFICE_MESSAGES.foreignUrl, ErrorCode.Validation);
      const found = await this.principals.load(session.userId);
      if (!found?.enabled) throw DomainException.forbidden(ONLYOFFICE_MESSAGES.saverGone);
      const user: Principal = { ...found, sessionId: '' };
      const max = this.config.storage.maxBytes;
      const bytes = await downloadFromDocumentServer(source, max);
      if (changesSource) changes = await this.files.saveBuffer(await downloadFromDocumentServer(changesSource, max), 'changes.zip', user, { formType: 'office-changes', formId: null });
      const history = toRecord(fields.history);
      const result = await this.saves.save(session, user, bytes, {
        notify: status === STATUS.ready,
        forcesaveType: status === STATUS.forcesave && Number.isInteger(Number(fields.forcesavetype)) ? Number(fields.forcesavetype) : null,
        ooHistory: history ? { serverVersion: history.serverVersion ?? null, changes: history.changes ?? null } : null,
        ooChangesFileId: changes?.id ?? null,
        callbackDigest: digest,
      });
      if (!result.created && changes) await this.discard(changes);
      changes = null;
      if (result.created) {
        void this.audit.write(req, { description: '在线编辑保存', logType: 'INFO', status: 200, username: user.username, detail: null, time: 0 });
      }
      await finish();
      return 0;
    } catch (e) {
      if (changes) await this.discard(changes);
      // a concurrent repeat of this callback stored it first (callback_digest is unique)
      if (await this.officeRepo.hasDigest(digest)) return 0;
      const reason = e instanceof DocumentServerDownloadError ? ONLYOFFICE_MESSAGES.downloadFailed : e instanceof Error ? e.message : String(e);
      this.logger.warn(`ONLYOFFICE save (status ${status}) of session ${session.id} not stored: ${e instanceof Error ? e.message : String(e)}`);
      const message = ONLYOFFICE_MESSAGES.saveFailed(reason);
      void this.audit.write(req, { description: '在线编辑保存', logType: 'ERROR', status: e instanceof DomainException ? e.status : 502, username: null, detail: message, time: 0 });
      if (status === STATUS.ready && !session.endedAt) {
        await this.sessions.end(session.id, 'error', message);
        this.notices.toUser(session.userId, { msgType: 'ERROR', title: '在线编辑', msg: html`${message}` });
      } else if (!session.endedAt) {
        await this.sessions.setError(session.id, message);
      }
      return 1;
    }
  }

  private async discard(file: StoredFileRow): Promise<void> {
    await this.files.discard(file).catch((err: unknown) => this.logger.error(`could not remove the changes file ${file.id}: ${String(err)}`));
  }

  /**
   * The page closed an edit session: `closing` until the document server's last save (status 2 / 4)
   * once it has called back for the session; a session it never called back for never reached it
   * (the editor did not load) — no save will come, so it is `closed` now and its lock released.
   */
  async close(session: OfficeSessionRow): Promise<'closing' | 'closed'> {
    const current = await this.sessions.session(session.id);
    return current?.callbackAt ? 'closing' : 'closed';
  }

  // ---------------------------------------------------------------- history (§2.3)

  /**
   * The versions of the session's target, oldest first, each with a key of its own (ONLYOFFICE
   * "history": keys unique per entry). The session's live key belongs to the version it now edits
   * (`baseVersion`); after a forcesave (status 6) that is the saved version while the key stays the one
   * the session opened with, which is also the opened version's own key — that version then gets a
   * derived key (`…-h`), so showing it loads its stored file and not the live document.
   */
  private async versions(session: OfficeSessionRow, prefix: string): Promise<Array<HistoryVersionRow & { key: string }>> {
    const rows = await this.repo.history(session.targetKind, session.targetId);
    return rows.map((r) => {
      if (r.version === session.baseVersion && session.docKey) return { ...r, key: session.docKey };
      const key = documentKey(prefix, session.targetKind, session.targetId, r.version, r.fileId);
      return { ...r, key: key === session.docKey ? historyKey(key) : key };
    });
  }

  /**
   * `GET api/office/onlyoffice/history?sessionId=`: the `refreshHistory` payload — every live version
   * with its key, time and author; ONLYOFFICE saves add `changes` and `serverVersion`.
   */
  async history(user: Principal, sessionId: string): Promise<OnlyofficeHistory> {
    const session = await this.ownOnlyoffice(user, sessionId);
    const { prefix } = this.settings();
    const rows = await this.versions(session, prefix);
    return {
      currentVersion: session.baseVersion,
      history: rows.map((r) => {
        const entry: Record<string, unknown> = {
          version: r.version,
          key: r.key,
          created: formatDateTime(new Date(r.createTime)),
          user: { id: r.userId === null ? '' : String(r.userId), name: r.nickName || r.username || '' },
        };
        if (r.ooHistory) {
          entry.changes = r.ooHistory.changes ?? null;
          entry.serverVersion = r.ooHistory.serverVersion ?? null;
        }
        return entry;
      }),
    };
  }

  /**
   * `GET api/office/onlyoffice/historyData?sessionId=&version=`: the signed `setHistoryData` payload of
   * one version — its key and capability URL, the changes file and the previous version when it was
   * an ONLYOFFICE save. 404 `版本不存在` for a version the target does not have.
   */
  async historyData(user: Principal, sessionId: string, version: number): Promise<Record<string, unknown>> {
    const session = await this.ownOnlyoffice(user, sessionId);
    const { secret, callbackBase, prefix } = this.settings();
    const rows = await this.versions(session, prefix);
    const index = rows.findIndex((r) => r.version === version);
    if (index < 0) throw DomainException.notFound(OFFICE_MESSAGES.versionNotFound);
    const row = rows[index];
    const link = async (r: HistoryVersionRow) => `${callbackBase}${await this.links.forFile(user, r.fileId, r.fileName)}`;
    const data: Record<string, unknown> = { version: row.version, key: row.key, url: await link(row), fileType: fileTypeOf(row.fileName) };
    if (row.ooChangesFileId && row.changesHandlerId) {
      // the changes file is its saver's (formType office-changes): the path is minted for them, this caller may read the target
      const saver = await this.principals.load(row.changesHandlerId);
      if (saver?.enabled) data.changesUrl = `${callbackBase}${await this.links.forFile({ ...saver, sessionId: '' }, row.ooChangesFileId, 'changes.zip')}`;
      const previous = index > 0 ? rows[index - 1] : null;
      if (data.changesUrl && previous) data.previous = { key: previous.key, url: await link(previous), fileType: fileTypeOf(previous.fileName) };
    }
    return { ...data, token: signOnlyoffice(secret, data) };
  }

  /**
   * The caller's own ONLYOFFICE session (404 `编辑会话不存在` otherwise; 400 for another editor's) whose
   * target they may still read now (403 without the read permission, 404 for a target gone): the
   * history shows every version, so it is checked as opening is, not only when the session opened.
   */
  private async ownOnlyoffice(user: Principal, sessionId: string): Promise<OfficeSessionRow> {
    const session = await this.sessions.own(user, sessionId);
    if (session.editor !== 'onlyoffice') throw DomainException.badRequest('该编辑会话不是 ONLYOFFICE 的会话', ErrorCode.Validation);
    this.targets.assertMayRead(user, session.targetKind);
    await this.targets.resolve(user, session.targetKind, session.targetId);
    return session;
  }
}
