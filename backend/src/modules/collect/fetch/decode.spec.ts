import iconv from 'iconv-lite';
import { readFixture } from '../../../../test/fixtures/feeds/feed-server.js';
import { decodeBody, fallbackCharset, normalizeCharset } from './decode.js';

describe('decodeBody (collect-design §3.2)', () => {
  it('reads the GBK fixture by its XML declaration', () => {
    const out = decodeBody(readFixture('rss2-gbk.xml'), 'application/xml; charset=utf-8');
    expect(out).toMatchObject({ charset: 'gb18030', source: 'document' });
    expect(out.text).toContain('央行宣布下调存款准备金率0.25个百分点');
  });

  it('reads Big5 by its meta charset', () => {
    const out = decodeBody(readFixture('big5.html'), 'text/html');
    expect(out.charset).toBe('big5');
    expect(out.text).toContain('臺灣新聞');
  });

  it('uses a BOM before anything else', () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<?xml version="1.0" encoding="gbk"?><a>中文</a>')]);
    expect(decodeBody(body, 'text/xml; charset=big5')).toMatchObject({ source: 'bom', charset: 'utf-8', text: '<?xml version="1.0" encoding="gbk"?><a>中文</a>' });
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('<a>中文</a>', 'utf-16le')]);
    expect(decodeBody(le).text).toBe('<a>中文</a>');
  });

  it('takes the header charset when the document declares none', () => {
    const out = decodeBody(iconv.encode('<html><p>中文标题</p></html>', 'gbk'), 'text/html; charset="GB2312"');
    expect(out).toMatchObject({ charset: 'gb18030', source: 'header', text: '<html><p>中文标题</p></html>' });
  });

  it('prefers valid UTF-8 over the language guess, and falls back by language', () => {
    expect(decodeBody(Buffer.from('<p>中文</p>'), undefined, 'zh')).toMatchObject({ source: 'utf-8', text: '<p>中文</p>' });
    expect(decodeBody(iconv.encode('<p>中文</p>', 'gbk'), undefined, 'zh-CN')).toMatchObject({ source: 'language', text: '<p>中文</p>' });
    expect(decodeBody(iconv.encode('<p>臺灣</p>', 'big5'), undefined, 'zh-TW').text).toBe('<p>臺灣</p>');
    expect(decodeBody(Buffer.from([0x63, 0x61, 0x66, 0xe9]), undefined, 'fr')).toMatchObject({ charset: 'windows-1252', text: 'café' });
  });

  it('maps labels the WHATWG way', () => {
    expect(normalizeCharset('GBK')).toBe('gb18030');
    expect(normalizeCharset('x-gbk')).toBe('gb18030');
    expect(normalizeCharset('ISO-8859-1')).toBe('windows-1252');
    expect(normalizeCharset('no-such-charset')).toBeUndefined();
    expect(fallbackCharset('zh-HK')).toBe('big5');
    expect(fallbackCharset(undefined)).toBe('windows-1252');
  });
});
