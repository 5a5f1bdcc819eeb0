/**
 * `bytes=a-b` | `bytes=a-` | `bytes=-n` against `size`; undefined when absent or ignored, 'bad' when
 * unsatisfiable or malformed. Another unit is ignored (RFC 9110 §14.2: MUST), and so is a list of
 * ranges (MAY: the whole file, not a multipart answer).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'bad' | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (!/^bytes=/i.test(value) || value.includes(',')) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/i.exec(value);
  if (!m || (m[1] === '' && m[2] === '')) return 'bad';
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'bad';
  return { start, end };
}
