import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Max, Min, ValidateBy, type ValidationArguments } from 'class-validator';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DomainException, ErrorCode } from '../errors/domain.exception.js';
import { parseDateTime } from '../time/time.js';
import { IntInput } from './numbers.js';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_LOOKUP_SIZE = 9999;
/** Largest value of an `int` column (ids of most tables). */
export const INT4_MAX = 2_147_483_647;

/**
 * `page` is in range when the offset `page * size` (size as asked, else MAX_PAGE_SIZE, above every
 * list's default) is a safe JavaScript integer, and so within PostgreSQL's bigint OFFSET: a far page
 * is an empty page, a page beyond that → 400 `page 超出范围` (page=1e20 answered 500).
 */
const PageInRange = () =>
  ValidateBy(
    {
      name: 'pageInRange',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          if (typeof value !== 'number') return true; // @IsInt answers
          const size = (args?.object as { size?: unknown } | undefined)?.size;
          return Number.isSafeInteger(value * (typeof size === 'number' && size >= 1 ? size : MAX_PAGE_SIZE));
        },
      },
    },
    { message: 'page 超出范围' },
  );

const isBlank = (value: unknown) => value === '' || value === null || (Array.isArray(value) && value.every((v) => v === '' || v === null));

/** Empty query values are ignored (the wire contract): '' and null become undefined (also read from the raw value). */
const blankToUndefined = ({ value, obj, key }: TransformFnParams) => (isBlank(value) || isBlank((obj as Record<string, unknown>)[key]) ? undefined : value);

/** `page` and repeatable `sort=field,dir` of every list call. */
export abstract class PagedQuery {
  @ApiPropertyOptional({ description: '页码，从 0 开始', default: 0 })
  @IsOptional()
  @Transform(blankToUndefined)
  @IntInput()
  @IsInt({ message: 'page 必须是整数' })
  @Min(0, { message: 'page 不能小于 0' })
  @PageInRange()
  page?: number;

  abstract size?: number;

  @ApiPropertyOptional({ description: '排序，如 id,desc；可重复', type: [String] })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' || value == null ? undefined : Array.isArray(value) ? value : [value]))
  @IsString({ each: true, message: 'sort 格式应为 字段,asc|desc' })
  sort?: string[];
}

const PageSize = (max: number) => (target: object, key: string | symbol) => {
  ApiPropertyOptional({ description: `每页条数，最大 ${max}`, default: DEFAULT_PAGE_SIZE })(target, key);
  IsOptional()(target, key);
  Transform(blankToUndefined)(target, key);
  IntInput()(target, key);
  IsInt({ message: 'size 必须是整数' })(target, key);
  Min(1, { message: 'size 不能小于 1' })(target, key);
  Max(max, { message: `size 不能超过 ${max}` })(target, key);
};

/** A list call: `size` up to MAX_PAGE_SIZE (more → 400). */
export class ListQuery extends PagedQuery {
  @PageSize(MAX_PAGE_SIZE)
  size?: number;
}

/**
 * A lookup of small reference lists that clients load whole (eladmin-web sends `page=0&size=9999`):
 * `size` up to MAX_LOOKUP_SIZE. Used by jobs, departments, dictionaries, dictionary entries, roles and
 * menus; every other list keeps ListQuery's MAX_PAGE_SIZE.
 */
export class LookupQuery extends PagedQuery {
  @PageSize(MAX_LOOKUP_SIZE)
  size?: number;
}

/** Optional trimmed string filter; blank → undefined. */
export function TrimmedFilter(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(({ value }: { value: unknown }) => {
      if (Array.isArray(value)) value = value[0];
      if (typeof value !== 'string') return value;
      const t = value.trim();
      return t === '' ? undefined : t;
    })(target, key);
    IsString({ message: `${String(key)} 必须是字符串` })(target, key);
  };
}

/** Optional boolean filter accepting true/false strings (eladmin radio inputs send strings). */
export function BooleanFilter(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(({ value }: { value: unknown }) => toBoolean(value))(target, key);
    Transform(({ value }: { value: unknown }) => value, { toPlainOnly: true })(target, key);
  };
}

export function toBoolean(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (value === true || value === 'true' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === '0' || value === 0) return false;
  return value; // left for @IsBoolean to reject with a message
}

/** Optional integer id filter. */
export function IdFilter(max: number = INT4_MAX): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(blankToUndefined)(target, key);
    IntInput()(target, key);
    IsInt({ message: `${String(key)} 必须是整数` })(target, key);
    // Beyond the column's range PostgreSQL would fail the query: answer 400 instead.
    Max(max, { message: `${String(key)} 超出范围` })(target, key);
  };
}

/** `createTime=<start>&createTime=<end>` → [start, end]; a single value or bad dates → 400. */
export function DateRangeFilter(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(({ value }: { value: unknown }) => {
      if (value === undefined || value === null || value === '') return undefined;
      const list = Array.isArray(value) ? value : String(value).split(',');
      const nonEmpty = list.filter((v) => v !== '' && v != null);
      if (nonEmpty.length === 0) return undefined;
      if (nonEmpty.length !== 2) throw DomainException.badRequest(`${String(key)} 需要开始和结束两个时间`, ErrorCode.Validation);
      const start = parseDateTime(nonEmpty[0]);
      const end = parseDateTime(nonEmpty[1], true);
      if (!start || !end) throw DomainException.badRequest(`${String(key)} 时间格式应为 yyyy-MM-dd HH:mm:ss`, ErrorCode.Validation);
      return [start, end];
    })(target, key);
  };
}

/**
 * Lists of tree records (departments, menus): children of `pid` (0 = roots), roots only, creation
 * range. Clients load these lookups whole, so `size` goes up to MAX_LOOKUP_SIZE like LookupQuery.
 */
export class TreeListQuery extends LookupQuery {
  @ApiPropertyOptional({ description: '上级 id（0 = 顶级）' })
  @IdFilter()
  @Min(0, { message: 'pid 不能小于 0' })
  pid?: number;

  @ApiPropertyOptional({ description: '只查顶级' })
  @BooleanFilter()
  @IsBoolean({ message: 'pidIsNull 必须是 true 或 false' })
  pidIsNull?: boolean;

  @ApiPropertyOptional({ type: [String], description: '创建时间范围：开始,结束' })
  @DateRangeFilter()
  createTime?: [Date, Date];
}

export interface Page<T> {
  content: T[];
  totalElements: number;
}

export function page<T>(content: T[], totalElements: number): Page<T> {
  return { content, totalElements };
}

export type SortMap = Record<string, string>;
export interface SortOrder {
  expr: string;
  dir: 'ASC' | 'DESC';
}

/** Parses `sort` against a whitelist of field → SQL expression; unknown field or direction → 400. */
export function parseSort(sort: string[] | undefined, allowed: SortMap, fallback: string[]): SortOrder[] {
  const list = sort?.length ? sort : fallback;
  const orders: SortOrder[] = [];
  for (const item of list) {
    // `sort=id,desc` and `sort=id&sort=desc` are not mixed here: each value is one "field[,dir]".
    const [field, dirRaw] = item.split(',').map((s) => s.trim());
    if (!field) continue;
    const expr = Object.hasOwn(allowed, field) ? allowed[field] : undefined; // not `constructor`, `__proto__`...
    if (!expr) throw DomainException.badRequest(`不支持的排序字段: ${field}`, ErrorCode.Validation);
    const dir = (dirRaw || 'asc').toUpperCase();
    if (dir !== 'ASC' && dir !== 'DESC') throw DomainException.badRequest(`排序方向只能是 asc 或 desc: ${item}`, ErrorCode.Validation);
    orders.push({ expr, dir });
  }
  return orders;
}

/** Applies whitelisted sort (plus id as a stable tie-breaker) and paging to a query builder. */
export function applyListQuery<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  query: PagedQuery,
  allowed: SortMap,
  fallback: string[] = ['id,desc'],
): SelectQueryBuilder<T> {
  const orders = parseSort(query.sort, allowed, fallback);
  orders.forEach((o, i) => (i === 0 ? qb.orderBy(o.expr, o.dir) : qb.addOrderBy(o.expr, o.dir)));
  const idExpr = allowed.id;
  if (idExpr && !orders.some((o) => o.expr === idExpr)) qb.addOrderBy(idExpr, 'DESC');
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  return qb.skip((query.page ?? 0) * size).take(size);
}

/** `%`, `_` and `\` are literal in a user's search text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
