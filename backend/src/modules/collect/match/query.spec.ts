import { compileQuery, matchesQuery, parseQuery, QUERY_MAX_TERMS, QuerySyntaxError } from './query.js';

const TEXT = 'The Federal Reserve raised rates by 25 basis points. 美联储宣布加息25个基点，非洲市场震荡。COVID-19 cases fell.';

describe('rule grammar (collect-design §5.4)', () => {
  it.each([
    ['federal', true],
    ['fed', false], // whole tokens only
    ['美联储', true],
    ['联储', true], // Han: substring
    ['美联储 加息', true], // juxtaposition = AND
    ['美联储 AND 降息', false],
    ['美联储 & 加息', true],
    ['美联储 且 加息', true],
    ['降息 OR 加息', true],
    ['降息 | 减息', false],
    ['降息 或 加息', true],
    ['美联储 NOT 降息', true],
    ['美联储 -加息', false],
    ['美联储 非 加息', false],
    ['非洲', true], // 非 inside a word is text
    ['"basis points"', true],
    ['"points basis"', false],
    ['"raised rates by"', true],
    ['"加息25个基点"', true],
    ['covid-19', true], // a hyphenated word is a token sequence
    ['(降息 OR 加息) AND (fed OR federal)', true],
    ['(降息 OR 减息) AND federal', false],
    ['ＦＥＤＥＲＡＬ', true], // NFKC + lower case
    ['Reserve -(降息 | 减息)', true],
  ])('%s → %s', (query, expected) => {
    expect(matchesQuery(query, TEXT)).toBe(expected);
  });

  it('is AND over OR (precedence)', () => {
    expect(matchesQuery('a OR b c', 'a')).toBe(true);
    expect(matchesQuery('a OR b c', 'b')).toBe(false);
    expect(matchesQuery('a OR b c', 'b c')).toBe(true);
  });

  it('matches over several parts (title, content, translations)', () => {
    const q = compileQuery('美联储 AND federal');
    expect(q.terms).toEqual(['美联储', 'federal']);
    expect(matchesQuery('美联储 AND federal', 'Federal Reserve', null, '美联储')).toBe(true);
  });

  const error = (query: string): QuerySyntaxError => {
    try {
      parseQuery(query);
    } catch (e) {
      expect(e).toBeInstanceOf(QuerySyntaxError);
      return e as QuerySyntaxError;
    }
    throw new Error('expected a syntax error');
  };

  it('reports errors with a position', () => {
    expect(error('(a OR b').message).toBe('规则语法错误：缺少右括号（位置 8）');
    expect(error('a OR').position).toBe(5);
    expect(error('a ) b').message).toContain('多余的右括号');
    expect(error('"open').message).toContain('引号未闭合');
    expect(error('a AND OR b').position).toBe(7);
    expect(error('   ').message).toContain('规则为空');
    // "--" are two NOTs, the last "-" stands alone as a word without letters
    expect(error('---').message).toBe('规则语法错误：「-」不含文字（位置 3）');
  });

  it('refuses a query that is only negative', () => {
    expect(error('NOT a').message).toBe('规则语法错误：至少需要一个肯定条件');
    expect(error('-a -b').reason).toBe('至少需要一个肯定条件');
    expect(error('a OR NOT b').reason).toBe('至少需要一个肯定条件');
    expect(() => parseQuery('a NOT b')).not.toThrow();
  });

  it('enforces the limits', () => {
    expect(error('a'.repeat(501)).message).toContain('500');
    expect(error(Array.from({ length: QUERY_MAX_TERMS + 1 }, (_, i) => `w${i}`).join(' ')).message).toContain('64');
    expect(() => parseQuery(Array.from({ length: QUERY_MAX_TERMS }, (_, i) => `w${i}`).join(' '))).not.toThrow();
    expect(error(`${'('.repeat(9)}a${')'.repeat(9)}`).message).toContain('嵌套');
    expect(() => parseQuery(`${'('.repeat(7)}a${')'.repeat(7)}`)).not.toThrow();
  });
});
