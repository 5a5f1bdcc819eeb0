import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type I18nProvider, memoryStore } from 'react-admin';
import { vi } from 'vitest';
import { enMessages } from '../../providers/i18n/en';
import { createI18nProvider } from '../../providers/i18n/i18nProvider';
import { fakeAuthProvider } from '../shared/fakeAuthProvider';
import { DailyJournalDialog } from './DailyJournalDialog';
import { journalsEn } from './i18n';
import type { JournalRow } from './types';

const USERS = [
  { id: 3, username: 'editor', nickName: '张编辑', dept: { id: 7, name: '期刊编辑部' } },
  { id: 4, username: 'translator', nickName: '李翻译', dept: null },
];

const STATUSES = ['edit', 'done', 'submit', 'review'] as const;

const journal = (id: number, over: Partial<JournalRow> = {}): JournalRow => ({
  id,
  product: { id: 1, name: `国际动态日报 ${id}` },
  year: 2026,
  journalNo: id,
  editorIds: '3,4',
  status: STATUSES[(id - 1) % 4],
  memo: id === 1 ? '第一期备注' : null,
  createTime: `2026-11-${String(21 - (id % 7)).padStart(2, '0')} 08:30:00`,
  planPublishTime: '2026-11-25',
  createBy: { id: 1, username: 'admin' },
  ...over,
}) as JournalRow;

/** `n` journals, newest first, as the server pages them. */
const journals = (n: number) => Array.from({ length: n }, (_, i) => journal(i + 1));

interface Answer {
  status?: number;
  body: unknown;
}

/** Stubs `fetch`; `daily(params)` answers the journal list, users are always there. */
function stubApi(daily: (params: URLSearchParams) => Answer | Promise<Answer>) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    let answer: Answer;
    if (url.pathname === '/api/users/selectUser') answer = { body: USERS };
    else {
      calls.push(url);
      answer = await daily(url.searchParams);
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** Pages of `rows`, as the server would cut them. */
const paged = (rows: JournalRow[]) => (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return { body: { content: rows.slice(page * size, page * size + size), totalElements: rows.length } };
};

function setup(props: { multiple?: boolean; i18nProvider?: I18nProvider } = {}) {
  const onSelect = vi.fn();
  const onClose = vi.fn();
  const authProvider = fakeAuthProvider(['admin']);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Host() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          reopen
        </button>
        <DailyJournalDialog
          open={open}
          multiple={props.multiple}
          onSelect={onSelect}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        />
      </>
    );
  }
  render(
    <AdminContext authProvider={authProvider} queryClient={queryClient} store={memoryStore()} i18nProvider={props.i18nProvider ?? createI18nProvider('zh')}>
      <Host />
    </AdminContext>,
  );
  return { onSelect, onClose, authProvider };
}

const dialog = () => screen.findByRole('dialog', { name: '选择日刊' });
const bodyRows = (root: HTMLElement) => within(root).getAllByRole('row').filter((row) => row.hasAttribute('data-journal-id'));
const confirmButton = (root: HTMLElement) => within(root).getByRole('button', { name: '确认' }) as HTMLButtonElement;

beforeEach(() => {
  // 2026-11-22 (a Sunday) 09:30 local: the default range is 2026-11-15 … 2026-11-21
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 9, 30));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DailyJournalDialog', { timeout: 15_000 }, () => {
  it('asks for the past 7 days up to yesterday, page 0 of 15, and lists the rows', async () => {
    const calls = stubApi(paged(journals(4)));
    setup();
    const root = await dialog();
    expect((within(root).getByLabelText('开始日期') as HTMLInputElement).value).toBe('2026-11-15');
    expect((within(root).getByLabelText('结束日期') as HTMLInputElement).value).toBe('2026-11-21');

    await within(root).findByText('国际动态日报 1');
    expect(calls).toHaveLength(1);
    expect(calls[0].pathname).toBe('/api/productJournal/dailyJournalList');
    expect(Object.fromEntries(calls[0].searchParams)).toEqual({ startDate: '2026-11-15', endDate: '2026-11-21', page: '0', size: '15' });

    const headers = within(root).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['', '序号', '产品名称', '年度', '期号', '编辑', '状态', '备注', '创建时间', '计划出版时间', '创建人']);

    const rows = bodyRows(root);
    expect(rows).toHaveLength(4);
    const cells = within(rows[0]).getAllByRole('cell').map((td) => td.textContent);
    expect(cells.slice(1)).toEqual(['1', '国际动态日报 1', '2026', '1', '张编辑、李翻译', '编辑审核中', '第一期备注', '2026-11-20 08:30:00', '2026-11-25', 'admin']);
    // status labels of the four states; no memo → a dash
    expect(rows.map((row) => within(row).getAllByRole('cell')[6].textContent)).toEqual(['编辑审核中', '已完成', '已提交', '更正版']);
    expect(within(rows[1]).getAllByRole('cell')[7].textContent).toBe('—');
    within(root).getByText('1-4 / 共 4 条');
    expect(confirmButton(root).disabled).toBe(true);
  });

  it('pages 15 at a time with the index running across pages', async () => {
    const calls = stubApi(paged(journals(40)));
    setup();
    const root = await dialog();
    await within(root).findByText('1-15 / 共 40 条');
    expect(bodyRows(root)).toHaveLength(15);

    fireEvent.click(within(root).getByRole('button', { name: '下一页' }));
    // while page 2 loads, page 1 keeps its numbers
    expect(within(bodyRows(root)[0]).getAllByRole('cell')[1].textContent).toBe('1');
    await within(root).findByText('国际动态日报 16');
    within(root).getByText('16-30 / 共 40 条');
    expect(calls.at(-1)?.searchParams.get('page')).toBe('1');
    expect(calls.at(-1)?.searchParams.get('size')).toBe('15');
    expect(within(bodyRows(root)[0]).getAllByRole('cell')[1].textContent).toBe('16');
    expect(within(bodyRows(root)[0]).getAllByRole('cell')[2].textContent).toBe('国际动态日报 16');

    fireEvent.click(within(root).getByRole('button', { name: '下一页' }));
    await within(root).findByText('国际动态日报 31');
    within(root).getByText('31-40 / 共 40 条');
    expect(bodyRows(root)).toHaveLength(10);
    expect((within(root).getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(root).getByRole('button', { name: '上一页' }));
    await within(root).findByText('国际动态日报 16');
    expect(calls.map((url) => url.searchParams.get('page'))).toEqual(['0', '1', '2', '1']);
  });

  it('chooses one row with radios and hands it over on 确认', async () => {
    stubApi(paged(journals(3)));
    const { onSelect, onClose } = setup();
    const root = await dialog();
    await within(root).findByText('国际动态日报 1');
    expect(within(root).queryAllByRole('checkbox')).toHaveLength(0);

    fireEvent.click(within(root).getByText('国际动态日报 2'));
    expect((within(root).getByRole('radio', { name: '选择第 2 行' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(root).getByRole('radio', { name: '选择第 3 行' }));
    expect((within(root).getByRole('radio', { name: '选择第 2 行' }) as HTMLInputElement).checked).toBe(false);
    expect(confirmButton(root).disabled).toBe(false);

    fireEvent.click(confirmButton(root));
    expect(onSelect).toHaveBeenCalledWith([journal(3)]);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(within(root).getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('chooses several rows across pages with checkboxes', async () => {
    stubApi(paged(journals(20)));
    const { onSelect } = setup({ multiple: true });
    const root = await dialog();
    await within(root).findByText('国际动态日报 1');

    fireEvent.click(within(root).getByRole('checkbox', { name: '选择第 2 行' }));
    fireEvent.click(within(root).getByText('国际动态日报 5'));
    fireEvent.click(within(root).getByText('国际动态日报 2')); // a second click takes it back
    expect(within(root).getByTestId('daily-journal-selected').textContent).toBe('已选 1 期');

    fireEvent.click(within(root).getByRole('button', { name: '下一页' }));
    await within(root).findByText('国际动态日报 16');
    fireEvent.click(within(root).getByRole('checkbox', { name: '选择本页全部日刊' }));
    expect(within(root).getByTestId('daily-journal-selected').textContent).toBe('已选 6 期');

    fireEvent.click(confirmButton(root));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0][0].map((row: JournalRow) => row.id)).toEqual([5, 16, 17, 18, 19, 20]);

    fireEvent.click(within(root).getByRole('button', { name: '清空选择' }));
    expect(confirmButton(root).disabled).toBe(true);
  });

  it('says so when the period has no daily journal', async () => {
    stubApi(() => ({ body: { content: [], totalElements: 0 } }));
    setup();
    const root = await dialog();
    const empty = await within(root).findByTestId('daily-journal-empty');
    within(empty).getByText('所选时间段内没有日刊');
    expect(confirmButton(root).disabled).toBe(true);
  });

  it('shows a spinner while loading', async () => {
    let release: (answer: Answer) => void = () => undefined;
    stubApi(() => new Promise<Answer>((resolve) => (release = resolve)));
    setup();
    const root = await dialog();
    within(root).getByRole('status');
    within(root).getByText('正在加载日刊…');
    release({ body: { content: journals(1), totalElements: 1 } });
    await within(root).findByText('国际动态日报 1');
    expect(within(root).queryByRole('status')).toBeNull();
  });

  it('reports a missing endpoint as 日刊数据暂不可用 with the server message, and retries', async () => {
    let available = false;
    const calls = stubApi(() =>
      available
        ? { body: { content: journals(1), totalElements: 1 } }
        : { status: 404, body: { status: 404, message: '请求的资源不存在', code: 'NOT_FOUND', timestamp: 1 } },
    );
    setup();
    const root = await dialog();
    const error = await within(root).findByTestId('daily-journal-error');
    within(error).getByText('日刊数据暂不可用');
    within(error).getByText('请求的资源不存在');
    expect(confirmButton(root).disabled).toBe(true);

    available = true;
    fireEvent.click(within(error).getByRole('button', { name: '重试' }));
    await within(root).findByText('国际动态日报 1');
    expect(calls).toHaveLength(2);
  });

  it('shows the server message of other failures', async () => {
    stubApi(() => ({ status: 400, body: { status: 400, message: '开始日期格式不正确', timestamp: 1 } }));
    const { authProvider } = setup();
    const root = await dialog();
    const error = await within(root).findByTestId('daily-journal-error');
    within(error).getByText('加载日刊失败');
    within(error).getByText('开始日期格式不正确');
    expect(authProvider.checkError).not.toHaveBeenCalled();
  });

  it('hands an expired session to the auth provider', async () => {
    stubApi(() => ({ status: 401, body: { status: 401, message: '登录状态已过期，请重新登录', timestamp: 1 } }));
    const { authProvider } = setup();
    await dialog();
    await waitFor(() => expect(authProvider.checkError).toHaveBeenCalled());
  });

  it('refuses a start after the end without asking, and searches a valid range from page 0', async () => {
    const calls = stubApi(paged(journals(20)));
    setup();
    const root = await dialog();
    await within(root).findByText('1-15 / 共 20 条');
    fireEvent.click(within(root).getByRole('button', { name: '下一页' }));
    await within(root).findByText('国际动态日报 16');
    expect(calls).toHaveLength(2);

    const start = within(root).getByLabelText('开始日期');
    const end = within(root).getByLabelText('结束日期');
    const searchButton = within(root).getByRole('button', { name: '查询' }) as HTMLButtonElement;
    fireEvent.change(start, { target: { value: '2026-11-30' } });
    within(root).getByText('开始日期不能晚于结束日期');
    expect(searchButton.disabled).toBe(true);
    fireEvent.submit(searchButton.closest('form') as HTMLFormElement);

    fireEvent.change(end, { target: { value: '' } });
    within(root).getByText('请选择结束日期');
    expect(searchButton.disabled).toBe(true);
    expect(calls).toHaveLength(2);

    fireEvent.change(start, { target: { value: '2026-11-01' } });
    fireEvent.change(end, { target: { value: '2026-11-30' } });
    expect(within(root).queryByText('开始日期不能晚于结束日期')).toBeNull();
    fireEvent.click(searchButton);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(Object.fromEntries(calls[2].searchParams)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30', page: '0', size: '15' });
    await within(root).findByText('1-15 / 共 20 条');

    // the same range again asks again (new journals may have been created)
    fireEvent.click(searchButton);
    await waitFor(() => expect(calls).toHaveLength(4));
  });

  it('starts afresh when opened again', async () => {
    const calls = stubApi(paged(journals(3)));
    setup();
    let root = await dialog();
    await within(root).findByText('国际动态日报 1');
    fireEvent.change(within(root).getByLabelText('开始日期'), { target: { value: '2026-11-01' } });
    fireEvent.click(within(root).getByRole('button', { name: '查询' }));
    fireEvent.click(within(root).getByText('国际动态日报 2'));
    expect(confirmButton(root).disabled).toBe(false);

    fireEvent.click(within(root).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'reopen' }));
    root = await dialog();
    expect((within(root).getByLabelText('开始日期') as HTMLInputElement).value).toBe('2026-11-15');
    expect(confirmButton(root).disabled).toBe(true);
    await within(root).findByText('国际动态日报 1');
    expect(calls.at(-1)?.searchParams.get('startDate')).toBe('2026-11-15');
    expect(calls.every((url) => url.searchParams.get('startDate') !== null)).toBe(true);
  });

  it('speaks English once the lead merges `journals: journalsEn` into en.ts', async () => {
    stubApi(paged(journals(2)));
    setup({ i18nProvider: polyglotI18nProvider(() => ({ ...enMessages, journals: journalsEn }), 'en', [], { allowMissing: true }) });
    const root = await screen.findByRole('dialog', { name: 'Choose daily journals' });
    await within(root).findByText('国际动态日报 1');
    within(root).getByRole('columnheader', { name: 'Planned publication' });
    within(root).getByText('In editing / review');
    within(root).getByText('1-2 of 2');
    within(root).getByRole('button', { name: 'Confirm' });
  });
});
