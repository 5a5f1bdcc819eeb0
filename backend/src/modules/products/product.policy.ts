import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { hasAnyPermission, type Principal } from '../../common/auth/principal.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import { isIntId, parseIdCsv } from '../../common/http/id-list.js';

/** 403 of a write on a product's journals (or workbench) by someone who does not own the product. */
export const PRODUCT_NOT_OWNED = '没有权限操作该产品的期刊';
/** `code` of that 403. */
export const PRODUCT_NOT_OWNED_CODE = 'PRODUCT_NOT_OWNED';

/** What the ownership rule reads of a product. */
export interface OwnedProduct {
  deptId: number;
  editorIds: string | null;
}

/** What the ownership rule reads of the caller. */
export type ProductActor = Pick<Principal, 'userId' | 'isAdmin' | 'permissions'>;

/**
 * THE rule of who works on a product's journals (docs/production-api.md "Who may write a product's
 * journals"): an administrator, one of the product's chief editors (`editorIds`), or a member of the
 * product's unit — the caller's department is the unit or one of its descendants. `callerDepts` is
 * the caller's department followed by its ancestors (empty without a department).
 */
export function ownsProduct(actor: ProductActor, product: OwnedProduct, callerDepts: readonly number[]): boolean {
  if (hasAnyPermission(actor, [])) return true;
  if (parseIdCsv(product.editorIds).includes(actor.userId)) return true;
  return callerDepts.includes(product.deptId);
}

/**
 * Record-level rule for the writes on a product's journals (and, next, its workbench): the
 * permission decorator says WHAT a user may do, this says ON WHICH products. Reads keep the
 * permission rule alone.
 */
@Injectable()
export class ProductPolicy {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The caller's department and its ancestors (walking `pid` up; a cycle ends the walk). */
  private async deptChain(deptId: number | null, em: DataSource | EntityManager): Promise<number[]> {
    if (deptId == null) return [];
    const rows: Array<{ id: number }> = await em.query(
      `WITH RECURSIVE up AS (
         SELECT id, pid FROM sys_dept WHERE id = $1
         UNION
         SELECT d.id, d.pid FROM sys_dept d JOIN up ON d.id = up.pid
       ) SELECT id FROM up`,
      [deptId],
    );
    return rows.map((r) => r.id);
  }

  /** Whether the caller may write the product's journals (an unknown product: false). */
  async canEditProduct(principal: Principal, productId: number, em: DataSource | EntityManager = this.db): Promise<boolean> {
    if (hasAnyPermission(principal, [])) return true;
    return (await this.notOwned(principal, [productId], em)).length === 0;
  }

  /** 403 `没有权限操作该产品的期刊` unless the caller owns every one of these products (unknown ids are not owned). */
  async assertCanEditProducts(principal: Principal, productIds: readonly number[], em: DataSource | EntityManager = this.db): Promise<void> {
    if (hasAnyPermission(principal, [])) return;
    if ((await this.notOwned(principal, productIds, em)).length) throw DomainException.forbidden(PRODUCT_NOT_OWNED, PRODUCT_NOT_OWNED_CODE);
  }

  /** The ids among `productIds` the caller does not own. */
  private async notOwned(principal: Principal, productIds: readonly number[], em: DataSource | EntityManager): Promise<number[]> {
    const ids = [...new Set(productIds)];
    if (!ids.length) return [];
    const wanted = ids.filter(isIntId);
    // one after the other: inside a transaction both run on the same connection
    const rows: Array<OwnedProduct & { id: number }> = wanted.length
      ? await em.query('SELECT id, dept_id AS "deptId", editor_ids AS "editorIds" FROM product_setting WHERE id = ANY($1::int[])', [wanted])
      : [];
    const chain = await this.deptChain(principal.deptId, em);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.filter((id) => {
      const product = byId.get(id);
      return !product || !ownsProduct(principal, product, chain);
    });
  }
}
