import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { journalInfo, renderWorkbench, stubWorkbench } from './testSupport';

afterEach(() => vi.unstubAllGlobals());

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByRole('textbox', { name: label }) as HTMLInputElement;

/** A stand-in for the XMLHttpRequest of the uploads: records what is sent and answers 201. */
function stubUploads() {
  const sent: Array<{ url: string; form: FormData }> = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ url: this.url, form });
      this.status = 201;
      this.responseText = JSON.stringify({ id: 60 });
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('编辑稿件', { timeout: 30_000 }, () => {
  it('requires 供稿 and 审稿 (on blur and on 确认), keeps 投稿摘要 read only, and saves with 编辑成功', async () => {
    const calls = stubWorkbench(journalInfo(), (method, path) => (method === 'PUT' && path === 'api/productManuscript' ? { status: 204 } : undefined));
    renderWorkbench();
    fireEvent.click((await screen.findAllByRole('button', { name: '编辑' }))[0]);
    const dialog = await screen.findByTestId('edit-dialog');
    expect(field(dialog, /标题/).value).toBe('稿件 1');
    const origin = field(dialog, /投稿摘要/);
    expect(origin.value).toBe('投稿摘要 1');
    expect(origin.readOnly).toBe(true);
    field(dialog, /编辑摘要/);

    const provider = field(dialog, /供稿/);
    fireEvent.change(provider, { target: { value: ' ' } });
    fireEvent.blur(provider);
    await within(dialog).findByText('供稿为必填项');
    const reviewers = within(dialog).getByRole('combobox', { name: /审稿/ });
    fireEvent.keyDown(reviewers, { key: 'Backspace' });
    fireEvent.blur(reviewers);
    await within(dialog).findByText('审稿为必填项');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(provider, { target: { value: '新供稿' } });
    fireEvent.keyDown(reviewers, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: /张编辑/ }));
    fireEvent.change(field(dialog, /编辑摘要/), { target: { value: '编辑后的摘要' } });
    await waitFor(() => expect(within(dialog).queryByText('供稿为必填项')).toBeNull());
    expect(within(dialog).queryByText('审稿为必填项')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await screen.findByText('编辑成功');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ id: 1, title: '稿件 1', memo: '', firstAuthor: '新供稿', authorIds: '3', abstractEdit: '编辑后的摘要' });
  });
});

describe('上传稿件', { timeout: 30_000 }, () => {
  it('shows the upload area only once title, 供稿 and unit are set, and sends the file with the fields', async () => {
    const sent = stubUploads();
    stubWorkbench(journalInfo());
    renderWorkbench();
    const column = (await screen.findByRole('heading', { level: 2, name: '要闻' })).closest('section') as HTMLElement;
    fireEvent.click(within(column).getByRole('button', { name: '上传稿件' }));
    const dialog = await screen.findByTestId('upload-dialog');
    // provider and unit default to the caller; without a title the area stays locked
    await waitFor(() => expect(field(dialog, /供稿/).value).toBe('张编辑'));
    expect(field(dialog, /单位/).value).toBe('期刊编辑部');
    within(dialog).getByTestId('upload-locked');
    expect(within(dialog).queryByTestId('upload-area')).toBeNull();

    fireEvent.change(field(dialog, /稿件标题/), { target: { value: '本地稿件' } });
    await within(dialog).findByTestId('upload-area');
    fireEvent.change(field(dialog, /供稿/), { target: { value: '' } });
    await within(dialog).findByTestId('upload-locked');
    within(dialog).getByText('供稿为必填项');
    fireEvent.change(field(dialog, /供稿/), { target: { value: '李供稿' } });

    fireEvent.click(within(dialog).getByRole('checkbox', { name: '同时投稿到稿件库' }));
    const input = (await within(dialog).findByTestId('word-upload-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '稿件.pdf')] } });
    await screen.findByText('只能上传 .doc 或 .docx 文件');
    expect(sent).toHaveLength(0);
    fireEvent.change(input, { target: { files: [new File(['x'], '稿件.docx')] } });
    await screen.findByText('文件上传成功！');
    expect(sent[0].url).toMatch(/\/api\/productManuscript\/uploadManuAndManu$/);
    const form = Object.fromEntries([...sent[0].form.entries()].filter(([name]) => name !== 'file'));
    expect(form).toEqual({ journalId: '9', columnId: '11', title: '本地稿件', firstAuthor: '李供稿', deptId: '7' });
    await waitFor(() => expect(screen.queryByTestId('upload-dialog')).toBeNull());
  });
});
