import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, type TransformFnParams } from 'class-transformer';
import { IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { BigRecordId } from '../../common/http/dto.js';
import { IdFilter, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { NewsRowDto } from './news.dto.js';
import { IntInput } from '../../common/http/numbers.js';

/** '' / null in a query → undefined (read from the raw object). */
const blankToUndefined = ({ value, obj, key }: TransformFnParams) => {
  const raw = (obj as Record<string, unknown>)[key];
  return raw === '' || raw === null ? undefined : value;
};

/** Optional `size` of an answer that is not a page: 1..max, default `def`. */
function Size(max: number, def: number, description: string): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ description: `${description}，最大 ${max}`, default: def })(target, key);
    IsOptional()(target, key);
    Transform(blankToUndefined)(target, key);
    IntInput()(target, key);
    IsInt({ message: 'size 必须是整数' })(target, key);
    Min(1, { message: 'size 不能小于 1' })(target, key);
    Max(max, { message: `size 不能超过 ${max}` })(target, key);
  };
}

export const SIMILAR_MAX = 50;
export const HOME_SUGGEST_MAX = 50;
export const GRAPH_MAX_ITEMS = 500;

export class SimilarSearchQuery {
  @BigRecordId('id', '新闻 id')
  id: number;

  @Size(SIMILAR_MAX, 10, '返回条数')
  size?: number;
}

/** `recommendList`: `page` / `size` (default 10); `sort` is not used (the order is the recommendation's). */
export class RecommendQuery extends ListQuery {}

export class HomeSuggestQuery {
  @Size(HOME_SUGGEST_MAX, 10, '返回条数')
  size?: number;
}

/** `POST allSearch`: the list search over every (non-noise) item; `sort` one of NEWS_SORTS, default scoreDesc. */
export class AllSearchDto extends ListQuery {
  @ApiProperty({ description: '检索词' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsDefined({ message: '检索词不能为空' })
  @IsNotEmpty({ message: '检索词不能为空' })
  @IsString({ message: '检索词必须是字符串' })
  @MaxLength(200, { message: '检索词不能超过 200 个字符' })
  content: string;
}

export class GraphQuery {
  @ApiPropertyOptional({ description: '检索词；不传则分析最新的 size 条' })
  @TrimmedFilter()
  @MaxLength(200, { message: '检索词不能超过 200 个字符' })
  content?: string;

  @Size(GRAPH_MAX_ITEMS, 100, '参与分析的检索结果条数（按相关度取前 N 条）')
  size?: number;

  @ApiPropertyOptional({ description: '分类 id（含下级）' })
  @IdFilter()
  classify?: number;
}

/** `recommendList`: a page of list rows; `basis` tells whether the user's signals or the hot fallback produced it. */
/** `GET api/news/recommendList`: the page says what it is based on. */
export const RECOMMEND_PAGE_EXTRA = { basis: { type: 'string', enum: ['personal', 'hot'], description: 'personal = 按关注推荐，hot = 热门' } };
export interface RecommendPage {
  content: NewsRowDto[];
  totalElements: number;
  basis: 'personal' | 'hot';
}

/** A keyword of the co-occurrence graph: id = name = the keyword, value = number of analysed items carrying it. */
export class GraphNode {
  @ApiProperty()
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  value: number;
}

/** Two keywords occurring in `value` analysed items together (source < target, each pair once). */
export class GraphLink {
  @ApiProperty()
  source: string;

  @ApiProperty()
  target: string;

  @ApiProperty()
  value: number;
}

/** ECharts graph naming (`series.data` / `series.links`). */
export class KeywordGraph {
  @ApiProperty({ type: () => [GraphNode] })
  nodes: GraphNode[];

  @ApiProperty({ type: () => [GraphLink] })
  links: GraphLink[];
}
