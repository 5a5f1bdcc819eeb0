import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type StreamableFile } from '@nestjs/common';
import { packAbility, type PackedRules } from '../../common/access/ability.js';
import { verifyPassword } from '../../common/auth/password.js';
import type { Principal } from '../../common/auth/principal.js';
import { PrincipalService } from '../../common/auth/principal.service.js';
import { RsaService } from '../../common/auth/rsa.service.js';
import { SessionService } from '../../common/auth/session.service.js';
import { TokenService } from '../../common/auth/token.service.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { EXPORT_MAX_ROWS, xlsxFile } from '../../common/http/export.js';
import { ipAddress } from '../../common/http/ip-address.js';
import { likePattern, page, type Page } from '../../common/http/list-query.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { LoginLockout, type UserDto, UsersService } from '../users/index.js';
import type { HandoffDto, HandoffPurpose, LoginDto, OnlineSessionDto } from './auth.dto.js';
import { AccessKeysService } from './access-keys.service.js';
import { AuthRepository } from './auth.repository.js';
import { CaptchaService } from './captcha.service.js';

export interface ClientInfo {
  ip: string | null;
  browser: string | null;
}

const BAD_CREDENTIALS = '用户名或密码错误';


/** Seconds a handoff code lives. */
export const HANDOFF_SECONDS = 60;
export const HANDOFF_INVALID = '链接已失效，请从原页面重新打开';
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** `POST auth/login` (and key / CAS logins): the token, the user, and the `auth/info` fields. */
export interface LoginAnswer {
  token: string;
  user: UserDto;
  roles: string[];
  dataScopes: number[];
  /** The account has an initial password: the client must have it changed before anything else. */
  passwordChangeRequired: boolean;
  /** The caller's CASL rules, packed (see `packAbility`). */
  rules: PackedRules;
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly repo: AuthRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly captcha: CaptchaService,
    private readonly rsa: RsaService,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly principals: PrincipalService,
    private readonly users: UsersService,
    private readonly keys: AccessKeysService,
    private readonly lockout: LoginLockout,
  ) {}

  /**
   * Password login. Order: captcha (single use), password transport, then ONE atomic reservation of
   * an attempt for the username (429 once `LOGIN_MAX_FAILURES` are used up in the window: no further
   * password is checked, however many guesses arrive at once), then the check. Unknown user, wrong
   * password and disabled account answer the same 400 `用户名或密码错误` and all count as failures,
   * so neither the existence of a name nor the rightness of a disabled account's password shows.
   */
  async login(dto: LoginDto, client: ClientInfo): Promise<LoginAnswer> {
    const username = dto.username.trim();
    await this.captcha.verify(dto.uuid, dto.code);
    const password = this.rsa.decrypt(dto.password);
    await this.lockout.reserve(username);
    const user = await this.users.credentials(username);
    // Verify even for unknown users so timing does not reveal which usernames exist.
    const ok = await verifyPassword(user?.password ?? '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$Zm9vYmFyYmF6cXV4', password);
    if (!user || !ok || !user.enabled) throw DomainException.badRequest(BAD_CREDENTIALS, ErrorCode.BadCredentials);
    await this.lockout.clear(username);
    return this.startSession(user.id, dto.rememberMe ?? false, client);
  }

  /**
   * Key login: a personal access key instead of password and captcha (for scripts and other systems).
   * A disabled account's key says so (`账号已被禁用`): unlike a password, a 256-bit key cannot be
   * guessed, so the answer tells an attacker nothing while it tells a script's operator what to fix.
   */
  async keyLogin(key: string, client: ClientInfo): Promise<LoginAnswer> {
    const userId = await this.keys.resolve(key.trim());
    if (!(await this.users.isEnabled(userId))) throw DomainException.badRequest('账号已被禁用，请联系管理员', ErrorCode.AccountDisabled);
    return this.startSession(userId, false, client);
  }

  /**
   * `POST auth/handoff`: a one-time code for a page opened in a window of its own (`/pro/setManu`
   * takes it as `access_token`), so the login token never travels in an address. 256 random bits;
   * only the SHA-256 is stored; it lives HANDOFF_SECONDS and is used once.
   */
  async createHandoff(me: Principal, purpose: HandoffPurpose): Promise<HandoffDto> {
    const code = randomBytes(32).toString('base64url');
    await this.repo.createHandoff(sha256(code), me.userId, purpose, HANDOFF_SECONDS);
    return { code, expiresIn: HANDOFF_SECONDS };
  }

  /**
   * `POST auth/handoff/exchange`: a new session of the code's user (a session of its own, not the
   * minting one: logging out of one window leaves the other). An unknown, used, expired or
   * other-purpose code, or a disabled user, answers the same 401.
   */
  async exchangeHandoff(code: string, purpose: HandoffPurpose, client: ClientInfo): Promise<LoginAnswer> {
    const userId = await this.repo.useHandoff(sha256(code.trim()), purpose);
    if (userId === undefined || !(await this.users.isEnabled(userId))) throw DomainException.unauthorized(HANDOFF_INVALID);
    return this.startSession(userId, false, client);
  }

  /**
   * Opens a session. The answer carries what `auth/info` would answer (`roles` = permission codes,
   * `dataScopes`) beside the token and the user, so a client needs no second call after logging in.
   */
  private async startSession(userId: number, rememberMe: boolean, client: ClientInfo): Promise<LoginAnswer> {
    const [info, part] = await Promise.all([this.users.info(userId), this.principals.load(userId)]);
    const sid = await this.sessions.create(userId, rememberMe, client.ip, client.browser);
    await this.sessions.purgeExpired();
    return {
      token: this.tokens.sign(sid, userId, info.username),
      user: info,
      roles: part?.permissions ?? [],
      dataScopes: part?.dataScope ?? [],
      passwordChangeRequired: part?.passwordChangeRequired ?? false,
      rules: part ? packAbility(part.ability) : [],
    };
  }

  async info(principal: Principal): Promise<Omit<LoginAnswer, 'token'>> {
    return {
      user: await this.users.info(principal.userId),
      roles: principal.permissions,
      dataScopes: principal.dataScope ?? [],
      passwordChangeRequired: principal.passwordChangeRequired,
      rules: packAbility(principal.ability),
    };
  }

  async logout(principal: Principal | undefined): Promise<void> {
    if (principal) await this.sessions.revoke([principal.sessionId]);
  }

  /** `GET auth/online`: eladmin's OnlineUser fields (`key`, `uid`, `userName`, `nickName`, `dept`, `browser`, `ip`, `address`, `loginTime`) and more. */
  async online(me: Principal, username: string | undefined, pageNo: number, size: number): Promise<Page<OnlineSessionDto>> {
    const like = username ? likePattern(username) : null;
    const rows = await this.repo.onlineRows(like, size, pageNo * size);
    const total = rows[0]?.total ?? (pageNo > 0 ? await this.repo.countOnline(like) : 0);
    return page(rows.map(({ total: _t, ...r }) => ({ ...r, address: ipAddress(r.ip), current: r.key === me.sessionId })), total);
  }

  /** `GET auth/online/download`: the live sessions (same filter) as an xlsx. */
  async downloadOnline(username: string | undefined): Promise<StreamableFile> {
    const rows = await this.repo.onlineRows(username ? likePattern(username) : null, EXPORT_MAX_ROWS, 0);
    return xlsxFile('在线用户', [
      { header: '用户名', value: (r: (typeof rows)[number]) => r.userName },
      { header: '用户昵称', value: (r) => r.nickName },
      { header: '部门', value: (r) => r.dept },
      { header: '登录IP', value: (r) => r.ip, width: 18 },
      { header: '登录地点', value: (r) => ipAddress(r.ip), width: 24 },
      { header: '浏览器', value: (r) => r.browser, width: 40 },
      { header: '登录日期', value: (r) => r.loginTime, width: 20 },
      { header: '最后访问', value: (r) => r.lastAccessTime, width: 20 },
    ], rows);
  }

  /** Ends the sessions named by their keys (the body of `DELETE auth/online`). */
  async kick(keys: unknown): Promise<void> {
    if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string')) {
      throw DomainException.badRequest('请选择要强退的会话（key 数组）');
    }
    if (!keys.every((k: string) => /^[0-9a-f-]{36}$/i.test(k))) throw DomainException.badRequest('会话标识格式不正确');
    await this.sessions.revoke(keys as string[]);
  }

  // --- CAS 2.0 single sign-on -------------------------------------------------------------

  private casConfigured(): { server: string } {
    if (!this.config.casServerUrl) throw DomainException.notFound('未配置 CAS 单点登录（CAS_SERVER_URL）');
    return { server: this.config.casServerUrl.replace(/\/+$/, '') };
  }

  casLoginUrl(service: string): string {
    const { server } = this.casConfigured();
    return `${server}/login?service=${encodeURIComponent(service)}`;
  }

  /** Validates a service ticket with the CAS server and opens a session for the named local user. */
  async casLogin(ticket: string | undefined, service: string, client: ClientInfo): Promise<LoginAnswer> {
    const { server } = this.casConfigured();
    if (!ticket || !/^[\w.:-]{1,512}$/.test(ticket)) throw DomainException.badRequest('缺少或无效的 CAS 票据');
    let xml: string;
    try {
      const res = await fetch(`${server}/serviceValidate?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}`, { signal: AbortSignal.timeout(10_000) });
      xml = await res.text();
    } catch (e) {
      this.logger.warn(`CAS validation failed: ${String(e)}`);
      throw new DomainException(502, 'CAS 认证服务不可用，请稍后重试', ErrorCode.NotConfigured);
    }
    const username = /<cas:user>\s*([^<\s]+)\s*<\/cas:user>/.exec(xml)?.[1];
    if (!username || !/<cas:authenticationSuccess>/.test(xml)) throw DomainException.unauthorized('CAS 票据验证失败，请重新登录');
    const user = await this.users.credentials(username);
    if (!user) throw DomainException.forbidden(`CAS 用户 ${username} 未在本系统开通账号`);
    if (!user.enabled) throw DomainException.forbidden('账号已被禁用，请联系管理员', ErrorCode.AccountDisabled);
    return this.startSession(user.id, false, client);
  }
}
