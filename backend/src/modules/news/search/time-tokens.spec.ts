import { timeTokenQuery } from './time-tokens.js';

const at = (iso: string) => Date.parse(iso);
const tokens = (q: string | null) => (q ?? '').split(' | ').map((t) => t.replace(/'/g, ''));

describe('timeTokenQuery', () => {
  it('names a short range by its days, a day of margin on each side', () => {
    expect(tokens(timeTokenQuery(at('2026-11-21T10:00:00Z'), at('2026-11-27T10:00:00Z')))).toEqual([
      '⌁d20261120', '⌁d20261121', '⌁d20261122', '⌁d20261123', '⌁d20261124', '⌁d20261125', '⌁d20261126', '⌁d20261127', '⌁d20261128',
    ]);
  });

  it('names a long range by its months', () => {
    expect(tokens(timeTokenQuery(at('2026-08-30T10:00:00Z'), at('2026-10-29T10:00:00Z')))).toEqual(['⌁m202608', '⌁m202609', '⌁m202610']);
    // a range ending on the last day of a month reaches into the next one by the margin
    expect(tokens(timeTokenQuery(at('2026-09-15T00:00:00Z'), at('2026-10-31T23:00:00Z')))).toEqual(['⌁m202609', '⌁m202610', '⌁m202611']);
  });

  it('covers the newest tier up to any day ahead: the rest of the month by days, then two years of months', () => {
    const t = tokens(timeTokenQuery(at('2026-11-27T12:00:00Z'), null));
    expect(t.slice(0, 5)).toEqual(['⌁d20261126', '⌁d20261127', '⌁d20261128', '⌁d20261129', '⌁d20261130']);
    expect(t[5]).toBe('⌁m202612');
    expect(t).toHaveLength(5 + 24);
    expect(t[t.length - 1]).toBe('⌁m202811');
  });

  it('cannot list an open past', () => {
    expect(timeTokenQuery(null, at('2025-11-28T00:00:00Z'))).toBeNull();
  });
});

describe('timeTokenLexemes', () => {
  it('names the UTC day and month, as the trigger does', async () => {
    const { timeTokenLexemes } = await import('./time-tokens.js');
    expect(timeTokenLexemes(new Date('2026-11-30T23:30:00-02:00'))).toBe("'⌁d20261201' '⌁m202612'");
  });
});
