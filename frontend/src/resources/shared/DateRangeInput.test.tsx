import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, Form, FormDataConsumer, memoryStore } from 'react-admin';
import { DateRangeInput } from './DateRangeInput';

/** The filter value as the list would send it. */
function renderRange(initial?: [string, string]) {
  return render(
    <AdminContext store={memoryStore()}>
      <Form record={{ createTime: initial }}>
        <DateRangeInput source="createTime" label="创建时间" />
        <FormDataConsumer>
          {({ formData }) => <output data-testid="value">{JSON.stringify(formData.createTime ?? null)}</output>}
        </FormDataConsumer>
      </Form>
    </AdminContext>,
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null') as unknown;
const start = () => screen.getByLabelText('创建时间开始日期');
const end = () => screen.getByLabelText('创建时间结束日期');

describe('DateRangeInput', () => {
  it('shows Chinese placeholders, no browser date widget', () => {
    renderRange();
    expect(start().getAttribute('type')).toBe('text');
    expect(start().getAttribute('placeholder')).toBe('开始日期');
    expect(end().getAttribute('placeholder')).toBe('结束日期');
  });

  it('sends whole days once both ends are typed, in any common notation', () => {
    renderRange();
    fireEvent.change(start(), { target: { value: '2024/1/5' } });
    expect(value()).toBeNull();
    fireEvent.change(end(), { target: { value: '2024-01-10' } });
    expect(value()).toEqual(['2024-01-05 00:00:00', '2024-01-10 23:59:59']);
    fireEvent.blur(start());
    expect((start() as HTMLInputElement).value).toBe('2024-01-05');
  });

  it('picks a range on the calendar, staying on the shown month', () => {
    renderRange();
    fireEvent.focus(start());
    expect(screen.getByRole('dialog', { name: '选择日期' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '上个月' }));
    const [first, second] = screen.getAllByRole('button').filter((b) => /^\d{4}-\d{2}-(03|12)$/.test(b.getAttribute('aria-label') ?? ''));
    fireEvent.click(second);
    fireEvent.click(first);
    const [from, to] = value() as [string, string];
    expect(from < to).toBe(true);
    expect(from.endsWith('-03 00:00:00')).toBe(true);
    expect(to.endsWith('-12 23:59:59')).toBe(true);
  });

  it('shows an existing range and clears it', () => {
    renderRange(['2024-03-01 00:00:00', '2024-03-31 23:59:59']);
    expect((start() as HTMLInputElement).value).toBe('2024-03-01');
    expect((end() as HTMLInputElement).value).toBe('2024-03-31');
    fireEvent.click(screen.getByRole('button', { name: '清空日期' }));
    expect(value()).toBeNull();
    expect((start() as HTMLInputElement).value).toBe('');
  });
});
