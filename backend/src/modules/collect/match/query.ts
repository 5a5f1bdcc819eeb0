/**
 * The rule grammar shared by source routing rules and keyword alerts (docs/collect-design.md §5.4):
 *
 *   query := or
 *   or    := and ( ('OR' | '|' | '或') and )*
 *   and   := not ( ('AND' | '&' | '且')? not )*        -- juxtaposition = AND
 *   not   := ('NOT' | '-' | '非') not | atom
 *   atom  := '(' or ')' | '"' phrase '"' | word
 *
 * `AND`/`OR`/`NOT` (upper case) and `或`/`且`/`非` are operators only as tokens of their own, so
 * 非洲 or "android" stay words; `-` is NOT only at the start of a token. Matching runs on the
 * NFKC/lower-cased text: a term with Han characters matches as a substring (no segmentation
 * needed), other terms match whole tokens, several tokens as a sequence. Limits: 500 characters,
 * 64 terms, depth 8. A query that matches an empty text (only NOT) is refused.
 */

export const QUERY_MAX_CHARS = 500;
export const QUERY_MAX_TERMS = 64;
export const QUERY_MAX_DEPTH = 8;

export type QueryNode =
  | { kind: 'term'; text: string; han: boolean; tokens: string[] }
  | { kind: 'not'; node: QueryNode }
  | { kind: 'and'; nodes: QueryNode[] }
  | { kind: 'or'; nodes: QueryNode[] };

export class QuerySyntaxError extends Error {
  constructor(
    readonly reason: string,
    /** 1-based character position in the query, when the error has one. */
    readonly position?: number,
  ) {
    super(`规则语法错误：${reason}${position !== undefined ? `（位置 ${position}）` : ''}`);
    this.name = 'QuerySyntaxError';
  }
}

type Tok =
  | { t: 'word'; v: string; pos: number }
  | { t: 'phrase'; v: string; pos: number }
  | { t: 'and' | 'or' | 'not' | 'lp' | 'rp'; pos: number };

const SINGLE: Record<string, 'lp' | 'rp' | 'or' | 'and'> = { '(': 'lp', ')': 'rp', '|': 'or', '&': 'and' };
const HAN = /\p{Script=Han}/u;
const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Tokens of non-Han text, the same way for queries and documents. */
function tokens(text: string): string[] {
  return (normalize(text).replace(/\p{Script=Han}+/gu, ' ').match(TOKEN) ?? []).map((t) => t.replace(/['’]/g, "'"));
}

function lex(query: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  const n = query.length;
  const isSpace = (c: string): boolean => /\s/.test(c);
  const isBreak = (c: string | undefined): boolean => c === undefined || isSpace(c) || c === '(' || c === ')' || c === '"' || c === '|' || c === '&';
  while (i < n) {
    const c = query[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    const pos = i + 1;
    const single = SINGLE[c];
    if (single) {
      out.push({ t: single, pos });
      i++;
    } else if (c === '"' || c === '“' || c === '”') {
      const close = query.slice(i + 1).search(/["“”]/);
      if (close < 0) throw new QuerySyntaxError('引号未闭合', pos);
      const v = query.slice(i + 1, i + 1 + close).trim();
      if (!v) throw new QuerySyntaxError('引号内为空', pos);
      out.push({ t: 'phrase', v, pos });
      i += close + 2;
    } else if (c === '-' && i + 1 < n && !/[\s)|&]/.test(query[i + 1])) {
      out.push({ t: 'not', pos });
      i++;
    } else {
      let j = i;
      while (j < n && !isBreak(query[j])) j++;
      const v = query.slice(i, j);
      i = j;
      if (v === 'AND' || v === '且') out.push({ t: 'and', pos });
      else if (v === 'OR' || v === '或') out.push({ t: 'or', pos });
      else if (v === 'NOT' || v === '非') out.push({ t: 'not', pos });
      else out.push({ t: 'word', v, pos });
    }
  }
  return out;
}

export function parseQuery(query: string): QueryNode {
  if (typeof query !== 'string' || !query.trim()) throw new QuerySyntaxError('规则为空');
  if (query.length > QUERY_MAX_CHARS) throw new QuerySyntaxError(`规则超过 ${QUERY_MAX_CHARS} 个字符`);
  const toks = lex(query);
  let at = 0;
  let terms = 0;
  const peek = (): Tok | undefined => toks[at];
  const where = (): number => peek()?.pos ?? query.length + 1;

  const parseOr = (depth: number): QueryNode => {
    const nodes = [parseAnd(depth)];
    while (peek()?.t === 'or') {
      at++;
      nodes.push(parseAnd(depth));
    }
    return nodes.length === 1 ? nodes[0] : { kind: 'or', nodes };
  };
  const parseAnd = (depth: number): QueryNode => {
    const nodes = [parseNot(depth)];
    for (;;) {
      const t = peek();
      if (t?.t === 'and') {
        at++;
        nodes.push(parseNot(depth));
      } else if (t && (t.t === 'word' || t.t === 'phrase' || t.t === 'not' || t.t === 'lp')) {
        nodes.push(parseNot(depth));
      } else break;
    }
    return nodes.length === 1 ? nodes[0] : { kind: 'and', nodes };
  };
  const parseNot = (depth: number): QueryNode => {
    if (depth > QUERY_MAX_DEPTH) throw new QuerySyntaxError(`嵌套超过 ${QUERY_MAX_DEPTH} 层`, where());
    if (peek()?.t === 'not') {
      at++;
      return { kind: 'not', node: parseNot(depth + 1) };
    }
    return parseAtom(depth);
  };
  const parseAtom = (depth: number): QueryNode => {
    const t = peek();
    if (!t) throw new QuerySyntaxError('缺少关键词', where());
    if (t.t === 'lp') {
      at++;
      const node = parseOr(depth + 1);
      if (peek()?.t !== 'rp') throw new QuerySyntaxError('缺少右括号', where());
      at++;
      return node;
    }
    if (t.t === 'word' || t.t === 'phrase') {
      at++;
      if (++terms > QUERY_MAX_TERMS) throw new QuerySyntaxError(`关键词超过 ${QUERY_MAX_TERMS} 个`, t.pos);
      const text = normalize(t.v).replace(/\s+/g, ' ').trim();
      const han = HAN.test(text);
      const toks2 = han ? [] : tokens(text);
      if (!han && !toks2.length) throw new QuerySyntaxError(`「${t.v}」不含文字`, t.pos);
      return { kind: 'term', text, han, tokens: toks2 };
    }
    throw new QuerySyntaxError(t.t === 'rp' ? '多余的右括号' : '运算符位置不对', t.pos);
  };

  const root = parseOr(1);
  if (at < toks.length) throw new QuerySyntaxError(toks[at].t === 'rp' ? '多余的右括号' : '无法识别', toks[at].pos);
  if (evaluate(root, prepareText(''))) throw new QuerySyntaxError('至少需要一个肯定条件');
  return root;
}

/** A text prepared once and matched against many queries. */
export interface PreparedText {
  /** NFKC, lower case, whitespace collapsed (for Han substrings and phrases). */
  norm: string;
  tokens: string[];
  tokenSet: ReadonlySet<string>;
}

export function prepareText(...parts: (string | null | undefined)[]): PreparedText {
  const joined = parts.filter((p): p is string => !!p).join('\n');
  const norm = normalize(joined).replace(/\s+/g, ' ');
  const toks = tokens(joined);
  return { norm, tokens: toks, tokenSet: new Set(toks) };
}

export function evaluate(node: QueryNode, doc: PreparedText): boolean {
  switch (node.kind) {
    case 'term':
      return termMatches(node, doc);
    case 'not':
      return !evaluate(node.node, doc);
    case 'and':
      return node.nodes.every((n) => evaluate(n, doc));
    case 'or':
      return node.nodes.some((n) => evaluate(n, doc));
  }
}

function termMatches(term: Extract<QueryNode, { kind: 'term' }>, doc: PreparedText): boolean {
  if (term.han) return doc.norm.includes(term.text);
  if (term.tokens.length === 1) return doc.tokenSet.has(term.tokens[0]);
  if (!term.tokens.every((t) => doc.tokenSet.has(t))) return false;
  const first = term.tokens[0];
  for (let i = doc.tokens.indexOf(first); i >= 0 && i <= doc.tokens.length - term.tokens.length; i = doc.tokens.indexOf(first, i + 1)) {
    if (term.tokens.every((t, k) => doc.tokens[i + k] === t)) return true;
  }
  return false;
}

/** The positive terms of a query (what the 试一试 dialog shows as `terms`). */
export function positiveTerms(node: QueryNode, negated = false, out: string[] = []): string[] {
  if (node.kind === 'term') {
    if (!negated && !out.includes(node.text)) out.push(node.text);
  } else if (node.kind === 'not') positiveTerms(node.node, !negated, out);
  else for (const n of node.nodes) positiveTerms(n, negated, out);
  return out;
}

export interface CompiledQuery {
  source: string;
  root: QueryNode;
  terms: string[];
  test(doc: PreparedText): boolean;
}

/** Parses once; `test` is then cheap per item. Throws {@link QuerySyntaxError}. */
export function compileQuery(query: string): CompiledQuery {
  const root = parseQuery(query);
  return { source: query, root, terms: positiveTerms(root), test: (doc) => evaluate(root, doc) };
}

/** Convenience: does `query` match `text`? */
export function matchesQuery(query: string, ...text: (string | null | undefined)[]): boolean {
  return compileQuery(query).test(prepareText(...text));
}
