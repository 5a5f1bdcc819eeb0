import { can, canAccess, canAny, permissionFor } from './permissions';

describe('can', () => {
  it('passes admins and holders of the code', () => {
    expect(can(['admin'], 'user:del')).toBe(true);
    expect(can(['user:list', 'user:del'], 'user:del')).toBe(true);
    expect(can(['user:list'], 'user:del')).toBe(false);
    expect(can([], 'user:list')).toBe(false);
    expect(can(['ROLE_SYSTEM_DEFAULT'], 'user:list')).toBe(false);
  });

  it('canAny needs one of the codes', () => {
    expect(canAny(['timing:edit'], ['timing:edit', 'storage:list'])).toBe(true);
    expect(canAny(['user:list'], ['timing:edit'])).toBe(false);
    expect(canAny(['admin'], ['timing:edit'])).toBe(true);
  });
});

describe('permissionFor', () => {
  it.each([
    ['system/user', 'list', 'user:list'],
    ['system/user', 'show', 'user:list'],
    ['system/user', 'export', 'user:list'],
    ['system/user', 'create', 'user:add'],
    ['system/user', 'edit', 'user:edit'],
    ['system/user', 'delete', 'user:del'],
    ['system/role', 'edit', 'roles:edit'],
    ['system/menu', 'delete', 'menu:del'],
    ['system/dept', 'create', 'dept:add'],
    ['system/job', 'list', 'job:list'],
    ['system/dict', 'delete', 'dict:del'],
    ['system/user.email', 'read', 'user:list'],
    ['monitor/online', 'list', 'admin'],
    ['monitor/logs', 'delete', 'admin'],
    ['system/user', 'approve', 'admin'],
  ])('%s + %s → %s', (resource, action, code) => {
    expect(permissionFor(resource, action)).toBe(code);
  });

  it('has no client rule for other resources', () => {
    expect(permissionFor('api/logs/user', 'list')).toBeNull();
  });
});

describe('canAccess', () => {
  it('applies the mapping', () => {
    expect(canAccess(['user:list'], 'system/user', 'list')).toBe(true);
    expect(canAccess(['user:list'], 'system/user', 'delete')).toBe(false);
    expect(canAccess(['user:list'], 'monitor/logs', 'list')).toBe(false);
    expect(canAccess(['admin'], 'monitor/logs', 'list')).toBe(true);
    expect(canAccess([], 'api/logs/user', 'list')).toBe(true);
  });
});

describe('the same question as the server', () => {
  it('answers from the packed rules auth/info sends, record rules included', async () => {
    const { abilityFromRules, record } = await import('./ability');
    const { packRules } = await import('@casl/ability/extra');
    const ability = abilityFromRules(
      packRules([
        { action: 'list', subject: 'user' },
        { action: 'update', subject: 'Manuscript', conditions: { createById: 7 } },
      ]) as never,
    );
    expect(canAccess(ability, 'system/user', 'list')).toBe(true);
    expect(canAccess(ability, 'system/user', 'delete')).toBe(false);
    expect(ability.can('update', record('Manuscript', { createById: 7 }))).toBe(true);
    expect(ability.can('update', record('Manuscript', { createById: 8 }))).toBe(false);
  });

  it('keeps codes that would read as CASL wildcards exact', () => {
    expect(can(['news:manage'], 'news:list')).toBe(false);
    expect(can(['all:list'], 'user:list')).toBe(false);
    expect(can(['news:manage'], 'news:manage')).toBe(true);
  });

  it('never lets a code name a record subject', async () => {
    const { abilityFromCodes, record } = await import('./ability');
    const ability = abilityFromCodes(['File:read', 'Manuscript:update']);
    expect(ability.can('read', record('File', { handlerId: 1 }))).toBe(false);
    expect(ability.can('update', record('Manuscript', { createById: 1 }))).toBe(false);
    expect(can(['File:read'], 'File:read')).toBe(true);
  });
});
