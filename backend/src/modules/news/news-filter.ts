/**
 * The query fields the news list and the 查询统计 figures share beyond the spec's list fields
 * (docs/news-analysis.md "Query"): several classes, sources, countries and languages, and a period
 * of publish days. Multi-valued fields take repeated keys (`webIds=1&webIds=2`) or one comma list
 * (`webIds=1,2`); blank values are ignored like every list filter.
 */
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateBy } from 'class-validator';
import { parseIdList } from '../../common/http/id-list.js';
import { INT4_MAX } from '../../common/http/list-query.js';

/** At most this many values in one multi-valued filter. */
export const FILTER_MAX_VALUES = 100;

const isBlank = (v: unknown) => v === '' || v === null || v === undefined;

/** Ids of classes or sources: malformed input is kept as it is, for the validators to reject with the field's message. */
export function IdListFilter(label: string): PropertyDecorator {
  return (target, key) => {
    const message = `${String(key)}（${label}）必须是正整数 id 列表`;
    ApiPropertyOptional({ type: [Number], description: `${label}：可重复或逗号分隔` })(target, key);
    IsOptional()(target, key);
    Transform(({ value }: { value: unknown }) => {
      const list = Array.isArray(value) ? value.filter((v) => !isBlank(v)) : value;
      const ids = parseIdList(list);
      return ids === null ? undefined : ids === undefined ? value : ids;
    })(target, key);
    IsArray({ message })(target, key);
    ArrayMaxSize(FILTER_MAX_VALUES, { message: `${label}不能超过 ${FILTER_MAX_VALUES} 个` })(target, key);
    IsInt({ each: true, message })(target, key);
    Min(1, { each: true, message })(target, key);
    Max(INT4_MAX, { each: true, message })(target, key);
  };
}

/** Codes of the `country` or `language` dictionaries (US, en, OTHER): trimmed, blanks and repeats dropped. */
export function CodeListFilter(label: string, example: string): PropertyDecorator {
  return (target, key) => {
    const message = `${String(key)}（${label}）只能是${label}代码，如 ${example}`;
    ApiPropertyOptional({ type: [String], description: `${label}代码：可重复或逗号分隔` })(target, key);
    IsOptional()(target, key);
    Transform(({ value }: { value: unknown }) => {
      if (isBlank(value)) return undefined;
      const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,，]/) : value;
      if (!Array.isArray(parts)) return value;
      const codes = parts.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => !isBlank(v));
      return codes.length ? [...new Set(codes)] : undefined;
    })(target, key);
    IsArray({ message })(target, key);
    ArrayMaxSize(FILTER_MAX_VALUES, { message: `${label}不能超过 ${FILTER_MAX_VALUES} 个` })(target, key);
    IsString({ each: true, message })(target, key);
    Matches(/^[A-Za-z0-9_-]{1,16}$/, { each: true, message })(target, key);
  };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a calendar day `yyyy-MM-dd` (2026-02-30 is not). */
export function isDay(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const m = DAY.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** A publish day `yyyy-MM-dd` in the configured zone (the start or the end of a period, both included). */
export function DayFilter(label: string): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ type: String, format: 'date', description: `${label}：yyyy-MM-dd（含当天）` })(target, key);
    IsOptional()(target, key);
    Transform(({ value }: { value: unknown }) => {
      const v = Array.isArray(value) ? value[0] : value;
      if (typeof v !== 'string') return isBlank(v) ? undefined : v;
      const t = v.trim();
      return t === '' ? undefined : t;
    })(target, key);
    ValidateBy({ name: 'isDay', validator: { validate: isDay } }, { message: `${String(key)}（${label}）格式应为 yyyy-MM-dd` })(target, key);
  };
}
