import { detectLanguage } from './detect-language.js';

describe('detectLanguage', () => {
  it.each([
    ['The government announced new measures to fight inflation today.', 'en'],
    ['El gobierno de España anunció hoy nuevas medidas económicas.', 'es'],
    ['Der Bundestag hat heute ein neues Gesetz beschlossen.', 'de'],
    ['Правительство объявило о новых мерах поддержки экономики.', 'ru'],
    ['美国能源部发布新能源补贴政策', 'zh'],
    ['東京で新しい政策が発表された', 'ja'],
  ])('detects %s as %s', (text, lang) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it('says zh for mostly-Han text without kana or Hangul, and leaves kana and Hangul text to the model', () => {
    expect(detectLanguage('国务院发布 AI 产业政策，支持 GPU 芯片研发')).toBe('zh');
    expect(detectLanguage('東京都は新しい政策を発表しました')).toBe('ja');
    expect(detectLanguage('서울시는 새로운 정책을 발표했습니다')).toBe('ko');
    // Latin letters outweigh the Han ones: the model decides
    expect(detectLanguage('The Ministry of Finance (财政部) announced a new budget for the coming fiscal year.')).toBe('en');
  });

  it('strips HTML, scripts, entities and URLs first', () => {
    const html = `<script>var x = "the quick brown fox jumps over the lazy dog again and again";</script>
      <p class="english words here">El&nbsp;gobierno de <a href="https://example.com/the-english-path">España</a> anunció hoy nuevas medidas.</p>`;
    expect(detectLanguage(html)).toBe('es');
  });

  it('gives undefined for text that is too short or not language', () => {
    expect(detectLanguage('')).toBeUndefined();
    expect(detectLanguage('Hello')).toBeUndefined();
    expect(detectLanguage('2024-05-01 12:00 https://example.com/a/b')).toBeUndefined();
    expect(detectLanguage('<p> <img src="x.png"> </p>')).toBeUndefined();
  });

  it('looks only at a bounded prefix', () => {
    const text = `${'El gobierno de España anunció hoy nuevas medidas económicas. '.repeat(60)}${'The government announced new measures. '.repeat(2000)}`;
    expect(detectLanguage(text)).toBe('es');
  });
});
