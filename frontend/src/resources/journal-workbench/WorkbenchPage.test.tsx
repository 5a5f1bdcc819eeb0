import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLUMNS, copy, infoCalls, journalInfo, journalVersion, MANU, renderWorkbench, stubWorkbench } from './testSupport';
import type { DailyDialogProps } from './WorkbenchPage';

afterEach(() => vi.unstubAllGlobals());

const VERSION = journalVersion(1);
const columnTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const rowIds = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => row.getAttribute('data-copy-id'));

describe('WorkbenchPage', { timeout: 30_000 }, () => {
  it('titles the issue, fills the information strip and renders one table per column, in order', async () => {
    stubWorkbench(journalInfo());
    renderWorkbench();
    await screen.findByRole('heading', { level: 1, name: '国际动态日报 2026年 第12期' });
    expect(columnTitles()).toEqual(['要闻', '综述']);
    const table = screen.getByRole('table', { name: '要闻稿件' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '', '序号', '标题', '稿件类型', '行业类型', '国家', '来源单位', '投稿人', '供稿', '审稿', '备注', '投稿时间', '操作',
    ]);
    expect(rowIds(table)).toEqual(['1', '2', '3']);
    const second = within(table).getAllByRole('row')[2];
    within(second).getByText('本地上传');
    within(second).getByText('已审');
    expect(second.getAttribute('data-examined')).toBe('true');
    const first = within(table).getAllByRole('row')[1];
    for (const text of ['动态稿件', '能源', '美国', '新闻中心', '张编辑', '李供稿', '王审校', '2026-03-20 09:30:00']) within(first).getByText(text);
    within(screen.getByTestId('workbench-column-empty')).getByText('该栏目暂无稿件');

    const strip = screen.getByRole('region', { name: '期刊信息' });
    for (const text of ['张编辑', '2026-03-20 08:00:00', '2026-03-25', '编辑审核中', '未定稿']) within(strip).getByText(text);
    // a daily product: no weekly controls
    expect(screen.queryByTestId('workbench-selected')).toBeNull();
    expect(screen.queryByRole('button', { name: '同步日刊' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    const toolbar = screen.getByRole('toolbar', { name: '期刊操作' });
    // no journal version yet: no 提交审核
    expect(within(toolbar).getAllByRole('button').map((button) => button.textContent)).toEqual(['批量下载源附件', '批量下载', '导出 Excel', '历史版本', '供稿统计', '生成期刊']);
  });

  it('offers 提交审核 with a journal version: it asks first and moves the journal to submit', async () => {
    const calls = stubWorkbench(journalInfo({ files: [VERSION] }), (method, path) => (method === 'POST' && path === 'api/productJournal/updateStatus' ? { body: {} } : undefined));
    renderWorkbench();
    fireEvent.click(await screen.findByRole('button', { name: '提交审核' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确认' }));
    await screen.findByText('提交成功');
    expect(calls.find((call) => call.path === 'api/productJournal/updateStatus')?.body).toEqual({ journalId: 9, status: 'submit' });
  });

  it('submitted: 已提交 is disabled information and 定稿 carries its warning', async () => {
    stubWorkbench(journalInfo({ status: 'submit', files: [VERSION] }));
    renderWorkbench();
    const submitted = await screen.findByRole('button', { name: '已提交' });
    expect((submitted as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '定稿' }));
    within(await screen.findByRole('alertdialog')).getByText('定稿后不可修改，请再次确认');
  });

  it('hides every editing control of a done journal and offers 更正版', async () => {
    stubWorkbench(journalInfo({ status: 'done', publishTime: '2026-03-25 18:00:00', files: [VERSION] }));
    renderWorkbench();
    await screen.findByRole('button', { name: '更正版' });
    within(screen.getByRole('region', { name: '期刊信息' })).getByText('2026-03-25 18:00:00');
    for (const name of ['选择稿件', '上传稿件', '生成期刊', '编辑', '删除', '提交审核', '定稿', '同步日刊']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^拖动排序/ })).toHaveLength(0);
    // reading stays: the versions of a copy, the journal's history, the downloads
    expect(screen.getAllByRole('button', { name: '版本' })).toHaveLength(3);
    screen.getByRole('button', { name: '历史版本' });
    screen.getByRole('button', { name: '批量下载' });
    expect(screen.queryByText('您没有编辑该期刊稿件的权限，页面为只读')).toBeNull();
  });

  it('keeps a journal of another product read only', async () => {
    stubWorkbench(journalInfo({ canEdit: false }));
    renderWorkbench();
    await screen.findByText('您没有编辑该期刊稿件的权限，页面为只读');
    expect(screen.queryByRole('button', { name: '选择稿件' })).toBeNull();
    expect(screen.queryByRole('button', { name: '生成期刊' })).toBeNull();
  });

  it('gives a weekly its controls: 已选 N 篇, the checkboxes (reload on failure) and 同步日刊', async () => {
    const weekly = () => journalInfo({ productId: 5, product: { id: 5, name: '要情周刊' }, columns: [{ ...COLUMNS[0], manuList: [copy(1, { isCheck: true }), copy(2)] }] });
    const calls = stubWorkbench(weekly, (method, path) => {
      if (path === 'api/productManuscript/changeCheck') return { status: 400, body: { status: 400, message: '只有周刊可以选稿' } };
      if (path === 'api/productJournal/pushDailyToWeekly') return { body: { count: 4 } };
      return undefined;
    });
    const Daily = ({ open, onSelect }: DailyDialogProps) => (open ? <button onClick={() => onSelect([{ id: 31 }, { id: 32 }])}>选两期日刊</button> : null);
    renderWorkbench({ path: '/product/manuscript?productId=5&journalId=9', dailyDialog: Daily });
    expect((await screen.findByTestId('workbench-selected')).textContent).toBe('已选 1 篇');
    const box = screen.getByRole('checkbox', { name: '选入周刊：稿件 2' });
    const before = infoCalls(calls).length;
    fireEvent.click(box);
    await screen.findByText('只有周刊可以选稿');
    const check = calls.find((call) => call.path === 'api/productManuscript/changeCheck')!;
    expect([check.url.searchParams.get('id'), check.url.searchParams.get('isCheck')]).toEqual(['2', 'true']);
    await waitFor(() => expect(infoCalls(calls).length).toBeGreaterThan(before));

    fireEvent.click(screen.getByRole('button', { name: '同步日刊' }));
    fireEvent.click(await screen.findByRole('button', { name: '选两期日刊' }));
    await screen.findByText('已同步 4 篇稿件');
    expect(calls.find((call) => call.path === 'api/productJournal/pushDailyToWeekly')?.body).toEqual({ weeklyId: 9, dailyIds: [31, 32] });
  });

  it('downloads the zips by the path the server answers, on this origin and without the token', async () => {
    const calls = stubWorkbench(journalInfo(), (method, path) => (path === 'api/productJournal/downloadZip' ? { body: '/files/abc.sig/第12期.zip' } : undefined));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    renderWorkbench();
    fireEvent.click(await screen.findByRole('button', { name: '批量下载源附件' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toBe(`${window.location.origin}/files/abc.sig/%E7%AC%AC12%E6%9C%9F.zip`);
    expect(clicked[0]).not.toContain('access_token');
    expect(calls.find((call) => call.path === 'api/productJournal/downloadZip')?.url.searchParams.get('source')).toBe('true');
    click.mockRestore();
  });

  it('marks a copy reviewed (标记已审 → the tinted row) and exports the xlsx', async () => {
    const calls = stubWorkbench(journalInfo(), (method, path) => (path === 'api/productManuscript/setExamine' ? { body: {} } : undefined));
    renderWorkbench();
    const table = await screen.findByRole('table', { name: '要闻稿件' });
    const first = within(table).getAllByRole('row')[1];
    expect(first.getAttribute('data-examined')).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: '标记已审' }));
    await waitFor(() => expect(calls.find((call) => call.path === 'api/productManuscript/setExamine')?.body).toEqual({ id: Number(first.getAttribute('data-copy-id')), isExamine: true }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1].getAttribute('data-examined')).toBe('true'));
    within(within(table).getAllByRole('row')[1]).getByRole('button', { name: '取消已审' });

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => undefined;
    fireEvent.click(screen.getByRole('button', { name: '导出 Excel' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'api/productJournal/downloadExcel' && call.url.searchParams.get('journalId') === '9')).toBe(true));
    click.mockRestore();
  });

  it('shows a skeleton while loading and the error with 重试', async () => {
    let fail = true;
    stubWorkbench(journalInfo(), (method, path) => (path === 'api/productJournal/info' && fail ? { status: 500, body: { status: 500, message: '数据库不可用' } } : undefined));
    renderWorkbench();
    screen.getByTestId('workbench-skeleton');
    const error = await screen.findByTestId('workbench-error');
    within(error).getByText('数据库不可用');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: '重试' }));
    await screen.findByRole('heading', { level: 1, name: '国际动态日报 2026年 第12期' });
  });

  it('says so when the address names no journal', async () => {
    stubWorkbench(journalInfo());
    renderWorkbench({ path: '/product/manuscript?productId=3', roles: MANU });
    await screen.findByText('缺少期刊参数（productId、journalId），请从期刊列表进入');
  });
});
