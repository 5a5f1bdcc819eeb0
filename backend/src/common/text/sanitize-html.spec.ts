import { sanitizeHtml, sanitizeHtmlOnly } from './sanitize-html.js';

const BASE = 'https://news.example.com/a/b.html';
const clean = (html: string): string => sanitizeHtmlOnly(html, { baseUrl: BASE });

describe('sanitizeHtml (collect-design §3.5)', () => {
  it('keeps the allowed structure and resolves links', () => {
    expect(clean('<p class="x" style="color:red">Hi <strong>there</strong> <a href="/c?d=1" onclick="x()">link</a></p>')).toBe(
      '<p>Hi <strong>there</strong> <a href="https://news.example.com/c?d=1" rel="noopener noreferrer nofollow" target="_blank">link</a></p>',
    );
    expect(clean('<img src="i.png" alt="a" width="20" height="x" onerror="alert(1)">')).toBe(
      '<img src="https://news.example.com/a/i.png" alt="a" width="20">',
    );
    expect(clean('<table><tr><td colspan="2" style="x">1</td></tr></table>')).toBe('<table><tr><td colspan="2">1</td></tr></table>');
    expect(clean('<time datetime="2025-01-01" title="t">x</time>')).toBe('<time datetime="2025-01-01">x</time>');
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok', 'ok'],
    ['<style>p{}</style><p>ok</p>', '<p>ok</p>'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<svg><script>alert(1)</script><a href="x">svg</a></svg>ok', 'ok'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>ok', 'ok'],
    ['<form action="x"><input name="a"><button>b</button></form>ok', 'ok'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>ok', 'ok'],
    ['<template><img src=x onerror=alert(1)></template>ok', 'ok'],
    ['<object data="x"></object><embed src="x">ok', 'ok'],
    ['<!-- comment <script>x</script> -->ok', 'ok'],
    ['<?php echo 1 ?>ok', 'ok'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/png;base64,AAAA">', ''],
    ['<img src="javascript:alert(1)">', ''],
    ['<img src=x onerror=alert(1)>', '<img src="https://news.example.com/a/x">'],
    ['<div onmouseover="alert(1)">x</div>', '<div>x</div>'],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<blink><marquee>x</marquee></blink>', 'x'],
    ['<a href="mailto:a@example.com">m</a>', '<a href="mailto:a@example.com" rel="noopener noreferrer nofollow" target="_blank">m</a>'],
    ['<img src="mailto:a@example.com">', ''],
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<p>unclosed <b>bold', '<p>unclosed <b>bold</b></p>'],
    // a stray </p> is an empty paragraph in HTML parsing; a stray </div> is ignored
    ['</p></div>stray', '<p></p>stray'],
    ['<a title="&quot;><script>x</script>">t</a>', '<a title="&quot;&gt;&lt;script&gt;x&lt;/script&gt;">t</a>'],
    ['<base href="javascript:/">ok', 'ok'],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">ok', 'ok'],
  ])('XSS vector %#: %s', (input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  it('returns the plain text of the result', () => {
    const out = sanitizeHtml('<h1>Title</h1><p>One &amp; two</p><script>x</script><p>Three<br>four</p>');
    expect(out.text).toBe('Title\nOne & two\nThree\nfour');
  });

  it('cuts at the size limit and closes what is open', () => {
    const html = sanitizeHtmlOnly(`<div><p>${'a'.repeat(50)}</p><p>${'b'.repeat(50)}</p></div>`, { maxChars: 70 });
    expect(html).toBe(`<div><p>${'a'.repeat(50)}</p><p></p></div>`);
  });
});
