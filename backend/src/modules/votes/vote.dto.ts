import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { ApiDateTime, ApiInt, ApiNullableString, IdNameDto } from '../../common/http/api-response.js';
import { toInteger } from '../../common/http/numbers.js';
import { IdFilter, INT4_MAX, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { parseDay } from '../../common/time/day.js';
import { VOTE_STATES, type VoteState } from './vote.entity.js';
import { MAX_VOTES_PER_PERSON } from './vote.rules.js';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The first of repeated values; blank → undefined (so "不能为空" answers); integer text → the number. */
const toInt = ({ value }: TransformFnParams): unknown => {
  if (Array.isArray(value)) value = value[0];
  return isBlank(value) ? undefined : toInteger(value);
};

/** A required id (query or body): `<label> 不能为空 / 必须是整数 / 必须是正整数 / 超出范围`. */
const RequiredId = (label: string, empty = `${label} 不能为空`) =>
  applyDecorators(
    ApiProperty({ type: 'integer', description: label }),
    Transform(toInt),
    IsDefined({ message: empty }),
    IsInt({ message: `${label} 必须是整数` }),
    Min(1, { message: `${label} 必须是正整数` }),
    Max(INT4_MAX, { message: `${label} 超出范围` }),
  );

/** A required day `yyyy-MM-dd`: `message` when missing or malformed. */
const Day = (message: string, description: string) =>
  applyDecorators(
    ApiProperty({ description, example: '2026-03-01' }),
    Transform(({ value }: TransformFnParams) => {
      const v: unknown = Array.isArray(value) ? value[0] : value;
      return typeof v === 'string' ? v.trim() : v;
    }),
    IsDefined({ message }),
    ValidateBy({ name: 'isDay', validator: { validate: (v: unknown) => parseDay(v) !== undefined } }, { message }),
  );

/** `GET api/productManuscript/voteList`: filters product, state and title; open votes first by default. */
export class VoteListQuery extends ListQuery {
  @ApiPropertyOptional({ description: '产品 id' })
  @IdFilter()
  productId?: number;

  @ApiPropertyOptional({ enum: VOTE_STATES, description: 'open 进行中 / closed 已结束' })
  @TrimmedFilter()
  @IsIn(VOTE_STATES, { message: '投票状态只能是 open 或 closed' })
  state?: VoteState;

  @ApiPropertyOptional({ description: '投票标题（模糊）' })
  @TrimmedFilter()
  title?: string;
}

/** The candidates of a period (`GET api/manuscriptVote/candidates`), before a vote is opened. */
export class CandidatesQuery {
  @RequiredId('产品 id', '请选择产品')
  productId: number;

  @Day('开始日期不能为空，格式为 yyyy-MM-dd', '周期第一天（含）yyyy-MM-dd')
  startDate: string;

  @Day('结束日期不能为空，格式为 yyyy-MM-dd', '周期最后一天（含）yyyy-MM-dd')
  endDate: string;
}

/** `POST api/manuscriptVote`: open a vote. */
export class VoteCreateDto extends CandidatesQuery {
  @ApiProperty({ description: '投票标题' })
  @Transform(({ value }: TransformFnParams) => (typeof value === 'string' ? value.trim() : value) as unknown)
  @IsDefined({ message: '投票标题不能为空' })
  @IsString({ message: '投票标题必须是字符串' })
  @IsNotEmpty({ message: '投票标题不能为空' })
  @MaxLength(200, { message: '投票标题不能超过 200 个字符' })
  title: string;

  @ApiProperty({ type: 'integer', description: `每人可投票数（1–${MAX_VOTES_PER_PERSON}）` })
  @Transform(toInt)
  @IsDefined({ message: '每人票数不能为空' })
  @IsInt({ message: '每人票数必须是整数' })
  @Min(1, { message: '每人票数不能小于 1' })
  @Max(MAX_VOTES_PER_PERSON, { message: `每人票数不能超过 ${MAX_VOTES_PER_PERSON}` })
  votesPerPerson: number;
}

/** A vote named by id (query of `info` / `download`, body of `close`). */
export class VoteIdDto {
  @RequiredId('投票 id')
  id: number;
}

/** `POST` / `DELETE api/manuscriptVote/ballot`: one vote for (or withdrawn from) one manuscript. */
export class BallotDto {
  @RequiredId('投票 id')
  voteId: number;

  @RequiredId('稿件 id', '请选择稿件')
  manuscriptId: number;
}

export class VoteCreatorDto {
  @ApiInt({ nullable: true })
  id: number | null;

  @ApiNullableString()
  username: string | null;
}

/** A row of the vote list. */
export class VoteSummaryDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty({ type: () => IdNameDto })
  product: IdNameDto;

  @ApiProperty({ example: '2026-03-01' })
  startDate: string;

  @ApiProperty({ example: '2026-03-31' })
  endDate: string;

  @ApiInt({ description: '每人可投票数' })
  votesPerPerson: number;

  @ApiProperty({ enum: VOTE_STATES })
  state: VoteState;

  @ApiInt()
  candidateCount: number;

  @ApiInt({ description: '投票人数' })
  voterCount: number;

  @ApiInt({ description: '总票数' })
  ballotCount: number;

  @ApiInt({ description: '调用者已投票数' })
  myVotes: number;

  @ApiProperty({ type: () => VoteCreatorDto })
  createBy: VoteCreatorDto;

  @ApiDateTime()
  createTime: Date;

  @ApiDateTime({ nullable: true })
  closedAt: Date | null;

  @ApiNullableString('结束人用户名')
  closedBy: string | null;

  @ApiProperty({ description: '调用者可以结束或删除该投票（发起人、产品编辑或管理员）' })
  canManage: boolean;
}

/** A candidate with its count: live while open, the frozen result once closed. */
export class VoteCandidateDto {
  @ApiInt({ description: '期刊稿件 id' })
  manuscriptId: number;

  @ApiProperty()
  title: string;

  @ApiInt()
  journalId: number;

  @ApiProperty({ description: '期号，如 2026年第3期（总第12期）' })
  journalLabel: string;

  @ApiNullableString('栏目')
  columnName: string | null;

  @ApiNullableString('来源单位')
  deptName: string | null;

  @ApiInt()
  votes: number;

  @ApiProperty({ description: '得票占总票数的百分比（一位小数）' })
  percent: number;

  @ApiInt({ description: '名次（同票同名次）' })
  rank: number;

  @ApiProperty({ description: '调用者投了这篇' })
  mine: boolean;
}

/** A vote with its candidates in rank order. */
export class VoteDetailDto extends VoteSummaryDto {
  @ApiInt({ description: '调用者剩余票数（已结束为 0）' })
  remainingVotes: number;

  @ApiProperty({ type: () => [VoteCandidateDto] })
  candidates: VoteCandidateDto[];
}

/** A candidate offered before the vote is opened. */
export class CandidatePreviewDto {
  @ApiInt()
  manuscriptId: number;

  @ApiProperty()
  title: string;

  @ApiInt()
  journalId: number;

  @ApiProperty()
  journalLabel: string;

  @ApiNullableString()
  columnName: string | null;

  @ApiNullableString()
  deptName: string | null;
}
