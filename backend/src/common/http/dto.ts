import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { BaseEntity } from '../database/base.entity.js';
import { toBoolean } from './list-query.js';
import { IntInput } from './numbers.js';

/** The `id` of an edit body: a positive integer (eladmin clients PUT whole records). */
export const RecordId = () =>
  applyDecorators(ApiProperty({ description: '记录 id' }), IntInput(), IsInt({ message: 'id 必须是整数' }), Min(1, { message: 'id 必须是正整数' }));

/**
 * A required id of a bigint record (news items, collections, shares, subscriptions): a positive
 * integer a JavaScript number holds exactly; each failure says which (`<label> 不能为空 / 必须是整数 /
 * 必须是正整数 / 超出范围`).
 */
export const BigRecordId = (label = 'id', description = '记录 id') =>
  applyDecorators(
    ApiProperty({ description }),
    IntInput(),
    IsDefined({ message: `${label} 不能为空` }),
    IsInt({ message: `${label} 必须是整数` }),
    Min(1, { message: `${label} 必须是正整数` }),
    Max(Number.MAX_SAFE_INTEGER, { message: `${label} 超出范围` }),
  );

/**
 * A boolean body field. eladmin's radio inputs send "true"/"false" strings, so those (and 1/0) are
 * accepted; anything else → 400 `<label>必须是 true 或 false`.
 */
export const BooleanField = (label: string) =>
  applyDecorators(Transform(({ value }: { value: unknown }) => toBoolean(value)), IsBoolean({ message: `${label}必须是 true 或 false` }));

/** Audit fields every record carries on the wire. */
export interface AuditFields {
  createBy: string | null;
  updateBy: string | null;
  createTime: Date;
  updateTime: Date;
}

export const auditFields = (e: BaseEntity): AuditFields => ({
  createBy: e.createBy,
  updateBy: e.updateBy,
  createTime: e.createTime,
  updateTime: e.updateTime,
});

/**
 * A body field's "none": '' and null → null (the field is cleared); undefined (not sent) and every
 * other value as it is. Query filters use the opposite rule (blank → undefined, not filtered).
 */
export const blankToNull = <T>(value: T | '' | null): T | null => (value === '' || value === null ? null : value);

/** Strings trimmed; any other value as it is (for the validators). */
export const trimmed = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);

/**
 * A required text field, trimmed: missing, blank or not a string → 400 `message`; longer than `max`
 * → `<label>不能超过 <max> 个字符`. `numbersToo`: a number becomes its string (a provider picked by id);
 * `description`: also documents the field for OpenAPI.
 */
export const RequiredText = (message: string, max: number, label: string, opts: { numbersToo?: boolean; description?: string } = {}) =>
  applyDecorators(
    ...(opts.description === undefined ? [] : [ApiProperty({ description: opts.description })]),
    Transform(({ value }: { value: unknown }) => (opts.numbersToo && typeof value === 'number' ? String(value) : trimmed(value))),
    IsDefined({ message }),
    IsString({ message }),
    IsNotEmpty({ message }),
    MaxLength(max, { message: `${label}不能超过 ${max} 个字符` }),
  );

/**
 * An optional text field, trimmed; null clears it. `blankToNull`: a blank text is null too (else it
 * stays ''). Not a string → `<label>必须是字符串`; longer than `max` → `<label>不能超过 <max> 个字符`.
 */
export const OptionalText = (max: number, label: string, opts: { blankToNull?: boolean } = {}) =>
  applyDecorators(
    ApiPropertyOptional(opts.blankToNull ? { type: String, nullable: true } : {}),
    Transform(({ value }: { value: unknown }) => {
      const v = trimmed(value);
      return opts.blankToNull && v === '' ? null : v;
    }),
    IsOptional(),
    IsString({ message: `${label}必须是字符串` }),
    MaxLength(max, { message: `${label}不能超过 ${max} 个字符` }),
  );
