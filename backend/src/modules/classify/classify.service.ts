import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
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
import { CLASSIFY_ROOT_ID, NewsClassify, NOISE_CODE } from './classify.entity.js';

/** Blank code → null (no code). */
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

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(NewsClassify);
  }

  private sorted(enabled?: boolean): Promise<NewsClassify[]> {
    const qb = this.repo.createQueryBuilder('c').orderBy('c.seq', 'ASC').addOrderBy('c.id', 'ASC');
    // The root is always there, whatever the filter: the drawer hangs everything under it.
    if (enabled !== undefined) qb.where('(c.enabled = :enabled OR c.id = :root)', { enabled, root: CLASSIFY_ROOT_ID });
    return qb.getMany();
  }

  /** The tree from the root (sorted by seq, then id); a node not matching `enabled` is left out with everything below it. */
  async tree(enabled?: boolean, withoutNoise = false): Promise<ClassifyNodeDto[]> {
    let rows = await this.sorted(enabled);
    if (withoutNoise) rows = rows.filter((c) => c.code !== NOISE_CODE);
    const roots = buildTree(rows.map(toClassifyNodeDto)).filter((n) => n.id === CLASSIFY_ROOT_ID);
    return markLeaves(roots);
  }

  /** Every classification, flat, sorted by seq then id. */
  async findAll(): Promise<ClassifyFlatDto[]> {
    return (await this.sorted()).map(toClassifyFlatDto);
  }

  /** The given ids that exist plus all their descendants. */
  async descendantIds(ids: number[], em: DataSource | EntityManager = this.db): Promise<number[]> {
    if (!ids.length) return [];
    const rows: Array<{ id: number }> = await em.query(
      `WITH RECURSIVE down AS (
         SELECT id FROM news_classify WHERE id = ANY($1::int[])
         UNION
         SELECT c.id FROM news_classify c JOIN down ON c.pid = down.id
       )
       SELECT id FROM down ORDER BY id`,
      [ids],
    );
    return rows.map((r) => r.id);
  }

  /** id of the noise classification (code A5000). */
  async noiseId(): Promise<number> {
    if (this.noise === undefined) {
      const noise = await this.repo.findOneBy({ code: NOISE_CODE });
      if (!noise) throw new Error(`noise classification ${NOISE_CODE} is missing (migration NewsClassify not applied?)`);
      this.noise = noise.id;
    }
    return this.noise;
  }

  /** The given ids that exist and have no children (last-level classifications), in the given order. */
  async leafIds(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows: Array<{ id: number }> = await this.db.query(
      'SELECT c.id FROM news_classify c WHERE c.id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM news_classify k WHERE k.pid = c.id)',
      [ids],
    );
    const leaves = new Set(rows.map((r) => r.id));
    return [...new Set(ids)].filter((id) => leaves.has(id));
  }

  /** 400 unless every id is an existing last-level classification. */
  async assertLeaves(ids: number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const existing = await this.repo.countBy({ id: In(unique) });
    if (existing !== unique.length) throw DomainException.badRequest('所选分类不存在或已被删除');
    if ((await this.leafIds(unique)).length !== unique.length) throw DomainException.badRequest('只能选择最末级分类');
  }

  private async assertUniqueCode(em: EntityManager, code: string | null, exceptId?: number): Promise<void> {
    if (code == null) return;
    const same = await em.findOneBy(NewsClassify, { code });
    if (same && same.id !== exceptId) throw DomainException.badRequest(`分类编码 ${code} 已存在`, ErrorCode.Duplicate);
  }

  async create(dto: ClassifyWriteDto): Promise<ClassifyNodeDto> {
    const code = toCode(dto.code);
    const saved = await this.db.transaction(async (em) => {
      if (!(await em.existsBy(NewsClassify, { id: dto.pid }))) throw DomainException.badRequest('上级分类不存在');
      await this.assertUniqueCode(em, code);
      return em.save(em.create(NewsClassify, { pid: dto.pid, name: dto.name, code, seq: dto.seq ?? 999, enabled: dto.enabled ?? true }));
    });
    return toClassifyNodeDto(saved);
  }

  async update(dto: ClassifyUpdateDto): Promise<void> {
    if (dto.id === CLASSIFY_ROOT_ID) throw DomainException.badRequest('根分类“全部”不能修改');
    if (dto.pid === dto.id) throw DomainException.badRequest('上级分类不能为自己');
    const code = toCode(dto.code);
    await this.db.transaction(async (em) => {
      const node = await em.findOneBy(NewsClassify, { id: dto.id });
      if (!node) throw DomainException.notFound(`分类不存在: id is ${dto.id}`);
      if (node.code === NOISE_CODE && code !== NOISE_CODE) throw DomainException.badRequest(`噪音分类的编码 ${NOISE_CODE} 不能修改`);
      if (!(await em.existsBy(NewsClassify, { id: dto.pid }))) throw DomainException.badRequest('上级分类不存在');
      if ((await this.descendantIds([node.id], em)).includes(dto.pid)) throw DomainException.badRequest('上级分类不能为自己的下级分类');
      await this.assertUniqueCode(em, code, node.id);
      await em.save(Object.assign(node, { pid: dto.pid, name: dto.name, code, seq: dto.seq ?? node.seq, enabled: dto.enabled ?? node.enabled }));
    });
  }

  /** Deletes the classifications and all their descendants; never the root or the noise class. */
  async delete(ids: number[]): Promise<void> {
    if (ids.includes(CLASSIFY_ROOT_ID)) throw DomainException.badRequest('根分类“全部”不能删除');
    await this.db.transaction(async (em) => {
      const found = await em.findBy(NewsClassify, { id: In(ids) });
      if (!found.length) throw DomainException.notFound('所选分类不存在或已被删除');
      const all = await this.descendantIds(found.map((c) => c.id), em);
      const noise = await em.findOneBy(NewsClassify, { code: NOISE_CODE });
      if (noise && all.includes(noise.id)) throw DomainException.badRequest('噪音分类不能删除');
      await em.delete(NewsClassify, { id: In(all) });
    });
  }
}
