// @vitest-environment jsdom
import { htmlToText, looksLikeHtml, sanitizeNewsHtml, toParagraphs } from './sanitize';

describe('sanitizeNewsHtml', () => {
  it('removes scripts, event handlers and javascript: URLs', () => {
    const html = sanitizeNewsHtml(
      '<p onclick="alert(1)">Hi<script>alert(2)</script></p><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">link</a><a href="JaVaScRiPt:alert(5)">x</a>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|alert/i);
    expect(html).toContain('<p>Hi</p>');
    expect(html).toContain('>link</a>');
  });

  it('removes data:/vbscript: links, styles, iframes, forms and svg payloads', () => {
    const html = sanitizeNewsHtml(
      '<a href="data:text/html;base64,PHNjcmlwdD4=">d</a><a href="vbscript:msgbox">v</a><style>body{display:none}</style>' +
        '<iframe src="https://evil.example"></iframe><form action="/x"><input name="p"></form><svg><script>alert(1)</script></svg>' +
        '<p style="position:fixed;top:0">styled</p>',
    );
    expect(html).not.toMatch(/data:|vbscript|<style|<iframe|<form|<input|<svg|position:fixed|alert/i);
    expect(html).toContain('<p>styled</p>');
  });

  it('keeps basic formatting, lists, tables and safe links (opened in a new tab without opener)', () => {
    const html = sanitizeNewsHtml(
      '<h2>Title</h2><p><strong>bold</strong> <em>it</em><br>next</p><ul><li>one</li></ul><blockquote>q</blockquote>' +
        '<table><tbody><tr><td>c</td></tr></tbody></table><a href="https://example.com/a?b=1">site</a>',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong> <em>it</em><br>next');
    expect(html).toContain('<ul><li>one</li></ul>');
    expect(html).toContain('<blockquote>q</blockquote>');
    expect(html).toContain('<td>c</td>');
    expect(html).toMatch(/<a href="https:\/\/example.com\/a\?b=1" target="_blank" rel="noopener noreferrer nofollow">site<\/a>/);
  });

  it('keeps only http(s) images, lazily loaded without referrer', () => {
    const html = sanitizeNewsHtml('<img src="https://img.example/p.jpg" alt="p"><img src="data:image/png;base64,AAAA" alt="d">');
    expect(html).toContain('src="https://img.example/p.jpg"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('data:image');
  });

  it('answers an empty string for nothing', () => {
    expect(sanitizeNewsHtml(null)).toBe('');
    expect(sanitizeNewsHtml('')).toBe('');
  });
});

describe('plain text helpers', () => {
  it('tells HTML from plain text', () => {
    expect(looksLikeHtml('<p>a</p>')).toBe(true);
    expect(looksLikeHtml('a < b and c > d')).toBe(false);
    expect(looksLikeHtml(null)).toBe(false);
  });

  it('splits plain text into trimmed paragraphs', () => {
    expect(toParagraphs(' 第一段。\r\n\r\n 第二段。\n第三段 \n\n')).toEqual(['第一段。', '第二段。', '第三段']);
    expect(toParagraphs('')).toEqual([]);
  });

  it('strips markup to text without running it', () => {
    expect(htmlToText('<p>One &amp; two</p><p>Three<script>alert(1)</script></p>')).toBe('One & two\nThree');
  });
});
