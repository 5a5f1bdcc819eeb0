import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { RecordId } from '../../common/http/dto.js';
import { DateRangeFilter, INT4_MAX, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { MAX_FILE_NAME } from './file-name.js';
import type { StoredFile } from './file.entity.js';
import { IntInput } from '../../common/http/numbers.js';

/** A stored file on the wire (the storage key never is). */
export class FileDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  realName: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  suffix: string;

  /** `word` | `excel` | `other` */
  @ApiProperty({ description: 'word | excel | other' })
  type: string;

  /** Bytes. */
  @ApiInt({ description: '字节数' })
  size: number;

  @ApiNullableString()
  handlerName: string | null;

  @ApiDateTime()
  handlerDate: string | Date;

  @ApiDateTime()
  createTime: string | Date;
}

export const toFileDto = (f: StoredFile): FileDto => ({
  id: f.id,
  realName: f.realName,
  name: f.name,
  suffix: f.suffix,
  type: f.type,
  size: Number(f.size),
  handlerName: f.handlerName,
  handlerDate: f.handlerDate,
  createTime: f.createTime,
});

export class FileQuery extends ListQuery {
  @ApiPropertyOptional({ description: '文件名（模糊）' })
  @TrimmedFilter()
  @MaxLength(255, { message: '搜索内容不能超过 255 个字符' })
  blurry?: string;

  @ApiPropertyOptional({ type: [String], description: '创建时间范围：开始,结束' })
  @DateRangeFilter()
  createTime?: [Date, Date];
}

/** `POST api/localStorage?name=…`: the display name eladmin-web sends in the query (a form field `name` wins). */
export class FileUploadQuery {
  @ApiPropertyOptional({ description: '文件名（可选；表单字段 name 优先）' })
  @TrimmedFilter()
  name?: string;
}

export class FileRenameDto {
  @RecordId()
  id: number;

  @ApiProperty({ description: '文件名' })
  @IsString({ message: '文件名必须是字符串' })
  @IsNotEmpty({ message: '文件名不能为空' })
  @MaxLength(MAX_FILE_NAME, { message: `文件名不能超过 ${MAX_FILE_NAME} 个字符` })
  name: string;
}

const FormId = (label: string) => (target: object, key: string) => {
  ApiProperty({ description: label })(target, key);
  Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))(target, key);
  IntInput()(target, key);
  IsDefined({ message: `${key} 不能为空` })(target, key);
  IsInt({ message: `${key} 必须是整数` })(target, key);
  Min(1, { message: `${key} 必须是正整数` })(target, key);
  Max(INT4_MAX, { message: `${key} 超出范围` })(target, key);
};

export class FormFilesQuery {
  @FormId('所属记录 id')
  formId: number;

  @ApiPropertyOptional({ description: '所属记录类型：manuscript | journal | product | report' })
  @TrimmedFilter()
  @MaxLength(32, { message: 'formType 不能超过 32 个字符' })
  formType?: string;
}

export class FormHandlerFilesQuery extends FormFilesQuery {
  @FormId('上传人 id')
  handlerId: number;
}

export class DownloadTokenDto {
  @ApiProperty()
  token: string;

  /** Relative to the server root. */
  @ApiProperty({ description: '相对服务器根路径' })
  url: string;

  /** Seconds. */
  @ApiInt({ description: '秒' })
  expiresIn: number;
}
