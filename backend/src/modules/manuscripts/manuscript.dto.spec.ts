import type { ArgumentMetadata } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain.exception.js';
import { createValidationPipe } from '../../common/http/validation.js';
import {
  ManuscriptCreateDto,
  ManuscriptQuery,
  ManuscriptUpdateDto,
  SubmitManyDto,
  SubmitOneDto,
  toIdCsv,
  toIdList,
  UpdateAbstractsDto,
  UpdateColumnDto,
  parseFields,
  UploadManuFields,
} from './manuscript.dto.js';

const parse = <T>(metatype: new () => T, body: unknown): Promise<T> => createValidationPipe().transform(body, { type: 'body', metatype } as ArgumentMetadata) as Promise<T>;

const failure = async (metatype: new () => object, body: unknown): Promise<string> => {
  try {
    await parse(metatype, body);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainException);
    expect((e as DomainException).status).toBe(400);
    return (e as DomainException).message;
  }
  throw new Error(`expected ${JSON.stringify(body)} to be rejected`);
};

const one = { newsId: 5, productId: 1, productList: [11, 12], firstAuthor: '编译部', authorIds: '3,7', abstracts: '摘要' };

describe('toIdList / toIdCsv', () => {
  it('reads arrays, {id} objects, comma strings (also full-width commas) and single numbers', () => {
    expect(toIdList([11, '12', { id: 13 }, ' 14 '])).toEqual([11, 12, 13, 14]);
    expect(toIdList('11, 12，13,')).toEqual([11, 12, 13]);
    expect(toIdList(7)).toEqual([7]);
    expect(toIdList('')).toEqual([]);
    expect(toIdList(['x'])).toEqual(['x']);
    expect(toIdList({ a: 1 })).toEqual({ a: 1 });
    expect(toIdList(undefined)).toBeUndefined();
  });

  it('normalises reviewer ids to the stored comma string', () => {
    expect(toIdCsv([3, '7', { id: 9 }, 3])).toBe('3,7,9');
    expect(toIdCsv(' 3 ，7,,')).toBe('3,7');
    expect(toIdCsv(4)).toBe('4');
    expect(toIdCsv([])).toBe('');
    expect(toIdCsv(true)).toBe(true);
  });
});

describe('SubmitOneDto', () => {
  it('accepts the dialog payload and ignores identity fields', async () => {
    const dto = await parse(SubmitOneDto, { ...one, productId: '1', productList: '11,12', authorIds: [3, 7], firstAuthor: ' 编译部 ', createBy: { id: 99 }, dept: { id: 42 } });
    expect(dto).toMatchObject({ newsId: 5, productId: 1, productList: [11, 12], authorIds: '3,7', firstAuthor: '编译部', abstracts: '摘要' });
    expect(dto).not.toHaveProperty('createBy');
    expect(dto).not.toHaveProperty('dept');
  });

  it('answers the contract messages, in the order of the form', async () => {
    const cases: Array<[object, string]> = [
      [{ ...one, productId: undefined }, '请选择产品'],
      [{ ...one, productId: '' }, '请选择产品'],
      [{ ...one, productId: 0 }, '请选择产品'],
      [{ ...one, productId: 'abc' }, '请选择产品'],
      [{ ...one, productList: [] }, '请选择投稿栏目'],
      [{ ...one, productList: undefined }, '请选择投稿栏目'],
      [{ ...one, productList: '' }, '请选择投稿栏目'],
      [{ ...one, productList: ['x'] }, '请选择投稿栏目'],
      [{ ...one, firstAuthor: '  ' }, '供稿为必填项'],
      [{ ...one, firstAuthor: undefined }, '供稿为必填项'],
      [{ ...one, authorIds: '' }, '审稿为必填项'],
      [{ ...one, authorIds: [] }, '审稿为必填项'],
      [{ ...one, authorIds: 'abc' }, '审稿人 id 必须是正整数'],
      [{ ...one, abstracts: ' ' }, '稿件摘要为必填项'],
      [{ ...one, newsId: undefined }, 'newsId 不能为空'],
      [{ ...one, title: 'x'.repeat(501) }, '稿件标题不能超过 500 个字符'],
      [{ newsId: 5 }, '请选择产品'],
      [{}, 'newsId 不能为空'],
    ];
    for (const [body, message] of cases) expect([body, await failure(SubmitOneDto, body)]).toEqual([body, message]);
  });
});

describe('SubmitManyDto', () => {
  it('takes the news ids as an array or comma string', async () => {
    const dto = await parse(SubmitManyDto, { ...one, newsId: undefined, abstracts: undefined, newsIds: '5,6', memo: '批量' });
    expect(dto).toMatchObject({ newsIds: [5, 6], memo: '批量' });
    expect(await failure(SubmitManyDto, { ...one, newsIds: [] })).toBe('请选择要报送的新闻');
    expect(await failure(SubmitManyDto, { ...one, newsIds: [0] })).toBe('新闻 id 必须是正整数');
  });
});

describe('ManuscriptCreateDto / UploadManuFields', () => {
  it('require a title and an abstract', async () => {
    const base = { productId: 1, productList: [11], firstAuthor: '甲', authorIds: '3', abstracts: '摘要', title: '标题' };
    expect(await parse(ManuscriptCreateDto, base)).toMatchObject({ title: '标题' });
    expect(await failure(ManuscriptCreateDto, { ...base, title: ' ' })).toBe('稿件标题为必填项');
    expect(await failure(ManuscriptCreateDto, { ...base, abstracts: undefined })).toBe('稿件摘要为必填项');
    expect(await failure(ManuscriptCreateDto, { ...base, fileId: 'x' })).toBe('fileId 必须是整数');
  });

  it('reads the multipart fields (strings) with the same rules', async () => {
    const fields = { title: '上传稿', firstAuthor: '甲', authorIds: '3,7', abstracts: '摘要', productId: '4', productList: '11,12', deptId: '2' };
    const parsed = await parseFields(UploadManuFields, fields);
    expect(parsed).toMatchObject({ productId: 4, productList: [11, 12], authorIds: '3,7', deptId: 2 });
    await expect(parseFields(UploadManuFields, { ...fields, productList: '' })).rejects.toMatchObject({ status: 400, message: '请选择投稿栏目' });
    await expect(parseFields(UploadManuFields, { ...fields, title: '' })).rejects.toMatchObject({ status: 400, message: '稿件标题为必填项' });
  });
});

describe('edits', () => {
  it('PUT keeps omitted fields, requires provider and reviewer, refuses a blank title', async () => {
    const dto = await parse(ManuscriptUpdateDto, { id: 3, firstAuthor: '甲', authorIds: '3' });
    expect(dto.title).toBeUndefined();
    expect(dto.memo).toBeUndefined();
    expect(await failure(ManuscriptUpdateDto, { id: 3, authorIds: '3' })).toBe('供稿为必填项');
    expect(await failure(ManuscriptUpdateDto, { id: 3, firstAuthor: '甲' })).toBe('审稿为必填项');
    expect(await failure(ManuscriptUpdateDto, { id: 3, firstAuthor: '甲', authorIds: '3', title: '' })).toBe('稿件标题为必填项');
    expect(await failure(ManuscriptUpdateDto, { id: 3, firstAuthor: '甲', authorIds: '3', abstracts: null })).toBe('稿件摘要为必填项');
  });

  it('updateColumn and updateAbstracts', async () => {
    expect(await failure(UpdateColumnDto, { id: 3, productList: [] })).toBe('请选择投稿栏目');
    expect(await failure(UpdateAbstractsDto, { id: 3, abstracts: '' })).toBe('稿件摘要为必填项');
  });
});

describe('ManuscriptQuery', () => {
  it('checks the tab', async () => {
    const pipe = createValidationPipe();
    const meta = { type: 'query', metatype: ManuscriptQuery } as ArgumentMetadata;
    expect(await pipe.transform({ tab: 'dept', deptId: '4', createBy: ' 张 ' }, meta)).toMatchObject({ tab: 'dept', deptId: 4, createBy: '张' });
    await expect(pipe.transform({ tab: 'mine' }, meta)).rejects.toMatchObject({ message: 'tab 只能是 my、dept 或 all' });
  });
});
