/** Why a collect fetch failed (docs/collect-design.md §3.1). */
export type FetchErrorCode =
  | 'TIMEOUT'
  | 'DNS'
  | 'PRIVATE_ADDRESS'
  | 'REDIRECT_LOOP'
  | 'TOO_MANY_REDIRECTS'
  | 'TOO_LARGE'
  | 'HTTP'
  | 'TLS'
  | 'NETWORK'
  | 'BAD_URL';

const MESSAGES: Record<FetchErrorCode, string> = {
  TIMEOUT: '请求超时',
  DNS: '域名解析失败',
  PRIVATE_ADDRESS: '目标地址属于内网，已拒绝',
  REDIRECT_LOOP: '重定向循环',
  TOO_MANY_REDIRECTS: '重定向次数过多',
  TOO_LARGE: '响应内容过大',
  HTTP: 'HTTP 错误',
  TLS: 'TLS 证书或握手错误',
  NETWORK: '网络错误',
  BAD_URL: '地址无效（仅支持 http/https，且不能包含用户名密码）',
};

export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    detail?: string,
    /** The HTTP status for `HTTP` errors. */
    readonly httpStatus?: number,
    /** Seconds from a `Retry-After` header (429/503). */
    readonly retryAfter?: number,
  ) {
    super(detail ? `${MESSAGES[code]}：${detail}` : MESSAGES[code]);
    this.name = 'FetchError';
  }
}
