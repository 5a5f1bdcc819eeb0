import { buildDocument, DocumentTemplateError, type AssetReader, type DocumentData, type DocumentItem } from './build';
import { defaultTemplate } from './default-template';
import { OpenedDocx, parse, png, sampleDocx } from './docx.testing';
import { findSoffice, sofficeConvert } from './soffice';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PizZip from 'pizzip';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const IMAGE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
const LINK_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';

const STORED = png(64, 32, 7);
/** Our own stored files: the caller resolves `/files/<id>` and nothing else. */
const assets: AssetReader = {
  load: async (src) => (src === '/files/7' ? STORED : null),
};

const HTML = `
  <h2>小标题</h2>
  <p>第一段 <b>粗体</b> <i>斜体</i> <u>下划线</u> <s>删除</s> H<sub>2</sub>O x<sup>2</sup> &amp; &lt;tag&gt;
     <a href="https://example.com/a?b=1&amp;c=2">链接</a><br>第二行</p>
  <ul><li>甲</li><li>乙<ol><li>乙一</li></ol></li></ul>
  <ol start="3"><li><p>丙</p></li></ol>
  <table><thead><tr><th>表头1</th><th>表头2</th></tr></thead>
    <tbody><tr><td colspan="2">合并单元格</td></tr><tr><td>a</td><td>b</td></tr></tbody></table>
  <p><img src="data:image/png;base64,${png(800, 400, 2).toString('base64')}" alt="内嵌图"></p>
  <p><img src="/files/7"> <img src="https://elsewhere.example/x.png"></p>`;

function item(title: string, body: DocumentItem['body'], extra: Partial<DocumentItem> = {}): DocumentItem {
  return { title, abstract: `${title}的摘要`, provider: '新闻中心', country: '中国', body, ...extra };
}

describe('buildDocument', () => {
  let out: OpenedDocx;
  const titles = ['HTML 稿件一', 'Word 稿件二', 'HTML 稿件三', 'Word 稿件四'];

  beforeAll(async () => {
    const data: DocumentData = {
      fields: { title: '测试文档', subtitle: '2025年 第3期' },
      sections: [
        { name: '栏目甲', items: [item(titles[0], { html: HTML }), item(titles[1], { docx: await sampleDocx({ heading: 'Word 内标题二' }), name: 'b.docx' })] },
        { name: '栏目乙', items: [item(titles[2], { html: '<p>简单</p>' }), item(titles[3], { docx: await sampleDocx({ heading: 'Word 内标题四' }) })] },
      ],
    };
    out = new OpenedDocx(await buildDocument(null, data, assets));
  });

  it('renders the header, every section and every item title in order', () => {
    expect(out.styled('Title')).toEqual(['测试文档']);
    expect(out.styled('Subtitle')).toEqual(['2025年 第3期']);
    expect(out.styled('Heading1').filter((t) => t.startsWith('栏目'))).toEqual(['栏目甲', '栏目乙']);
    expect(out.styled('Heading2').filter((t) => titles.includes(t))).toEqual(titles);
    const text = out.paragraphs().join('\n');
    expect(text).toContain('来源：新闻中心　国家/地区：中国');
    expect(text).toContain('摘要：HTML 稿件一的摘要');
  });

  it('converts HTML: formatting, escaping, headings, line breaks', () => {
    const text = out.paragraphs().join('\n');
    expect(text).toContain('第一段 粗体 斜体 下划线 删除 H2O x2 & <tag> 链接第二行');
    expect(out.xml).toContain('&lt;tag&gt;');
    expect(out.styled('Heading4')).toEqual(['小标题']); // h2 under the section (1) and item (2) headings
    const runs = out.elements('r').filter((r) => r.textContent === '粗体');
    expect(runs[0].getElementsByTagNameNS(W, 'b').length).toBe(1);
    expect(out.elements('br').length).toBeGreaterThan(0);
  });

  it('gives HTML lists real numbering', () => {
    const numbering = new OpenedDocx(Buffer.from(out.zip.generate({ type: 'nodebuffer' }))).text('word/numbering.xml');
    const numIds = out.elements('numId').map((n) => n.getAttributeNS(W, 'val'));
    expect(numIds.length).toBeGreaterThanOrEqual(4 + 4); // 4 HTML items + 2×2 merged steps
    for (const id of new Set(numIds)) expect(numbering).toMatch(new RegExp(`<w:num\\b[^>]*\\bw:numId="${id}"`));
    expect(numbering).toContain('<w:startOverride w:val="3"/>');
    const levels = out.elements('ilvl').map((n) => n.getAttributeNS(W, 'val'));
    expect(levels).toContain('1'); // 乙一 is nested
    expect(out.contentTypes).toContain('numbering+xml');
  });

  it('keeps tables from HTML (with colspan and header row) and from merged .docx', () => {
    const tables = out.elements('tbl');
    expect(tables.length).toBe(3); // one HTML table, two merged
    const html = tables[0];
    expect(html.getElementsByTagNameNS(W, 'gridSpan')[0].getAttributeNS(W, 'val')).toBe('2');
    expect(html.getElementsByTagNameNS(W, 'tblHeader').length).toBe(1);
    expect(html.getElementsByTagNameNS(W, 'tblBorders').length).toBe(1);
    expect(out.paragraphs()).toEqual(expect.arrayContaining(['合并单元格', 'merged cell 00', 'merged cell 11']));
  });

  it('embeds pictures from data: URIs, from the asset reader and from merged .docx; content types know png', () => {
    const blips = out.elements('blip', 'http://schemas.openxmlformats.org/drawingml/2006/main');
    expect(blips.length).toBe(4); // data URI, /files/7, two merged
    for (const blip of blips) {
      const id = blip.getAttributeNS('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'embed')!;
      expect(out.rels.get(id)?.type).toBe(IMAGE_REL);
      expect(out.zip.file(out.targetPath(id))).toBeTruthy();
    }
    expect(out.contentTypes).toMatch(/<Default Extension="png" ContentType="image\/png"\/>/);
    // 800 px wide data URI picture is capped at the page width (A4 minus margins: 8306 twips).
    const extents = out.elements('extent', 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing');
    expect(Math.max(...extents.map((e) => Number(e.getAttribute('cx'))))).toBeLessThanOrEqual(8306 * 635);
    const ids = out.elements('docPr', 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing').map((d) => d.getAttribute('id'));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('turns a picture that cannot be loaded into a [图片] link', () => {
    const links = out.elements('hyperlink').filter((h) => h.textContent === '[图片]');
    expect(links).toHaveLength(1);
    const rel = out.rels.get(links[0].getAttributeNS('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'id')!);
    expect(rel).toEqual({ type: LINK_REL, target: 'https://elsewhere.example/x.png', external: true });
  });

  it('gives every hyperlink an external relationship (HTML and merged)', () => {
    const targets = out.elements('hyperlink').map((h) => out.rels.get(h.getAttributeNS('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'id')!));
    expect(targets.every((t) => t?.type === LINK_REL && t.external)).toBe(true);
    expect(targets.map((t) => t?.target)).toEqual(expect.arrayContaining(['https://example.com/a?b=1&c=2', 'https://example.org/merged-link']));
  });

  it('resolves every relationship reference of the body', () => {
    for (const ref of out.relationshipRefs()) expect(out.rels.has(ref.id)).toBe(true);
  });

  it('writes every XML part well-formed, with every prefix bound', () => {
    const parts = Object.keys(out.zip.files).filter((n) => /\.(xml|rels)$/.test(n));
    expect(parts).toEqual(expect.arrayContaining(['word/document.xml', 'word/styles.xml', 'word/numbering.xml', '[Content_Types].xml']));
    for (const name of parts) expect(() => parse(out.text(name))).not.toThrow();
  });

  it('merges .docx bodies without their section properties, footnotes become marks', () => {
    expect(out.elements('sectPr')).toHaveLength(1);
    const text = out.paragraphs().join('\n');
    expect(text).toContain('Word 内标题二');
    expect(text).toContain('注释[1]');
    expect(text).toContain('[1]脚注内容 footnote text');
    expect(out.elements('footnoteReference')).toHaveLength(0);
  });
});

describe('buildDocument robustness', () => {
  const build = (items: DocumentItem[], template: Buffer | null = null, options = {}) =>
    buildDocument(template, { fields: { title: 't' }, sections: [{ name: 's', items }] }, assets, { soffice: null, ...options });

  it('does not throw on malformed HTML and keeps its text', async () => {
    const html = '<p>未闭合 <b>粗 <i>斜</p><table><tr><td>格<td colspan="x" rowspan="9">二</table></div></li><ul><p>散</ul>' +
      '<<<>>> &bogus; <img><img src="data:image/png;base64,!!!"><a href="javascript:alert(1)">js</a>\u0001\uFFFE' +
      '<div>'.repeat(400) + '深层' + '</div>'.repeat(400);
    const out = new OpenedDocx(await build([item('坏 HTML', { html })]));
    const text = out.paragraphs().join('');
    expect(text).toContain('未闭合');
    expect(text).toContain('深层');
    expect(text).toContain('[图片]');
    expect(out.xml).not.toMatch(/javascript:/);
  });

  it('turns a corrupted .docx into a note paragraph', async () => {
    const good = await sampleDocx({ heading: '好的' });
    const truncated = good.subarray(0, good.length / 2);
    const out = new OpenedDocx(await build([
      item('一', { docx: Buffer.from('not a zip'), name: 'broken.docx' }),
      item('二', { docx: truncated }),
      item('三', { docx: good }),
    ]));
    const text = out.paragraphs();
    expect(text).toContain('（附件 broken.docx 无法读取，未能合并）');
    expect(text).toContain('（附件无法读取，未能合并）');
    expect(text).toContain('好的');
  });

  it('notes a legacy .doc when LibreOffice is not used', async () => {
    const out = new OpenedDocx(await build([item('旧', { doc: Buffer.from('old'), name: '旧稿.doc' })]));
    expect(out.paragraphs()).toContain('（附件 旧稿.doc 为 .doc 格式，未能合并）');
  });

  it('answers DocumentTemplateError for a file that is not a .docx and for malformed tags', async () => {
    await expect(build([], Buffer.from('nope'))).rejects.toBeInstanceOf(DocumentTemplateError);
    const zip = new PizZip(defaultTemplate());
    zip.file('word/document.xml', zip.file('word/document.xml')!.asText().replace('{title}', '{title'));
    const err = await build([], zip.generate({ type: 'nodebuffer' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentTemplateError);
    expect((err as DocumentTemplateError).message).toMatch(/^模板标签有误：/);
  });

  it('adds heading styles and a numbering part to a bare template', async () => {
    const zip = new PizZip(defaultTemplate());
    zip.remove('word/numbering.xml');
    zip.file('word/styles.xml', `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="${W}"><w:style w:type="paragraph" w:default="1" w:styleId="a"><w:name w:val="Normal"/></w:style></w:styles>`);
    zip.file('word/_rels/document.xml.rels', zip.file('word/_rels/document.xml.rels')!.asText().replace(/<Relationship Id="rId2"[^>]*\/>/, ''));
    zip.file('[Content_Types].xml', zip.file('[Content_Types].xml')!.asText().replace(/<Override PartName="\/word\/numbering.xml"[^>]*\/>/, ''));
    const out = new OpenedDocx(await build([item('x', { html: '<h1>三级</h1><ol><li>一</li></ol>' })], zip.generate({ type: 'nodebuffer' })));
    expect(out.text('word/styles.xml')).toMatch(/w:styleId="Heading3"><w:name w:val="heading 3"\/>/);
    expect(out.styled('Heading3')).toEqual(['三级']);
    expect(out.text('word/numbering.xml')).toContain('<w:abstractNum');
    expect([...out.rels.values()].some((r) => r.type.endsWith('/numbering') && r.target === 'numbering.xml')).toBe(true);
    expect(out.contentTypes).toContain('/word/numbering.xml');
  });

  it('renders item and section extra fields, numbers and empty optional tags', async () => {
    const zip = new PizZip(defaultTemplate());
    zip.file('word/document.xml', zip.file('word/document.xml')!.asText().replace('{title}</w:t>', '{title}|{missing}|{#sections}{#items}{seq}-{no}-{code};{/items}{/sections}</w:t>'));
    const out = new OpenedDocx(await buildDocument(zip.generate({ type: 'nodebuffer' }), {
      fields: { title: 'T' },
      sections: [{ name: 'a', items: [{ title: 'x', fields: { code: 'K1' } }, { title: 'y', fields: { code: 'K2' } }] }],
    }, assets));
    expect(out.styled('Title')).toEqual(['T||1-1-K1;2-2-K2;']);
    expect(out.paragraphs().join('')).not.toContain('摘要'); // empty abstract drops its paragraph
  });
});

describe('the sample journal template (backend/assets, tags of docs/journal-template.md)', () => {
  it('renders the masthead, header, contents and every manuscript with the journal tags', async () => {
    const template = readFileSync(join(__dirname, '../../../assets/journal-template-sample.docx'));
    const out = new OpenedDocx(await buildDocument(template, {
      fields: { productName: '全球科技动态', year: '2025', journalNo: '3', totalNo: '120', planPublishTime: '2025年3月15日', editors: '张三、李四', title: '全球科技动态2025第3期' },
      sections: [
        { name: '要闻', items: [item('第一篇', { html: '<p>正文一</p>' }, { fields: { dept: '国际部' } }), item('第二篇', { docx: await sampleDocx({ heading: '附件标题' }) })] },
        { name: '专题', items: [item('第三篇', null, { abstract: '', provider: '' })] },
      ],
    }, assets));
    const text = out.paragraphs();
    expect(text.slice(0, 3)).toEqual(['全球科技动态', '2025年 第3期（总第120期）', '出版日期：2025年3月15日　　责任编辑：张三、李四']);
    expect(text).toEqual(expect.arrayContaining(['1．第一篇', '2．第二篇', '1．第三篇', '【摘要】第一篇的摘要', '正文一', '附件标题']));
    expect(text).toContain('供稿：新闻中心　　单位：国际部　　国家/地区：中国');
    expect(out.styled('Heading1')).toEqual(['要闻', '附件标题', '专题']);
    expect(out.styled('Heading2')).toEqual(['第一篇', '第二篇', '第三篇']);
    expect(out.xml).not.toMatch(/[{}]/);
    const header = Object.keys(out.zip.files).filter((n) => /word\/header\d*\.xml$/.test(n)).map((n) => out.text(n)).join('');
    expect(header).toContain('全球科技动态　2025年第3期');
  });
});

const soffice = findSoffice();
// Skipped on a developer machine without LibreOffice (a Debian package); CI installs it and sets
// REQUIRE_SOFFICE, which turns a missing `soffice` into a failure instead.
if (!soffice && process.env.REQUIRE_SOFFICE) {
  describe('LibreOffice', () => {
    it('needs soffice (REQUIRE_SOFFICE is set): apt-get install -y libreoffice-writer-nogui', () => {
      throw new Error('soffice is not on PATH');
    });
  });
}
// Skip reason: no `soffice` on this machine (LibreOffice is a Debian package; CI installs it and requires it).
const withSoffice = soffice ? describe : describe.skip;
if (!soffice) console.info('LibreOffice tests skipped: `soffice` is not on PATH');

withSoffice('with LibreOffice', () => {
  it('converts a legacy .doc body and the output opens as PDF', async () => {
    const [doc] = await sofficeConvert([{ bytes: await sampleDocx({ heading: '旧格式标题' }), ext: 'docx' }], 'doc');
    expect(doc).toBeTruthy();
    const built = await buildDocument(null, {
      fields: { title: 'PDF 检查' },
      sections: [{ name: '栏目', items: [item('旧', { doc: doc!, name: '旧.doc' }), item('新', { html: HTML })] }],
    }, assets);
    expect(new OpenedDocx(built).paragraphs().join('\n')).toContain('旧格式标题');
    const [pdf] = await sofficeConvert([{ bytes: built, ext: 'docx' }], 'pdf');
    expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 120_000);
});
