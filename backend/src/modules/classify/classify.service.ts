import { Injectable, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ChangeFeed } from '../../common/database/change-feed.js';
import { RemovalHooks } from '../../common/database/removal-hooks.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { buildTree, type Tree } from '../menus/index.js';
import {
  type ClassifyFlatDto,
  type ClassifyNodeDto,
  type ClassifyUpdateDto,
  type ClassifyWriteDto,
  toClassifyFlatDto,
  toClassifyNodeDto,
} from './classify.dto.js';
import { CLASSIFY_ROOT_ID, NOISE_CODE } from './classify.entity.js';
import { ClassifyRepository } from './classify.repository.js';

/** Blank code → null (no code). */
/** The change-feed topic of the class tree; how long the tree is held at most. */
const CLASSIFY_TOPIC = 'classify';
const TREE_TTL_MS = 60_000;

const toCode = (code: string | null | undefined): string | null => (code == null || code.trim() === '' ? null : code.trim());

/** Sets leaf/hasChildren from the nested children. */
function markLeaves(nodes: Array<Tree<ClassifyNodeDto>>): ClassifyNodeDto[] {
  for (const n of nodes) {
    n.hasChildren = !!n.children?.length;
    n.leaf = !n.hasChildren;
    if (n.children) markLeaves(n.children);
  }
  return nodes;
}

/**
 * News classifications: a tree under the root '全部' (id 9999). The news module uses
 * `descendantIds`, `noiseId`, `leafIds` and `assertLeaves`.
 */
@Injectable()
export class ClassifyService {
  private noise?: number;
  private held?: { at: number; children: Map<number, number[]> };

  constructor(
    private readonly classes: ClassifyRepository,
    private readonly removal: RemovalHooks,
    @Optional() private readonly changes?: ChangeFeed,
  ) {
    changes?.on(CLASSIFY_TOPIC, () => (this.held = undefined));
  }

  /** The tree from the root (sorted by seq, then id); a node not matching `enabled` is left out with everything below it. */
  async tree(enabled?: boolean, withoutNoise = false): Promise<ClassifyNodeDto[]> {
    let rows = await this.classes.sorted(enabled);
    if (withoutNoise) rows = rows.filter((c) => c.code !== NOISE_CODE);
    const roots = buildTree(rows.map(toClassifyNodeDto)).filter((n) => n.id === CLASSIFY_ROOT_ID);
    return markLeaves(roots);
  }

  /** Every classification, flat, sorted by seq then id. */
  async findAll(): Promise<ClassifyFlatDto[]> {
    return (await this.classes.sorted()).map(toClassifyFlatDto);
  }

  /** The given ids that exist plus all their descendants. */
  async descendantIds(ids: number[], em?: EntityManager): Promise<number[]> {
    if (!ids.length) return [];
    const links = em ? undefined : await this.links();
    if (!links) return this.classes.descendantIds(ids, em);
    const found = new Set<number>();
    const stack = ids.filter((id) => links.has(id));
    while (stack.length) {
      const id = stack.pop()!;
      if (found.has(id)) continue;
      found.add(id);
      for (const child of links.get(id) ?? []) stack.push(child);
    }
    return [...found].sort((a, b) => a - b);
  }

  /**
   * Every class with its children, held in memory (issue 18: a filtered news list asked the database
   * for the descendants on every request). Read again after a write here, heard by every replica
   * through the change feed, and at least every TREE_TTL_MS (a class written some other way); not
   * held while the feed is down. Undefined: ask the database.
   */
  private async links(): Promise<Map<number, number[]> | undefined> {
    const feed = this.changes;
    if (!feed?.live) return undefined;
    if (this.held && Date.now() - this.held.at < TREE_TTL_MS) return this.held.children;
    const version = feed.version;
    const children = new Map<number, number[]>();
    for (const { id, pid } of await this.classes.parentLinks()) {
      if (!children.has(id)) children.set(id, []);
      if (pid == null) continue;
      const siblings = children.get(pid);
      if (siblings) siblings.push(id);
      else children.set(pid, [id]);
    }
    if (feed.live && feed.version === version) this.held = { at: Date.now(), children };
    return children;
  }

  /** Tells every replica that the tree changed (after the write committed). */
  private async changed(): Promise<void> {
    this.held = undefined;
    await this.changes?.publish(CLASSIFY_TOPIC, null);
  }

  /** id of the noise classification (code A5000). */
  async noiseId(): Promise<number> {
    if (this.noise === undefined) {
      const noise = await this.classes.findByCode(NOISE_CODE);
      if (!noise) throw new Error(`noise classification ${NOISE_CODE} is missing (migration NewsClassify not applied?)`);
      this.noise = noise.id;
    }
    return this.noise;
  }

  /** The given ids that exist and have no children (last-level classifications), in the given order. */
  async leafIds(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const leaves = new Set(await this.classes.leafIds(ids));
    return [...new Set(ids)].filter((id) => leaves.has(id));
  }

  /** 400 unless every id is an existing last-level classification. */
  async assertLeaves(ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const existing = await this.classes.countByIds(unique);
    if (existing !== unique.length) throw DomainException.badRequest('所选分类不存在或已被删除');
    if ((await this.leafIds(unique)).length !== unique.length) throw DomainException.badRequest('只能选择最末级分类');
  }

  private async assertUniqueCode(em: EntityManager, code: string | null, exceptId?: number): Promise<void> {
    if (code == null) return;
    const same = await this.classes.findByCode(code, em);
    if (same && same.id !== exceptId) throw DomainException.badRequest(`分类编码 ${code} 已存在`, ErrorCode.Duplicate);
  }

  /** Items are filed under last-level classes only (`assertLeaves`), so the noise class must stay a leaf. */
  private async assertNotUnderNoise(em: EntityManager, pid: number): Promise<void> {
    const parent = await this.classes.findById(pid, em);
    if (parent?.code === NOISE_CODE) throw DomainException.badRequest('噪音分类下不能有下级分类');
  }

  async create(dto: ClassifyWriteDto): Promise<ClassifyNodeDto> {
    const code = toCode(dto.code);
    const saved = await this.classes.transaction(async (em) => {
      await this.classes.lockTree(em);
      if (!(await this.classes.exists(dto.pid, em))) throw DomainException.badRequest('上级分类不存在');
      await this.assertNotUnderNoise(em, dto.pid);
      await this.assertUniqueCode(em, code);
      return this.classes.insert({ pid: dto.pid, name: dto.name, code, seq: dto.seq ?? 999, enabled: dto.enabled ?? true }, em);
    });
    await this.changed();
    return toClassifyNodeDto(saved);
  }

  async update(dto: ClassifyUpdateDto): Promise<void> {
    if (dto.id === CLASSIFY_ROOT_ID) throw DomainException.badRequest('根分类“全部”不能修改');
    if (dto.pid === dto.id) throw DomainException.badRequest('上级分类不能为自己');
    const code = toCode(dto.code);
    await this.classes.transaction(async (em) => {
      await this.classes.lockTree(em);
      const node = await this.classes.findById(dto.id, em);
      if (!node) throw DomainException.notFound(`分类不存在: id is ${dto.id}`);
      if (node.code === NOISE_CODE && code !== NOISE_CODE) throw DomainException.badRequest(`噪音分类的编码 ${NOISE_CODE} 不能修改`);
      // "set as noise" moves items here whatever the state; a disabled noise class would hide them from the drawer (spec §4 Noise)
      if (node.code === NOISE_CODE && dto.enabled === false) throw DomainException.badRequest('噪音分类不能停用');
      if (!(await this.classes.exists(dto.pid, em))) throw DomainException.badRequest('上级分类不存在');
      if ((await this.descendantIds([node.id], em)).includes(dto.pid)) throw DomainException.badRequest('上级分类不能为自己的下级分类');
      if (dto.pid !== node.pid) await this.assertNotUnderNoise(em, dto.pid);
      await this.assertUniqueCode(em, code, node.id);
      await this.classes.save(Object.assign(node, { pid: dto.pid, name: dto.name, code, seq: dto.seq ?? node.seq, enabled: dto.enabled ?? node.enabled }), em);
    });
    await this.changed();
  }

  /**
   * Deletes the classifications and all their descendants; never the root or the noise class. The
   * modules that file records under classes veto a removal in the same transaction (RemovalHooks
   * step `news_classify`: the news module refuses while items are filed under one of them).
   */
  async delete(ids: number[]): Promise<void> {
    if (ids.includes(CLASSIFY_ROOT_ID)) throw DomainException.badRequest('根分类“全部”不能删除');
    await this.classes.transaction(async (em) => {
      await this.classes.lockTree(em);
      const found = await this.classes.findByIds(ids, em);
      if (!found.length) throw DomainException.notFound('所选分类不存在或已被删除');
      const all = await this.descendantIds(found.map((c) => c.id), em);
      const noise = await this.classes.findByCode(NOISE_CODE, em);
      if (noise && all.includes(noise.id)) throw DomainException.badRequest('噪音分类不能删除');
      await this.removal.run('news_classify', em, all);
      await this.classes.delete(all, em);
    });
    await this.changed();
  }
}
