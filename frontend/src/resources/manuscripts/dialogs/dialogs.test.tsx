import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookups, renderWith, stubApi, type TestUser } from '../testSupport';
import type { Manuscript } from '../types';
import { EditAbstractDialog } from './EditAbstractDialog';
import { EditColumnDialog } from './EditColumnDialog';
import { UploadManuscriptDialog } from './UploadManuscriptDialog';
import { ViewManuscriptDialog } from './ViewManuscriptDialog';

const upload = vi.hoisted(() => vi.fn(async () => ({ id: 77, title: '本地稿件' })));
vi.mock('../../shared/files/api', async (original) => ({ ...(await original<typeof import('../../shared/files/api')>()), uploadFile: upload }));

afterEach(() => {
  vi.unstubAllGlobals();
  upload.mockClear();
});

const EDITOR: TestUser = { id: 3, username: 'editor', nickName: '张编辑', dept: { id: 7, name: '期刊编辑部', pid: 6 } };

const ROW: Manuscript = {
  id: 9,
  title: '美国能源部新规',
  memo: null,
  abstracts: '旧摘要',
  firstAuthor: '王审校',
  authorIds: '4',
  columns: [{ id: 11, name: '要闻' }],
  product: { id: 3, name: '国际动态日报' },
  dept: { id: 1, name: '新闻中心' },
  createBy: { id: 4, username: 'reviewer', nickName: '王审校' },
  createTime: '2026-11-20 09:30:00',
  newsId: 1001,
  type: 'dynamic',
};

async function pick(name: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('manuscript dialogs', { timeout: 30_000 }, () => {
  it('修改栏目 keeps the product and sends the chosen columns', async () => {
    const calls = stubApi((method, path) => (method === 'PUT' ? { status: 204 } : lookups(path)));
    const onSaved = vi.fn();
    renderWith(<EditColumnDialog manuscript={ROW} onClose={() => undefined} onSaved={onSaved} />, { user: EDITOR, roles: ['manuscript:edit'] });
    await screen.findByRole('dialog', { name: '修改栏目' });
    expect(screen.getByRole('combobox', { name: /^产品/ }).getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^栏目 1/ }).textContent).toBe('要闻'));
    fireEvent.click(screen.getByRole('button', { name: '添加栏目' }));
    await pick(/^栏目 2/, '综述');
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    await screen.findByText('栏目修改成功');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: 'api/manuscript/updateColumn', body: { id: 9, productList: [11, 12] } });
    expect(onSaved).toHaveBeenCalled();
  });

  it('修改摘要 requires a text and saves it', async () => {
    const calls = stubApi((method) => (method === 'PUT' ? { status: 204 } : undefined));
    renderWith(<EditAbstractDialog manuscript={ROW} onClose={() => undefined} onSaved={() => undefined} />, { user: EDITOR, roles: ['manuscript:edit'] });
    const box = await screen.findByRole('textbox', { name: /^摘要/ });
    expect((box as HTMLTextAreaElement).value).toBe('旧摘要');
    fireEvent.change(box, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    await screen.findByText('稿件摘要为必填项');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.change(box, { target: { value: '新摘要' } });
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    await screen.findByText('摘要修改成功');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: 'api/manuscript/updateAbstracts', body: { id: 9, abstracts: '新摘要' } });
  });

  it('查看 shows the text of a news manuscript', async () => {
    stubApi((_m, path) => (path === 'api/manuscript/9' ? { body: { ...ROW, content: '<p>正文第一段</p><script>alert(1)</script>' } } : lookups(path)));
    renderWith(<ViewManuscriptDialog manuscript={ROW} onClose={() => undefined} />, { user: EDITOR, roles: ['manuscript:list'] });
    const dialog = await screen.findByRole('dialog', { name: '查看稿件' });
    await within(dialog).findByText('正文第一段');
    within(dialog).getByText('动态稿件');
    within(dialog).getByText('要闻');
    expect(dialog.querySelector('script')).toBeNull();
  });

  it('上传稿件 shows the upload area once title, supplier and unit are filled, and sends the fields with the file', async () => {
    stubApi((_m, path) => lookups(path));
    const onUploaded = vi.fn();
    renderWith(<UploadManuscriptDialog open onClose={() => undefined} onUploaded={onUploaded} />, { user: EDITOR, roles: ['manuscript:add'] });
    await screen.findByRole('dialog', { name: '上传稿件' });
    // supplier and unit default to the current user: only the title is missing
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^供稿/ }) as HTMLInputElement).value).toBe('张编辑'));
    expect((screen.getByRole('textbox', { name: /^单位/ }) as HTMLInputElement).value).toBe('期刊编辑部');
    screen.getByTestId('manuscript-upload-locked');
    expect(screen.queryByTestId('word-upload-input')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: /^稿件标题/ }), { target: { value: '本地稿件' } });
    const area = await screen.findByTestId('manuscript-upload-area');
    // the rest is still missing: the area is disabled, a click names what is missing
    const box = within(area).getByRole('button', { name: '点击或拖拽 Word 文件到此处上传' });
    expect(box.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(box);
    await screen.findByText('请先填写审稿、摘要并选择产品与投稿栏目，再上传文件');
    screen.getByText('审稿为必填项');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^审稿/ }));
    fireEvent.click(await screen.findByRole('option', { name: /王审校/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /^摘要/ }), { target: { value: '本地稿件摘要' } });
    await pick(/^产品/, '国际动态日报');
    await pick(/^栏目 1/, '综述');
    await waitFor(() => expect(box.getAttribute('aria-disabled')).toBe('false'));

    const file = new File(['x'], '本地稿件.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    fireEvent.change(screen.getByTestId('word-upload-input'), { target: { files: [file] } });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ id: 77, title: '本地稿件' }));
    expect(upload).toHaveBeenCalledWith(
      'api/manuscript/uploadManu',
      file,
      { title: '本地稿件', firstAuthor: '张编辑', authorIds: '4', abstracts: '本地稿件摘要', productId: 3, productList: '12', memo: undefined, deptId: 7 },
      expect.anything(),
    );
  });
});
