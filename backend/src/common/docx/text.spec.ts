import {
  AlignmentType, DeletedTextRun, Document, FootnoteReferenceRun, HeadingLevel, ImageRun, InsertedTextRun, LevelFormat, Packer,
  PageBreak, Paragraph, Table, TableCell, TableRow, TextRun, Textbox, WidthType,
} from 'docx';
import { png } from './docx.testing';
import { DOCX_TEXT_NOTES, diffDocx, diffParagraphs, docxText, formatNumber } from './text';
import { ZipReader, writeZip } from './zip';

const REVISION = { author: '张三', date: '2026-01-01T00:00:00Z' };

/** A journal-like .docx: title, headings, Chinese text with a footnote, lists, a table, a picture, a text box, tracked changes. */
async function journal(quality = '出版', extra: Paragraph[] = []): Promise<Buffer> {
  const doc = new Document({
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START },
            { level: 1, format: LevelFormat.DECIMAL, text: '%1.%2.', alignment: AlignmentType.START },
          ],
        },
        { reference: 'cn', levels: [{ level: 0, format: LevelFormat.CHINESE_COUNTING, text: '%1、', alignment: AlignmentType.START }] },
        { reference: 'dots', levels: [{ level: 0, format: LevelFormat.BULLET, text: '\u25CF', alignment: AlignmentType.START }] },
      ],
    },
    footnotes: { 1: { children: [new Paragraph('参见《出版管理条例》。')] } },
    sections: [{
      children: [
        new Paragraph({ text: '期刊稿件', heading: HeadingLevel.TITLE }),
        new Paragraph({ text: '第一章 总则', heading: HeadingLevel.HEADING_1 }),
        new Paragraph({ children: [new TextRun(`本刊编辑部对稿件进行三审三校，确保${quality}质量。`), new FootnoteReferenceRun(1)] }),
        new Paragraph(''),
        new Paragraph({ children: [new TextRun({ children: ['甲', '\t', '乙'] }), new TextRun({ text: '丙', break: 1 }), new PageBreak()] }),
        new Paragraph({ text: '收稿登记', numbering: { reference: 'steps', level: 0 } }),
        new Paragraph({ text: '初审', numbering: { reference: 'steps', level: 1 } }),
        new Paragraph({ text: '外审', numbering: { reference: 'steps', level: 1 } }),
        new Paragraph({ text: '定稿', numbering: { reference: 'steps', level: 0 } }),
        new Paragraph({ text: '背景', numbering: { reference: 'cn', level: 0 } }),
        new Paragraph({ text: '方法', numbering: { reference: 'cn', level: 0 } }),
        new Paragraph({ text: '要点', numbering: { reference: 'dots', level: 0 } }),
        new Paragraph({ text: '第二节 数据', heading: HeadingLevel.HEADING_2 }),
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: [['项目', '数量'], ['来稿', '120']].map((cells) => new TableRow({
            children: cells.map((c) => new TableCell({ children: [new Paragraph(c)] })),
          })),
        }),
        new Paragraph({ children: [new ImageRun({ type: 'png', data: png(20, 10), transformation: { width: 40, height: 20 } })] }),
        new Textbox({ style: { width: '100pt', height: '40pt' }, children: [new Paragraph('框内文字')] }),
        new Paragraph({
          children: [
            new TextRun('保留'),
            new InsertedTextRun({ text: '新增', id: 1, ...REVISION }),
            new DeletedTextRun({ text: '删除', id: 2, ...REVISION }),
          ],
        }),
        ...extra,
      ],
    }],
  });
  return Packer.toBuffer(doc);
}

/** The package with some entries replaced (null: removed). */
function repack(docx: Buffer, replace: Record<string, string | Buffer | null>): Buffer {
  const zip = new ZipReader(docx);
  const names = zip.names().filter((n) => replace[n] !== null);
  return writeZip(names.map((name) => ({ name, data: (replace[name] as string | Buffer | undefined) ?? zip.bytes(name) })));
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** A minimal package around hand-written parts (what Word writes, which the docx package does not). */
function handmade(body: string, parts: { styles?: string; numbering?: string } = {}): Buffer {
  const rels = [
    parts.styles ? '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' : '',
    parts.numbering ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' : '',
  ].join('');
  return writeZip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/main.xml"/></Relationships>',
    },
    {
      name: 'word/main.xml',
      data: `<?xml version="1.0"?><w:document ${W} xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ` +
        'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" ' +
        'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"><w:body>' + body + '</w:body></w:document>',
    },
    { name: 'word/_rels/main.xml.rels', data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>` },
    ...(parts.styles ? [{ name: 'word/styles.xml', data: `<?xml version="1.0"?><w:styles ${W}>${parts.styles}</w:styles>` }] : []),
    ...(parts.numbering ? [{ name: 'word/numbering.xml', data: `<?xml version="1.0"?><w:numbering ${W}>${parts.numbering}</w:numbering>` }] : []),
  ]);
}

const p = (inner: string, pPr = '') => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${inner}</w:p>`;
const r = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;

describe('docxText', () => {
  it('reads paragraphs, headings, lists with their markers, table rows, pictures, text boxes and footnotes in order', async () => {
    expect(docxText(await journal())).toEqual({
      paragraphs: [
        '[标题] 期刊稿件',
        '[标题1] 第一章 总则',
        '本刊编辑部对稿件进行三审三校，确保出版质量。[脚注1]',
        '甲\t乙\n丙',
        '1. 收稿登记',
        '  1.1. 初审',
        '  1.2. 外审',
        '2. 定稿',
        '一、 背景',
        '二、 方法',
        '• 要点',
        '[标题2] 第二节 数据',
        '项目 | 数量',
        '来稿 | 120',
        '[图片]',
        '[文本框：框内文字]',
        '保留新增',
        '[脚注1] 参见《出版管理条例》。',
      ],
      note: null,
    });
  });

  it('reads what Word writes: localized heading ids, style lists, content controls, fields, alternate content, equations, nested tables', () => {
    const styles =
      '<w:style w:type="paragraph" w:styleId="1"><w:name w:val="heading 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>' +
      '<w:style w:type="paragraph" w:styleId="a5"><w:name w:val="我的章标题"/><w:basedOn w:val="1"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="a6"><w:name w:val="List Number"/><w:pPr><w:numPr><w:numId w:val="7"/></w:numPr></w:pPr></w:style>';
    const numbering =
      '<w:abstractNum w:abstractNumId="3"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimalEnclosedCircle"/><w:lvlText w:val="%1"/></w:lvl></w:abstractNum>' +
      '<w:abstractNum w:abstractNumId="4"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="(%1)"/></w:lvl></w:abstractNum>' +
      '<w:num w:numId="7"><w:abstractNumId w:val="3"/></w:num>' +
      '<w:num w:numId="8"><w:abstractNumId w:val="4"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="3"/></w:lvlOverride></w:num>';
    const textBox = (text: string) => `<w:txbxContent>${p(r(text))}</w:txbxContent>`;
    const body = [
      p(r('绪论'), '<w:pStyle w:val="1"/>'),
      p(r('方法'), '<w:pStyle w:val="a5"/>'),
      p(r('概述'), '<w:outlineLvl w:val="1"/>'),
      p(r('第一项'), '<w:pStyle w:val="a6"/>'),
      p(r('第二项'), '<w:pStyle w:val="a6"/>'),
      p(r('不编号'), '<w:pStyle w:val="a6"/><w:numPr><w:numId w:val="0"/></w:numPr>'),
      p(r('丙项'), '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="8"/></w:numPr>'),
      `<w:sdt><w:sdtPr><w:alias w:val="作者"/></w:sdtPr><w:sdtContent>${p(r('张三'))}</w:sdtContent></w:sdt>`,
      p('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
        `${r('7')}<w:r><w:fldChar w:fldCharType="end"/></w:r>${r(' 页')}<w:del w:id="1" w:author="a"><w:r><w:delText>旧</w:delText></w:r></w:del>`),
      p(`${r('图注')}<mc:AlternateContent><mc:Choice Requires="wps"><w:r><w:drawing><wps:txbx>${textBox('框一')}</wps:txbx></w:drawing></w:r></mc:Choice>` +
        `<mc:Fallback><w:r><w:pict>${textBox('框一')}</w:pict></w:r></mc:Fallback></mc:AlternateContent>`),
      p('<m:oMath><m:r><m:t>E=mc</m:t></m:r><m:sSup><m:e/><m:sup><m:r><m:t>2</m:t></m:r></m:sup></m:sSup></m:oMath>'),
      `<w:tbl><w:tr><w:tc>${p(r('外'))}<w:tbl><w:tr><w:tc>${p(r('内1'))}</w:tc><w:tc>${p(r('内2'))}</w:tc></w:tr></w:tbl></w:tc><w:tc>${p(r('右'))}</w:tc></w:tr></w:tbl>`,
      p(r('&lt;尾&amp;声&gt;')),
      '<w:sectPr/>',
    ].join('');
    expect(docxText(handmade(body, { styles, numbering }))).toEqual({
      paragraphs: [
        '[标题1] 绪论', '[标题1] 方法', '[标题2] 概述', '① 第一项', '② 第二项', '不编号', '(C) 丙项', '张三', '7 页', '图注[文本框：框一]',
        'E=mc2', '外 内1 | 内2 | 右', '<尾&声>',
      ],
      note: null,
    });
  });

  it('answers a note instead of throwing for files it cannot read', async () => {
    const good = await journal();
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    const damaged = Buffer.from(good);
    const docEntry = damaged.indexOf('word/document.xml');
    damaged.fill(0x55, docEntry + 40, docEntry + 400); // inside the compressed body
    const cases: [Uint8Array, string][] = [
      [Buffer.alloc(0), DOCX_TEXT_NOTES.notDocx],
      [Buffer.from('这不是一个 Word 文件'), DOCX_TEXT_NOTES.notDocx],
      [good.subarray(0, good.length >> 1), DOCX_TEXT_NOTES.notDocx],
      [ole, DOCX_TEXT_NOTES.legacy],
      [repack(good, { 'word/document.xml': null }), DOCX_TEXT_NOTES.noBody],
      [repack(good, { 'word/document.xml': '<<< 不是 XML' }), DOCX_TEXT_NOTES.noBody],
      [repack(good, { 'word/document.xml': '<?xml version="1.0"?><workbook xmlns="urn:other"/>' }), DOCX_TEXT_NOTES.noBody],
      [damaged, DOCX_TEXT_NOTES.damaged],
    ];
    for (const [bytes, note] of cases) expect(docxText(bytes)).toEqual({ paragraphs: [], note });
  });

  it('keeps the body when only the footnotes are unreadable, and reads a document whose optional parts are broken', async () => {
    const good = await journal();
    const t = docxText(repack(good, { 'word/footnotes.xml': '<<< 坏' }));
    expect(t.note).toBe(DOCX_TEXT_NOTES.notes);
    expect(t.paragraphs).toContain('本刊编辑部对稿件进行三审三校，确保出版质量。[脚注1]');
    expect(t.paragraphs.some((l) => l.startsWith('[脚注1] '))).toBe(false);

    const plain = docxText(repack(good, { 'word/styles.xml': 'garbage', 'word/numbering.xml': null }));
    expect(plain.note).toBeNull();
    expect(plain.paragraphs).toContain('收稿登记');
    expect(plain.paragraphs).toContain('[标题1] 第一章 总则'); // without styles, by its id 'Heading1'
    expect(plain.paragraphs).toContain('期刊稿件'); // the Title style is known by its name only
  });
});

describe('diffParagraphs', () => {
  const lines = (n: number, tag = '段') => Array.from({ length: n }, (_, i) => `第${i + 1}${tag}：这是一段不会改动的正文内容，编号${i + 1}。`);

  it('identical texts are one skipped run', () => {
    expect(diffParagraphs(lines(5), lines(5))).toEqual({
      paragraphs: [{ op: 'skipped', count: 5 }], skipped: 5, truncated: false, stats: { added: 0, removed: 0, changed: 0 },
    });
    expect(diffParagraphs([], []).paragraphs).toEqual([]);
  });

  it('collapses equal runs to one paragraph of context on each side', () => {
    const from = lines(21);
    const to = [...from];
    to[10] = to[10].replace('不会改动', '已经改动');
    const d = diffParagraphs(from, to);
    expect(d.paragraphs).toEqual([
      { op: 'skipped', count: 9 },
      { op: 'equal', text: from[9] },
      { op: 'changed', parts: [{ op: 'equal', text: '第11段：这是一段' }, { op: 'delete', text: '不会' }, { op: 'insert', text: '已经' }, { op: 'equal', text: '改动的正文内容，编号11。' }] },
      { op: 'equal', text: from[11] },
      { op: 'skipped', count: 9 },
    ]);
    expect(d.skipped).toBe(18);
    expect(d.stats).toEqual({ added: 0, removed: 0, changed: 1 });
  });

  it('pairs a changed paragraph with its old text, not with an inserted one next to it', () => {
    const from = ['开头', '美国能源部发布新的可再生能源补贴政策，涉及风电与光伏项目。', '结尾'];
    const to = ['开头', '编者按：本文为特约稿件。', '美国能源部周一发布新的可再生能源补贴政策，涉及风电与光伏项目。', '结尾'];
    const d = diffParagraphs(from, to);
    expect(d.paragraphs.map((e) => e.op)).toEqual(['equal', 'added', 'changed', 'equal']);
    expect(d.paragraphs[1]).toEqual({ op: 'added', text: '编者按：本文为特约稿件。' });
    const changed = d.paragraphs[2] as { parts: { op: string; text: string }[] };
    expect(changed.parts.filter((x) => x.op !== 'equal')).toEqual([{ op: 'insert', text: '周一' }]);
    expect(d.stats).toEqual({ added: 1, removed: 0, changed: 1 });
  });

  it('unlike paragraphs are removed and added, not changed', () => {
    const d = diffParagraphs(['稿件已经送外审专家审阅。'], ['The manuscript went out for review.']);
    expect(d.paragraphs).toEqual([
      { op: 'removed', text: '稿件已经送外审专家审阅。' },
      { op: 'added', text: 'The manuscript went out for review.' },
    ]);
  });

  it('stops at maxEntries and still counts the whole diff', () => {
    const from = lines(10);
    const to = lines(10, '节');
    const d = diffParagraphs(from, to, { maxEntries: 3 });
    expect(d.paragraphs).toHaveLength(3);
    expect(d.truncated).toBe(true);
    expect(d.stats).toEqual({ added: 0, removed: 0, changed: 10 });
  });
});

describe('diffDocx', () => {
  it('shows exactly the changed word of two versions', async () => {
    const d = diffDocx(await journal('出版'), await journal('印刷'));
    expect(d.notes).toEqual({ from: null, to: null });
    expect(d.stats).toEqual({ added: 0, removed: 0, changed: 1 });
    expect(d.paragraphs.filter((e) => e.op !== 'equal' && e.op !== 'skipped')).toEqual([{
      op: 'changed',
      parts: [
        { op: 'equal', text: '本刊编辑部对稿件进行三审三校，确保' },
        { op: 'delete', text: '出版' },
        { op: 'insert', text: '印刷' },
        { op: 'equal', text: '质量。[脚注1]' },
      ],
    }]);
  });

  it('an unreadable side gives notes and no diff, without throwing', async () => {
    const d = diffDocx(Buffer.from('broken'), await journal());
    expect(d).toEqual({
      paragraphs: [], skipped: 0, truncated: false, stats: { added: 0, removed: 0, changed: 0 }, notes: { from: DOCX_TEXT_NOTES.notDocx, to: null },
    });
  });

  it('diffs two 100-page documents (2,000 blocks, 100,000 characters)', async () => {
    const sentence = '编辑部根据审稿意见对稿件的结构、数据与参考文献进行了全面核对，并与作者逐条沟通修改。';
    const body = (changed: boolean) => Array.from({ length: 2000 }, (_, i) => {
      if (i % 100 === 50) {
        return new Table({
          rows: [0, 1, 2].map((row) => new TableRow({ children: [0, 1, 2].map((c) => new TableCell({ children: [new Paragraph(`表${i}-${row}-${c}`)] })) })),
        });
      }
      const text = `${i + 1}. ${sentence}${i % 7 === 0 ? sentence : ''}`;
      return new Paragraph(changed && i % 400 === 10 ? text.replace('全面核对', '逐项核对') : text);
    });
    const make = async (changed: boolean) => Packer.toBuffer(new Document({ sections: [{ children: body(changed) }] }));
    const [a, b] = [await make(false), await make(true)];
    const d = diffDocx(a, b);
    expect(d.stats).toEqual({ added: 0, removed: 0, changed: 5 });
    for (const e of d.paragraphs.filter((x) => x.op === 'changed')) {
      expect((e as { parts: { op: string; text: string }[] }).parts.filter((x) => x.op !== 'equal')).toEqual([
        { op: 'delete', text: '全面' }, { op: 'insert', text: '逐项' },
      ]);
    }
  });
});

describe('formatNumber', () => {
  it('counts in the list formats Chinese documents use', () => {
    expect([1, 10, 11, 20, 105, 110].map((n) => formatNumber(n, 'chineseCounting'))).toEqual(['一', '十', '十一', '二十', '一百零五', '一百一十']);
    expect(formatNumber(12, 'chineseLegalSimplified')).toBe('壹拾贰');
    expect(formatNumber(3, 'decimalEnclosedCircle')).toBe('③');
    expect(formatNumber(27, 'upperLetter')).toBe('AA');
    expect(formatNumber(4, 'lowerRoman')).toBe('iv');
    expect(formatNumber(2, 'ideographTraditional')).toBe('乙');
    expect(formatNumber(7, 'decimalZero')).toBe('07');
    expect(formatNumber(5, 'somethingNew')).toBe('5');
  });
});
