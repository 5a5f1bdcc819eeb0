import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isAdministrator, record } from '../../common/access/ability.js';
import { assertHoldsPermissions, assertNotAdminTarget, assertScopeWithin, OWN_ROLES_MESSAGE, RESET_MISSING_PREFIX } from '../../common/access/grant.js';
import { assertLevel } from '../../common/access/level.js';
import { generatePassword, hashPassword, verifyPassword } from '../../common/auth/password.js';
import type { Principal } from '../../common/auth/principal.js';
import { PrincipalService } from '../../common/auth/principal.service.js';
import { RsaService } from '../../common/auth/rsa.service.js';
import { SessionService } from '../../common/auth/session.service.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { xlsxFile } from '../../common/http/export.js';
import { page, type Page } from '../../common/http/list-query.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DeptService, SCOPED_DEPT } from '../dept/index.js';
import { JobsService } from '../jobs/index.js';
import { type RoleRow, RolesService } from '../roles/index.js';
import { ChallengeStore } from '../../common/auth/challenge.store.js';
import { RemovalHooks } from '../../common/database/removal-hooks.js';
import { LoginLockout } from './login-lockout.service.js';
import { type CenterDto, type CreatedUserDto, type ResetPasswordDto, toUserDto, type UpdateEmailDto, type UpdatePassDto, type UserDto, type UserQuery, type UserUpdateDto, type UserWriteDto } from './user.dto.js';
import type { User } from './user.entity.js';
import { UsersRepository } from './users.repository.js';
const IMAGE_TYPES: Array<[ext: string, magic: (b: Buffer) => boolean]> = [
  ['png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['jpg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['gif', (b) => b.subarray(0, 6).toString('ascii') === 'GIF87a' || b.subarray(0, 6).toString('ascii') === 'GIF89a'],
];

/** Key of an e-mail change code: the user and (a digest of) the address it was sent to. */
export function emailCodeKey(userId: number, email: string): string {
  return `email:${userId}:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rsa: RsaService,
    private readonly sessions: SessionService,
    private readonly principals: PrincipalService,
    private readonly lockout: LoginLockout,
    private readonly challenges: ChallengeStore,
    private readonly removal: RemovalHooks,
    private readonly roleRecords: RolesService,
    private readonly jobRecords: JobsService,
    private readonly deptRecords: DeptService,
  ) {}

  /**
   * Dept ids the list may show: the dept filter (with enabled descendants) intersected with the data
   * scope. The scope is a filter of the list query, so it is read from the principal, not asked per row.
   */
  private async visibleDepts(principal: Principal, deptId?: number): Promise<number[] | null> {
    const filter = deptId ? await this.users.deptsWithDescendants([deptId]) : null;
    const scope = principal.dataScope;
    if (filter && scope) return filter.filter((id) => scope.includes(id));
    return filter ?? scope;
  }

  async list(principal: Principal, q: UserQuery): Promise<Page<UserDto>> {
    const depts = await this.visibleDepts(principal, q.deptId);
    if (depts && depts.length === 0) return page([], 0);
    const [rows, total] = await this.users.page(depts, q);
    return page(rows.map(toUserDto), total);
  }

  async download(principal: Principal, q: UserQuery) {
    const depts = await this.visibleDepts(principal, q.deptId);
    const rows = depts && depts.length === 0 ? [] : await this.users.exportRows(depts, q);
    return xlsxFile('用户数据', [
      { header: '用户名', value: (u: User) => u.username },
      { header: '昵称', value: (u) => u.nickName },
      { header: '角色', value: (u) => u.roles.map((r) => r.name).join(', ') },
      { header: '部门', value: (u) => u.dept?.name },
      { header: '岗位', value: (u) => u.jobs.map((j) => j.name).join(', ') },
      { header: '邮箱', value: (u) => u.email },
      { header: '状态', value: (u) => (u.enabled ? '启用' : '禁用') },
      { header: '手机号码', value: (u) => u.phone },
      { header: '修改密码的时间', value: (u) => u.pwdResetTime, width: 20 },
      { header: '创建日期', value: (u) => u.createTime, width: 20 },
    ], rows);
  }

  /** Id, password hash and state of the account with this username (any case), for the login checks of the auth module. */
  credentials(username: string): Promise<{ id: number; password: string; enabled: boolean } | undefined> {
    return this.users.credentials(username);
  }

  /** Whether the account is enabled (undefined: no such account). */
  isEnabled(userId: number): Promise<boolean | undefined> {
    return this.users.enabled(userId);
  }

  async findOne(id: number): Promise<User> {
    const user = await this.users.findFull(id);
    if (!user) throw DomainException.notFound(`用户不存在: id is ${id}`);
    return user;
  }

  async info(id: number): Promise<UserDto> {
    return toUserDto(await this.findOne(id));
  }

  /** Active users for pickers (share, reviewer, supplier). */
  /** `{id, nickName}` of the users with these ids (those that exist), in `em`'s transaction when given, for other modules. */
  nickNames(ids: number[], em?: EntityManager): Promise<Array<{ id: number; nickName: string }>> {
    return this.users.nickNames(ids, em);
  }

  async selectUser(): Promise<Array<{ id: number; username: string; nickName: string; dept: { id: number; name: string } | null }>> {
    const users = await this.users.enabledWithDept();
    return users.map((u) => ({ id: u.id, username: u.username, nickName: u.nickName, dept: u.dept ? { id: u.dept.id, name: u.dept.name } : null }));
  }

  private async resolveRelations(dto: UserWriteDto) {
    const roleIds = [...new Set(dto.roles.map((r) => r.id))];
    const roles = roleIds.length ? await this.roleRecords.findByIds(roleIds) : [];
    if (roles.length !== roleIds.length) throw DomainException.badRequest('所选角色不存在');
    const jobIds = [...new Set((dto.jobs ?? []).map((j) => j.id))];
    const jobs = jobIds.length ? await this.jobRecords.findByIds(jobIds) : [];
    if (jobs.length !== jobIds.length) throw DomainException.badRequest('所选岗位不存在');
    const dept = dto.dept?.id ? await this.deptRecords.findById(dto.dept.id) : null;
    if (dto.dept?.id && !dept) throw DomainException.badRequest('所选部门不存在');
    return { roles, jobs, dept };
  }

  /**
   * Giving roles: the caller must hold every permission the roles' menus carry (admin menus:
   * administrators only) and see every department of their data scope (全部: only a caller who sees all).
   */
  private async assertCanGive(principal: Principal, roles: RoleRow[]): Promise<void> {
    if (isAdministrator(principal.ability) || !roles.length) return;
    const full = await this.roleRecords.findByIds(roles.map((r) => r.id), { menus: true, depts: true });
    assertHoldsPermissions(principal, full.flatMap((r) => r.menus.map((m) => m.permission)));
    for (const role of full) await assertScopeWithin(this.users.reader, principal, { dataScope: role.dataScope, deptIds: role.depts.map((d) => d.id) });
  }

  /** The user's department must lie in the caller's data scope (dept.policy.ts; no department: unrestricted callers only). */
  private assertInScope(principal: Principal, deptId: number | null | undefined): void {
    if (!principal.ability.can('manage', record(SCOPED_DEPT, { deptId: deptId ?? null }))) {
      throw DomainException.forbidden('不能操作数据权限范围以外部门的用户');
    }
  }

  private async assertUnique(dto: { username: string; email?: string | null }, exceptId?: number): Promise<void> {
    const sameName = await this.users.findByUsernameIgnoringCase(dto.username);
    if (sameName && sameName.id !== exceptId) throw DomainException.badRequest(`用户名 ${dto.username} 已存在`, ErrorCode.Duplicate);
    if (dto.email) {
      const sameMail = await this.users.findByEmailIgnoringCase(dto.email);
      if (sameMail && sameMail.id !== exceptId) throw DomainException.badRequest(`邮箱 ${dto.email} 已被使用`, ErrorCode.Duplicate);
    }
  }

  /** The initial password of a new or reset account: DEFAULT_USER_PASSWORD when set, else a random one per account. */
  private initialPassword(): string {
    return this.config.defaultUserPassword ?? generatePassword();
  }

  /**
   * Creates the account with an initial password the user must change at the first login; the answer
   * carries it (`initialPassword`) this once — it is stored only as a hash.
   */
  async create(principal: Principal, dto: UserWriteDto): Promise<CreatedUserDto> {
    const { roles, jobs, dept } = await this.resolveRelations(dto);
    assertLevel(principal, ...roles.map((r) => r.level));
    this.assertInScope(principal, dept?.id);
    await this.assertCanGive(principal, roles);
    await this.assertUnique(dto);
    const initialPassword = this.initialPassword();
    const saved = await this.users.insert({
      username: dto.username,
      nickName: dto.nickName,
      email: dto.email || null,
      phone: dto.phone || null,
      gender: dto.gender || null,
      enabled: dto.enabled,
      dept,
      roles,
      jobs,
      password: await hashPassword(initialPassword),
      passwordChangeRequired: true,
    });
    return { ...(await this.info(saved.id)), initialPassword };
  }

  async update(principal: Principal, dto: UserUpdateDto): Promise<void> {
    const user = await this.findOne(dto.id);
    const { roles, jobs, dept } = await this.resolveRelations(dto);
    const held = new Set(user.roles.map((r) => r.id));
    const added = roles.filter((r) => !held.has(r.id));
    // Nobody changes their own roles, administrators included (the other fields of oneself stay editable).
    if (user.id === principal.userId && (added.length || roles.length !== held.size)) throw DomainException.forbidden(OWN_ROLES_MESSAGE, ErrorCode.Forbidden);
    assertLevel(principal, ...user.roles.map((r) => r.level), ...roles.map((r) => r.level));
    this.assertInScope(principal, user.deptId);
    this.assertInScope(principal, dept?.id);
    assertNotAdminTarget(principal, user);
    if (user.id === principal.userId && !dto.enabled) throw DomainException.badRequest('不能禁用当前登录的账号');
    await this.assertCanGive(principal, added);
    await this.assertUnique(dto, user.id);
    Object.assign(user, { username: dto.username, nickName: dto.nickName, email: dto.email || null, phone: dto.phone || null, gender: dto.gender || null, enabled: dto.enabled, dept, roles, jobs });
    await this.users.save(user);
    if (!dto.enabled) await this.sessions.revokeUser([user.id]);
    await this.principals.invalidate();
  }

  async delete(principal: Principal, ids: number[]): Promise<void> {
    if (ids.includes(principal.userId)) throw DomainException.badRequest('不能删除当前登录的账号');
    const users = await this.users.findWithRoles(ids);
    if (users.length !== ids.length) throw DomainException.notFound('所选用户不存在或已被删除');
    for (const u of users) {
      assertLevel(principal, ...u.roles.map((r) => r.level));
      this.assertInScope(principal, u.deptId);
      assertNotAdminTarget(principal, u);
    }
    await this.sessions.revokeUser(ids);
    await this.users.deleteAccounts(ids, (em) => this.removal.run('sys_user', em, ids));
    await this.principals.invalidate();
  }

  /**
   * Gives each account a new initial password (its own random one unless DEFAULT_USER_PASSWORD is
   * set), ends their other sessions and makes them change it at the next login. The answer lists the
   * passwords this once, in the order of the ids.
   */
  async resetPassword(principal: Principal, ids: number[]): Promise<ResetPasswordDto[]> {
    const users = await this.users.findWithRoles(ids);
    if (users.length !== ids.length) throw DomainException.notFound('所选用户不存在或已被删除');
    for (const u of users) {
      assertLevel(principal, ...u.roles.map((r) => r.level));
      this.assertInScope(principal, u.deptId);
      assertNotAdminTarget(principal, u);
    }
    // Whoever knows an account's password can use its permissions: a reset must not hand the caller
    // more than they hold (a peer of the same level with other permissions stays out of reach).
    const roleIds = [...new Set(users.flatMap((u) => u.roles.map((r) => r.id)))];
    if (!isAdministrator(principal.ability) && roleIds.length) {
      const full = await this.roleRecords.findByIds(roleIds, { menus: true });
      assertHoldsPermissions(principal, full.flatMap((r) => r.menus.map((m) => m.permission)), RESET_MISSING_PREFIX);
    }
    const byId = new Map(users.map((u) => [u.id, u]));
    const answers = ids.map((id) => ({ id, username: byId.get(id)!.username, initialPassword: this.initialPassword() }));
    const hashes = await Promise.all(answers.map((a) => hashPassword(a.initialPassword)));
    const now = new Date();
    await this.users.resetPasswords(answers.map((a, i) => ({ id: a.id, password: hashes[i] })), now);
    await this.sessions.revokeUser(ids, principal.sessionId);
    await this.principals.invalidate();
    return answers;
  }

  async updateCenter(principal: Principal, dto: CenterDto): Promise<void> {
    if (dto.id !== principal.userId) throw DomainException.forbidden('不能修改他人资料');
    await this.users.update(principal.userId, { nickName: dto.nickName, phone: dto.phone || null, gender: dto.gender || null });
  }

  private async passwordHash(userId: number): Promise<string> {
    const hash = await this.users.passwordHash(userId);
    if (hash === undefined) throw DomainException.notFound('用户不存在');
    return hash;
  }

  /**
   * Checks the caller's current password under the login lockout of their username: a session
   * (stolen, or left open) cannot be used to guess the password without limit.
   */
  private async checkOwnPassword(principal: Principal, password: string, message: string): Promise<void> {
    await this.lockout.reserve(principal.username, '密码错误');
    if (!(await verifyPassword(await this.passwordHash(principal.userId), password))) throw DomainException.badRequest(message);
    await this.lockout.clear(principal.username);
  }

  async updatePassword(principal: Principal, dto: UpdatePassDto): Promise<void> {
    const oldPass = this.rsa.decrypt(dto.oldPass, '旧密码');
    const newPass = this.rsa.decrypt(dto.newPass, '新密码');
    if (newPass.length < 6 || newPass.length > 64) throw DomainException.badRequest('新密码长度应为 6 到 64 个字符');
    await this.checkOwnPassword(principal, oldPass, '修改失败，旧密码错误');
    if (oldPass === newPass) throw DomainException.badRequest('新密码不能与旧密码相同');
    await this.users.update(principal.userId, { password: await hashPassword(newPass), pwdResetTime: new Date(), passwordChangeRequired: false });
    await this.sessions.revokeUser([principal.userId], principal.sessionId);
    await this.principals.invalidate();
  }

  /** Sends a 6-digit code for changing the e-mail address (5 minutes). Without a mail server the code goes to the server log. */
  async sendEmailCode(principal: Principal, email: string): Promise<void> {
    const code = String(randomBytes(4).readUInt32BE() % 1_000_000).padStart(6, '0');
    // One live code per user, bound to the address it was sent to.
    await this.challenges.put(emailCodeKey(principal.userId, email), code, new Date(Date.now() + 5 * 60_000), `email:${principal.userId}:`);
    this.logger.log(`E-mail verification code for ${principal.username} <${email}>: ${code} (no mail server configured)`);
  }

  async updateEmail(principal: Principal, code: string, dto: UpdateEmailDto): Promise<void> {
    const password = this.rsa.decrypt(dto.password);
    await this.checkOwnPassword(principal, password, '密码错误');
    const taken = await this.challenges.take(emailCodeKey(principal.userId, dto.email));
    if (!taken || taken.expiresAt.getTime() <= Date.now() || taken.answer !== code) throw DomainException.badRequest('无效验证码');
    await this.assertUnique({ username: principal.username, email: dto.email }, principal.userId);
    await this.users.update(principal.userId, { email: dto.email });
  }

  /** Avatar: png/jpg/gif checked by content, at most AVATAR_MAX_MB; stored under DATA_DIR/avatars with a random name. */
  async updateAvatar(principal: Principal, file: { buffer: Buffer; size: number } | undefined): Promise<{ avatar: string }> {
    if (!file?.buffer?.length) throw DomainException.badRequest('请选择要上传的头像图片');
    if (file.size > this.config.avatarMaxBytes) throw new DomainException(413, `头像大小不能超过 ${this.config.avatarMaxBytes / 1024 / 1024}MB`, ErrorCode.TooLarge);
    const type = IMAGE_TYPES.find(([, magic]) => magic(file.buffer));
    if (!type) throw DomainException.badRequest('头像只能是 png、jpg 或 gif 图片');
    const name = `avatar-${principal.userId}-${randomBytes(8).toString('hex')}.${type[0]}`;
    const dir = join(this.config.dataDir, 'avatars');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, name), file.buffer);
    await this.users.update(principal.userId, { avatarName: name });
    return { avatar: name };
  }

  /** Path of a stored avatar; 404 for a malformed or unknown name. */
  avatarPath(name: string): string {
    const path = join(this.config.dataDir, 'avatars', name);
    if (!/^avatar-\d+-[0-9a-f]{16}\.(png|jpg|gif)$/.test(name) || !existsSync(path)) throw DomainException.notFound('头像不存在');
    return path;
  }

  async userJobs(userId: number): Promise<Array<{ id: number; name: string; jobSort: number; enabled: boolean }>> {
    const user = await this.findOne(userId);
    return user.jobs.map((j) => ({ id: j.id, name: j.name, jobSort: j.jobSort, enabled: j.enabled }));
  }

  async updateUserJobs(principal: Principal, jobIds: number[]): Promise<void> {
    const user = await this.findOne(principal.userId);
    const ids = [...new Set(jobIds)];
    const jobs = ids.length ? await this.jobRecords.findByIds(ids) : [];
    if (jobs.length !== ids.length) throw DomainException.badRequest('所选岗位不存在');
    user.jobs = jobs;
    await this.users.save(user);
  }
}
