// The deterministic corpus of `npm run bench:collect` (bench/collect/README.md): FEEDS feeds ×
// ITEMS items, 60 % Chinese and 40 % English, 300–2 000 characters of HTML per item, 10 % of the URLs
// shared with another feed (the same item), 20 % of the items rewrites of another feed's story (other
// URL, reordered and reworded text), served as RSS 2.0, Atom and JSON Feed in turn, with ETags.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';

/** mulberry32: a small seeded PRNG (same seed, same corpus). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Vocabularies large enough that unrelated items share few words (as real news): Chinese words of two
// characters from a pool of common characters, English words from syllables.
const HAN = '国家经济发展政府市场企业社会工作建设部门管理服务技术产业投资金融银行城市农村教育医疗科学研究环境能源交通安全文化体育旅游贸易出口进口消费价格数据增长下降改革创新合作会议政策规划项目资金人员地区国际中心公司集团产品质量标准信息网络平台系统工程设备制造材料资源生产销售计划目标任务措施方案问题情况结果影响作用水平能力条件基础保障支持推动加强提高促进实施落实完善健全优化调整控制监督检查评估考核审批登记备案许可申请办理受理公开公布发布通知决定意见办法规定条例法律制度机制体制结构模式方式方法途径手段工具材料天气气温降雨台风地震洪水干旱森林草原湖泊河流海洋山区港口机场铁路公路桥梁隧道码头仓库物流快递电商直播短视频芯片软件硬件电池汽车船舶飞机卫星火箭航天航空量子人工智能机器人医院学校大学学生教师医生患者疫苗药品粮食蔬菜水果肉类奶制品';
const SYL = ['ka', 'lo', 'mi', 'ter', 'van', 'sor', 'pel', 'dri', 'gan', 'tos', 'ber', 'nil', 'ra', 'ven', 'cal', 'mor', 'sti', 'pla', 'fen', 'dor', 'wex', 'ul', 'tri', 'bon', 'shi', 'gre', 'ax', 'lim', 'por', 'que'];
const EN_GLUE = ['the', 'of', 'and', 'to', 'in', 'on', 'for', 'with', 'said', 'has', 'will', 'after'];
const ZH_GLUE = ['的', '在', '和', '对', '将', '已', '了', '于', '与'];

const pick = (r, list) => list[Math.floor(r() * list.length)];
const zhWord = (r) => HAN[Math.floor(r() * HAN.length)] + HAN[Math.floor(r() * HAN.length)];
const enWord = (r) => Array.from({ length: 2 + Math.floor(r() * 2) }, () => pick(r, SYL)).join('');

/** A story: its language and its own key words and sentences (items of one story share most of them). */
function story(r, zh) {
  const word = zh ? zhWord : enWord;
  const keys = Array.from({ length: 6 }, () => word(r));
  const sentences = Array.from({ length: 12 }, () => {
    const words = Array.from({ length: 10 + Math.floor(r() * 10) }, (_, k) => (k % 4 === 0 ? pick(r, keys) : r() < 0.25 ? pick(r, zh ? ZH_GLUE : EN_GLUE) : word(r)));
    return zh ? `${words.join('')}。` : `${words.join(' ')}.`;
  });
  return { zh, keys, sentences, n1: 1 + Math.floor(r() * 900) };
}

/** Title and HTML body (300–2 000 characters) of an item of story `s`; a rewrite reorders and drops sentences. */
function render(r, s, variant) {
  const keys = variant ? [...s.keys].reverse() : s.keys;
  const title = s.zh ? `${keys.slice(0, 3).join('')}${variant ? '最新进展' : ''}${s.n1}` : `${keys.slice(0, 3).join(' ')}${variant ? ' update' : ''} ${s.n1}`;
  const order = variant ? [...s.sentences].sort(() => r() - 0.5).filter(() => r() < 0.8) : s.sentences;
  const target = 300 + Math.floor(r() * 1700);
  const paragraphs = [];
  let length = 0;
  for (let i = 0; length < target; i++) {
    const p = `<p>${order[i % order.length]} ${order[(i + 1) % order.length]}</p>`;
    paragraphs.push(p);
    length += p.length;
  }
  return { title, html: paragraphs.join('') };
}

/**
 * The corpus: `feeds[f].items[i] = {guid, url, title, html, published}`; deterministic for a seed.
 * 10 % of the items reuse the URL (and text) of an item of another feed; 20 % retell another feed's
 * story with their own URL and words.
 */
export function buildCorpus({ feeds = 50, items = 200, seed = 20261128, origin = 'http://news.bench.example' } = {}) {
  const r = rng(seed);
  const base = Date.UTC(2026, 10, 27, 0, 0, 0);
  const out = [];
  for (let f = 0; f < feeds; f++) {
    const list = [];
    for (let i = 0; i < items; i++) {
      const s = story(r, r() < 0.6);
      const { title, html } = render(r, s, '');
      list.push({ guid: `f${f}-i${i}`, url: `${origin}/f${f}/${i}.html`, title, html, published: new Date(base + (f * items + i) * 7_000), story: s });
    }
    out.push({ id: f, format: ['rss', 'atom', 'json'][f % 3], items: list });
  }
  // shared URLs and rewrites point at items of another (earlier) feed
  for (let f = 1; f < feeds; f++) {
    for (let i = 0; i < items; i++) {
      const roll = r();
      const other = out[Math.floor(r() * f)].items[Math.floor(r() * items)];
      if (roll < 0.1) out[f].items[i] = { ...other, guid: `f${f}-i${i}` };
      else if (roll < 0.3) {
        const { title, html } = render(r, other.story, '转述');
        out[f].items[i] = { ...out[f].items[i], title, html, story: other.story };
      }
    }
  }
  return out;
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One feed in its format. */
export function renderFeed(feed, origin) {
  const items = feed.items;
  if (feed.format === 'json') {
    return {
      type: 'application/feed+json',
      body: JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: `Bench feed ${feed.id}`,
        home_page_url: `${origin}/`,
        items: items.map((it) => ({ id: it.guid, url: it.url, title: it.title, content_html: it.html, date_published: it.published.toISOString() })),
      }),
    };
  }
  if (feed.format === 'atom') {
    return {
      type: 'application/atom+xml',
      body: `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Bench feed ${feed.id}</title><id>urn:bench:${feed.id}</id><updated>${items[0].published.toISOString()}</updated>${items
        .map((it) => `<entry><id>${it.guid}</id><title>${esc(it.title)}</title><link rel="alternate" href="${it.url}"/><published>${it.published.toISOString()}</published><updated>${it.published.toISOString()}</updated><content type="html">${esc(it.html)}</content></entry>`)
        .join('')}</feed>`,
    };
  }
  return {
    type: 'application/rss+xml',
    body: `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Bench feed ${feed.id}</title><link>${origin}/</link>${items
      .map((it) => `<item><title>${esc(it.title)}</title><link>${it.url}</link><guid isPermaLink="false">${it.guid}</guid><pubDate>${it.published.toUTCString()}</pubDate><description><![CDATA[${it.html}]]></description></item>`)
      .join('')}</channel></rss>`,
  };
}

/**
 * The loopback server: `/feed/<n>` answers feed n with an ETag (304 on `If-None-Match`) unless
 * `etags` is switched off; counts requests and 304s.
 */
export async function startCorpusServer(corpus) {
  const state = { etags: true, requests: 0, notModified: 0 };
  let rendered = [];
  const server = createServer((req, res) => {
    const m = /^\/feed\/(\d+)$/.exec(req.url ?? '');
    const feed = m ? rendered[Number(m[1])] : undefined;
    if (!feed) return void res.writeHead(404).end();
    state.requests += 1;
    if (state.etags && req.headers['if-none-match'] === feed.etag) {
      state.notModified += 1;
      return void res.writeHead(304, { etag: feed.etag }).end();
    }
    res.writeHead(200, { 'content-type': `${feed.type}; charset=utf-8`, ...(state.etags ? { etag: feed.etag } : {}) }).end(feed.body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${server.address().port}`;
  rendered = corpus.map((f) => {
    const { type, body } = renderFeed(f, origin);
    const buf = Buffer.from(body);
    return { type, body: buf, etag: `"${createHash('sha1').update(buf).digest('hex').slice(0, 16)}"` };
  });
  return { origin, state, bytes: rendered.reduce((n, f) => n + f.body.length, 0), close: () => new Promise((r) => server.close(r)) };
}
