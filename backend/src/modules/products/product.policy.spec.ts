import { defineAbility } from '../../common/access/ability.js';
import { ownsProduct as owns, productPolicy } from './product.policy.js';

interface ProductActor {
  userId: number;
  isAdmin: boolean;
  permissions: string[];
}

/** The rule as the services ask it: the caller's ability (department chain `callerDepts`) on the product. */
const ownsProduct = (actor: ProductActor, product: { deptId: number; editorIds: string | null }, callerDepts: number[]) =>
  owns(defineAbility({ ...actor, deptId: callerDepts[0] ?? null, workDeptId: null, dataScope: [], deptChain: callerDepts }, [productPolicy]), product);

describe('ownsProduct (who may write a product journals)', () => {
  const user = (over: Partial<ProductActor> = {}): ProductActor => ({ userId: 7, isAdmin: false, permissions: ['productJournal:edit'], ...over });
  const product = { deptId: 5, editorIds: '3,9' };

  it('lets an administrator write any product (the flag or the admin permission)', () => {
    expect(ownsProduct(user({ isAdmin: true }), product, [])).toBe(true);
    expect(ownsProduct(user({ permissions: ['admin'] }), product, [])).toBe(true);
  });

  it('lets a chief editor of the product write it, whatever their department', () => {
    expect(ownsProduct(user({ userId: 9 }), product, [42])).toBe(true);
    expect(ownsProduct(user({ userId: 3 }), { deptId: 5, editorIds: '3' }, [])).toBe(true);
  });

  it('lets a member of the unit (the unit or a department under it) write it', () => {
    // the caller's chain: own department first, then its ancestors
    expect(ownsProduct(user(), product, [5, 1])).toBe(true);
    expect(ownsProduct(user(), product, [11, 5, 1])).toBe(true);
  });

  it('refuses everyone else: another department, a department above the unit, no department', () => {
    expect(ownsProduct(user(), product, [6, 1])).toBe(false);
    expect(ownsProduct(user(), { deptId: 11, editorIds: null }, [5, 1])).toBe(false);
    expect(ownsProduct(user(), product, [])).toBe(false);
    expect(ownsProduct(user({ userId: 39 }), { deptId: 5, editorIds: '3,9' }, [])).toBe(false);
  });
});
