import { ValidationError } from 'class-validator';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsNotEmpty, IsString, MaxLength, ValidateNested } from 'class-validator';
import { DomainException, ErrorCode } from '../errors/domain.exception.js';
import { createValidationPipe, validationMessage } from './validation.js';

const error = (property: string, constraints?: Record<string, string>, children: ValidationError[] = []): ValidationError =>
  Object.assign(new ValidationError(), { property, constraints, children });

describe('validationMessage', () => {
  it('returns a Chinese message as written on the decorator', () => {
    expect(validationMessage([error('name', { isNotEmpty: '岗位名称不能为空' })])).toBe('岗位名称不能为空');
  });

  it('falls back to a Chinese template naming the field', () => {
    expect(validationMessage([error('title', { isString: 'title must be a string' })])).toBe('title必须是字符串');
    expect(validationMessage([error('count', { max: 'count must not be greater than 10' })])).toBe('count的值过大');
    expect(validationMessage([error('extra', { whitelistValidation: 'property extra should not exist' })])).toBe('不支持的参数: extra');
    expect(validationMessage([error('odd', { someCustomRule: 'odd is odd' })])).toBe('odd格式不正确');
  });

  it('reports presence before type before the rest', () => {
    const constraints = { maxLength: '名称过长', isString: '名称必须是字符串', isNotEmpty: '名称不能为空' };
    expect(validationMessage([error('name', constraints)])).toBe('名称不能为空');
    expect(validationMessage([error('name', { maxLength: '名称过长', isString: '名称必须是字符串' })])).toBe('名称必须是字符串');
  });

  it('reports a non-array before the type of its elements', () => {
    expect(validationMessage([error('jobs', { isInt: '岗位 id 必须是整数', isArray: 'jobs 必须是数组' })])).toBe('jobs 必须是数组');
  });

  it('names nested fields by their path', () => {
    const nested = error('roles', undefined, [error('0', undefined, [error('id', { isInt: 'id must be an integer number' })])]);
    expect(validationMessage([nested])).toBe('roles.0.id必须是整数');
  });

  it('reports the first failing field and has a generic fallback', () => {
    expect(validationMessage([error('a', { isNotEmpty: 'A 不能为空' }), error('b', { isNotEmpty: 'B 不能为空' })])).toBe('A 不能为空');
    expect(validationMessage([])).toBe('请求参数错误');
    expect(validationMessage([error('x', undefined, [])])).toBe('请求参数错误');
  });
});

class RefDto {
  @Type(() => Number)
  @IsInt({ message: 'id 必须是整数' })
  id: number;
}

class ProbeDto {
  @IsString({ message: '名称必须是字符串' })
  @IsNotEmpty({ message: '名称不能为空' })
  @MaxLength(5, { message: '名称不能超过 5 个字符' })
  name: string;

  @IsArray({ message: '角色必须是数组' })
  @ValidateNested({ each: true })
  @Type(() => RefDto)
  roles: RefDto[];
}

describe('createValidationPipe', () => {
  const pipe = createValidationPipe();
  const run = (value: unknown) => pipe.transform(value, { type: 'body', metatype: ProbeDto });

  it('transforms and drops unknown fields', async () => {
    const dto = await run({ name: 'abc', roles: [{ id: '3' }], isAdmin: true, password: 'x' });
    expect(dto).toBeInstanceOf(ProbeDto);
    expect(dto).toEqual({ name: 'abc', roles: [{ id: 3 }] });
  });

  it('throws a 400 DomainException with the first readable message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ roles: [] }, '名称不能为空'],
      [{ name: 7, roles: [] }, '名称必须是字符串'],
      [{ name: 'toolong', roles: [] }, '名称不能超过 5 个字符'],
      [{ name: 'ok', roles: 'x' }, '角色必须是数组'],
      [{ name: 'ok', roles: [{ id: 'x' }] }, 'id 必须是整数'],
      [[], '名称不能为空'],
    ];
    for (const [value, message] of cases) {
      await expect(run(value)).rejects.toThrow(expect.objectContaining({ status: 400, message, code: ErrorCode.Validation }));
      await expect(run(value)).rejects.toBeInstanceOf(DomainException);
    }
  });
});
