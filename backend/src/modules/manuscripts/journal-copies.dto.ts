import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { FileDto } from '../storage/index.js';
import { IdName, ManuscriptDeptRef, ManuscriptDto, ManuscriptJournalRef } from './manuscript.dto.js';

/** The messages of the journal copies (docs/workbench-api.md); the spec's own are in MANUSCRIPT_MESSAGES. */
export const JOURNAL_COPY_MESSAGES = {
  notFound: '稿件不存在',
  notOfProduct: '稿件不属于该期刊的产品',
  noManuscripts: '请选择稿件',
  sortStale: '稿件顺序已变化，请刷新后重试',
  firstVersion: '第一个版本不能删除',
  onlyVersion: '唯一的版本不能删除',
  versionNotFound: '版本不存在',
  weeklyOnly: '只有周刊可以选稿',
  pushWeeklyOnly: '只能同步到周刊',
  weeklyNoColumn: '周刊没有可用的栏目',
  dept: '请选择单位',
  deptMissing: '单位不存在',
} as const;

/** 409 `code` of a saveSort whose ids are not exactly the column's copies any more. */
export const SORT_STALE = 'SORT_STALE';

/** A reviewer of a copy. */
export class JournalManuscriptAuthorDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  username: string;

  @ApiNullableString()
  nickName: string | null;
}

/** Who submitted the source (a direct upload: the uploader). */
export class JournalManuscriptSubmitterDto {
  @ApiInt()
  id: number;

  @ApiNullableString()
  username: string | null;
}

/** The pool manuscript a copy was made from. */
export class SourceManuscriptRef {
  @ApiInt()
  id: number;

  @ApiProperty({ type: 'integer', format: 'int64', nullable: true })
  newsId: number | null;
}

/** A journal manuscript: a copy in a journal (docs/workbench-api.md "Records"). */
export class JournalManuscriptDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  title: string;

  @ApiNullableString()
  memo: string | null;

  @ApiProperty({ enum: ['dynamic', 'upload'], description: 'dynamic 有正文（HTML）；upload 本地上传的 Word 文件' })
  type: 'dynamic' | 'upload';

  @ApiNullableString()
  contentType: string | null;

  @ApiNullableString()
  domainType: string | null;

  @ApiNullableString()
  country: string | null;

  @ApiNullableString('投稿摘要（只读）')
  abstractOrigin: string | null;

  @ApiNullableString('编辑摘要')
  abstractEdit: string | null;

  @ApiProperty({ description: '供稿' })
  firstAuthor: string;

  @ApiProperty({ description: '审稿：用户 id，逗号分隔' })
  authorIds: string;

  @ApiProperty({ type: () => [JournalManuscriptAuthorDto] })
  authors: JournalManuscriptAuthorDto[];

  @ApiProperty({ type: () => ManuscriptDeptRef, description: '来源单位' })
  dept: ManuscriptDeptRef;

  @ApiProperty({ type: () => IdName, nullable: true })
  productColumn: IdName | null;

  @ApiProperty({ type: () => IdName })
  product: IdName;

  @ApiProperty({ type: () => ManuscriptJournalRef })
  journal: ManuscriptJournalRef;

  @ApiProperty({ type: () => SourceManuscriptRef, nullable: true, description: '来源稿件；直接上传到期刊的为 null' })
  sourceManu: SourceManuscriptRef | null;

  @ApiProperty({ description: '已审' })
  isExamine: boolean;

  @ApiProperty({ description: '周刊选稿' })
  isCheck: boolean;

  @ApiInt({ description: '栏目内的顺序（从 1 开始，可有间隔）' })
  sort: number;

  @ApiInt({ description: '当前文件版本（没有文件的动态稿件为 0）' })
  version: number;

  @ApiProperty({ type: () => FileDto, nullable: true })
  file: FileDto | null;

  @ApiProperty({ type: () => JournalManuscriptSubmitterDto, nullable: true })
  submitBy: JournalManuscriptSubmitterDto | null;

  @ApiDateTime({ description: '来源稿件的提交时间（直接上传：上传时间）' })
  submitTime: Date;

  @ApiDateTime()
  createTime: Date;

  @ApiDateTime()
  updateTime: Date;
}

/** A column of a journal with its copies in order (`info`). */
export class JournalColumnDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;

  @ApiInt()
  sort: number;

  @ApiProperty({ description: '栏目是否启用（停用的栏目只在有稿件时出现）' })
  status: boolean;

  @ApiProperty({ type: () => [JournalManuscriptDto] })
  manuList: JournalManuscriptDto[];
}

/** A pool manuscript (`api/manuscript`'s Manuscript) and whether a copy of it is in the journal. */
export class PoolManuscriptDto extends ManuscriptDto {
  @ApiProperty({ description: '已在该期刊中（journalId）' })
  inJournal: boolean;
}

export class VersionCreatorDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  username: string;
}

/** A file version of a copy. */
export class JournalManuscriptVersionDto {
  @ApiInt()
  id: number;

  @ApiInt()
  version: number;

  @ApiNullableString('文件名')
  title: string | null;

  @ApiProperty({ type: () => FileDto, nullable: true })
  file: FileDto | null;

  @ApiDateTime()
  createTime: Date;

  @ApiProperty({ type: () => VersionCreatorDto, nullable: true })
  createBy: VersionCreatorDto | null;
}

/** `{count}` of a write that handles several records. */
export class CountDto {
  @ApiInt()
  count: number;
}
