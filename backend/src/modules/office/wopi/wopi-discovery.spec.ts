import { createServer, type Server } from 'node:http';
import { Logger } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../../config/config';
import { actionFor, actionUrl, DISCOVERY_REFETCH_MIN_MS, DISCOVERY_TTL_MS, OFFICE_UNAVAILABLE, parseDiscovery, proofKeysOf, WopiDiscoveryService } from './wopi-discovery';

/** Shaped like Collabora Online's discovery.xml: actions by extension, then by MIME type with ext="", one proof key. */
const COLLABORA = `<?xml version="1.0" encoding="utf-8"?>
<wopi-discovery>
  <net-zone name="external-http">
    <app name="writer">
      <action default="true" ext="odt" name="edit" urlsrc="http://office:9980/browser/1a2b/cool.html?"/>
      <action default="true" ext="docx" name="edit" urlsrc="http://office:9980/browser/1a2b/cool.html?"/>
      <action default="true" ext="doc" name="edit" urlsrc="http://office:9980/browser/1a2b/cool.html?"/>
    </app>
    <app name="application/vnd.openxmlformats-officedocument.wordprocessingml.document">
      <action default="true" ext="" name="edit" urlsrc="http://office:9980/browser/1a2b/cool.html?"/>
    </app>
    <app name="application/msword">
      <action default="true" ext="" name="edit" urlsrc="http://office:9980/browser/1a2b/cool.html?"/>
    </app>
  </net-zone>
  <proof-key exponent="AQAB" modulus="0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc" oldexponent="AQAB" oldmodulus="xjlCRBqkQRPPbuH1cS6bbQUXNHq9Ls9GwI4eKqTj36tv0d9Ya0I" oldvalue="x" value="y"/>
</wopi-discovery>`;

/** Shaped like ONLYOFFICE's / Microsoft's: a view and an edit action per extension, `<name=VALUE&>` placeholders. */
const ONLYOFFICE = `<?xml version="1.0" encoding="utf-8"?>
<wopi-discovery>
  <net-zone name="external-https">
    <app name="Word" favIconUrl="https://oo.example.org/web-apps/apps/documenteditor/main/resources/img/favicon.ico">
      <action name="view" ext="docx" default="true" urlsrc="https://oo.example.org/hosting/wopi/word/view?&lt;rs=DC_LLCC&amp;&gt;&lt;dchat=DISABLE_CHAT&amp;&gt;&lt;embed=EMBEDDED&amp;&gt;&lt;fs=FULLSCREEN&amp;&gt;&lt;hid=HOST_SESSION_ID&amp;&gt;&lt;rec=RECORDING&amp;&gt;&lt;sc=SESSION_CONTEXT&amp;&gt;&lt;thm=THEME_ID&amp;&gt;&lt;ui=UI_LLCC&amp;&gt;&lt;wopisrc=WOPI_SOURCE&amp;&gt;&amp;"/>
      <action name="edit" ext="docx" requires="locks,update" urlsrc="https://oo.example.org/hosting/wopi/word/edit?&lt;rs=DC_LLCC&amp;&gt;&lt;ui=UI_LLCC&amp;&gt;&lt;wopisrc=WOPI_SOURCE&amp;&gt;&amp;"/>
    </app>
  </net-zone>
</wopi-discovery>`;

const SRC = 'http://nginx/api/wopi/files/j12';

describe('WOPI discovery (docs/office-design.md §3.1)', () => {
  it('reads Collabora’s actions and proof key', () => {
    const d = parseDiscovery(COLLABORA);
    expect(d.actions).toHaveLength(5);
    expect(d.proofKey).toEqual({ modulus: expect.stringMatching(/^0vx7/), exponent: 'AQAB', oldModulus: expect.stringMatching(/^xjlC/), oldExponent: 'AQAB' });
    expect(actionFor(d, 'docx', 'edit')).toBe('http://office:9980/browser/1a2b/cool.html?');
    // Collabora has no view action: read-only is the edit page with permission=readonly
    expect(actionFor(d, 'docx', 'view')).toBe('http://office:9980/browser/1a2b/cool.html?');
    expect(actionFor(d, 'DOC', 'edit')).toBe('http://office:9980/browser/1a2b/cool.html?');
    expect(actionFor(d, 'pdf', 'edit')).toBeUndefined();
    expect(actionUrl(actionFor(d, 'docx', 'edit')!, { wopiSrc: SRC, lang: 'zh-CN', readOnly: false })).toBe(
      'http://office:9980/browser/1a2b/cool.html?WOPISrc=http%3A%2F%2Fnginx%2Fapi%2Fwopi%2Ffiles%2Fj12&lang=zh-CN&closebutton=1',
    );
    expect(actionUrl(actionFor(d, 'docx', 'view')!, { wopiSrc: SRC, lang: 'zh-CN', readOnly: true })).toMatch(/&closebutton=1&permission=readonly$/);
  });

  it('falls back to the MIME-type listing when no action names the extension', () => {
    const d = parseDiscovery(COLLABORA.replace(/<action default="true" ext="docx?"[^>]*\/>/g, ''));
    expect(d.actions.map((a) => a.ext)).toEqual(['odt', '', '']);
    expect(actionFor(d, 'docx', 'edit')).toBe('http://office:9980/browser/1a2b/cool.html?');
  });

  it('takes ONLYOFFICE’s view action for read-only and strips the placeholders, filling the UI language', () => {
    const d = parseDiscovery(ONLYOFFICE);
    expect(d.proofKey).toBeUndefined();
    expect(proofKeysOf(d)).toBeUndefined();
    const view = actionUrl(actionFor(d, 'docx', 'view')!, { wopiSrc: SRC, lang: 'zh-CN', readOnly: true });
    expect(view).toBe('https://oo.example.org/hosting/wopi/word/view?rs=zh-CN&ui=zh-CN&WOPISrc=http%3A%2F%2Fnginx%2Fapi%2Fwopi%2Ffiles%2Fj12&lang=zh-CN&closebutton=1&permission=readonly');
    const edit = actionUrl(actionFor(d, 'docx', 'edit')!, { wopiSrc: SRC, lang: 'zh-CN', readOnly: false });
    expect(edit).toBe('https://oo.example.org/hosting/wopi/word/edit?rs=zh-CN&ui=zh-CN&WOPISrc=http%3A%2F%2Fnginx%2Fapi%2Fwopi%2Ffiles%2Fj12&lang=zh-CN&closebutton=1');
    expect(edit).not.toMatch(/[<>]/);
  });

  it('adds the separator a urlsrc lacks', () => {
    expect(actionUrl('https://x/edit', { wopiSrc: SRC, lang: 'en', readOnly: false })).toMatch(/^https:\/\/x\/edit\?WOPISrc=/);
    expect(actionUrl('https://x/edit?a=1', { wopiSrc: SRC, lang: 'en', readOnly: false })).toMatch(/^https:\/\/x\/edit\?a=1&WOPISrc=/);
  });

  it('refuses what is not a discovery document', () => {
    expect(() => parseDiscovery('<html><body>502 Bad Gateway</body></html>')).toThrow('not a WOPI discovery document');
    expect(() => parseDiscovery('')).toThrow();
  });
});

describe('WopiDiscoveryService: fetched with a timeout, cached, refetched at most once a minute', () => {
  let server: Server;
  let hits = 0;
  let answer = COLLABORA;
  let service: WopiDiscoveryService;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      if (req.url !== '/hosting/discovery') return res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'text/xml' }).end(answer);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    service = new WopiDiscoveryService({ office: { editor: 'wopi', url: 'http://browser-facing.invalid', internalUrl: url } } as AppConfig);
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('reads OFFICE_INTERNAL_URL once an hour, refetches on demand after a minute, keeps the last good copy', async () => {
    const start = Date.now();
    const now = jest.spyOn(Date, 'now').mockReturnValue(start);
    expect((await service.get()).actions).toHaveLength(5);
    await service.get();
    expect(hits).toBe(1);
    expect(await service.refresh()).toBe(false);
    expect(hits).toBe(1);
    now.mockReturnValue(start + DISCOVERY_REFETCH_MIN_MS + 1);
    answer = ONLYOFFICE;
    expect(await service.refresh()).toBe(true);
    expect(hits).toBe(2);
    expect(actionFor(await service.get(), 'docx', 'view')).toMatch(/\/view\?/);
    // after an hour it is read again; a broken answer keeps the last good copy
    now.mockReturnValue(start + DISCOVERY_TTL_MS + DISCOVERY_REFETCH_MIN_MS + 2);
    answer = '<html>oops</html>';
    expect(actionFor(await service.get(), 'docx', 'view')).toMatch(/\/view\?/);
    expect(hits).toBe(3);
  });

  it('answers 503 OFFICE_UNAVAILABLE when no discovery was ever read', async () => {
    const down = new WopiDiscoveryService({ office: { editor: 'wopi', url: 'http://127.0.0.1:1' } } as AppConfig);
    await expect(down.get()).rejects.toMatchObject({ status: 503, code: OFFICE_UNAVAILABLE });
  });
});
