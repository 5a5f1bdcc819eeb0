import type { Readable, Writable } from 'node:stream';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { PrincipalService } from '../../common/auth/principal.service.js';
import { SettingsStore } from '../../common/auth/settings.store.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import { APP_CONFIG, type AppConfig, randomSecret } from '../../config/config.js';
import { deriveFileLinkKey, KIND_NAME, signFileLink, STORED_FILE_KIND, verifyFileLink } from './file-link.js';
import { mimeOf, sanitizeFileName, splitFileName } from './file-name.js';
import { DOWNLOAD_LINK_INVALID, FilesService, MSG_LINK_EXPIRED } from './files.service.js';

/** What a producer is called with when its path is fetched. */
export interface FileLinkRequest {
  /** The parameters given to `forStream` (JSON values). */
  params: Record<string, unknown>;
  /** The user the link was minted for, as they are now (roles, departments, ability): check their rights again. */
  user: Principal;
  /** The file name of the path (already in the `Content-Disposition` header). */
  name: string;
  /** The response body. A producer that writes here itself ends it before resolving (`await pipeline(source, out)`). */
  out: Writable;
}

/**
 * A stream producer registered under a kind name (`journal-zip`). It checks first (throw a
 * `DomainException` before writing anything: the caller gets the error answer instead of a file), then
 * either resolves with a Readable, which storage pipes to the response (preferred: back-pressure and
 * errors are handled), or writes `out` itself and ends it. Content type: by the name's suffix.
 */
export type FileLinkProducer = (request: FileLinkRequest) => Promise<Readable | void>;

/** What a valid path delivers: the name and type of the download, and either stored bytes or a producer to run. */
export type FileLinkDelivery =
  | { name: string; mime: string; size: number; stream: Readable }
  | { name: string; mime: string; produce: (out: Writable) => Promise<Readable | void> };

/** `/files/<capability>/<name>` as a client appends it to its file base URL. */
const pathOf = (capability: string, name: string) => `/files/${capability}/${encodeURIComponent(name)}`;

/** The name a link is bound to: sanitised, never empty (a client appends it to a URL and saves under it). */
function linkName(name: string | null | undefined, fallback: string): string {
  return sanitizeFileName(name) || fallback;
}

/**
 * File capability paths (docs/workbench-api.md "Paths are capabilities"): `/files/<capability>/<name>`
 * is fetched without a login (`GET /files/...`, FileLinksController); the HMAC-signed capability names a
 * stored file or a registered stream producer, the user it was minted for and its expiry
 * (`FILE_LINK_TTL_SECONDS`). When it is fetched, the user's rights are checked again as they are then.
 * Other modules mint paths here and register their producers (in `onModuleInit`).
 */
@Injectable()
export class FileLinkService implements OnModuleInit {
  private key: Buffer;
  private readonly producers = new Map<string, FileLinkProducer>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsStore,
    private readonly files: FilesService,
    private readonly principals: PrincipalService,
  ) {}

  async onModuleInit(): Promise<void> {
    // The same secret TokenService signs sessions with (configured, or generated once per deployment), as the download tokens.
    const secret = this.config.jwtSecret ?? (await this.settings.getOrCreate('jwt.secret', randomSecret));
    this.key = deriveFileLinkKey(secret);
  }

  /** Life of a minted path, milliseconds (`FILE_LINK_TTL_SECONDS`). */
  get ttlMs(): number {
    return this.config.storage.fileLinkTtlMs;
  }

  /** Registers the producer of `kind` (once per kind; `file` is the stored files' own kind). */
  register(kind: string, producer: FileLinkProducer): void {
    if (!KIND_NAME.test(kind) || kind === STORED_FILE_KIND) throw new Error(`file link kind "${kind}" is not a valid producer name`);
    if (this.producers.has(kind)) throw new Error(`file link kind "${kind}" is already registered`);
    this.producers.set(kind, producer);
  }

  /**
   * The path of a stored file for `user`: 404 `文件不存在` unless they may read it now (the read rule of
   * `FilesService.readable`; checked again when the path is fetched). `name` defaults to the file's
   * real name.
   */
  async forFile(user: Principal, fileId: number, name?: string): Promise<string> {
    const file = await this.files.readableFile(user, fileId);
    return this.sign({ kind: STORED_FILE_KIND, fileId: file.id, userId: user.userId }, linkName(name ?? file.realName, `file-${file.id}`));
  }

  /**
   * The path of a stream the producer of `kind` writes when it is fetched, with `params` (small JSON
   * values: ids and flags, readable by whoever holds the path) and the rights of `user` then.
   */
  forStream(kind: string, params: Record<string, unknown>, user: Pick<Principal, 'userId'>, name: string): string {
    if (!this.producers.has(kind)) throw new Error(`file link kind "${kind}" has no producer`);
    return this.sign({ kind, params: JSON.parse(JSON.stringify(params)) as Record<string, unknown>, userId: user.userId }, linkName(name, 'download'));
  }

  private sign(claim: { kind: string; fileId?: number; params?: Record<string, unknown>; userId: number }, name: string, nowMs: number = Date.now()): string {
    const expires = Math.floor((nowMs + this.ttlMs) / 1000);
    return pathOf(signFileLink(this.key, { ...claim, expires }, name), name);
  }

  /**
   * `GET /files/<capability>/<name>`: what to send, for a capability that is authentic, unexpired,
   * bound to `name` and of a user still enabled; else 401 `DOWNLOAD_LINK_INVALID`. A stored file the
   * user may no longer read: 404.
   */
  async resolve(capability: unknown, name: unknown): Promise<FileLinkDelivery> {
    const claim = verifyFileLink(this.key, capability, name);
    const producer = claim && claim.kind !== STORED_FILE_KIND ? this.producers.get(claim.kind) : undefined;
    const found = claim && (claim.kind === STORED_FILE_KIND || producer) ? await this.principals.load(claim.userId) : undefined;
    if (!claim || !found?.enabled) throw DomainException.unauthorized(MSG_LINK_EXPIRED, DOWNLOAD_LINK_INVALID);
    const user: Principal = { ...found, sessionId: '' };
    const fileName = name as string;
    const mime = mimeOf(splitFileName(fileName).suffix);
    if (claim.kind === STORED_FILE_KIND) {
      const { file, stream } = await this.files.open(user, claim.fileId!);
      return { name: fileName, mime: file.mime, size: Number(file.size), stream };
    }
    const params = claim.params ?? {};
    return { name: fileName, mime, produce: (out) => producer!({ params, user, name: fileName, out }) };
  }
}
