import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { journalInfo, journalVersion as version, renderWorkbench, stubWorkbench } from './testSupport';

afterEach(() => vi.unstubAllGlobals());

const COUNTS = [
  {
    column: { id: 11, name: '要闻' },
    list: [
      { id: 21, dept: { id: 1, name: '新闻中心' }, provideCount: 2 },
      { id: null, dept: { id: 6, name: '出版中心' }, provideCount: 1 },
    ],
  },
];


describe('供稿统计', { timeout: 30_000 }, () => {
  it('edits the counts as whole numbers ≥ 0 and saves them all', async () => {
    const calls = stubWorkbench(journalInfo(), (method, path) => {
      if (path === 'api/productJournalProvide/list') return { body: COUNTS };
      if (path === 'api/productJournalProvide/saveAll') return { body: { count: 2 } };
      return undefined;
    });
    renderWorkbench();
    fireEvent.click(await screen.findByRole('button', { name: '供稿统计' }));
    const dialog = await screen.findByTestId('provide-dialog');
    const news = (await within(dialog).findByRole('spinbutton', { name: '要闻 · 新闻中心 供稿数量' })) as HTMLInputElement;
    expect(news.value).toBe('2');
    expect(news.min).toBe('0');
    const list = calls.find((call) => call.path === 'api/productJournalProvide/list')!.url.searchParams;
    expect([list.get('productId'), list.get('journalId')]).toEqual(['3', '9']);

    const save = within(dialog).getByRole('button', { name: '保存' }) as HTMLButtonElement;
    fireEvent.change(news, { target: { value: '-1' } });
    within(dialog).getByText('请输入不小于 0 的整数');
    expect(save.disabled).toBe(true);
    fireEvent.change(news, { target: { value: '2.5' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(news, { target: { value: '5' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await screen.findByText('保存成功');
    expect(calls.find((call) => call.path === 'api/productJournalProvide/saveAll')?.body).toEqual({
      journal: { id: 9 },
      list: [{ column: { id: 11, name: '要闻' }, list: [{ dept: { id: 1, name: '新闻中心' }, provideCount: 5 }, { dept: { id: 6, name: '出版中心' }, provideCount: 1 }] }],
    });
  });

  it('only shows the counts of a done journal', async () => {
    stubWorkbench(journalInfo({ status: 'done' }), (method, path) => (path === 'api/productJournalProvide/list' ? { body: COUNTS } : undefined));
    renderWorkbench();
    fireEvent.click(await screen.findByRole('button', { name: '供稿统计' }));
    const dialog = await screen.findByTestId('provide-dialog');
    await within(dialog).findByText('出版中心');
    expect(within(dialog).queryByRole('spinbutton')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '保存' })).toBeNull();
  });
});

describe('生成期刊', { timeout: 30_000 }, () => {
  it('asks first, generates a new version and shows its download link', async () => {
    const calls = stubWorkbench(journalInfo(), (method, path) => {
      if (path === 'api/productJournal/generateJournal') return { body: version(3) };
      if (path === 'api/localStorage/downloadToken/53') return { status: 201, body: { token: 't', url: '/api/localStorage/downloadFile/53?access_token=t', expiresIn: 600 } };
      return undefined;
    });
    renderWorkbench();
    fireEvent.click(await screen.findByRole('button', { name: '生成期刊' }));
    const ask = await screen.findByRole('alertdialog');
    within(ask).getByText('确认根据当前稿件生成新的期刊版本？');
    fireEvent.click(within(ask).getByRole('button', { name: '确认' }));
    const dialog = await screen.findByTestId('generated-dialog');
    within(dialog).getByText('新的期刊版本 V3 已生成：');
    const link = await within(dialog).findByRole('link', { name: '第12期-V3.docx' });
    expect(link.getAttribute('href')).toBe('/api/localStorage/downloadFile/53?access_token=t');
    expect(calls.find((call) => call.path === 'api/productJournal/generateJournal')?.url.searchParams.get('journalId')).toBe('9');
    // no online editor configured (api/office/config answers nothing here): the dialog only closes
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['关闭']);
  });
});

describe('历史版本', { timeout: 30_000 }, () => {
  it('lists the versions, deletes any but the first, and offers a new version while editable', async () => {
    const calls = stubWorkbench(journalInfo({ files: [version(2), version(1)] }), (method, path) => {
      if (path === 'api/productJournal/getFiles') return { body: [version(2), version(1)] };
      if (method === 'DELETE' && path === 'api/productJournal/version') return { body: {} };
      return undefined;
    });
    renderWorkbench();
    fireEvent.click(await screen.findByRole('button', { name: '历史版本' }));
    const dialog = await screen.findByTestId('journal-versions-dialog');
    await within(dialog).findByText('第12期-V2.docx');
    const rows = within(dialog).getAllByRole('row').slice(1);
    // 上传人: the nickname, as the page's 投稿人 (the account name only for an unknown user)
    await waitFor(() => within(rows[0]).getByText('张编辑'));
    expect(within(rows[0]).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['下载', '删除']);
    expect(within(rows[1]).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['下载']);
    within(dialog).getByRole('button', { name: '上传新版本' });
    fireEvent.click(within(rows[0]).getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认' }));
    await screen.findByText('删除成功');
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ journalId: 9, version: 2 });
  });

  it('offers no deletion and no upload once the journal is done', async () => {
    stubWorkbench(journalInfo({ status: 'done', files: [version(2), version(1)] }), (method, path) => (path === 'api/productJournal/getFiles' ? { body: [version(2), version(1)] } : undefined));
    renderWorkbench();
    fireEvent.click(await screen.findByRole('button', { name: '历史版本' }));
    const dialog = await screen.findByTestId('journal-versions-dialog');
    await within(dialog).findByText('第12期-V2.docx');
    expect(within(dialog).queryByRole('button', { name: '删除' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '上传新版本' })).toBeNull();
  });
});
