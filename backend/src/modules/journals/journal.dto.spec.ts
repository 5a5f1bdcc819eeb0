import type { ArgumentMetadata } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain.exception.js';
import { createValidationPipe } from '../../common/http/validation.js';
import { DailyJournalQuery, JournalListQuery, JournalUpdateDto, JournalWriteDto, UpdateStatusDto } from './journal.dto.js';

const pipe = createValidationPipe();
const run = async <T>(metatype: new () => T, value: unknown, type: ArgumentMetadata['type'] = 'body'): Promise<T> => (await pipe.transform(value, { type, metatype })) as T;
const message = async (metatype: new () => unknown, value: unknown, type: ArgumentMetadata['type'] = 'body'): Promise<string> => {
  try {
    await run(metatype, value, type);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainException);
    return (e as DomainException).message;
  }
  throw new Error(`accepted ${JSON.stringify(value)}`);
};

const valid = { productId: 1, year: 2026, journalNo: 3, planPublishTime: '2026-03-01' };

describe('JournalWriteDto', () => {
  it('normalises a form: numbers from strings, editors, memo, plan day', async () => {
    const dto = await run(JournalWriteDto, { productId: '1', year: '2026', journalNo: '3', totalNo: '15', editorIds: [3, 7, 3], memo: '  备注  ', planPublishTime: '2026-03-01 00:00:00', status: 'done' });
    expect({ ...dto }).toEqual({ productId: 1, year: 2026, journalNo: 3, totalNo: 15, editorIds: '3,7', memo: '备注', planPublishTime: '2026-03-01' });
    const bare = await run(JournalWriteDto, valid);
    expect(bare.editorIds).toBeUndefined();
    expect(bare.memo).toBeUndefined();
    const cleared = await run(JournalWriteDto, { ...valid, editorIds: '', memo: '' });
    expect(cleared.editorIds).toBeNull();
    expect(cleared.memo).toBeNull();
  });

  it('answers the spec messages for missing fields, then format messages', async () => {
    const cases: Array<[object, string]> = [
      [{ ...valid, productId: undefined }, '产品名称不能为空'],
      [{ ...valid, productId: '' }, '产品名称不能为空'],
      [{ ...valid, productId: null }, '产品名称不能为空'],
      [{ ...valid, planPublishTime: '' }, '期刊时间不能为空'],
      [{ ...valid, planPublishTime: undefined }, '期刊时间不能为空'],
      [{ ...valid, year: undefined }, '年度不能为空'],
      [{ ...valid, journalNo: '' }, '期号不能为空'],
      [{ ...valid, productId: 'x' }, '产品 id 必须是整数'],
      [{ ...valid, productId: 0 }, '产品 id 必须是正整数'],
      [{ ...valid, productId: 2 ** 31 }, '产品 id 超出范围'],
      [{ ...valid, year: 26 }, '年度必须是四位数字'],
      [{ ...valid, year: 12026 }, '年度必须是四位数字'],
      [{ ...valid, year: 2026.5 }, '年度必须是整数'],
      [{ ...valid, journalNo: 0 }, '期号必须是正整数'],
      [{ ...valid, totalNo: -1 }, '总期号必须是正整数'],
      [{ ...valid, totalNo: 'abc' }, '总期号必须是整数'],
      [{ ...valid, editorIds: '3,x' }, '责任编辑格式不正确'],
      [{ ...valid, editorIds: { id: 3 } }, '责任编辑格式不正确'],
      [{ ...valid, memo: 'x'.repeat(1001) }, '备注不能超过 1000 个字符'],
      [{ ...valid, memo: 5 }, '备注必须是字符串'],
      [{ ...valid, planPublishTime: '2026-02-30' }, '期刊时间格式不正确'],
      [{ ...valid, planPublishTime: 'soon' }, '期刊时间格式不正确'],
    ];
    for (const [body, expected] of cases) expect([body, await message(JournalWriteDto, body)]).toEqual([body, expected]);
    expect(await message(JournalUpdateDto, valid)).toBe('id 必须是整数');
  });
});

describe('UpdateStatusDto', () => {
  it('takes the target as a string or the dictionary number', async () => {
    expect({ ...(await run(UpdateStatusDto, { journalId: '5', status: 'submit' }, 'query')) }).toEqual({ journalId: 5, status: 'submit' });
    expect((await run(UpdateStatusDto, { journalId: 5, status: 2 })).status).toBe('done');
  });

  it('refuses a missing id and unknown statuses', async () => {
    expect(await message(UpdateStatusDto, { status: 'done' })).toBe('期刊 id 不能为空');
    expect(await message(UpdateStatusDto, { journalId: 'abc', status: 'done' })).toBe('期刊 id 必须是整数');
    expect(await message(UpdateStatusDto, { journalId: -2, status: 'done' })).toBe('期刊 id 必须是正整数');
    expect(await message(UpdateStatusDto, { journalId: 1 })).toBe('期刊状态不能为空');
    expect(await message(UpdateStatusDto, { journalId: 1, status: 'published' })).toBe('期刊状态不正确');
    expect(await message(UpdateStatusDto, { journalId: 1, status: '9' })).toBe('期刊状态不正确');
  });
});

describe('JournalListQuery', () => {
  it('filters by a status string or number; a bad one → 期刊状态不正确', async () => {
    expect((await run(JournalListQuery, { status: '1' }, 'query')).status).toBe('submit');
    expect((await run(JournalListQuery, { status: '' }, 'query')).status).toBeUndefined();
    expect(await message(JournalListQuery, { status: 'x' }, 'query')).toBe('期刊状态不正确');
  });
});

describe('DailyJournalQuery', () => {
  it('requires both days, real ones, and reports paging errors as 请求参数错误', async () => {
    const ok = await run(DailyJournalQuery, { startDate: '2026-03-01', endDate: '2026-03-07', page: '1', size: '15', sort: 'id,asc' }, 'query');
    expect({ ...ok }).toEqual({ startDate: '2026-03-01', endDate: '2026-03-07', page: 1, size: 15 });
    const cases: Array<[object, string]> = [
      [{ endDate: '2026-03-07' }, '开始日期格式不正确'],
      [{ startDate: '2026-02-30', endDate: '2026-03-07' }, '开始日期格式不正确'],
      [{ startDate: '2026-03-01' }, '结束日期格式不正确'],
      [{ startDate: '2026-03-01', endDate: '2026/03/07' }, '结束日期格式不正确'],
      [{ startDate: '2026-03-01', endDate: '2026-03-07', page: '-1' }, '请求参数错误'],
      [{ startDate: '2026-03-01', endDate: '2026-03-07', page: '1.5' }, '请求参数错误'],
      [{ startDate: '2026-03-01', endDate: '2026-03-07', size: '0' }, '请求参数错误'],
      [{ startDate: '2026-03-01', endDate: '2026-03-07', size: '1001' }, '请求参数错误'],
      [{ startDate: '2026-03-01', endDate: '2026-03-07', size: 'x' }, '请求参数错误'],
    ];
    for (const [query, expected] of cases) expect([query, await message(DailyJournalQuery, query, 'query')]).toEqual([query, expected]);
  });
});
