import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newsRow } from '../news/testRows';
import { SubmitManuscriptDialog } from './SubmitManuscriptDialog';
import { lookups, renderWith, stubApi } from './testSupport';

afterEach(() => vi.unstubAllGlobals());

const INFO = { ...newsRow(1, { isProcessed: 'done', examineName: 'reviewer' }), abstracts: '部门摘要：美国能源部发布新规', examineId: 4, contentTrans: '<p>译文</p>', deptId: 1 };

function answer(method: string, path: string) {
  if (path === 'api/news/info') return { body: INFO };
  if (method === 'POST' && path === 'api/manuscript/oneToMany') return { status: 201, body: { id: 100 } };
  if (method === 'POST' && path === 'api/manuscript/manyToMany') return { status: 201, body: { count: 3, ids: [100, 101, 102] } };
  return lookups(path);
}

const combobox = (name: RegExp | string) => screen.getByRole('combobox', { name });

async function pick(name: RegExp | string, option: string) {
  fireEvent.mouseDown(combobox(name));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

const submitButton = () => screen.getByRole('button', { name: '报送' });

describe('SubmitManuscriptDialog (single)', { timeout: 30_000 }, () => {
  it('prefills supplier, reviewer and abstract, keeps the columns disabled until a product is chosen, and submits oneToMany', async () => {
    const calls = stubApi(answer);
    const onClose = vi.fn();
    const onSubmitted = vi.fn();
    renderWith(<SubmitManuscriptDialog open news={[newsRow(1, { isProcessed: 'done' })]} onClose={onClose} onSubmitted={onSubmitted} />);

    const dialog = await screen.findByRole('dialog', { name: '报送到产品' });
    within(dialog).getByText('中文标题 1');
    // defaults: the current user's nickname, the item's reviewer and department abstract
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^供稿/ }) as HTMLInputElement).value).toBe('王审校'));
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^摘要/ }) as HTMLTextAreaElement).value).toBe('部门摘要：美国能源部发布新规'));
    await within(dialog).findByRole('button', { name: '王审校' });
    expect(calls.find((c) => c.path === 'api/news/info')?.url.searchParams.get('deptId')).toBe('1');

    // the column select waits for the product; the first row has no remove button
    await waitFor(() => expect(combobox(/^栏目 1/).getAttribute('aria-disabled')).toBe('true'));
    expect(screen.getByRole('button', { name: '添加栏目' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: /删除此栏目/ })).toBeNull();

    await pick(/^产品/, '国际动态日报');
    expect(combobox(/^栏目 1/).getAttribute('aria-disabled')).toBeNull();
    await pick(/^栏目 1/, '要闻');
    fireEvent.click(screen.getByRole('button', { name: '添加栏目' }));
    // the second row does not offer the column the first has
    fireEvent.mouseDown(combobox(/^栏目 2/));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: '要闻' })).toBeNull();
    fireEvent.click(within(listbox).getByRole('option', { name: '综述' }));
    expect(screen.getAllByRole('button', { name: /删除此栏目/ })).toHaveLength(1);

    fireEvent.change(screen.getByRole('textbox', { name: '备注' }), { target: { value: '请优先刊用' } });
    fireEvent.click(submitButton());

    await screen.findByText('投稿成功');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('api/manuscript/oneToMany');
    expect(post?.body).toEqual({
      newsId: 1,
      productId: 3,
      productList: [11, 12],
      memo: '请优先刊用',
      firstAuthor: '王审校',
      authorIds: '4',
      abstracts: '部门摘要：美国能源部发布新规',
    });
    expect(onSubmitted).toHaveBeenCalledWith(1);
    expect(onClose).toHaveBeenCalled();
  });

  it('removes added rows but never the first', async () => {
    stubApi(answer);
    renderWith(<SubmitManuscriptDialog open news={[newsRow(1, { isProcessed: 'done' })]} onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: '报送到产品' });
    await pick(/^产品/, '国际动态日报');
    fireEvent.click(screen.getByRole('button', { name: '添加栏目' }));
    expect(screen.getByRole('combobox', { name: /^栏目 2/ })).toBeTruthy();
    // two columns in the product: no third row
    expect(screen.getByRole('button', { name: '添加栏目' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '删除此栏目 2' }));
    expect(screen.queryByRole('combobox', { name: /^栏目 2/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删除此栏目/ })).toBeNull();
    // another product starts the rows again
    fireEvent.click(screen.getByRole('button', { name: '添加栏目' }));
    await pick(/^产品/, '要情周刊');
    expect(screen.queryByRole('combobox', { name: /^栏目 2/ })).toBeNull();
  });

  it('names the missing fields and warns 请选择投稿栏目 without calling the server', async () => {
    const calls = stubApi((method, path) => (path === 'api/news/info' ? { body: { ...INFO, abstracts: null, contentTrans: null, examineId: null, examineName: null } } : answer(method, path)));
    renderWith(<SubmitManuscriptDialog open news={[newsRow(1, { isProcessed: 'done' })]} onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: '报送到产品' });
    await waitFor(() => expect(calls.some((c) => c.path === 'api/news/info')).toBe(true));
    fireEvent.change(await screen.findByRole('textbox', { name: /^供稿/ }), { target: { value: ' ' } });
    fireEvent.click(submitButton());
    await screen.findByText('请选择产品');
    screen.getByText('供稿为必填项');
    screen.getByText('审稿为必填项');
    screen.getByText('稿件摘要为必填项');

    fireEvent.change(screen.getByRole('textbox', { name: /^供稿/ }), { target: { value: '王审校' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^摘要/ }), { target: { value: '摘要' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^审稿/ }));
    fireEvent.click(await screen.findByRole('option', { name: /张编辑/ }));
    await pick(/^产品/, '国际动态日报');
    fireEvent.click(submitButton());
    // the warning notice and the message under the rows
    await waitFor(() => expect(screen.getAllByText('请选择投稿栏目').length).toBeGreaterThanOrEqual(2));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the server’s refusal and stays open', async () => {
    stubApi((method, path) =>
      method === 'POST' ? { status: 409, body: { status: 409, message: '只能报送已审核的新闻', code: 'NEWS_NOT_REVIEWED' } } : answer(method, path),
    );
    const onClose = vi.fn();
    renderWith(<SubmitManuscriptDialog open news={[newsRow(1, { isProcessed: 'done' })]} onClose={onClose} />);
    await screen.findByRole('dialog', { name: '报送到产品' });
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^摘要/ }) as HTMLTextAreaElement).value).not.toBe(''));
    await screen.findByRole('button', { name: '王审校' });
    await pick(/^产品/, '国际动态日报');
    await pick(/^栏目 1/, '要闻');
    fireEvent.click(submitButton());
    await screen.findByText('只能报送已审核的新闻');
    expect(onClose).not.toHaveBeenCalled();
    screen.getByRole('dialog', { name: '报送到产品' });
  });
});

describe('SubmitManuscriptDialog (batch)', { timeout: 30_000 }, () => {
  it('hides the abstract and sends manyToMany with the same columns and memo for every item', async () => {
    const calls = stubApi(answer);
    const onSubmitted = vi.fn();
    const rows = [1, 2, 3].map((id) => newsRow(id, { isProcessed: 'done', examineName: 'reviewer' }));
    renderWith(<SubmitManuscriptDialog open news={rows} onClose={() => undefined} onSubmitted={onSubmitted} />);
    const dialog = await screen.findByRole('dialog', { name: '批量报送（3 条）' });
    within(dialog).getByText('共 3 条新闻');
    expect(screen.queryByRole('textbox', { name: /^摘要/ })).toBeNull();
    within(dialog).getByText('每条新闻使用各自的摘要（无摘要时取译文开头）');
    // the reviewer the items share
    await within(dialog).findByRole('button', { name: '王审校' });

    await pick(/^产品/, '国际动态日报');
    await pick(/^栏目 1/, '综述');
    fireEvent.change(screen.getByRole('textbox', { name: '备注' }), { target: { value: '本周要闻' } });
    fireEvent.click(submitButton());
    await screen.findByText('投稿成功，共生成 3 篇稿件');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('api/manuscript/manyToMany');
    expect(post?.body).toEqual({ newsIds: [1, 2, 3], productId: 3, productList: [12], memo: '本周要闻', firstAuthor: '王审校', authorIds: '4' });
    expect(calls.some((c) => c.path === 'api/news/info')).toBe(false);
    expect(onSubmitted).toHaveBeenCalledWith(3);
  });
});
