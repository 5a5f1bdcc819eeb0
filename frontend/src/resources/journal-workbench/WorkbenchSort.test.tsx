import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { infoCalls, journalInfo, renderWorkbench, stubWorkbench } from './testSupport';

// jsdom lays nothing out: give each copy's row a 40 px slot by its place, so the keyboard sensor
// finds the row below.
const ROW_HEIGHT = 40;
function rectOf(element: Element): DOMRect {
  const row = element.closest('tr[data-copy-id]');
  if (!row || row !== element) return new DOMRect(0, 0, 0, 0);
  const index = Array.from(row.parentElement?.children ?? []).indexOf(row);
  return new DOMRect(0, index * ROW_HEIGHT, 800, ROW_HEIGHT);
}

beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return rectOf(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Space picks the copy up, ArrowDown moves it one place, Space drops it. */
async function moveDown(title: string) {
  const handle = screen.getByRole('button', { name: `拖动排序：${title}` });
  handle.focus();
  fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  fireEvent.keyDown(document, { key: 'ArrowDown', code: 'ArrowDown' });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  fireEvent.keyDown(document, { key: ' ', code: 'Space' });
}

const rowIds = () =>
  within(screen.getByRole('table', { name: '要闻稿件' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-copy-id'));

describe('ordering a column', { timeout: 30_000 }, () => {
  it('moves a copy with the keyboard and saves the column’s order', async () => {
    const calls = stubWorkbench(journalInfo(), (method, path) => (path === 'api/productManuscript/saveSort' ? { body: { count: 3 } } : undefined));
    renderWorkbench();
    await screen.findByRole('table', { name: '要闻稿件' });
    await moveDown('稿件 1');
    await screen.findByText('稿件顺序保存成功');
    expect(calls.find((call) => call.path === 'api/productManuscript/saveSort')?.body).toEqual({ journalId: 9, columnId: 11, ids: [2, 1, 3] });
    await waitFor(() => expect(rowIds()).toEqual(['2', '1', '3']));
  });

  it('shows the server’s refusal of a stale order and reloads the journal', async () => {
    const calls = stubWorkbench(journalInfo(), (method, path) =>
      path === 'api/productManuscript/saveSort' ? { status: 409, body: { status: 409, code: 'SORT_STALE', message: '稿件顺序已变化，请刷新后重试' } } : undefined,
    );
    renderWorkbench();
    await screen.findByRole('table', { name: '要闻稿件' });
    const before = infoCalls(calls).length;
    await moveDown('稿件 2');
    await screen.findByText('稿件顺序已变化，请刷新后重试');
    await waitFor(() => expect(infoCalls(calls).length).toBeGreaterThan(before));
    // the reload brings the server's order back
    await waitFor(() => expect(rowIds()).toEqual(['1', '2', '3']));
  });
});
