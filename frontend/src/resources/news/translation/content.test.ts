// @vitest-environment jsdom
import { isBlankHtml, toEditorHtml } from './content';

describe('toEditorHtml', () => {
  it('turns the plain-text prefill into paragraphs, escaped', () => {
    expect(toEditorHtml('美国\n\n油价上涨 <5%>\r\n第二段')).toBe('<p>美国</p><p>油价上涨 &lt;5%&gt;</p><p>第二段</p>');
  });

  it('sanitises HTML', () => {
    const html = toEditorHtml('<p onclick="x()">译文<script>alert(1)</script><img src="javascript:alert(1)"></p><a href="javascript:alert(1)">链接</a>');
    expect(html).not.toMatch(/script|onclick|javascript/i);
    expect(html).toContain('<p>译文');
  });

  it('is empty for nothing', () => {
    expect(toEditorHtml(null)).toBe('');
    expect(toEditorHtml('   ')).toBe('');
  });
});

describe('isBlankHtml', () => {
  it('sees text only', () => {
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<ul><li><p>&nbsp;</p></li></ul>')).toBe(true);
    expect(isBlankHtml('<p>译</p>')).toBe(false);
    expect(isBlankHtml(null)).toBe(true);
  });
});
