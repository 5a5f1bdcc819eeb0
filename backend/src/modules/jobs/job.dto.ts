import { ApiInt, AuditFieldsDto } from '../../common/http/api-response.js';
import { BooleanField, RecordId, auditFields } from '../../common/http/dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { BooleanFilter, DateRangeFilter, LookupQuery, TrimmedFilter } from '../../common/http/list-query.js';
import type { Job } from './job.entity.js';
import { IntInput } from '../../common/http/numbers.js';

export class JobQuery extends LookupQuery {
  @ApiPropertyOptional({ description: '岗位名称（模糊）' })
  @TrimmedFilter()
  name?: string;

  @ApiPropertyOptional()
  @BooleanFilter()
  @IsBoolean({ message: 'enabled 必须是 true 或 false' })
  enabled?: boolean;

  @ApiPropertyOptional({ type: [String] })
  @DateRangeFilter()
  createTime?: [Date, Date];
}

export class JobWriteDto {
  @ApiProperty()
  @IsString({ message: '岗位名称必须是字符串' })
  @IsNotEmpty({ message: '岗位名称不能为空' })
  @MaxLength(100, { message: '岗位名称不能超过 100 个字符' })
  name: string;

  @ApiProperty()
  @IntInput()
  @IsInt({ message: '排序必须是整数' })
  @Min(0, { message: '排序不能小于 0' })
  @Max(99999, { message: '排序不能大于 99999' })
  jobSort: number;

  @ApiProperty()
  @BooleanField('状态')
  enabled: boolean;
}

export class JobUpdateDto extends JobWriteDto {
  @RecordId()
  id: number;
}

export class JobDto extends AuditFieldsDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;

  @ApiInt()
  jobSort: number;

  @ApiProperty()
  enabled: boolean;
}

export const toJobDto = (j: Job): JobDto => ({
  id: j.id,
  name: j.name,
  jobSort: j.jobSort,
  enabled: j.enabled,
  ...auditFields(j),
});
