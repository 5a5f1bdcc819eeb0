import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ApiDateTime, ApiInt } from '../../common/http/api-response.js';
import { INT4_MAX } from '../../common/http/list-query.js';
import { toInteger } from '../../common/http/numbers.js';
import { FileDto } from '../storage/index.js';
import { OFFICE_EDITOR_KINDS, OFFICE_MODES, OFFICE_STATES, OFFICE_TARGET_KINDS, type OfficeEditor, type OfficeMode, type OfficeState, type OfficeTargetKind } from './office.entity.js';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The first of repeated values; blank → undefined; integer text → the number. */
const toInt = ({ value }: TransformFnParams): unknown => {
  if (Array.isArray(value)) value = value[0];
  return isBlank(value) ? undefined : toInteger(value);
};

/** An id: `<label> 不能为空 / 必须是整数 / 必须是正整数 / 超出范围` (optional ones may be left out). */
const Id = (label: string, description: string, optional = false) =>
  applyDecorators(
    optional ? ApiPropertyOptional({ type: 'integer', description }) : ApiProperty({ type: 'integer', description }),
    Transform(toInt),
    optional ? IsOptional() : IsDefined({ message: `${label} 不能为空` }),
    IsInt({ message: `${label} 必须是整数` }),
    Min(1, { message: `${label} 必须是正整数` }),
    Max(INT4_MAX, { message: `${label} 超出范围` }),
  );

// ---------------------------------------------------------------------------------------- input

/** `GET api/productManuscript/openWebOffice`: a journal copy, at its current version unless `version` is given. */
export class OpenCopyQuery {
  @Id('稿件 id', '期刊稿件（副本）id')
  id: number;

  @Id('版本号', '版本号（默认当前版本）', true)
  version?: number;
}

/**
 * `POST api/productJournal/downloadWebOfficeJournal`: the journal-file payload — a `getFiles` /
 * `info.files` entry (its `id` is the version's id; its other fields are ignored) — or `{journalId, version?}`.
 */
export class OpenJournalDto {
  @Id('期刊版本 id', '期刊版本 id（getFiles / info.files 的 id）；给了 journalId 时忽略', true)
  id?: number;

  @Id('期刊 id', '期刊 id（与 version 一起使用，代替 id）', true)
  journalId?: number;

  @Id('版本号', '与 journalId 一起：版本号（默认最新版本）', true)
  version?: number;
}

/** `GET api/office/versions`: a journal's or a copy's versions. */
export class OfficeVersionsQuery {
  @ApiProperty({ enum: OFFICE_TARGET_KINDS, description: 'journal：期刊版本；copy：期刊稿件（副本）版本' })
  @IsDefined({ message: 'kind 不能为空' })
  @IsIn(OFFICE_TARGET_KINDS, { message: 'kind 必须是 journal 或 copy' })
  kind: OfficeTargetKind;

  @Id('id', '期刊 id 或期刊稿件 id')
  id: number;
}

// --------------------------------------------------------------------------------------- output

/** A user named by the office calls (lock holder, saver). */
export class OfficeUserDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  username: string;

  @ApiProperty({ type: String, nullable: true })
  nickName: string | null;
}

/** Who holds a target's single-writer lock. */
export class OfficeLockDto {
  @ApiProperty({ type: () => OfficeUserDto })
  holder: OfficeUserDto;

  @ApiDateTime({ description: '持锁开始时间 yyyy-MM-dd HH:mm:ss' })
  since: Date;

  @ApiProperty({ enum: OFFICE_EDITOR_KINDS, nullable: true })
  editor: OfficeEditor | null;
}

/** What a session opened. */
export class OfficeTargetDto {
  @ApiProperty({ enum: OFFICE_TARGET_KINDS })
  kind: OfficeTargetKind;

  @ApiInt({ description: '期刊 id 或期刊稿件 id' })
  id: number;

  @ApiInt()
  journalId: number;

  @ApiInt({ description: '打开的版本' })
  version: number;

  @ApiInt({ description: '最新版本' })
  latest: number;

  @ApiProperty({ description: '期刊：<产品><年>第<期号>期；稿件：标题' })
  title: string;

  @ApiProperty({ description: '打开的文件名' })
  fileName: string;
}

/** The built-in editor's part: where the page fetches the bytes. */
export class OfficeBuiltinDto {
  @ApiProperty({ description: '文件路径 /files/<capability>/<name>（短期有效，无需登录）' })
  fileUrl: string;
}

/** The ONLYOFFICE part: the Docs API script and the signed editor config. */
export class OfficeOnlyofficeDto {
  @ApiProperty({ description: '<OFFICE_URL>/web-apps/apps/api/documents/api.js' })
  apiJs: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'DocsAPI.DocEditor 的配置（含 token）' })
  config: Record<string, unknown>;
}

/** The WOPI part: the action URL the page posts the access token to. */
export class OfficeWopiDto {
  @ApiProperty({ description: 'WOPI 客户端的编辑地址（含 WOPISrc）' })
  actionUrl: string;

  @ApiProperty()
  accessToken: string;

  @ApiProperty({ type: 'integer', description: 'access_token 的到期时间（1970 年起的毫秒数）' })
  accessTokenTtl: number;
}

/** An opened session (docs/office-api.md): only the member of the configured editor is present. */
export class OfficeSessionDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: OFFICE_EDITOR_KINDS })
  editor: OfficeEditor;

  @ApiProperty({ enum: OFFICE_MODES })
  mode: OfficeMode;

  @ApiProperty({ enum: ['done', 'locked', 'forbidden'], nullable: true, description: '只读的原因：done 期刊已定稿；locked 他人正在编辑；forbidden 无编辑权限' })
  reason: 'done' | 'locked' | 'forbidden' | null;

  @ApiProperty({ type: () => OfficeTargetDto })
  target: OfficeTargetDto;

  @ApiProperty({ type: () => OfficeLockDto, nullable: true, description: '目标当前的编辑锁（持有人）：编辑会话为自己；无人编辑时为 null' })
  lock: OfficeLockDto | null;

  @ApiDateTime({ nullable: true, description: '编辑锁到期时间（心跳续期）；只读会话为 null' })
  expiresAt: Date | null;

  @ApiPropertyOptional({ type: () => OfficeBuiltinDto })
  builtin?: OfficeBuiltinDto;

  @ApiPropertyOptional({ type: () => OfficeOnlyofficeDto })
  onlyoffice?: OfficeOnlyofficeDto;

  @ApiPropertyOptional({ type: () => OfficeWopiDto })
  wopi?: OfficeWopiDto;
}

/** `GET api/office/sessions/{id}`: the page polls it after closing. */
export class OfficeSessionStateDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: OFFICE_STATES })
  state: OfficeState;

  @ApiProperty({ enum: OFFICE_MODES })
  mode: OfficeMode;

  @ApiProperty({ type: () => OfficeLockDto, nullable: true })
  lock: OfficeLockDto | null;

  @ApiInt({ nullable: true, description: '本会话最后保存的版本' })
  savedVersion: number | null;

  @ApiProperty({ type: String, nullable: true })
  error: string | null;
}

/** A version of a journal or of a copy (the shape of `getFiles` and `api/productManuscript/versions`). */
export class OfficeVersionDto {
  @ApiInt()
  id: number;

  @ApiInt()
  version: number;

  @ApiProperty({ type: String, nullable: true })
  title: string | null;

  @ApiProperty({ type: () => FileDto, nullable: true })
  file: FileDto | null;

  @ApiDateTime()
  createTime: Date;

  @ApiProperty({ type: () => OfficeVersionCreatorDto, nullable: true })
  createBy: OfficeVersionCreatorDto | null;
}

export class OfficeVersionCreatorDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  username: string;
}

/** `POST api/office/builtin/save`: the version saved (or, for identical bytes, the current one) and what was recorded. */
export class OfficeSaveResultDto extends OfficeVersionDto {
  @ApiProperty({ description: 'false：内容与当前版本相同，未产生新版本' })
  created: boolean;

  @ApiProperty({ enum: OFFICE_EDITOR_KINDS })
  editor: OfficeEditor;

  @ApiProperty({ description: '基于旧版本保存（期间他人已上传新版本）' })
  stale: boolean;

  @ApiInt({ description: '会话所基于的版本' })
  baseVersion: number;

  @ApiInt({ nullable: true, description: 'stale 时：保存前的最新版本' })
  latestBefore: number | null;
}

/** `GET api/office/versions`: what an editor recorded of each live version (nulls for uploads and generations). */
export class OfficeVersionMetaDto {
  @ApiInt()
  fileId: number;

  @ApiInt()
  version: number;

  @ApiProperty({ enum: OFFICE_EDITOR_KINDS, nullable: true, description: 'null：上传或生成' })
  editor: OfficeEditor | null;

  @ApiProperty({ type: () => OfficeUserDto, nullable: true })
  savedBy: OfficeUserDto | null;

  @ApiDateTime({ nullable: true })
  savedAt: Date | null;

  @ApiProperty()
  stale: boolean;

  @ApiProperty({ type: Boolean, nullable: true, description: 'WOPI 自动保存' })
  autosave: boolean | null;

  @ApiProperty({ type: Boolean, nullable: true, description: 'WOPI：用户修改过' })
  modifiedByUser: boolean | null;

  @ApiProperty({ description: '有 ONLYOFFICE 修订记录' })
  hasHistory: boolean;
}

/** `GET api/office/config`: which editor opens documents; `enabled` false hides 在线编辑. */
export class OfficeConfigDto {
  @ApiProperty({ enum: ['builtin', 'onlyoffice', 'wopi', 'none'] })
  editor: OfficeEditor | 'none';

  @ApiProperty()
  enabled: boolean;
}
