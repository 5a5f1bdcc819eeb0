import PizZip from 'pizzip';
import { defaultTemplate } from './default-template';
import { parse, png } from './docx.testing';
import { HtmlConverter, parseHtml, type LoadedImage } from './html';
import { OutputPackage } from './package';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const NS = `xmlns:w="${W}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ` +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"';

function convert(html: string, images: Record<string, LoadedImage> = {}) {
  const pkg = new OutputPackage(new PizZip(defaultTemplate()));
  const xml = new HtmlConverter(pkg, new Map(Object.entries(images)), 0).convert(parseHtml(html));
  const body = parse(`<w:body ${NS}>${xml}</w:body>`).documentElement!; // well-formed, prefixes bound
  const all = (local: string) => Array.from(body.getElementsByTagNameNS(W, local));
  const texts = () => all('p').map((p) => Array.from(p.getElementsByTagNameNS(W, 't')).map((t) => t.textContent).join(''));
  return { xml, pkg, all, texts, top: Array.from(body.childNodes).map((n) => n.nodeName) };
}

describe('HtmlConverter', () => {
  it('collapses whitespace like a browser, keeps no-break spaces, and splits blocks into paragraphs', () => {
    const { texts } = convert('  hello \n  <b>big</b>   world <div>\n block\u00a0 a </div>tail  ');
    expect(texts()).toEqual(['hello big world ', 'block\u00a0 a ', 'tail ']);
  });

  it('keeps spaces, tabs and line breaks of <pre>', () => {
    const { xml } = convert('<pre>a  b\n\tc</pre>');
    expect(xml).toContain('<w:t xml:space="preserve">a  b</w:t>');
    expect(xml).toMatch(/<w:br\/>.*<w:tab\/>/);
  });

  it('escapes text and attributes and drops characters XML cannot carry', () => {
    const { xml, texts } = convert('<p>a &lt;b&gt; &amp; "q" \u0001\uFFFF</p><img src="x" alt="say &quot;hi&quot; <now>">');
    expect(texts()[0]).toBe('a <b> & "q" ');
    expect(xml.includes('\u0001') || xml.includes('\uFFFF')).toBe(false);
  });

  it('keeps an empty paragraph for <p><br></p> and drops a trailing <br>', () => {
    const { texts, all } = convert('<p>one<br></p><p><br></p><p>two<br><br></p>');
    expect(texts()).toEqual(['one', '', 'two']);
    expect(all('br')).toHaveLength(1); // the second of two trailing breaks draws a line
  });

  it('drops scripts, styles and hidden elements; unknown tags give their text', () => {
    const { texts } = convert('<script>alert(1)</script><style>p{}</style><custom-tag>kept <x-y>too</x-y></custom-tag><span style="display:none">hidden</span>');
    expect(texts()).toEqual(['kept too']);
  });

  it('maps headings to heading styles, alignment and Chinese first-line indent', () => {
    const { xml } = convert('<h1>t</h1><h6>s</h6><p style="text-align:center; text-indent: 2em">c</p><p align="right">r</p>');
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(xml).toContain('<w:pStyle w:val="Heading6"/>');
    expect(xml).toContain('<w:ind w:firstLineChars="200"/><w:jc w:val="center"/>');
    expect(xml).toContain('<w:jc w:val="right"/>');
  });

  it('formats runs: bold, italic, underline, strike, sup/sub, code, colour (tag and CSS)', () => {
    const { all } = convert('<p><strong>b</strong><em>i</em><u>u</u><del>s</del><sup>p</sup><sub>d</sub><code>c</code>' +
      '<span style="font-weight:700;font-style:italic;color:#f00">x</span><font color="blue">y</font></p>');
    const props = (text: string) => {
      const run = all('r').find((r) => r.textContent === text)!;
      return Array.from(run.getElementsByTagNameNS(W, 'rPr')[0].childNodes).map((n) => (n as unknown as { localName: string }).localName);
    };
    expect(props('b')).toEqual(['b', 'bCs']);
    expect(props('i')).toEqual(['i', 'iCs']);
    expect(props('u')).toEqual(['u']);
    expect(props('s')).toEqual(['strike']);
    expect(props('p')).toEqual(['vertAlign']);
    expect(props('c')).toEqual(['rFonts']);
    expect(props('x')).toEqual(['b', 'bCs', 'i', 'iCs', 'color']);
    expect(props('y')).toEqual(['color']);
  });

  it('links http(s) and mailto addresses and in-document anchors, never javascript:', () => {
    const { xml, pkg, all } = convert('<a href="https://a.example/?x=1&amp;y=2">web</a> <a href="mailto:a@b.c">mail</a> ' +
      '<a href="#sec-2">anchor</a> <a href="javascript:alert(1)">js</a> <a href="https://a.example/?x=1&amp;y=2">again</a>');
    const links = all('hyperlink');
    expect(links.map((l) => l.textContent)).toEqual(['web', 'mail', 'anchor', 'again']);
    expect(links[2].getAttributeNS(W, 'anchor')).toBe('sec-2');
    expect(xml).toContain('<w:rStyle w:val="Hyperlink"/>');
    const ids = links.map((l) => l.getAttribute('r:id'));
    expect(ids[0]).toBe(ids[3]); // one relationship per address
    const rels = pkg.finish((x) => x).find((e) => e.name === 'word/_rels/document.xml.rels')!.data as string;
    expect(rels).toContain('Target="https://a.example/?x=1&amp;y=2" TargetMode="External"');
    expect(rels).toContain('Target="mailto:a@b.c" TargetMode="External"');
    expect(rels).not.toContain('javascript');
  });

  it('numbers lists: nesting levels, ordered start and type, items with paragraphs, continuation text', () => {
    const { all, texts, pkg } = convert('<ol type="a" start="2"><li><p>one</p><p>more</p></li><li>two<ul><li>inner</li></ul></li></ol>');
    const numbered = all('p').filter((p) => p.getElementsByTagNameNS(W, 'numPr').length);
    expect(numbered.map((p) => p.textContent)).toEqual(['one', 'two', 'inner']);
    expect(numbered.map((p) => p.getElementsByTagNameNS(W, 'ilvl')[0].getAttributeNS(W, 'val'))).toEqual(['0', '0', '1']);
    expect(texts()).toContain('more'); // a second block of an item: indented, not numbered
    const numbering = pkg.numbering.serialize()!;
    expect(numbering).toContain('<w:numFmt w:val="lowerLetter"/>');
    expect(numbering).toContain('<w:startOverride w:val="2"/>');
    expect(numbering).toContain('<w:numFmt w:val="bullet"/>');
    expect(numbering.indexOf('<w:abstractNum ')).toBeLessThan(numbering.indexOf('<w:num '));
  });

  it('lays out tables on a grid: colspan, rowspan, header rows, cells ending with a paragraph', () => {
    const { all, top } = convert('<table><thead><tr><th>h1</th><th>h2</th><th>h3</th></tr></thead>' +
      '<tr><td rowspan="2">tall</td><td colspan="2">wide</td></tr><tr><td>c</td></tr></table><table><tr><td><ul><li>x</li></ul></td></tr></table>');
    const [table] = all('tbl');
    expect(table.getElementsByTagNameNS(W, 'gridCol')).toHaveLength(3);
    const rows = Array.from(table.getElementsByTagNameNS(W, 'tr'));
    expect(rows[0].getElementsByTagNameNS(W, 'tblHeader')).toHaveLength(1);
    const cells = (r: number) => Array.from(rows[r].getElementsByTagNameNS(W, 'tc'));
    expect(cells(1)[0].getElementsByTagNameNS(W, 'vMerge')[0].getAttributeNS(W, 'val')).toBe('restart');
    expect(cells(1)[1].getElementsByTagNameNS(W, 'gridSpan')[0].getAttributeNS(W, 'val')).toBe('2');
    expect(cells(2)).toHaveLength(3); // the continued tall cell, "c", an empty filler for the short row
    expect(cells(2)[0].getElementsByTagNameNS(W, 'vMerge')[0].hasAttributeNS(W, 'val')).toBe(false);
    expect(cells(2).map((c) => c.textContent)).toEqual(['', 'c', '']);
    for (const tc of all('tc')) expect((tc.lastChild as unknown as { localName: string }).localName).toBe('p');
    expect(top).toEqual(['w:tbl', 'w:p', 'w:tbl']); // two tables never touch (Word would join them)
  });

  it('sizes pictures from attributes and caps them at the page width', () => {
    const img = (width: number, height: number): LoadedImage => ({ bytes: png(4, 4, width), ext: 'png', width, height });
    const { all } = convert('<img src="a" width="200"><img src="b"><img src="c" style="width:50%">', { a: img(400, 100), b: img(2000, 1000), c: img(100, 100) });
    const extents = all('drawing').map((d) => {
      const e = d.getElementsByTagNameNS('http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing', 'extent')[0];
      return [Number(e.getAttribute('cx')), Number(e.getAttribute('cy'))];
    });
    expect(extents[0]).toEqual([200 * 9525, 50 * 9525]);
    const pageWidth = 8306 * 635;
    expect(extents[1][0]).toBe(pageWidth);
    expect(extents[1][1]).toBe(Math.round(1000 * 9525 * (pageWidth / (2000 * 9525))));
    expect(Math.abs(extents[2][0] - pageWidth / 2)).toBeLessThanOrEqual(1);
  });

  it('stands "[图片]" and "[视频]" links in for media Word cannot show', () => {
    const { all } = convert('<img src="https://x.example/a.webp"><video src="https://x.example/v.mp4"></video><img src="/local.png">');
    expect(all('hyperlink').map((h) => h.textContent)).toEqual(['[图片]', '[视频]']);
    expect(all('t').map((t) => t.textContent)).toEqual(['[图片]', '[视频]', '[图片]']);
  });
});
