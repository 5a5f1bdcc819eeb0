import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, type EntityManager, In, type SelectQueryBuilder } from 'typeorm';
import { deptWithDescendants } from '../../common/access/data-scope.js';
import { EXPORT_MAX_ROWS } from '../../common/http/export.js';
import { applyListQuery, likePattern } from '../../common/http/list-query.js';
import type { UserQuery } from './user.dto.js';
import { User } from './user.entity.js';

const SORT = { id: 'u.id', username: 'u.username', nickName: 'u.nickName', createTime: 'u.createTime', updateTime: 'u.updateTime', enabled: 'u.enabled' };

/**
 * Every query of the users module (`sys_user` and its role/job links, the login lockout's
 * `sys_login_attempt`); the e-mail change codes live in the kernel's ChallengeStore;
 * UsersService and LoginLockout hold the rules.
 */
@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(User);
  }

  /** The connection the kernel's granting helpers (`assertScopeWithin`) read departments through. */
  get reader(): DataSource {
    return this.db;
  }

  /** `{id, nickName}` of the users with these ids, in `em`'s transaction when given. */
  nickNames(ids: number[], em: EntityManager = this.db.manager): Promise<Array<Pick<User, 'id' | 'nickName'>>> {
    return em.find(User, { select: { id: true, nickName: true }, where: { id: In(ids) } });
  }

  /** The departments plus their enabled descendants (the list's dept filter). */
  deptsWithDescendants(deptIds: number[]): Promise<number[]> {
    return deptWithDescendants(this.db, deptIds);
  }

  /** `depts`: the visible departments (null = all); the caller answers an empty page for an empty list. */
  private filtered(depts: number[] | null, q: UserQuery): SelectQueryBuilder<User> {
    const qb = this.repo.createQueryBuilder('u').leftJoinAndSelect('u.dept', 'dept').leftJoinAndSelect('u.roles', 'roles').leftJoinAndSelect('u.jobs', 'jobs');
    if (depts) qb.andWhere('u.deptId IN (:...depts)', { depts });
    if (q.id) qb.andWhere('u.id = :id', { id: q.id });
    if (q.enabled !== undefined) qb.andWhere('u.enabled = :enabled', { enabled: q.enabled });
    if (q.createTime) qb.andWhere('u.createTime BETWEEN :from AND :to', { from: q.createTime[0], to: q.createTime[1] });
    if (q.blurry) {
      const like = likePattern(q.blurry);
      qb.andWhere(new Brackets((w) => w.where('u.username ILIKE :like', { like }).orWhere('u.nickName ILIKE :like').orWhere('u.email ILIKE :like')));
    }
    return qb;
  }

  /** A page of the filtered users (with dept, roles, jobs) and the total. */
  page(depts: number[] | null, q: UserQuery): Promise<[User[], number]> {
    return applyListQuery(this.filtered(depts, q), q, SORT).getManyAndCount();
  }

  /** The filtered users for the export, by id, at most EXPORT_MAX_ROWS. */
  exportRows(depts: number[] | null, q: UserQuery): Promise<User[]> {
    return this.filtered(depts, q).orderBy('u.id', 'ASC').take(EXPORT_MAX_ROWS).getMany();
  }

  /** The user with dept, roles and jobs, or null. */
  findFull(id: number): Promise<User | null> {
    return this.repo.findOne({ where: { id }, relations: { dept: true, roles: true, jobs: true } });
  }

  /** Enabled users with their dept, by id, at most 5000 (the pickers). */
  enabledWithDept(): Promise<User[]> {
    return this.repo.find({ where: { enabled: true }, relations: { dept: true }, order: { id: 'ASC' }, take: 5000 });
  }

  /** The users with these ids and their roles. */
  findWithRoles(ids: number[]): Promise<User[]> {
    return this.repo.find({ where: { id: In(ids) }, relations: { roles: true } });
  }

  /** The user of this username, any case. */
  findByUsernameIgnoringCase(username: string): Promise<User | null> {
    return this.repo.createQueryBuilder('u').where('lower(u.username) = lower(:n)', { n: username }).getOne();
  }

  /** Id, password hash and state of the user with this username (any case): the login lookup. */
  async credentials(username: string): Promise<{ id: number; password: string; enabled: boolean } | undefined> {
    const rows: Array<{ id: number; password: string; enabled: boolean }> = await this.db.query(
      'SELECT id, password, enabled FROM sys_user WHERE lower(username) = lower($1)',
      [username],
    );
    return rows[0];
  }

  /** Whether the user is enabled (undefined: no such user). */
  async enabled(userId: number): Promise<boolean | undefined> {
    const rows: Array<{ enabled: boolean }> = await this.db.query('SELECT enabled FROM sys_user WHERE id = $1', [userId]);
    return rows[0]?.enabled;
  }

  /** The user of this e-mail address, any case. */
  findByEmailIgnoringCase(email: string): Promise<User | null> {
    return this.repo.createQueryBuilder('u').where('lower(u.email) = lower(:e)', { e: email }).getOne();
  }

  insert(values: Partial<User>): Promise<User> {
    return this.repo.save(this.repo.create(values));
  }

  save(user: User): Promise<User> {
    return this.repo.save(user);
  }

  async update(id: number, values: Partial<Pick<User, 'nickName' | 'phone' | 'gender' | 'password' | 'pwdResetTime' | 'passwordChangeRequired' | 'email' | 'avatarName'>>): Promise<void> {
    await this.repo.update({ id }, values);
  }

  /** The accounts, in one transaction after `beforeDelete` (what other modules keep of them goes first). */
  async deleteAccounts(ids: number[], beforeDelete: (em: EntityManager) => Promise<void>): Promise<void> {
    await this.db.transaction(async (em) => {
      await beforeDelete(em);
      await em.delete(User, { id: In(ids) });
    });
  }

  /** New initial passwords (hashes) the users must change at the next login, in one transaction. */
  async resetPasswords(hashes: Array<{ id: number; password: string }>, now: Date): Promise<void> {
    await this.db.transaction(async (em) => {
      for (const h of hashes) {
        await em.update(User, { id: h.id }, { password: h.password, pwdResetTime: now, passwordChangeRequired: true });
      }
    });
  }

  /** The stored password hash (not selected by default), or undefined for an unknown user. */
  async passwordHash(userId: number): Promise<string | undefined> {
    const row = await this.repo.createQueryBuilder('u').addSelect('u.password').where('u.id = :id', { id: userId }).getOne();
    return row?.password;
  }

  /**
   * Counts one login attempt of the username (lowercased) in ONE upsert: a window older than `lockMs`
   * starts afresh at 1, else the count rises to at most `max + 1`. The count and the window's start.
   */
  async reserveAttempt(username: string, lockMs: number, max: number): Promise<{ failures: number; window_start: Date }> {
    const rows: Array<{ failures: number; window_start: Date }> = await this.db.query(
      `INSERT INTO sys_login_attempt AS a (username, failures, window_start) VALUES (lower($1), 1, now())
       ON CONFLICT (username) DO UPDATE SET
         failures = CASE WHEN a.window_start <= now() - $2::int * interval '1 millisecond' THEN 1 ELSE least(a.failures + 1, $3::int + 1) END,
         window_start = CASE WHEN a.window_start <= now() - $2::int * interval '1 millisecond' THEN now() ELSE a.window_start END
       RETURNING failures, window_start`,
      [username, lockMs, max],
    );
    return rows[0];
  }

  /** The username's attempts go (lowercased). */
  async clearAttempts(username: string): Promise<void> {
    await this.db.query('DELETE FROM sys_login_attempt WHERE username = lower($1)', [username]);
  }

  /** Windows that ended `lockMs` ago or more. */
  async purgeAttempts(lockMs: number): Promise<void> {
    await this.db.query(`DELETE FROM sys_login_attempt WHERE window_start <= now() - $1::int * interval '1 millisecond'`, [lockMs]);
  }
}
