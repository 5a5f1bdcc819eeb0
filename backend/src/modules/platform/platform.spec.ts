import { loadConfig } from '../../config/config.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import { PlatformService } from './platform.service.js';

describe('platform configuration', () => {
  it('defaults: logout on, no title, nothing external configured', () => {
    expect(loadConfig({}).platform).toEqual({ logoutEnabled: true, title: undefined, externalUrls: {} });
  });

  it('reads PLATFORM_* and EXTERNAL_<TARGET>_URL', () => {
    const { platform } = loadConfig({
      PLATFORM_LOGOUT_ENABLED: 'false',
      PLATFORM_TITLE: ' 动态跟踪系统 ',
      EXTERNAL_KNOWLEDGE_URL: 'https://kg.example.org/portal?from=horizon',
      EXTERNAL_CLUE_URL: ' ',
      EXTERNAL_COLLECT_URL: 'http://10.0.0.8:8080/collect',
    });
    expect(platform).toEqual({
      logoutEnabled: false,
      title: '动态跟踪系统',
      externalUrls: { knowledge: 'https://kg.example.org/portal?from=horizon', collect: 'http://10.0.0.8:8080/collect' },
    });
  });

  it('refuses an address that is not an absolute http(s) URL, naming the variable', () => {
    expect(() => loadConfig({ EXTERNAL_CLUE_URL: 'clue.example.org' })).toThrow(/EXTERNAL_CLUE_URL/);
    expect(() => loadConfig({ EXTERNAL_KNOWLEDGE_URL: 'javascript:alert(1)' })).toThrow(/EXTERNAL_KNOWLEDGE_URL/);
    expect(() => loadConfig({ PLATFORM_LOGOUT_ENABLED: 'sometimes' })).toThrow(/sometimes/);
  });
});

describe('PlatformService', () => {
  const service = (env: NodeJS.ProcessEnv) => new PlatformService(loadConfig(env));

  it('lists the configured external systems in the settings', () => {
    expect(service({ EXTERNAL_CLUE_URL: 'https://clue.example.org/' }).settings()).toEqual({ logoutEnabled: true, title: null, externalTargets: ['clue'], mt: { engine: 'none', configured: false } });
  });

  it('answers the address, or 404 NOT_CONFIGURED naming the system in Chinese', () => {
    const s = service({ EXTERNAL_CLUE_URL: 'https://clue.example.org/' });
    expect(s.externalUrl('clue')).toEqual({ url: 'https://clue.example.org/' });
    const error = (() => {
      try {
        s.externalUrl('knowledge');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DomainException);
    expect(error).toMatchObject({ status: 404, code: 'NOT_CONFIGURED', message: '专题知识构建地址未配置，请联系管理员' });
  });
});
