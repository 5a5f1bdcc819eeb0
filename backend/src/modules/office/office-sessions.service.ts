import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { findSoffice, sofficeConvert } from '../../common/docx/index.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { FileLinkService, FilesService } from '../storage/index.js';
import { OfficeAdapters, type OfficeAdapter } from './office-adapters.js';
import { decideOpen, lockExpiry, lockLive } from './office-locks.js';
import { docxName, OFFICE_LOCK_LOST, OFFICE_MESSAGES, OFFICE_SESSION_ENDED, OfficeTargets, suffixOf, type OfficeVersionRef, type OfficeViewReason } from './office-targets.js';
import type { OfficeLockDto, OfficeSessionDto, OfficeSessionStateDto } from './office.dto.js';
import type { OfficeEditor, OfficeMode, OfficeTargetKind } from './office.entity.js';
import { type OfficeLockRow, OfficeRepository, type OfficeSessionRow } from './office.repository.js';

/** File link kind of a legacy .doc converted to .docx for the built-in editor when its path is fetched. */
export const OFFICE_DOCX_KIND = 'office-docx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A lock row as answered (holder, since when, in which editor). */
export function toLockDto(lock: OfficeLockRow): OfficeLockDto {
  return { holder: { id: lock.userId, username: lock.username ?? '', nickName: lock.nickName }, since: lock.acquiredAt, editor: lock.editor };
}

/** What the open transaction decided. */
interface Opened {
  mode: OfficeMode;
  reason: OfficeViewReason | null;
  expiresAt: Date | null;
  /** The session holding the lock when this one is read-only because of it. */
  holderSessionId: string | null;
}

/**
 * Office sessions (docs/office-design.md §4.3, §4.4): opening a journal version or a copy in the
 * configured editor — read-only (`reason` forbidden / done / locked) or writable with the target's
 * single-writer lock —, the page's heartbeat, its state, closing. The adapters (ONLYOFFICE, WOPI) add
 * their part of the answer and end their sessions through `end`.
 */
@Injectable()
export class OfficeSessionsService implements OnModuleInit {
  private readonly logger = new Logger(OfficeSessionsService.name);

  constructor(
    private readonly repo: OfficeRepository,
    private readonly targets: OfficeTargets,
    private readonly files: FilesService,
    private readonly links: FileLinkService,
    private readonly adapters: OfficeAdapters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A .doc version is converted to .docx by LibreOffice when the built-in editor fetches it (its read rule checked again then). */
  onModuleInit(): void {
    this.links.register(OFFICE_DOCX_KIND, async ({ params, user }) => {
      const { file, stream } = await this.files.open(user, Number(params.fileId));
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      if (!findSoffice()) throw DomainException.badRequest(OFFICE_MESSAGES.docxOnly, ErrorCode.Validation);
      const [docx] = await sofficeConvert([{ bytes: Buffer.concat(chunks), ext: file.suffix || 'doc' }], 'docx').catch((e: unknown) => {
        this.logger.warn(`could not convert file ${file.id} to .docx: ${String(e)}`);
        return [null];
      });
      if (!docx) throw DomainException.badRequest(OFFICE_MESSAGES.convertFailed, ErrorCode.Validation);
      return Readable.from([docx]);
    });
  }

  /** The configured editor: 404 `NOT_CONFIGURED` when online editing is off or its adapter is not connected. */
  private editor(): { editor: OfficeEditor; adapter: OfficeAdapter | null } {
    const editor = this.config.office.editor;
    if (editor === 'none') throw new DomainException(404, OFFICE_MESSAGES.disabled, ErrorCode.NotConfigured);
    if (editor === 'builtin') return { editor, adapter: null };
    const adapter = this.adapters.get(editor);
    if (!adapter) throw new DomainException(404, OFFICE_MESSAGES.notConnected(editor), ErrorCode.NotConfigured);
    return { editor, adapter };
  }

  /**
   * Opens a target's version (the newest unless `version`): 404 for what the caller may not read,
   * then writable (the target's lock taken, or taken over from the same user's older session) when
   * rules 1–3 allow, else read-only with the reason and the lock's holder.
   */
  async open(user: Principal, kind: OfficeTargetKind, id: number, version: number | undefined, origin: string | null): Promise<OfficeSessionDto> {
    const { editor, adapter } = this.editor();
    const target = await this.targets.resolve(user, kind, id);
    const picked = this.targets.pick(target, version);
    const fileName = editor === 'builtin' ? docxName(picked.fileName) : picked.fileName;
    const builtin = editor === 'builtin' ? { fileUrl: await this.builtinUrl(user, picked) } : undefined;
    const refusal = this.targets.refusal(user, target);
    const sessionId = randomUUID();
    const now = new Date();
    const opened = await this.repo.transaction(async (em): Promise<Opened> => {
      await this.repo.insertSession(em, { id: sessionId, targetKind: kind, targetId: id, journalId: target.journalId, baseVersion: picked.version, baseFileId: picked.fileId, editor, mode: refusal ? 'view' : 'edit', userId: user.userId, origin });
      if (refusal) return { mode: 'view', reason: refusal, expiresAt: null, holderSessionId: null };
      // a concurrent first open may insert the row between our read and our insert: read again, decide again
      for (let attempt = 0; attempt < 3; attempt++) {
        const current = await this.repo.lock(kind, id, em, true);
        const decision = decideOpen(current, user.userId, now);
        if (!decision.take) {
          await this.repo.setMode(em, sessionId, 'view');
          return { mode: 'view', reason: 'locked', expiresAt: null, holderSessionId: decision.holder.sessionId };
        }
        const expiresAt = lockExpiry(now);
        if (current) {
          // the older session (the same user's other window, or an expired holder) writes no more: its
          // next heartbeat or save finds the row taken (409 OFFICE_LOCK_LOST)
          await this.repo.replaceLock(em, kind, id, sessionId, user.userId, now, expiresAt);
          return { mode: 'edit', reason: null, expiresAt, holderSessionId: null };
        }
        if (await this.repo.insertLock(em, kind, id, sessionId, user.userId, now, expiresAt)) return { mode: 'edit', reason: null, expiresAt, holderSessionId: null };
      }
      throw new Error(`office lock of ${kind} ${id}: no decision after 3 attempts`);
    });
    const lock = await this.repo.lock(kind, id);
    const dto: OfficeSessionDto = {
      id: sessionId,
      editor,
      mode: opened.mode,
      reason: opened.reason,
      target: { kind, id, journalId: target.journalId, version: picked.version, latest: target.versions[0].version, title: target.title, fileName },
      lock: lock && lockLive(lock, new Date()) ? toLockDto(lock) : null,
      expiresAt: opened.expiresAt,
    };
    if (builtin) return { ...dto, builtin };
    try {
      const session = (await this.repo.session(sessionId))!;
      const holder = opened.holderSessionId ? ((await this.repo.session(opened.holderSessionId)) ?? null) : null;
      return { ...dto, ...(await adapter!.describe({ session, reason: opened.reason, target, version: picked, user, holder })) };
    } catch (e) {
      await this.end(sessionId, 'error', e instanceof Error ? e.message : String(e)).catch(() => undefined);
      throw e;
    }
  }

  /**
   * `downloadWebOfficeJournal`: the journal-file payload (`{id}` of a `getFiles` / `info.files` entry:
   * 404 `版本不存在` for an unknown one) or `{journalId, version?}`; neither → 400 `请选择期刊版本`.
   */
  async openJournalFile(user: Principal, dto: { id?: number; journalId?: number; version?: number }, origin: string | null): Promise<OfficeSessionDto> {
    if (dto.journalId !== undefined) return this.open(user, 'journal', dto.journalId, dto.version, origin);
    if (dto.id === undefined) throw DomainException.badRequest(OFFICE_MESSAGES.journalVersionRequired, ErrorCode.Validation);
    const row = await this.repo.journalVersion(dto.id);
    if (!row) throw DomainException.notFound(OFFICE_MESSAGES.versionNotFound);
    return this.open(user, 'journal', row.journalId, row.version, origin);
  }

  /**
   * The path the built-in editor fetches the version from: the stored .docx (404 unless the caller may
   * read it), or a .doc converted when fetched (400 `仅支持 .docx 文件在线编辑` without LibreOffice).
   */
  private async builtinUrl(user: Principal, version: OfficeVersionRef): Promise<string> {
    const suffix = suffixOf(version.fileName);
    if (suffix === 'docx') return this.links.forFile(user, version.fileId, version.fileName);
    if (suffix !== 'doc' || !findSoffice()) throw DomainException.badRequest(OFFICE_MESSAGES.docxOnly, ErrorCode.Validation);
    await this.files.readableFile(user, version.fileId);
    return this.links.forStream(OFFICE_DOCX_KIND, { fileId: version.fileId }, user, docxName(version.fileName));
  }

  /** The caller's own session: 400 for an id that is no uuid, 404 `编辑会话不存在` for another's or an unknown one. */
  async own(user: Principal, id: unknown): Promise<OfficeSessionRow> {
    if (typeof id !== 'string' || !UUID.test(id)) throw DomainException.badRequest('会话 id 格式不正确', ErrorCode.Validation);
    const session = await this.repo.session(id.toLowerCase());
    if (!session || session.userId !== user.userId) throw DomainException.notFound(OFFICE_MESSAGES.sessionNotFound);
    return session;
  }

  /** `GET api/office/sessions/{id}`: state, mode, the target's lock, the version it saved last, its error. */
  async state(user: Principal, id: string): Promise<OfficeSessionStateDto> {
    const session = await this.own(user, id);
    const lock = await this.repo.lock(session.targetKind, session.targetId);
    return {
      id: session.id,
      state: session.state,
      mode: session.mode,
      lock: lock && lockLive(lock, new Date()) ? toLockDto(lock) : null,
      savedVersion: await this.repo.savedVersion(session),
      error: session.lastError,
    };
  }

  /**
   * `POST api/office/sessions/{id}/heartbeat`: the session is alive; an edit session's lock is renewed
   * for 30 minutes — 409 `OFFICE_LOCK_LOST` when it no longer holds it (taken over, released), 409
   * `OFFICE_SESSION_ENDED` for an ended session.
   */
  async heartbeat(user: Principal, id: string): Promise<void> {
    const session = await this.own(user, id);
    if (session.endedAt) throw DomainException.conflict(OFFICE_MESSAGES.sessionEnded, OFFICE_SESSION_ENDED);
    await this.repo.touch(session.id);
    if (session.mode === 'edit' && !(await this.repo.refreshLock(session.id, lockExpiry(new Date())))) {
      throw DomainException.conflict(OFFICE_MESSAGES.lockLost, OFFICE_LOCK_LOST);
    }
  }

  /**
   * `DELETE api/office/sessions/{id}`: a built-in or read-only session ends now (its lock released);
   * a document server's edit session becomes `closing` until its last save (the adapter decides).
   * Closing an ended session changes nothing.
   */
  async close(user: Principal, id: string): Promise<void> {
    const session = await this.own(user, id);
    if (session.endedAt) return;
    const adapter = session.editor === 'builtin' ? undefined : this.adapters.get(session.editor);
    if (session.mode === 'edit' && adapter) {
      const next = adapter.close ? await adapter.close(session) : 'closing';
      if (next === 'closing') {
        await this.repo.markClosing(session.id);
        return;
      }
    }
    await this.end(session.id, 'closed');
  }

  // ---------------------------------------------------------------- for the adapters

  /** A session by id (any user's), or undefined. */
  session(id: string): Promise<OfficeSessionRow | undefined> {
    return this.repo.session(id);
  }

  /** Ends a session (`saved`, `closed`, `error` with a message) and releases its lock. */
  async end(sessionId: string, state: 'saved' | 'closed' | 'error', error: string | null = null): Promise<void> {
    await this.repo.transaction(async (em) => {
      await this.repo.releaseLock(sessionId, em);
      await this.repo.end(em, sessionId, state, error);
    });
  }

  /** A sign of life from the document server (ONLYOFFICE status 1, WOPI calls): `seen_at`, and the lock renewed when the session holds it. */
  async refresh(sessionId: string): Promise<boolean> {
    await this.repo.touch(sessionId);
    return this.repo.refreshLock(sessionId, lockExpiry(new Date()));
  }

  /** Records the ONLYOFFICE document key the session was opened with. */
  setDocKey(sessionId: string, key: string | null): Promise<void> {
    return this.repo.setDocKey(sessionId, key);
  }

  /** Records an error of a session that goes on (ONLYOFFICE status 3 / 7). */
  setError(sessionId: string, error: string): Promise<void> {
    return this.repo.setError(sessionId, error);
  }
}
