import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { type AppAbility, isAdministrator, type PolicyRules, record } from '../../common/access/ability.js';
import type { Principal } from '../../common/auth/principal.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import { isIntId, parseIdCsv } from '../../common/http/id-list.js';
import { ProductsRepository } from './products.repository.js';

/** 403 of a write on a product's journals (or workbench) by someone who does not own the product. */
export const PRODUCT_NOT_OWNED = '没有权限操作该产品的期刊';
/** `code` of that 403. */
export const PRODUCT_NOT_OWNED_CODE = 'PRODUCT_NOT_OWNED';

/** What the ownership rule reads of a product. */
export interface OwnedProduct {
  deptId: number;
  editorIds: string | null;
}

/** CASL subject of a product whose journals are written (`record(PRODUCT, { deptId, editorIds: number[] })`). */
export const PRODUCT = 'Product';

/**
 * THE rule of who works on a product's journals (docs/production-api.md "Who may write a product's
 * journals"): an administrator (`manage all`), one of the product's chief editors (`editorIds`), or a
 * member of the product's unit — the caller's department is the unit or one of its descendants, i.e.
 * the unit is on the caller's department chain.
 */
export const productPolicy: PolicyRules = ({ can }, user) => {
  can('edit', PRODUCT, { editorIds: user.userId });
  if (user.deptChain.length) can('edit', PRODUCT, { deptId: { $in: [...user.deptChain] } });
};

/** Whether the ability may write the product's journals. */
export function ownsProduct(ability: AppAbility, product: OwnedProduct): boolean {
  return ability.can('edit', record(PRODUCT, { deptId: product.deptId, editorIds: parseIdCsv(product.editorIds) }));
}

/**
 * Record-level rule for the writes on a product's journals (and, next, its workbench): the
 * permission decorator says WHAT a user may do, this says ON WHICH products. Reads keep the
 * permission rule alone.
 */
@Injectable()
export class ProductPolicy {
  constructor(private readonly products: ProductsRepository) {}

  /** Whether the caller may write the product's journals (an unknown product: false). */
  async canEditProduct(principal: Principal, productId: number, em?: DataSource | EntityManager): Promise<boolean> {
    if (isAdministrator(principal.ability)) return true;
    return (await this.notOwned(principal, [productId], em)).length === 0;
  }

  /** 403 `没有权限操作该产品的期刊` unless the caller owns every one of these products (unknown ids are not owned). */
  async assertCanEditProducts(principal: Principal, productIds: readonly number[], em?: DataSource | EntityManager): Promise<void> {
    if (isAdministrator(principal.ability)) return;
    if ((await this.notOwned(principal, productIds, em)).length) throw DomainException.forbidden(PRODUCT_NOT_OWNED, PRODUCT_NOT_OWNED_CODE);
  }

  /**
   * The ids among `productIds` whose journals the caller may write (unknown products are not among
   * them, except for an administrator, who is not asked about rows). ONE query whatever the number
   * of products (their unit and chief editors), judged by the caller's ability (`productPolicy`: the
   * department chain comes with the principal).
   * The journal lists use it to say `canEdit` per row, the product lookup to offer only these.
   */
  async editableProducts(principal: Principal, productIds: readonly number[], em?: DataSource | EntityManager): Promise<Set<number>> {
    const wanted = [...new Set(productIds)].filter(isIntId);
    if (!wanted.length) return new Set();
    if (isAdministrator(principal.ability)) return new Set(wanted);
    const rows = await this.products.owners(wanted, em);
    return new Set(rows.filter((r) => ownsProduct(principal.ability, r)).map((r) => r.id));
  }

  /** The ids among `productIds` the caller does not own. */
  private async notOwned(principal: Principal, productIds: readonly number[], em?: DataSource | EntityManager): Promise<number[]> {
    const ids = [...new Set(productIds)];
    if (!ids.length) return [];
    const editable = await this.editableProducts(principal, ids, em);
    return ids.filter((id) => !editable.has(id));
  }
}
