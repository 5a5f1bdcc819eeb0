import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import type { Principal } from '../../../common/auth/principal.js';
import { PrincipalService } from '../../../common/auth/principal.service.js';
import { SettingsStore } from '../../../common/auth/settings.store.js';
import { DomainException, ErrorCode } from '../../../common/errors/domain.exception.js';
import { APP_CONFIG, type AppConfig, randomSecret } from '../../../config/config.js';
import { FilesService } from '../../storage/index.js';
import { type OfficeAdapter, type OfficeAdapterMember, OfficeAdapters, type OfficeOpenContext } from '../office-adapters.js';
import { holdsLock, lockExpiry, lockLive, wopiLockTransition, wopiLockTtlMs, wopiPutAllowed, type WopiLockOperation } from '../office-locks.js';
import { OfficeSaveService } from '../office-save.service.js';
import { OfficeSessionsService } from '../office-sessions.service.js';
import { OFFICE_MESSAGES, OfficeTargets, suffixOf, type OfficeTarget, type OfficeVersionRef } from '../office-targets.js';
import type { OfficeLockRow, OfficeSessionRow } from '../office.repository.js';
import { OfficeRepository } from '../office.repository.js';
import { actionFor, actionUrl, proofKeysOf, WopiDiscoveryService } from './wopi-discovery.js';
import { verifyProof, type ProofResult } from './wopi-proof.js';
import { deriveWopiKey, parseWopiFileId, signWopiToken, verifyWopiToken, type WopiTokenClaim, wopiFileId } from './wopi-token.js';

/** An authenticated WOPI call: the token's claim, its session and user (set on the request by WopiGuard). */
export interface WopiCall {
  token: string;
  claim: WopiTokenClaim;
  session: OfficeSessionRow;
  user: Principal;
}

/** What a WOPI handler answers: status, WOPI headers, a JSON body or the file's bytes. */
export interface WopiReply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  stream?: Readable;
}

/** `code` of a refused access token (401). */
export const WOPI_TOKEN_INVALID = 'WOPI_TOKEN_INVALID';
/** `code` of a failed proof-key check (401: the WOPI documentation says 500, but Horizon never answers bad input with a 500; a WOPI client treats any non-200 as a refusal). */
export const WOPI_PROOF_INVALID = 'WOPI_PROOF_INVALID';

const MSG_TOKEN = '访问令牌无效或已过期';
const MSG_NOT_FOUND = '文件不存在';
const MiB = 1024 * 1024;

/** A WOPI boolean header (`true` / `false`), Collabora's `X-COOL-WOPI-…` or the older `X-LOOL-WOPI-…`; null when absent. */
function flag(req: Request, name: string): boolean | null {
  const value = (req.get(`X-COOL-WOPI-${name}`) ?? req.get(`X-LOOL-WOPI-${name}`))?.trim().toLowerCase();
  return value === 'true' ? true : value === 'false' ? false : null;
}

/** The file name a WOPI client shows: the target's title (file-system safe) with the version's suffix. */
function baseFileName(target: OfficeTarget, version: OfficeVersionRef): string {
  const suffix = suffixOf(version.fileName) || 'docx';
  const title = Array.from(target.title, (c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('').trim() || 'document';
  return `${title}.${suffix}`;
}

/** A WOPI header value must be ASCII (Node refuses other characters in headers): the reasons are English, the JSON body says it in Chinese. */
const REASONS: Record<string, string> = {
  JOURNAL_DONE: 'The journal is finalised',
  PRODUCT_NOT_OWNED: 'No permission to edit this document',
  FORBIDDEN: 'No permission to edit this document',
  OFFICE_LOCK_LOST: 'The edit lock is held by another session',
};

/**
 * The WOPI host (docs/office-design.md §3): the `wopi` OfficeAdapter (the action URL and access token
 * of the open answer), the access-token and proof-key checks of every call, and CheckFileInfo, GetFile,
 * PutFile and the lock family on top of the core's single-writer lock (`office_lock`, whose row also
 * carries the WOPI client's lock id) and save pipeline (OfficeSaveService: every PutFile a new version).
 */
@Injectable()
export class WopiService implements OfficeAdapter, OnModuleInit {
  readonly editor = 'wopi' as const;
  private readonly logger = new Logger(WopiService.name);
  private key: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsStore,
    private readonly principals: PrincipalService,
    private readonly adapters: OfficeAdapters,
    private readonly sessions: OfficeSessionsService,
    private readonly saves: OfficeSaveService,
    private readonly targets: OfficeTargets,
    private readonly repo: OfficeRepository,
    private readonly files: FilesService,
    private readonly discovery: WopiDiscoveryService,
  ) {}

  async onModuleInit(): Promise<void> {
    // the secret login tokens and file capabilities derive from (configured, or generated once per deployment)
    const secret = this.config.jwtSecret ?? (await this.settings.getOrCreate('jwt.secret', randomSecret));
    this.key = deriveWopiKey(secret);
    this.adapters.register(this);
  }

  // ------------------------------------------------------------------ the adapter

  /**
   * The `wopi` member of the open answer: the client's action URL for the version's extension (`edit`,
   * or `view` for a read-only session when the client has one) with `WOPISrc` — the same for every
   * session of a target, so a read-only opener joins the live document —, and the session's access
   * token with its expiry (`accessTokenTtl`, ms since 1970). 503 when the discovery cannot be read,
   * 400 `仅支持 .docx 文件在线编辑` when the client offers nothing for the extension.
   */
  async describe(ctx: OfficeOpenContext): Promise<OfficeAdapterMember> {
    const office = this.config.office;
    const fileId = wopiFileId(ctx.target.kind, ctx.target.id);
    const urlsrc = actionFor(await this.discovery.get(), suffixOf(ctx.version.fileName), ctx.session.mode);
    if (!urlsrc) throw DomainException.badRequest(OFFICE_MESSAGES.docxOnly, ErrorCode.Validation);
    const expires = Date.now() + office.tokenTtlMs;
    const accessToken = signWopiToken(this.key, { sessionId: ctx.session.id, userId: ctx.user.userId, fileId, mode: ctx.session.mode, expires });
    return {
      wopi: {
        actionUrl: actionUrl(urlsrc, { wopiSrc: this.wopiSrc(fileId), lang: office.lang, readOnly: ctx.session.mode === 'view' }),
        accessToken,
        accessTokenTtl: expires,
      },
    };
  }

  /** The page closed: wait for the client's UNLOCK (its last save comes before it) when it holds a WOPI lock, else end now. */
  async close(session: OfficeSessionRow): Promise<'closing' | 'closed'> {
    const lock = await this.repo.lockOfSession(session.id);
    return lock?.wopiLock && lockLive(lock, new Date()) ? 'closing' : 'closed';
  }

  /** `${OFFICE_CALLBACK_BASE}/api/wopi/files/<id>`. */
  wopiSrc(fileId: string): string {
    return `${this.config.office.callbackBase ?? ''}/api/wopi/files/${fileId}`;
  }

  // ------------------------------------------------------------------ authentication

  /**
   * Every WOPI call: the access token (`?access_token=`, else `Authorization: Bearer`) must be
   * authentic and unexpired (401), name this file (404 otherwise, as for an unknown file), belong to a
   * session not ended of a user still enabled (401); then the proof keys (`OFFICE_WOPI_PROOF`, §3.4).
   */
  async authenticate(req: Request): Promise<WopiCall> {
    const query = req.query.access_token;
    const fromQuery = Array.isArray(query) ? query[0] : query;
    const header = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const token = typeof fromQuery === 'string' && fromQuery ? fromQuery : header;
    const claim = verifyWopiToken(this.key, token);
    if (!claim) throw DomainException.unauthorized(MSG_TOKEN, WOPI_TOKEN_INVALID);
    const fileId = req.params.id;
    if (!parseWopiFileId(fileId) || fileId !== claim.fileId) throw DomainException.notFound(MSG_NOT_FOUND);
    const session = await this.sessions.session(claim.sessionId);
    if (!session || session.endedAt || session.userId !== claim.userId || session.editor !== 'wopi') throw DomainException.unauthorized(MSG_TOKEN, WOPI_TOKEN_INVALID);
    const loaded = await this.principals.load(claim.userId);
    if (!loaded?.enabled) throw DomainException.unauthorized(MSG_TOKEN, WOPI_TOKEN_INVALID);
    await this.checkProof(req, token!);
    await this.repo.touch(session.id);
    return { token: token!, claim, session, user: { ...loaded, sessionId: `wopi:${session.id}` } };
  }

  /**
   * Proof keys (§3.4): checked when `X-WOPI-Proof` is sent (`auto`), always (`required`), never
   * (`off`). The URL is rebuilt from `OFFICE_CALLBACK_BASE` and the original path and query. A proof
   * that fails with the cached keys refetches the discovery once (the keys may have rotated). A
   * failure answers **401** and is logged (the WOPI documentation says 500; Horizon answers bad input
   * with 4xx only, and a WOPI client treats any non-200 answer as a refusal).
   */
  private async checkProof(req: Request, token: string): Promise<void> {
    const mode = this.config.office.wopiProof;
    if (mode === 'off') return;
    const proof = req.get('X-WOPI-Proof');
    if (!proof && mode === 'auto') return;
    const input = { token, url: `${this.config.office.callbackBase ?? ''}${req.originalUrl}`, timestamp: req.get('X-WOPI-TimeStamp'), proof, proofOld: req.get('X-WOPI-ProofOld') };
    const verdict = async (): Promise<ProofResult> => {
      const keys = proofKeysOf(await this.discovery.get());
      return keys ? verifyProof(input, keys) : 'bad';
    };
    let result: ProofResult = proof ? await verdict().catch(() => 'bad' as const) : 'bad';
    if (result === 'bad' && proof && (await this.discovery.refresh().catch(() => false))) result = await verdict().catch(() => 'bad' as const);
    if (result === 'ok') return;
    this.logger.warn(`WOPI proof ${proof ? result : 'missing'}: ${req.method} ${req.path}`);
    throw new DomainException(401, 'WOPI 请求签名校验失败', WOPI_PROOF_INVALID);
  }

  // ------------------------------------------------------------------ the calls

  /** The target the call's session edits, as its user may read it now (404 otherwise), and the version the session is based on. */
  private async targetOf(call: WopiCall): Promise<{ target: OfficeTarget; base: OfficeVersionRef }> {
    const { session, user } = call;
    const target = await this.targets.resolve(user, session.targetKind, session.targetId).catch((e: unknown) => {
      if (e instanceof DomainException && e.status < 500) throw DomainException.notFound(MSG_NOT_FOUND);
      throw e;
    });
    const base = target.versions.find((v) => v.fileId === session.baseFileId) ?? target.versions.find((v) => v.version === session.baseVersion) ?? target.versions[0];
    return { target, base };
  }

  /** The WOPI client's lock on the file: the lock row's id while the row is live, else none. */
  private static current(row: OfficeLockRow | undefined, now: Date): string | null {
    return row?.wopiLock && lockLive(row, now) ? row.wopiLock : null;
  }

  /** `LastModifiedTime`: the time of the target's newest version (ISO 8601 UTC), the value `X-COOL-WOPI-Timestamp` echoes. */
  private async lastModified(target: OfficeTarget): Promise<string> {
    return new Date((await this.files.get(target.versions[0].fileId)).createTime).toISOString();
  }

  /**
   * CheckFileInfo (§3.3): the file and what the user may do. `UserCanWrite` only for an edit session
   * that still holds the target's lock, on a target the user may still write (not done, permission and
   * ownership kept).
   */
  async checkFileInfo(call: WopiCall): Promise<WopiReply> {
    const { session, user } = call;
    const { target, base } = await this.targetOf(call);
    const file = await this.files.get(base.fileId);
    const lock = await this.repo.lock(session.targetKind, session.targetId);
    const writable = session.mode === 'edit' && holdsLock(lock, session.id) && this.targets.refusal(user, target) === null;
    const first = await this.targets.versionDto(target, target.versions[target.versions.length - 1].version);
    const me = await this.repo.user(user.userId);
    const info: Record<string, unknown> = {
      BaseFileName: baseFileName(target, base),
      Size: Number(file.size),
      OwnerId: String(first?.createBy?.id ?? user.userId),
      UserId: String(user.userId),
      UserFriendlyName: me?.nickName || user.username,
      UserCanWrite: writable,
      ReadOnly: !writable,
      Version: `${base.version}-${base.fileId}`,
      LastModifiedTime: await this.lastModified(target),
      SupportsLocks: true,
      SupportsGetLock: true,
      SupportsUpdate: true,
      SupportsRename: false,
      UserCanRename: false,
      UserCanNotWriteRelative: true,
      IsAdminUser: false,
      EnableOwnerTermination: false,
      SHA256: Buffer.from(file.sha256, 'hex').toString('base64'),
    };
    if (session.origin) info.PostMessageOrigin = session.origin;
    return { status: 200, body: info };
  }

  /** GetFile: the bytes of the session's base version (`X-WOPI-ItemVersion`); 404 when the user may no longer read it. */
  async getFile(call: WopiCall): Promise<WopiReply> {
    const { base } = await this.targetOf(call);
    const { file, stream } = await this.files.open(call.user, base.fileId);
    return {
      status: 200,
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(file.size), 'X-WOPI-ItemVersion': `${base.version}-${base.fileId}` },
      stream,
    };
  }

  /**
   * The lock family (`POST /api/wopi/files/:id` with `X-WOPI-Override`, §3.3): LOCK (and
   * UnlockAndRelock with `X-WOPI-OldLock`), REFRESH_LOCK, UNLOCK, GET_LOCK; anything else 501. Only an
   * edit session may change the lock (401 for a read-only one), and only while the target's Horizon
   * lock is free, expired or its own (else 409 + the holder's WOPI lock, `""` for a non-WOPI holder);
   * a target that became read-only (done, permission lost) refuses LOCK and REFRESH_LOCK with 409.
   * UNLOCK ends the session (the client has saved and closed the document): its token dies with it.
   */
  async lock(call: WopiCall, req: Request): Promise<WopiReply> {
    const override = (req.get('X-WOPI-Override') ?? '').trim().toUpperCase();
    if (!override) throw DomainException.badRequest('缺少 X-WOPI-Override', ErrorCode.Validation);
    if (!['LOCK', 'REFRESH_LOCK', 'UNLOCK', 'GET_LOCK'].includes(override)) return { status: 501, body: { message: `不支持的操作 ${override}` } };
    const op = override as WopiLockOperation;
    const { session, user } = call;
    if (op === 'GET_LOCK') {
      const current = WopiService.current(await this.repo.lock(session.targetKind, session.targetId), new Date());
      return { status: 200, headers: { 'X-WOPI-Lock': current ?? '' } };
    }
    if (session.mode !== 'edit') throw DomainException.unauthorized(OFFICE_MESSAGES.readOnly, WOPI_TOKEN_INVALID);
    const refusal = op === 'UNLOCK' ? null : this.targets.refusal(user, (await this.targetOf(call)).target);
    const lock = req.get('X-WOPI-Lock');
    const oldLock = req.get('X-WOPI-OldLock');
    const ttl = wopiLockTtlMs(req.get('X-WOPI-LockExpirationTimeout'));
    const reply = await this.repo.transaction(async (em): Promise<WopiReply> => {
      const now = new Date();
      const row = await this.repo.lock(session.targetKind, session.targetId, em, true);
      const ours = row?.sessionId === session.id;
      if (row && !ours && lockLive(row, now)) return this.conflict(WopiService.current(row, now) ?? '', 'The file is being edited in another session');
      const current = ours ? WopiService.current(row, now) : null;
      if (refusal) return this.conflict(current ?? '', refusal === 'done' ? REASONS.JOURNAL_DONE : REASONS.FORBIDDEN);
      const outcome = wopiLockTransition(current, { op, lock, oldLock });
      if (outcome.status === 400) return { status: 400, body: { status: 400, message: outcome.reason, code: ErrorCode.Validation } };
      if (outcome.status === 409) return this.conflict(outcome.current);
      if (outcome.effect === 'release') {
        await this.repo.setWopiLock(session.id, null, now, em);
        return { status: 200 };
      }
      const expiresAt = lockExpiry(now, ttl);
      if (!row) await this.repo.insertLock(em, session.targetKind, session.targetId, session.id, session.userId, now, expiresAt);
      else if (!ours) await this.repo.replaceLock(em, session.targetKind, session.targetId, session.id, session.userId, now, expiresAt);
      await this.repo.setWopiLock(session.id, outcome.lock, expiresAt, em);
      return { status: 200 };
    });
    if (op === 'UNLOCK' && reply.status === 200) await this.sessions.end(session.id, (await this.repo.savedVersion(session)) !== null ? 'saved' : 'closed');
    return reply;
  }

  private conflict(current: string, reason?: string): WopiReply {
    const headers: Record<string, string> = { 'X-WOPI-Lock': current };
    if (reason) headers['X-WOPI-LockFailureReason'] = reason;
    return { status: 409, headers };
  }

  /**
   * PutFile (§3.3): 401 for a read-only session; 409 + `X-WOPI-Lock` unless the request carries the
   * file's lock; 409 `{"COOLStatusCode":1010}` when `X-COOL-WOPI-Timestamp` is not the newest version's
   * time (a version was added meanwhile); then the save pipeline — 413 / 400 for the bytes, identical
   * bytes not modified by the user store nothing, else a new version as the token's user with the
   * client's flags (`IsModifiedByUser`, `IsAutosave`, `IsExitSave`); a journal finalised or the right
   * withdrawn meanwhile → 409 with the lock and `X-WOPI-LockFailureReason`. Answers
   * `{LastModifiedTime}` and `X-WOPI-ItemVersion`.
   */
  async putFile(call: WopiCall, req: Request): Promise<WopiReply> {
    const { session, user } = call;
    try {
      if (session.mode !== 'edit') throw DomainException.unauthorized(OFFICE_MESSAGES.readOnly, WOPI_TOKEN_INVALID);
      const now = new Date();
      const row = await this.repo.lock(session.targetKind, session.targetId);
      const current = WopiService.current(row, now);
      const allowed = wopiPutAllowed(current, req.get('X-WOPI-Lock'));
      if (!allowed.ok) return this.conflict(allowed.current);
      const { target } = await this.targetOf(call);
      const timestamp = req.get('X-COOL-WOPI-Timestamp') ?? req.get('X-LOOL-WOPI-Timestamp');
      if (timestamp !== undefined && timestamp !== (await this.lastModified(target))) return { status: 409, body: { COOLStatusCode: 1010, LOOLStatusCode: 1010 } };
    } catch (e) {
      req.resume();
      throw e;
    }
    const bytes = await this.body(req);
    const modifiedByUser = flag(req, 'IsModifiedByUser');
    const exitSave = flag(req, 'IsExitSave');
    try {
      const saved = await this.saves.save(session, user, bytes, { skipIdentical: modifiedByUser !== true, autosave: flag(req, 'IsAutosave'), modifiedByUser, exitSave, notify: exitSave === true });
      const { target } = await this.targetOf(call);
      return { status: 200, headers: { 'X-WOPI-ItemVersion': `${saved.version}-${saved.file?.id ?? ''}` }, body: { LastModifiedTime: await this.lastModified(target) } };
    } catch (e) {
      if (e instanceof DomainException && (e.status === 403 || e.status === 409)) {
        const current = WopiService.current(await this.repo.lock(session.targetKind, session.targetId), new Date()) ?? '';
        this.logger.warn(`WOPI PutFile of session ${session.id} refused: ${e.message}`);
        const reply = this.conflict(current, REASONS[e.code] ?? REASONS.FORBIDDEN);
        return { ...reply, body: { status: 409, message: e.message, code: e.code } };
      }
      throw e;
    }
  }

  /** The request body (the whole file), at most `UPLOAD_MAX_MB`: 413 beyond it. */
  private async body(req: Request): Promise<Buffer> {
    const max = this.config.storage.maxBytes;
    const tooLarge = () => new DomainException(413, `上传文件大小不能超过 ${Number((max / MiB).toFixed(2))}MB!`, ErrorCode.TooLarge);
    if (Number(req.get('content-length') ?? 0) > max) {
      req.resume();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) {
        req.resume();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }
}
