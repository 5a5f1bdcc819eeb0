import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import type { AuditFields } from './dto.js';

/**
 * Response DTO classes describe the JSON a handler answers, so the OpenAPI document (and the frontend
 * types generated from it, `npm run api:generate`) sees it. Services still return plain objects; the
 * class is only the declared type (DateInterceptor writes Dates of plain objects, not of instances).
 */

interface WireOptions {
  nullable?: boolean;
  description?: string;
}

/** A time on the wire: DateInterceptor writes every Date as `yyyy-MM-dd HH:mm:ss`. */
export const ApiDateTime = ({ nullable, description }: WireOptions = {}) =>
  ApiProperty({ type: String, example: '2024-01-01 08:00:00', nullable, description: description ?? 'yyyy-MM-dd HH:mm:ss' });

/** A string that may be null. */
export const ApiNullableString = (description?: string) => ApiProperty({ type: String, nullable: true, description });

/** An integer (ids, counts, sort keys); `nullable` for optional foreign keys. */
export const ApiInt = ({ nullable, description }: WireOptions = {}) => ApiProperty({ type: 'integer', nullable, description });

/** Audit fields every record carries on the wire (see `auditFields`). */
export class AuditFieldsDto implements AuditFields {
  @ApiNullableString('创建者用户名')
  createBy: string | null;

  @ApiNullableString('更新者用户名')
  updateBy: string | null;

  @ApiDateTime()
  createTime: Date;

  @ApiDateTime()
  updateTime: Date;
}

/** `{id, name}`: a record named by another. */
export class IdNameDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;
}

/**
 * A page of a list call (`common/http/list-query.ts` `page()`): `{content: T[], totalElements}`.
 * `extra` adds fields some lists send beside the page (news: `totalExact`).
 */
export function ApiPageResponse(model: Type, extra: Record<string, object> = {}, description?: string) {
  return applyDecorators(
    ApiExtraModels(model),
    ApiOkResponse({
      description,
      schema: {
        type: 'object',
        required: ['content', 'totalElements', ...Object.keys(extra)],
        properties: {
          content: { type: 'array', items: { $ref: getSchemaPath(model) } },
          totalElements: { type: 'integer', description: '总条数' },
          ...extra,
        },
      },
    }),
  );
}

/** An answer that is a list (array) of `model`. */
export const ApiListResponse = (model: Type, description?: string) => ApiOkResponse({ type: model, isArray: true, description });

/** `{ [key]: model[] }`: a map of lists (dictionary details by dictionary name, columns by product). */
export function ApiMapOfListsResponse(model: Type, description?: string) {
  return applyDecorators(
    ApiExtraModels(model),
    ApiOkResponse({ description, schema: { type: 'object', additionalProperties: { type: 'array', items: { $ref: getSchemaPath(model) } } } }),
  );
}
