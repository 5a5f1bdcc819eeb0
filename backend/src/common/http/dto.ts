import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, Min } from 'class-validator';
import type { BaseEntity } from '../database/base.entity.js';
import { toBoolean } from './list-query.js';

/** The `id` of an edit body: a positive integer (eladmin clients PUT whole records). */
export const RecordId = () =>
  applyDecorators(ApiProperty({ description: '记录 id' }), Type(() => Number), IsInt({ message: 'id 必须是整数' }), Min(1, { message: 'id 必须是正整数' }));

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
