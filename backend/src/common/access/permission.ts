/**
 * The permission vocabulary: every code a handler may require, a menu (button) may carry and the
 * frontend may ask about. Codes are `<subject>:<action>`; the ability factory turns a held code into
 * the CASL rule `can(action, subject)`. `admin` is not a code of this list: it is the administrator
 * mark (`can('manage', 'all')`). A test fails when a code here is not on a seeded menu, or a seeded
 * menu carries a code that is not here.
 */
const CRUD = ['list', 'add', 'edit', 'del'] as const;
type Crud = (typeof CRUD)[number];

const CRUD_SUBJECTS = [
  'user',
  'roles',
  'menu',
  'dept',
  'job',
  'dict',
  'newsTheme',
  'newsClassify',
  'mt',
  'newsCollect',
  'manuscript',
  'productJournal',
  'productSetting',
  'storage',
  // Collection sources (docs/collect-design.md §6: `collectionWebsite:*` renamed in place by migration Collect1795800000000).
  'website',
  'alertRule',
  // 动态投票 (docs/votes.md): list = see votes and results, add = open, edit = close, del = delete.
  'vote',
] as const;

const EXTRA = [
  'news:list',
  'news:noise',
  'news:judge',
  'news:push',
  'news:recommend',
  'news:choice',
  'news:translate',
  'manuscript:admin',
  'productJournal:manu',
  'timing:list',
  'timing:edit',
  'website:collect',
  // Cast and withdraw one's own ballots (docs/votes.md).
  'vote:cast',
] as const;

export type Permission = `${(typeof CRUD_SUBJECTS)[number]}:${Crud}` | (typeof EXTRA)[number];

/** Every code of the vocabulary, sorted. */
export const PERMISSIONS: readonly Permission[] = [...CRUD_SUBJECTS.flatMap((s) => CRUD.map((a) => `${s}:${a}` as Permission)), ...EXTRA].sort();

/** The administrator mark in a user's permission list (`auth/info` → `roles`). */
export const ADMIN_PERMISSION = 'admin';

export function isPermission(code: string): code is Permission {
  return (PERMISSIONS as readonly string[]).includes(code);
}

/** Subject of the CASL rule of a code that is not `<subject>:<action>` (held and checked as is). */
export const OPAQUE_CODE = 'Code';

/** A code that is a CASL rule: a lower-camel subject and a lower-camel action (`news:list`, `productJournal:manu`). */
const CODE_SHAPE = /^[a-z][A-Za-z]*:[a-z][A-Za-z]*$/;

/**
 * The CASL rule of a permission code: `news:list` → `['list', 'news']` (action, subject). Code subjects
 * are lower camel; record subjects of the policies (`Manuscript`, `File`, …) are PascalCase, so no code
 * can name a record subject and grant it unconditionally. A code a menu carries that is not of that
 * shape, or that would read as CASL's wildcards (`manage`, `all`), stays an exact, opaque rule
 * `[code, 'Code']`: holding it grants nothing else.
 */
export function ruleOf(code: string): [action: string, subject: string] {
  if (CODE_SHAPE.test(code)) {
    const [subject, action] = code.split(':');
    if (action !== 'manage' && subject !== 'all') return [action, subject];
  }
  return [code, OPAQUE_CODE];
}
