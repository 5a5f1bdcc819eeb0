// The journal bench's material, deterministic from a seed: Chinese manuscript text, the HTML of the
// dynamic manuscripts (paragraphs, a table, stored pictures and a data: URI one), the uploaded .docx
// bodies (paragraphs, a table, a picture, built with the `docx` package) and the 1 MB .docx files of
// the zip (a real PNG of random pixels: incompressible). See bench/journal/README.md.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// `docx` is the backend's dependency (the same version the app's own specs build documents with).
const requireBackend = createRequire(join(root, 'backend', 'package.json'));
const { AlignmentType, Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } = requireBackend('docx');

/** mulberry32: a small seeded PRNG (0 ≤ x < 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const between = (rnd, lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));

// ---------------------------------------------------------------------------------------------
// Text.

const COUNTRIES = ['德国', '法国', '日本', '巴西', '印度', '南非', '越南', '墨西哥', '沙特阿拉伯', '澳大利亚', '加拿大', '土耳其', '印度尼西亚', '阿根廷', '埃及', '波兰'];
const SECTORS = ['新能源', '半导体', '港口物流', '农业', '数字经济', '基础设施', '生物医药', '汽车制造', '金融科技', '旅游业', '钢铁', '航空'];
const BODIES = ['世界贸易组织', '国际货币基金组织', '世界银行', '国际能源署', '联合国贸发会议', '经合组织', '二十国集团', '亚洲开发银行'];
const MONTHS = ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'];
const TOPICS = ['产业观察', '政策动向', '市场分析', '国际合作', '科技前沿', '能源转型', '区域经济', '贸易数据'];

const SENTENCES = [
  (r) => `${pick(r, COUNTRIES)}政府近日公布了新一轮${pick(r, SECTORS)}扶持计划，预计未来三年投入资金约${between(r, 12, 980)}亿美元。`,
  (r) => `据${pick(r, BODIES)}最新发布的报告，全球${pick(r, SECTORS)}领域投资在${pick(r, MONTHS)}同比增长${between(r, 2, 38)}.${between(r, 0, 9)}%。`,
  (r) => `分析人士指出，${pick(r, COUNTRIES)}的${pick(r, SECTORS)}企业正加快海外布局，供应链重组的趋势日益明显。`,
  (r) => `${pick(r, COUNTRIES)}与${pick(r, COUNTRIES)}在${pick(r, SECTORS)}领域签署了合作备忘录，双方将共同建设示范项目。`,
  (r) => `业内人士认为，原材料价格波动和融资成本上升仍是${pick(r, SECTORS)}行业面临的主要挑战。`,
  (r) => `${pick(r, MONTHS)}以来，${pick(r, COUNTRIES)}${pick(r, SECTORS)}出口额累计达到${between(r, 3, 640)}亿美元，创历史同期新高。`,
  (r) => `${pick(r, BODIES)}官员表示，各方应加强政策协调，避免贸易保护主义抬头对全球经济复苏造成冲击。`,
  (r) => `当地媒体报道称，该项目建成后每年可创造约${between(r, 2, 90)}千个就业岗位，并带动上下游产业发展。`,
  (r) => `${pick(r, COUNTRIES)}央行在${pick(r, MONTHS)}的议息会议上决定维持基准利率不变，市场对此反应平稳。`,
  (r) => `专家建议，${pick(r, SECTORS)}企业应重视技术研发与人才培养，提升在全球价值链中的地位。`,
  (r) => `统计数据显示，${pick(r, COUNTRIES)}第${between(r, 1, 4)}季度${pick(r, SECTORS)}产值环比增长${between(r, 1, 15)}%，增速较上季度有所放缓。`,
  (r) => `受国际局势影响，${pick(r, SECTORS)}相关产品的运输周期普遍延长，部分企业调整了库存策略。`,
  (r) => `${pick(r, COUNTRIES)}议会已审议通过相关法案，新规将于明年${pick(r, MONTHS)}起正式实施。`,
  (r) => `多家国际评级机构近期上调了${pick(r, COUNTRIES)}的经济增长预期，认为其${pick(r, SECTORS)}行业具备较强韧性。`,
];

/** One paragraph of 3–6 sentences. */
export function paragraph(rnd) {
  return Array.from({ length: between(rnd, 3, 6) }, () => pick(rnd, SENTENCES)(rnd)).join('');
}

/** A manuscript's title: unique by its code (`D07`, `U07`), which the document check looks for. */
export function title(rnd, code) {
  return `${pick(rnd, TOPICS)}：${pick(rnd, COUNTRIES)}${pick(rnd, SECTORS)}发展新动向（${code}）`;
}

/** Rows of a table: a header and `n` data rows of 4 cells. */
function tableRows(rnd, n) {
  const rows = [['国家', '行业', '投资额（亿美元）', '同比变化']];
  for (let i = 0; i < n; i++) rows.push([pick(rnd, COUNTRIES), pick(rnd, SECTORS), String(between(rnd, 5, 900)), `${rnd() < 0.75 ? '+' : '-'}${between(rnd, 0, 30)}.${between(rnd, 0, 9)}%`]);
  return rows;
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The HTML body of a dynamic manuscript: a heading, 6–10 paragraphs (some with bold, italic, a
 * link), a table of a header and 8 rows, 1–2 stored pictures (`/api/localStorage/download/<id>`)
 * and one data: URI picture. Answers {html, pictures: {stored, data}}.
 */
export function dynamicHtml(rnd, storedIds, dataUri) {
  const count = between(rnd, 6, 10);
  const stored = between(rnd, 1, 2);
  const imgAt = new Map([[1, storedIds[Math.floor(rnd() * storedIds.length)]]]);
  if (stored === 2) imgAt.set(count - 2, storedIds[Math.floor(rnd() * storedIds.length)]);
  const parts = [`<h2>${escapeHtml(pick(rnd, TOPICS))}</h2>`];
  for (let i = 0; i < count; i++) {
    let text = escapeHtml(paragraph(rnd));
    if (i === 0) text = `<strong>本报讯</strong> ${text}`;
    if (i === 2) text = `${text}<em>（详见${escapeHtml(pick(rnd, BODIES))}官方网站）</em>`;
    if (i === 3) text = `${text}<a href="https://example.org/report/${between(rnd, 1000, 9999)}">原文链接</a>`;
    parts.push(`<p>${text}</p>`);
    if (imgAt.has(i)) parts.push(`<p><img src="/api/localStorage/download/${imgAt.get(i)}" alt="配图"></p>`);
    if (i === Math.floor(count / 2)) {
      const [head, ...rows] = tableRows(rnd, 8);
      parts.push(
        `<table><thead><tr>${head.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead>` +
          `<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`,
      );
    }
  }
  parts.push(`<p><img src="${dataUri}" alt="示意图"></p>`);
  return { html: parts.join('\n'), pictures: { stored, data: 1 } };
}

// ---------------------------------------------------------------------------------------------
// Pictures.

/** A PNG (8-bit RGB, filter 0) from raw pixel rows `pixels` (width × height × 3 bytes). */
export function png(width, height, pixels, level = 6) {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) pixels.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level })), chunk('IEND', Buffer.alloc(0))]);
}

/** A photo-like picture: a colour gradient with `noise` levels of seeded noise (more noise, bigger file). */
export function gradientPng(rnd, width, height, noise) {
  const px = Buffer.alloc(width * height * 3);
  const [r0, g0, b0] = [between(rnd, 0, 160), between(rnd, 0, 160), between(rnd, 0, 160)];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      px[o] = Math.min(255, r0 + ((x * 90) / width) + Math.floor(rnd() * noise));
      px[o + 1] = Math.min(255, g0 + ((y * 90) / height) + Math.floor(rnd() * noise));
      px[o + 2] = Math.min(255, b0 + (((x + y) * 45) / (width + height)) + Math.floor(rnd() * noise));
    }
  }
  return png(width, height, px);
}

/** A PNG of random pixels, stored (deflate level 0): incompressible, `side`² × 3 bytes and a little. */
export function noisePng(side) {
  return png(side, side, randomBytes(side * side * 3), 0);
}

// ---------------------------------------------------------------------------------------------
// Word files.

const cell = (text, bold = false) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })], width: { size: 25, type: WidthType.PERCENTAGE } });

/** An uploaded manuscript: a heading, 8–12 paragraphs, a table of a header and 6 rows, one picture. */
export async function uploadedDocx(rnd, heading, picture) {
  const count = between(rnd, 8, 12);
  const children = [new Paragraph({ text: heading, heading: HeadingLevel.HEADING_2 })];
  for (let i = 0; i < count; i++) {
    children.push(new Paragraph({ children: [new TextRun(paragraph(rnd))] }));
    if (i === 1) children.push(new Paragraph({ alignment: AlignmentType.CENTER, children: [new ImageRun({ type: 'png', data: picture.data, transformation: { width: picture.width, height: picture.height } })] }));
    if (i === Math.floor(count / 2)) {
      const rows = tableRows(rnd, 6);
      children.push(new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: rows.map((r, k) => new TableRow({ children: r.map((c) => cell(c, k === 0)) })) }));
    }
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

/** A zip-bench file: a valid .docx holding a title paragraph and one picture of random pixels (≈ `bytes`). */
export async function payloadDocx(heading, bytes) {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const picture = noisePng(side);
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: heading, heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ children: [new ImageRun({ type: 'png', data: picture, transformation: { width: 400, height: 400 } })] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
