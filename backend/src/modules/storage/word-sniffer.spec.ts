import { makeDoc, makeDocx, makeXlsx } from '../../../test/fixtures/word-files';
import { OLE2_MAGIC, WordSniffer, wordKindOf, type WordKind } from './word-sniffer';

/** Feeds `bytes` in chunks of `size` and answers whether the sniffer accepts them as `kind`. */
function sniff(kind: WordKind, bytes: Buffer, size = 64 * 1024): boolean {
  const s = new WordSniffer(kind);
  for (let i = 0; i < bytes.length; i += size) if (!s.push(bytes.subarray(i, i + size))) return false;
  return s.finish();
}

/** A ZIP local file header naming `name`, followed by some bytes. */
function zipEntry(name: string, data = Buffer.from('x')): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([h, Buffer.from(name, 'latin1'), data]);
}

describe('WordSniffer', () => {
  let docx: Buffer;
  let xlsx: Buffer;
  const doc = makeDoc();

  beforeAll(async () => {
    docx = await makeDocx();
    xlsx = await makeXlsx();
  });

  it('accepts a real .docx, whatever the chunking (every boundary, 1-byte chunks, odd sizes)', () => {
    expect(docx.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    for (const size of [1, 7, 17, 61, 62, 63, 100, 4096, docx.length]) expect(sniff('docx', docx, size)).toBe(true);
  });

  it('accepts a real .doc header (OLE2 compound file)', () => {
    expect(doc.subarray(0, 8).equals(OLE2_MAGIC)).toBe(true);
    expect(sniff('doc', doc)).toBe(true);
    expect(sniff('doc', doc, 3)).toBe(true);
  });

  it('refuses a text file renamed .docx or .doc, at the first bytes', () => {
    const txt = Buffer.from('这不是 Word 文档，只是文本。\n'.repeat(20));
    const s = new WordSniffer('docx');
    expect(s.push(txt.subarray(0, 2))).toBe(false);
    expect(sniff('docx', txt)).toBe(false);
    expect(sniff('doc', txt)).toBe(false);
  });

  it('refuses a ZIP without word/document.xml (an .xlsx renamed .docx)', () => {
    expect(xlsx.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect(sniff('docx', xlsx)).toBe(false);
    expect(sniff('docx', xlsx, 1)).toBe(false);
  });

  it('needs the entry name in a real ZIP header, not just somewhere in the bytes', () => {
    // The name inside a stored file's content, and as part of a longer entry name.
    expect(sniff('docx', zipEntry('notes.txt', Buffer.from('see word/document.xml')))).toBe(false);
    expect(sniff('docx', zipEntry('word/document.xml.bak'))).toBe(false);
    expect(sniff('docx', zipEntry('xword/document.xml'))).toBe(false);
    expect(sniff('docx', Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('word/document.xml')]))).toBe(true);
  });

  it('content must match the suffix: a .docx renamed .doc and a .doc renamed .docx are refused', () => {
    expect(sniff('doc', docx)).toBe(false);
    expect(sniff('docx', doc)).toBe(false);
  });

  it('refuses empty and truncated headers', () => {
    expect(sniff('doc', Buffer.alloc(0))).toBe(false);
    expect(sniff('doc', OLE2_MAGIC.subarray(0, 5))).toBe(false);
    expect(sniff('docx', Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
  });

  it('the suffix decides the claimed kind: a .docx renamed .pdf claims none', () => {
    expect(wordKindOf('报告.docx')).toBe('docx');
    expect(wordKindOf('报告.DOC')).toBe('doc');
    expect(wordKindOf('报告.pdf')).toBeUndefined();
    expect(wordKindOf('docx')).toBeUndefined();
    expect(wordKindOf('报告.docx.pdf')).toBeUndefined();
  });
});
