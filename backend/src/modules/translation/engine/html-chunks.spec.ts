import { parse } from 'node-html-parser';
import { FakeTranslationEngine } from './fake.engine.js';
import { htmlToText, textParagraphs, translateDocument, translateHtml } from './html-chunks.js';

const OPTS = { chunkChars: 2000 };

const ARTICLE = `<article class="news" data-id="7"><h1 class="t">Title <em>here</em></h1>
<p>Read the <a href="https://x.test/?a=1&amp;b=2" target="_blank" rel="noopener">full report</a> here, &amp; <strong>now</strong>.</p>
<ul><li>One <ul><li>Nested <b>bold</b> item</li><li>Second nested</li></ul></li><li>Two</li></ul>
<ol start="3"><li>Third</li></ol>
<p>Image <img src="a.png" alt="A"> inline<br>second line</p>
<table><tr><th scope="col">Head</th><td colspan="2">Cell <i>x</i></td></tr></table>
<blockquote><p>Quoted words</p></blockquote><figure><img src="b.jpg"><figcaption>A caption</figcaption></figure>
<script>var a = "<p>no</p>";</script><!-- note --><style>p { color: red }</style><pre>  code here </pre>
<div>Direct text <p>inner para</p> tail text</div><p><code>npm i</code> is a command.</p>
<p translate="no">Keep me</p><p class="lead notranslate">Keep me too</p></article>`;

/** Tags and attributes in document order: the structure, without text. */
function skeleton(html: string): string[] {
  const out: string[] = [];
  const walk = (node: ReturnType<typeof parse>) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 1) {
        const el = child as ReturnType<typeof parse>;
        out.push(`${el.rawTagName} ${JSON.stringify(el.attributes)}`);
        walk(el);
        out.push(`/${el.rawTagName}`);
      } else if (child.nodeType === 8) out.push(child.toString());
    }
  };
  walk(parse(html, { comment: true }));
  return out;
}

describe('translateDocument with HTML', () => {
  it('gives the same HTML back from an engine that changes nothing', async () => {
    const identity = new FakeTranslationEngine((s) => s);
    const result = await translateDocument(identity, { html: ARTICLE }, 'en', 'es', OPTS);
    expect(result.html).toBe(ARTICLE);
  });

  it('keeps tags, attributes, links, nested lists, tables, scripts and comments', async () => {
    const upper = new FakeTranslationEngine((s) => s.toUpperCase());
    const { html } = await translateDocument(upper, { html: ARTICLE }, 'en', 'es', OPTS);
    expect(skeleton(html!)).toEqual(skeleton(ARTICLE));
    expect(html).toContain('<h1 class="t">TITLE <em>HERE</em></h1>');
    expect(html).toContain(
      '<p>READ THE <a href="https://x.test/?a=1&amp;b=2" target="_blank" rel="noopener">FULL REPORT</a> HERE, &amp; <strong>NOW</strong>.</p>',
    );
    expect(html).toContain('<ul><li>ONE <ul><li>NESTED <b>BOLD</b> ITEM</li><li>SECOND NESTED</li></ul></li><li>TWO</li></ul>');
    expect(html).toContain('<p>IMAGE <img src="a.png" alt="A"> INLINE<br>SECOND LINE</p>');
    expect(html).toContain('<th scope="col">HEAD</th><td colspan="2">CELL <i>X</i></td>');
    expect(html).toContain('<script>var a = "<p>no</p>";</script><!-- note --><style>p { color: red }</style><pre>  code here </pre>');
    expect(html).toContain('<div>DIRECT TEXT <p>INNER PARA</p> TAIL TEXT</div><p><code>npm i</code> IS A COMMAND.</p>');
    expect(html).toContain('<p translate="no">Keep me</p><p class="lead notranslate">Keep me too</p>');
  });

  it('sends one segment per block with placeholders for inline elements', async () => {
    const identity = new FakeTranslationEngine((s) => s);
    await translateDocument(identity, { title: ' A  title ', html: ARTICLE }, 'en', 'es', OPTS);
    const sent = identity.calls.flatMap((c) => c.segments);
    expect(sent[0]).toBe('A title');
    expect(sent).toContain('Read the 73001 full report 73002 here, & 73003 now 73004.');
    expect(sent).toContain('Nested 73001 bold 73002 item');
    expect(sent).toContain('73001 is a command.');
    expect(sent.join('\n')).not.toMatch(/var a|color: red|code here|Keep me/);
  });

  it('keeps no-break spaces and decodes entities in the text it sends', async () => {
    const identity = new FakeTranslationEngine((s) => s);
    const { html } = await translateDocument(identity, { html: '<p>10&nbsp;km &mdash; <b>fast</b>\n  now</p>' }, 'en', 'es', OPTS);
    expect(identity.calls[0]!.segments).toEqual(['10\u00a0km — 73001 fast 73002 now']);
    expect(html).toBe('<p>10\u00a0km — <b>fast</b> now</p>');
  });

  it('escapes whatever the engine returns: a translation never becomes markup', async () => {
    const evil = new FakeTranslationEngine((s) => `${s} <script>alert(1)</script> &amp;`);
    const { html } = await translateDocument(evil, { html: '<p>Hello <b>world</b></p>' }, 'en', 'es', OPTS);
    expect(html).toBe('<p>Hello <b>world</b> &lt;script&gt;alert(1)&lt;/script&gt; &amp;amp;</p>');
    expect(parse(html!).querySelectorAll('script')).toHaveLength(0);
  });

  it('drops spaces around inline elements in Chinese output', async () => {
    const zh = new FakeTranslationEngine((s) =>
      s.replace('Read the', '阅读').replace('full report', '完整报告').replace('here', '这里').replace('.', '。'),
    );
    const html = await translateHtml(zh, '<p>Read the <a href="/r">full report</a> here.</p>', 'en', 'zh', OPTS);
    expect(html).toBe('<p>阅读<a href="/r">完整报告</a>这里。</p>');
  });

  it('moves spaces out of elements and away from punctuation when the engine reorders', async () => {
    const reorder = new FakeTranslationEngine(() => 'Lea el 73001 informe completo 73002 aquí 73003 ya 73004 .');
    const { html } = await translateDocument(reorder, { html: '<p>Read the <a href="/r">full report</a> here <b>now</b>.</p>' }, 'en', 'es', OPTS);
    expect(html).toBe('<p>Lea el <a href="/r">informe completo</a> aquí <b>ya</b>.</p>');
  });

  it('translates text nodes one by one when the engine loses the placeholders', async () => {
    const engine = new FakeTranslationEngine((s) => s.replace(/\s*\d{5}\s*/g, ' ').toUpperCase());
    const { html } = await translateDocument(engine, { html: '<p>Read the <a href="/r">full report</a> here.</p>' }, 'en', 'es', OPTS);
    expect(html).toBe('<p>READ THE <a href="/r">FULL REPORT</a> HERE.</p>');
    expect(engine.calls.flatMap((c) => c.segments)).toEqual(['Read the 73001 full report 73002 here.', 'Read the', 'full report', 'here.']);
  });

  it('derives the text from the translated HTML', async () => {
    const upper = new FakeTranslationEngine((s) => s.toUpperCase());
    const result = await translateDocument(upper, { title: 'T', html: '<p>One <b>two</b></p><ul><li>Three</li></ul><p>a<br>b</p>', text: 'ignored' }, 'en', 'es', OPTS);
    expect(result).toEqual({ title: 'T', html: '<p>ONE <b>TWO</b></p><ul><li>THREE</li></ul><p>A<br>B</p>', text: 'ONE TWO\n\nTHREE\n\nA\nB' });
  });

  it('splits a long paragraph into requests of at most chunkChars and joins the translations', async () => {
    const sentence = 'The minister announced new measures for the economy today. ';
    const html = `<p>${sentence.repeat(10).trim()}</p><p>Short.</p>`;
    const engine = new FakeTranslationEngine((s) => s.replace(/minister/g, 'ministra'));
    const { html: out } = await translateDocument(engine, { html }, 'en', 'es', { chunkChars: 200 });
    expect(out).toBe(`<p>${sentence.replace('minister', 'ministra').repeat(10).trim()}</p><p>Short.</p>`);
    for (const call of engine.calls) expect(call.segments.join('').length).toBeLessThanOrEqual(200);
    expect(engine.calls.length).toBeGreaterThan(2);
  });

  it('applies the glossary inside HTML', async () => {
    const engine = new FakeTranslationEngine((s) => s.replace('The', 'El').replace('said', 'dijo'));
    const { html, text } = await translateDocument(
      engine,
      { html: '<p>The <a href="/eu">European Union</a> said</p>' },
      'en',
      'es',
      { ...OPTS, glossary: [{ source: 'European Union', target: '欧盟' }] },
    );
    expect(html).toBe('<p>El <a href="/eu">欧盟</a> dijo</p>');
    expect(text).toBe('El 欧盟 dijo');
  });

  it('leaves blocks without letters alone and sends nothing for them', async () => {
    const engine = new FakeTranslationEngine();
    const { html } = await translateDocument(engine, { html: '<p>2024</p><p> </p><p><img src="x"></p>' }, 'en', 'es', OPTS);
    expect(html).toBe('<p>2024</p><p> </p><p><img src="x"></p>');
    expect(engine.calls).toEqual([]);
  });
});

describe('translateDocument with plain text', () => {
  it('translates paragraphs and separates them with blank lines', async () => {
    const engine = new FakeTranslationEngine((s) => s.toUpperCase());
    const result = await translateDocument(engine, { title: 'Title', text: 'First line.\nSecond line.\n' }, 'en', 'es', OPTS);
    expect(result).toEqual({ title: 'TITLE', html: null, text: 'FIRST LINE.\n\nSECOND LINE.' });
  });

  it('keeps empty fields as given', async () => {
    const engine = new FakeTranslationEngine();
    expect(await translateDocument(engine, {}, 'en', 'es', OPTS)).toEqual({ title: null, html: null, text: null });
    expect(await translateDocument(engine, { title: '', html: '  ', text: null }, 'en', 'es', OPTS)).toEqual({ title: '', html: '  ', text: null });
    expect(engine.calls).toEqual([]);
  });

  it('stops at an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(
      translateDocument(new FakeTranslationEngine(), { text: 'Hello' }, 'en', 'es', { ...OPTS, signal: controller.signal }),
    ).rejects.toThrow('stop');
  });
});

describe('textParagraphs and htmlToText', () => {
  it('splits at blank lines, or at lines when there are none', () => {
    expect(textParagraphs('a\nb\n\n c \r\n\r\nd')).toEqual(['a\nb', 'c', 'd']);
    expect(textParagraphs('a\r\nb\n c ')).toEqual(['a', 'b', 'c']);
  });

  it('turns HTML into readable paragraphs', () => {
    expect(htmlToText('<h1>T &amp; t</h1><p>a\n  b<br>c</p><script>x()</script><ul><li>1</li><li>2</li></ul>')).toBe('T & t\n\na b\nc\n\n1\n\n2');
  });
});
