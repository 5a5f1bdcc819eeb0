import type { ArgumentMetadata } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain.exception.js';
import { createValidationPipe } from '../../common/http/validation.js';
import { ColumnCreateDto, ColumnUpdateDto, normalizeEditorIds, ProductAllQuery, ProductUpdateDto, ProductWriteDto } from './product.dto.js';

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

const valid = { name: '国际周刊', deptId: 1 };

describe('ProductWriteDto', () => {
  it('accepts the minimal form and normalises the optional fields', async () => {
    const dto = await parse(ProductWriteDto, {
      ...valid,
      name: '  国际周刊 ',
      deptId: '7',
      editorIds: [3, '7', 3],
      period: '',
      type: 2,
      contentType: '1',
      fileIds: '12',
      isWeekly: 'true',
      columnList: [{ name: ' 要闻 ', sort: '2', status: 'false' }, { id: '5', name: '综述' }],
    });
    expect(dto).toMatchObject({ name: '国际周刊', deptId: 7, editorIds: '3,7', period: null, type: '2', contentType: '1', fileIds: 12, isWeekly: true });
    expect(dto.columnList).toEqual([
      expect.objectContaining({ name: '要闻', sort: 2, status: false }),
      expect.objectContaining({ id: 5, name: '综述' }),
    ]);
  });

  it('tells left-out fields (undefined, kept on edit) from cleared ones (null)', async () => {
    const left = await parse(ProductWriteDto, valid);
    expect([left.editorIds, left.period, left.fileIds, left.columnList, left.type]).toEqual([undefined, undefined, undefined, undefined, undefined]);
    const cleared = await parse(ProductWriteDto, { ...valid, editorIds: '', period: null, fileIds: '', type: '' });
    expect([cleared.editorIds, cleared.period, cleared.fileIds, cleared.type]).toEqual([null, null, null, null]);
    expect((await parse(ProductWriteDto, { ...valid, editorIds: [] })).editorIds).toBeNull();
  });

  it('answers the contract messages', async () => {
    const cases: Array<[object, string]> = [
      [{ name: '产品' }, '所属单位不能为空'],
      [{ name: '产品', deptId: null }, '所属单位不能为空'],
      [{ name: '产品', deptId: '' }, '所属单位不能为空'],
      [{ name: '产品', deptId: 'abc' }, '所属单位不存在'],
      [{ deptId: 1 }, '产品名称不能为空'],
      [{ deptId: 1, name: '   ' }, '产品名称不能为空'],
      [{ deptId: 1, name: 'x'.repeat(101) }, '产品名称不能超过100个字符'],
      [{ ...valid, type: '3' }, '类型只能是 1 或 2'],
      [{ ...valid, contentType: 'x' }, '稿件类型只能是 1 或 2'],
      [{ ...valid, fileIds: 'abc' }, '模板文件不存在'],
      [{ ...valid, fileIds: '12,13' }, '模板文件不存在'],
      [{ ...valid, fileIds: 0 }, '模板文件不存在'],
      [{ ...valid, columnList: [{ sort: 1 }] }, '栏目名称不能为空'],
      [{ ...valid, columnList: [{ name: '  ' }] }, '栏目名称不能为空'],
      [{ ...valid, columnList: [{ name: 'x'.repeat(101) }] }, '栏目名称不能超过100个字符'],
      [{ ...valid, columnList: [{ name: 'a', status: 'maybe' }] }, '栏目状态必须是 true 或 false'],
      [{ ...valid, columnList: 'a' }, '栏目列表必须是数组'],
      [{ ...valid, editorIds: 'a,b' }, '主编格式不正确'],
      [{ ...valid, editorIds: { id: 1 } }, '主编格式不正确'],
    ];
    for (const [body, message] of cases) expect(await failure(ProductWriteDto, body)).toBe(message);
    expect(await failure(ProductUpdateDto, valid)).toBe('id 必须是整数');
  });
});

describe('column bodies', () => {
  it('POST needs a product and a name', async () => {
    expect(await failure(ColumnCreateDto, { name: '要闻' })).toBe('请选择产品');
    expect(await failure(ColumnCreateDto, { productId: 1 })).toBe('栏目名称不能为空');
    expect(await parse(ColumnCreateDto, { productId: '3', name: ' 要闻 ' })).toMatchObject({ productId: 3, name: '要闻' });
  });

  it('PUT needs an id and a name', async () => {
    expect(await failure(ColumnUpdateDto, { name: '要闻' })).toBe('id 必须是整数');
    expect(await failure(ColumnUpdateDto, { id: 1, name: '' })).toBe('栏目名称不能为空');
  });
});

describe('editor ids', () => {
  it('normalises lists, leaving malformed ones for the validators', () => {
    expect(normalizeEditorIds('3, 7，3')).toBe('3,7');
    expect(normalizeEditorIds([7, 3])).toBe('7,3');
    expect(normalizeEditorIds(' , ')).toBeNull();
    expect(normalizeEditorIds('3,x')).toBe('3,x');
    expect(normalizeEditorIds(['3', '', 7])).toBe('3,7');
    expect(normalizeEditorIds(['3', 'x'])).toBe('3,x');
    expect(normalizeEditorIds([{ id: 3 }])).toEqual([{ id: 3 }]);
    expect(normalizeEditorIds(true)).toBe(true);
    expect(normalizeEditorIds(4)).toBe('4');
    expect(normalizeEditorIds('')).toBeNull();
    expect(normalizeEditorIds(undefined)).toBeUndefined();
  });
});

describe('ProductAllQuery (GET api/productSetting/all)', () => {
  it('reads editable as a boolean; absent or blank is the default (every product)', async () => {
    expect((await parse(ProductAllQuery, { editable: 'true' })).editable).toBe(true);
    expect((await parse(ProductAllQuery, { editable: '1' })).editable).toBe(true);
    expect((await parse(ProductAllQuery, { editable: 'false' })).editable).toBe(false);
    expect((await parse(ProductAllQuery, { editable: '' })).editable).toBeUndefined();
    expect((await parse(ProductAllQuery, {})).editable).toBeUndefined();
  });

  it('refuses anything else with a readable 400', async () => {
    expect(await failure(ProductAllQuery, { editable: 'yes' })).toBe('editable 必须是 true 或 false');
  });
});
