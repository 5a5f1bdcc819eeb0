import { createHash, randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { RemovalHooks } from '../../common/database/removal-hooks.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import type { AccessKey } from './auth.entities.js';
import { AuthRepository } from './auth.repository.js';
import type { AccessKeyCreateDto, AccessKeyDto } from './auth.dto.js';

const MAX_KEYS_PER_USER = 20;
const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

const toDto = (k: AccessKey): AccessKeyDto => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  expiresAt: k.expiresAt,
  lastUsedTime: k.lastUsedTime,
  createTime: k.createTime,
});

/**
 * Personal access keys for key login (`POST auth/keyLogin`): scripts and other systems log in as a
 * user without the captcha. The key is shown once; only its SHA-256 is stored.
 */
@Injectable()
export class AccessKeysService implements OnModuleInit {
  constructor(
    private readonly repo: AuthRepository,
    private readonly removal: RemovalHooks,
  ) {}

  /** A deleted account's keys go with it, in the users module's delete transaction. */
  onModuleInit(): void {
    this.removal.register('sys_user', (em, userIds) => this.repo.deleteKeysOfUsers(em, userIds as number[]));
  }

  async list(me: Principal): Promise<AccessKeyDto[]> {
    return (await this.repo.keysOf(me.userId)).map(toDto);
  }

  async create(me: Principal, dto: AccessKeyCreateDto): Promise<AccessKeyDto & { key: string }> {
    if ((await this.repo.countKeys(me.userId)) >= MAX_KEYS_PER_USER) {
      throw DomainException.badRequest(`每个用户最多 ${MAX_KEYS_PER_USER} 个访问密钥，请先删除不用的密钥`);
    }
    const key = `hzk_${randomBytes(32).toString('base64url')}`;
    const saved = await this.repo.insertKey({
      userId: me.userId,
      name: dto.name,
      prefix: key.slice(0, 12),
      keyHash: hashKey(key),
      expiresAt: dto.expiresDays ? new Date(Date.now() + dto.expiresDays * 86_400_000) : null,
    });
    return { ...toDto(saved), key };
  }

  async delete(me: Principal, ids: number[]): Promise<void> {
    if (!(await this.repo.deleteKeys(me.userId, ids))) throw DomainException.notFound('访问密钥不存在或已被删除');
  }

  /** The user a valid, unexpired key belongs to (and records its use); 400 otherwise. */
  async resolve(key: string): Promise<number> {
    const userId = await this.repo.useKey(hashKey(key));
    if (userId === undefined) throw DomainException.badRequest('访问密钥无效或已过期', ErrorCode.BadCredentials);
    return userId;
  }
}
