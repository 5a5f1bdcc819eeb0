import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, type DataProvider, memoryStore, Notification } from 'react-admin';
import { vi } from 'vitest';
import { abilityFromCodes, AppAbilityProvider } from '../../providers/ability';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { fakeDataProvider } from '../../resources/shared/testUtils';
import { type AlertRule, alertRuleBody, AlertRulesDialog } from './AlertRulesDialog';

const ALL = ['alertRule:list', 'alertRule:add', 'alertRule:edit', 'alertRule:del'];

const RULE: AlertRule = {
  id: 7,
  deptId: 3,
  name: '美联储动向',
  query: '美联储 AND (加息 OR 降息)',
  webIds: [1],
  classify: [],
  enabled: true,
  notify: true,
  hitCount: 4,
  lastHitAt: '2026-11-27 09:30:00',
};

type Answer = (path: string, options?: { method?: string; body?: unknown }) => unknown;

function setup(codes: string[], rules: AlertRule[], answer: Answer = () => null) {
  const provider = {
    ...fakeDataProvider({}),
    call: vi.fn(async (path: string, options?: { method?: string; body?: unknown }) => {
      if (path.startsWith('api/alertRule?')) return { data: { content: rules, totalElements: rules.length } };
      if (path === 'api/collectionWebsite/findAll') return { data: [{ id: 1, name: '新华网' }, { id: 2, name: 'Reuters' }] };
      if (path.startsWith('api/NewsClassify/listWithout')) return { data: [{ id: 9999, name: '全部', children: [{ id: 21, name: '能源' }] }] };
      return { data: answer(path, options) };
    }),
  };
  const authProvider: AuthProvider = {
    login: vi.fn(),
    logout: vi.fn(),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => ({ id: 2, fullName: '张编辑' })),
    getPermissions: vi.fn(async () => codes),
  };
  const onClose = vi.fn();
  render(
    <AdminContext
      dataProvider={provider as unknown as DataProvider}
      authProvider={authProvider}
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      store={memoryStore()}
      i18nProvider={createI18nProvider('zh')}
    >
      <AppAbilityProvider value={abilityFromCodes(codes)}>
        <AlertRulesDialog open onClose={onClose} />
      </AppAbilityProvider>
      <Notification />
    </AdminContext>,
  );
  return { provider, onClose };
}

const writes = (provider: ReturnType<typeof setup>['provider']) => provider.call.mock.calls.filter(([, options]) => options?.method);

describe('alertRuleBody', () => {
  it('trims the texts and drops repeated ids; an edit carries its id', () => {
    const form = { name: ' 储能 ', query: ' 储能 OR battery ', webIds: [2, 2, 1], classify: [21, 21], enabled: false, notify: true };
    expect(alertRuleBody(form)).toEqual({ name: '储能', query: '储能 OR battery', webIds: [2, 1], classify: [21], enabled: false, notify: true });
    expect(alertRuleBody(form, 9)).toMatchObject({ id: 9, name: '储能' });
  });
});

describe('AlertRulesDialog', { timeout: 15_000 }, () => {
  it('lists the department\'s rules with their scope, hits and last hit', async () => {
    setup(ALL, [RULE]);
    const row = (await screen.findByText('美联储动向')).closest('tr')!;
    expect(within(row).getByText('美联储 AND (加息 OR 降息)')).toBeTruthy();
    expect(within(row).getByText('1 个来源')).toBeTruthy();
    expect(within(row).getByText('4')).toBeTruthy();
    expect(within(row).getByText('2026-11-27 09:30:00')).toBeTruthy();
    expect(screen.getByText('共 1 条')).toBeTruthy();
  });

  it('shows the empty state when the department has no rule', async () => {
    setup(ALL, []);
    expect(await screen.findByText('暂无预警规则，点击“新增规则”添加')).toBeTruthy();
  });

  it('adds a rule after trying it on a sample text', async () => {
    const { provider } = setup(ALL, [], (path) => (path === 'api/alertRule/test' ? { matches: true, terms: ['储能', 'battery'] } : { id: 8 }));
    await screen.findByText('暂无预警规则，点击“新增规则”添加');
    fireEvent.click(screen.getByRole('button', { name: '新增规则' }));
    const form = await screen.findByTestId('alert-rule-form');
    fireEvent.change(within(form).getByRole('textbox', { name: '规则名称' }), { target: { value: ' 储能 ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: '规则' }), { target: { value: '储能 OR battery' } });
    fireEvent.change(within(form).getByRole('textbox', { name: '试验文本' }), { target: { value: '电网储能项目落地' } });
    fireEvent.click(within(form).getByRole('button', { name: '试一试' }));
    expect((await within(form).findByTestId('alert-test-result')).textContent).toBe('命中');
    expect(within(form).getByText('关键词：储能、battery')).toBeTruthy();
    expect(writes(provider)[0]).toEqual(['api/alertRule/test', { method: 'POST', body: { query: '储能 OR battery', text: '电网储能项目落地' } }]);

    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await screen.findByText('预警规则已添加');
    expect(writes(provider)[1]).toEqual([
      'api/alertRule',
      { method: 'POST', body: { name: '储能', query: '储能 OR battery', webIds: [], classify: [], enabled: true, notify: true } },
    ]);
    // back on the list, which is read again
    await screen.findByTestId('alert-rules-dialog');
    await waitFor(() => expect(provider.call.mock.calls.filter(([path]) => path.startsWith('api/alertRule?')).length).toBe(2));
  });

  it('keeps the form and shows the server\'s message when the rule does not parse', async () => {
    const { provider } = setup(ALL, [RULE], (path, options) => {
      if (path === 'api/alertRule' && options?.method === 'PUT') throw new Error('规则语法错误：缺少右括号（位置 5）');
      return null;
    });
    fireEvent.click(await screen.findByRole('button', { name: '编辑 美联储动向' }));
    const form = await screen.findByTestId('alert-rule-form');
    const query = within(form).getByRole('textbox', { name: '规则' });
    expect((query as HTMLTextAreaElement).value).toBe('美联储 AND (加息 OR 降息)');
    fireEvent.change(query, { target: { value: '(美联储' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('规则语法错误：缺少右括号（位置 5）')).toBeTruthy();
    expect(writes(provider)[0]).toEqual(['api/alertRule', { method: 'PUT', body: { id: 7, name: '美联储动向', query: '(美联储', webIds: [1], classify: [], enabled: true, notify: true } }]);
    expect(screen.getByTestId('alert-rule-form')).toBeTruthy();
  });

  it('asks before saving without a name or a rule', async () => {
    const { provider } = setup(ALL, []);
    await screen.findByText('暂无预警规则，点击“新增规则”添加');
    fireEvent.click(screen.getByRole('button', { name: '新增规则' }));
    const form = await screen.findByTestId('alert-rule-form');
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('请输入规则名称')).toBeTruthy();
    expect(within(form).getByText('请输入规则')).toBeTruthy();
    expect(writes(provider)).toEqual([]);
  });

  it('switches a rule off and deletes one after confirming', async () => {
    const { provider } = setup(ALL, [RULE]);
    fireEvent.click(await screen.findByRole('switch', { name: '启用规则 美联储动向' }));
    await screen.findByText('规则已停用');
    expect(writes(provider)[0]).toEqual(['api/alertRule', { method: 'PUT', body: { id: 7, enabled: false } }]);

    fireEvent.click(screen.getByRole('button', { name: '删除 美联储动向' }));
    const confirm = await screen.findByRole('dialog', { name: '删除预警规则' });
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await screen.findByText('预警规则已删除');
    expect(writes(provider)[1]).toEqual(['api/alertRule', { method: 'DELETE', body: [7] }]);
  });

  it('offers nothing to change to a holder of alertRule:list only', async () => {
    setup(['alertRule:list'], [RULE]);
    await screen.findByText('美联储动向');
    expect(screen.queryByRole('button', { name: '新增规则' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑 美联储动向' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除 美联储动向' })).toBeNull();
    expect((screen.getByRole('switch', { name: '启用规则 美联储动向' }) as HTMLInputElement).disabled).toBe(true);
  });
});
