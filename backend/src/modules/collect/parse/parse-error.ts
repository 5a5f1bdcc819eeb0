/** Why a fetched document could not be read as items (docs/collect-design.md §3.3). */
export type ParseErrorCode = 'DTD_FORBIDDEN' | 'MALFORMED' | 'NOT_A_FEED' | 'FEED_NOT_FOUND' | 'BAD_SELECTOR';

const MESSAGES: Record<ParseErrorCode, string> = {
  DTD_FORBIDDEN: 'DTD 不被允许',
  MALFORMED: '订阅源格式错误',
  NOT_A_FEED: '内容不是订阅源',
  FEED_NOT_FOUND: '未发现订阅源',
  BAD_SELECTOR: '选择器无效',
};

export class CollectParseError extends Error {
  constructor(
    readonly code: ParseErrorCode,
    detail?: string,
  ) {
    super(detail ? `${MESSAGES[code]}：${detail}` : MESSAGES[code]);
    this.name = 'CollectParseError';
  }
}
