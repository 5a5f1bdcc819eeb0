import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS } from './listState';
import { ManuscriptFilters } from './ManuscriptFilters';
import { renderWith } from './testSupport';

describe('ManuscriptFilters', () => {
  it('applies a typed submission-time range as two days (the calendar field of the admin lists)', () => {
    const onApply = vi.fn();
    renderWith(<ManuscriptFilters value={EMPTY_FILTERS} products={[]} onApply={onApply} />);
    const start = screen.getByLabelText('投稿时间开始日期');
    const end = screen.getByLabelText('投稿时间结束日期');
    fireEvent.change(start, { target: { value: '2026-11-20' } });
    fireEvent.change(end, { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    // a reversed range is put in order
    expect(onApply).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, start: '2026-11-01', end: '2026-11-20' });
  });

  it('sends no range while only one day is given, and reset clears everything', () => {
    const onApply = vi.fn();
    renderWith(<ManuscriptFilters value={{ ...EMPTY_FILTERS, title: '旧' }} products={[]} onApply={onApply} />);
    fireEvent.change(screen.getByLabelText('投稿时间开始日期'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(onApply).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, title: '旧' });
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(onApply).toHaveBeenLastCalledWith(EMPTY_FILTERS);
  });
});
