import { attachmentDisposition, fileTypeOf, MAX_FILE_NAME, mimeOf, newStorageKey, sanitizeFileName, splitFileName } from './file-name';

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['C:\\Users\\张三\\报告.docx', '报告.docx'],
    ['/abs/path/稿件.doc', '稿件.doc'],
    ['a<b>c:d*e?f"g|h.doc', 'abcdefgh.doc'],
    ['bad\u0000na\u0007me\r\n.txt', 'badname.txt'],
    ['\u202Excod.exe', 'xcod.exe'],
    ['..', ''],
    ['./', ''],
    ['   ', ''],
    ['..hidden. ', 'hidden'],
    ['正常的名字 (1).docx', '正常的名字 (1).docx'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('handles a missing name', () => {
    expect(sanitizeFileName(undefined)).toBe('');
    expect(sanitizeFileName(null)).toBe('');
  });

  it(`cuts long names to ${MAX_FILE_NAME} characters and keeps the suffix`, () => {
    const long = `${'长'.repeat(300)}.docx`;
    const out = sanitizeFileName(long);
    expect(Array.from(out)).toHaveLength(MAX_FILE_NAME);
    expect(out.endsWith('长.docx')).toBe(true);
    // Surrogate pairs are never split.
    const emoji = sanitizeFileName('😀'.repeat(250));
    expect(Array.from(emoji)).toHaveLength(MAX_FILE_NAME);
    expect(emoji).toBe('😀'.repeat(MAX_FILE_NAME));
  });
});

describe('file names, types and keys', () => {
  it('splits name and lower-case suffix', () => {
    expect(splitFileName('报告.DOCX')).toEqual({ name: '报告', suffix: 'docx' });
    expect(splitFileName('a.b.xlsx')).toEqual({ name: 'a.b', suffix: 'xlsx' });
    expect(splitFileName('README')).toEqual({ name: 'README', suffix: '' });
    expect(splitFileName('a.tar-gz!')).toEqual({ name: 'a.tar-gz!', suffix: '' });
  });

  it('kinds and content types; active content is never served as such', () => {
    expect(fileTypeOf('doc')).toBe('word');
    expect(fileTypeOf('docx')).toBe('word');
    expect(fileTypeOf('xlsx')).toBe('excel');
    expect(fileTypeOf('pdf')).toBe('other');
    expect(mimeOf('docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    for (const s of ['html', 'htm', 'svg', 'js', 'xml', '', 'constructor', '__proto__']) expect(mimeOf(s)).toBe('application/octet-stream');
  });

  it('storage keys are yyyy/MM/<uuid>.<suffix>, random, and carry nothing of the client name', () => {
    const at = new Date(Date.UTC(2026, 10, 22, 12));
    const key = newStorageKey('docx', at);
    expect(key).toMatch(/^2026\/11\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.docx$/);
    expect(newStorageKey('docx', at)).not.toBe(key);
    expect(newStorageKey('', at)).toMatch(/^2026\/11\/[0-9a-f-]{36}$/);
    expect(newStorageKey('../x', at)).toMatch(/^2026\/11\/[0-9a-f-]{36}$/);
  });

  it('Content-Disposition: attachment with an ASCII fallback and the UTF-8 name (RFC 5987)', () => {
    expect(attachmentDisposition('报告 (1).docx')).toBe(`attachment; filename="__ (1).docx"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%281%29.docx`);
    expect(attachmentDisposition('a"b\\c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`);
    expect(decodeURIComponent(attachmentDisposition("it's.doc").split("UTF-8''")[1])).toBe("it's.doc");
  });
});
