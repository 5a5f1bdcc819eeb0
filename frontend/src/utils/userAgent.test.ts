import { describe, expect, it } from 'vitest';
import { browserSummary } from './userAgent';

describe('browser summary', () => {
  it('names the browser, its major version and the system', () => {
    expect(
      browserSummary('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36'),
    ).toBe('Chrome 156 · Linux');
    expect(
      browserSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
      ),
    ).toBe('Edge 120 · Windows');
    expect(browserSummary('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15')).toBe(
      'Safari 17 · macOS',
    );
    expect(browserSummary('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe('Firefox 121 · Linux');
  });

  it('keeps unknown agents short and empty ones empty', () => {
    expect(browserSummary('curl/8.5.0')).toBe('curl/8.5.0');
    expect(browserSummary(null)).toBe('');
  });
});
