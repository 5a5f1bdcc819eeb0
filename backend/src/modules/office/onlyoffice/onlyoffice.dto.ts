import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsDefined, IsInt, IsString, Max, Min } from 'class-validator';
import { ApiInt } from '../../../common/http/api-response.js';
import { INT4_MAX } from '../../../common/http/list-query.js';
import { toInteger } from '../../../common/http/numbers.js';

/** The first of repeated values; blank → undefined; integer text → the number. */
const toInt = ({ value }: TransformFnParams): unknown => {
  if (Array.isArray(value)) value = value[0];
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : toInteger(value);
};
const first = ({ value }: TransformFnParams): unknown => (Array.isArray(value) ? value[0] : value);

/** `GET api/office/onlyoffice/history`: the caller's ONLYOFFICE session (docs/office-design.md §2.3). */
export class OnlyofficeHistoryQuery {
  @ApiProperty({ format: 'uuid', description: '编辑会话 id' })
  @Transform(first)
  @IsDefined({ message: 'sessionId 不能为空' })
  @IsString({ message: '会话 id 格式不正确' })
  sessionId: string;
}

/** `GET api/office/onlyoffice/historyData`: one version of the session's document. */
export class OnlyofficeHistoryDataQuery extends OnlyofficeHistoryQuery {
  @ApiProperty({ type: 'integer', description: '版本号' })
  @Transform(toInt)
  @IsDefined({ message: '版本号 不能为空' })
  @IsInt({ message: '版本号 必须是整数' })
  @Min(1, { message: '版本号 必须是正整数' })
  @Max(INT4_MAX, { message: '版本号 超出范围' })
  version: number;
}

/** The answer to the document server's callback: 0 handled, 1 not stored (the editor warns its users). */
export class OnlyofficeCallbackAnswerDto {
  @ApiProperty({ enum: [0, 1], description: '0：已处理；1：未能保存（或签名无效）' })
  error: 0 | 1;
}

/** `refreshHistory` of the ONLYOFFICE editor (`onRequestHistory`). */
export class OnlyofficeHistoryDto {
  @ApiInt({ description: '编辑器当前显示的版本' })
  currentVersion: number;

  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: '[{version, key, created, user: {id, name}, changes?, serverVersion?}]，旧版本在前' })
  history: Array<Record<string, unknown>>;
}

/** `setHistoryData` of the ONLYOFFICE editor (`onRequestHistoryData`), signed. */
export class OnlyofficeHistoryDataDto {
  @ApiInt()
  version: number;

  @ApiProperty()
  key: string;

  @ApiProperty({ description: '该版本的文件地址（OFFICE_CALLBACK_BASE + 文件路径）' })
  url: string;

  @ApiProperty({ enum: ['doc', 'docx'] })
  fileType: string;

  @ApiPropertyOptional({ description: 'ONLYOFFICE 保存的版本：changes.zip 的地址' })
  changesUrl?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: '上一版本 {key, url, fileType}' })
  previous?: Record<string, unknown>;

  @ApiProperty({ description: '以上内容的 JWT（HS256，OFFICE_JWT_SECRET）' })
  token: string;
}
