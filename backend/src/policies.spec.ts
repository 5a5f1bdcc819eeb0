import { type AbilityUser, defineAbility, holds, record } from './common/access/ability.js';
import { PERMISSIONS, ruleOf } from './common/access/permission.js';
import { collectionPolicy } from './modules/collections/collection.policy.js';
import { deptPolicy } from './modules/dept/dept.policy.js';
import { interestPolicy } from './modules/interests/interest.policy.js';
import { manuscriptPolicy } from './modules/manuscripts/manuscript.policy.js';
import { newsPolicy } from './modules/news/news.policy.js';
import { productPolicy } from './modules/products/product.policy.js';
import { sharePolicy } from './modules/shares/share.policy.js';
import { filePolicy } from './modules/storage/file.policy.js';
import { translationPolicy } from './modules/translation/translation.policy.js';

/** The modules' record policies together with the permission codes (the composition root's view). */
const user = (permissions: string[]): AbilityUser => ({ userId: 7, isAdmin: false, permissions, deptId: 3, workDeptId: 2, dataScope: [3], deptChain: [3, 2] });

describe('record policies and permission codes', () => {
  it('never lets a code name a record subject: such codes stay opaque and grant no record', () => {
    const policies = [filePolicy, manuscriptPolicy, productPolicy, newsPolicy];
    const ability = defineAbility(user(['File:read', 'File:delete', 'Manuscript:read', 'Product:edit', 'DeptDesk:read']), policies);
    expect(ability.can('read', record('File', { handlerId: 99, formType: null }))).toBe(false);
    expect(ability.can('delete', record('File', { handlerId: 99 }))).toBe(false);
    expect(ability.can('read', record('Manuscript', { createById: 99, deptId: 99 }))).toBe(false);
    expect(ability.can('edit', record('Product', { deptId: 99, editorIds: [] }))).toBe(false);
    expect(ability.can('read', record('DeptDesk', { deptId: 99 }))).toBe(false);
    // Holding the odd code is exact: it is held as itself and nothing more.
    expect(holds(ability, 'File:read')).toBe(true);
    expect(holds(ability, 'File:list')).toBe(false);
    // A user without those codes does not "hold" them through conditional record rules.
    const plain = defineAbility(user([]), policies);
    for (const code of ['File:read', 'File:delete', 'Manuscript:read', 'Manuscript:update', 'Product:edit', 'DeptDesk:read']) expect(holds(plain, code)).toBe(false);
  });

  it('keeps record subjects PascalCase and code subjects lower camel, so the two never meet', () => {
    const policies = [filePolicy, manuscriptPolicy, productPolicy, newsPolicy, interestPolicy, deptPolicy, sharePolicy, collectionPolicy, translationPolicy(false)];
    const ability = defineAbility({ ...user(['manuscript:edit', 'storage:list', 'storage:del', 'productJournal:list']), dataScope: null }, policies);
    const recordSubjects = new Set(ability.rules.filter((r) => r.conditions || /^[A-Z]/.test(String(r.subject))).flatMap((r) => [r.subject].flat().map(String)));
    expect(recordSubjects.size).toBeGreaterThan(5);
    for (const s of recordSubjects) expect(s).toMatch(/^[A-Z][A-Za-z]*$/);
    for (const code of PERMISSIONS) expect(ruleOf(code)[1]).toMatch(/^[a-z]/);
  });


  it('lets reviewers review a translation, not their own unless the setting allows it (administrators too)', () => {
    const reviewer = (allowSelf: boolean, codes = ['news:judge']) => defineAbility(user(codes), [translationPolicy(allowSelf)]);
    expect(reviewer(false).can('review', record('Translation', { editorId: 9 }))).toBe(true);
    expect(reviewer(false).can('review', record('Translation', { editorId: 7 }))).toBe(false);
    expect(reviewer(true).can('review', record('Translation', { editorId: 7 }))).toBe(true);
    expect(reviewer(false, []).can('review', record('Translation', { editorId: 9 }))).toBe(false);
    const admin = defineAbility({ ...user(['admin']), isAdmin: true }, [translationPolicy(false)]);
    expect(admin.can('review', record('Translation', { editorId: 7 }))).toBe(false);
    expect(admin.can('review', record('Translation', { editorId: 9 }))).toBe(true);
  });
});
