// What the product page offers to the current user (spec production-admin §6): buttons are removed
// without the permission; `admin` passes every check. The server stays authoritative.
import { useMemo } from 'react';
import { usePermissions } from 'react-admin';
import { can } from '../../../providers/permissions';

export interface ProductAbilities {
  listProducts: boolean;
  addProduct: boolean;
  editProduct: boolean;
  deleteProduct: boolean;
  listJournals: boolean;
  addJournal: boolean;
  editJournal: boolean;
  deleteJournal: boolean;
}

export const NO_PRODUCT_ABILITIES: ProductAbilities = {
  listProducts: false,
  addProduct: false,
  editProduct: false,
  deleteProduct: false,
  listJournals: false,
  addJournal: false,
  editJournal: false,
  deleteJournal: false,
};

export function productAbilities(roles: readonly string[]): ProductAbilities {
  return {
    listProducts: can(roles, 'productSetting:list'),
    addProduct: can(roles, 'productSetting:add'),
    editProduct: can(roles, 'productSetting:edit'),
    deleteProduct: can(roles, 'productSetting:del'),
    listJournals: can(roles, 'productJournal:list'),
    addJournal: can(roles, 'productJournal:add'),
    editJournal: can(roles, 'productJournal:edit'),
    deleteJournal: can(roles, 'productJournal:del'),
  };
}

/** The abilities of the signed-in user; nothing while the permissions load. */
export function useProductAbilities(): ProductAbilities & { ready: boolean } {
  const { permissions, isPending } = usePermissions<string[]>();
  return useMemo(() => {
    const roles = Array.isArray(permissions) ? permissions : [];
    return { ...(isPending ? NO_PRODUCT_ABILITIES : productAbilities(roles)), ready: !isPending };
  }, [permissions, isPending]);
}
