// Helpers of the online-editor browser flows (docs/office-design.md §1.4, §5): a generated journal
// to edit, the parts of a .docx (a small zip reader), the structural counts the round trip must keep,
// and the built-in editor page's handles.
import { deflateSync, inflateRawSync } from 'node:zlib';
import { pageApi as api } from './pages.mjs';
import { today } from './support.mjs';

/** The entries of a zip (stored or deflated) by name: the central directory, then each local header. */
export function unzip(buffer) {
  const bytes = Buffer.from(buffer);
  let end = bytes.length - 22;
  while (end >= 0 && bytes.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip file');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map();
  for (let i = 0; i < count; i++) {
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + size);
    entries.set(name, method === 0 ? Buffer.from(data) : inflateRawSync(data));
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

const count = (xml, pattern) => (xml.match(pattern) ?? []).length;

/**
 * An XML part reduced for comparison: no declaration, no whitespace between tags, namespace
 * declarations dropped, attributes sorted, `&quot;`-style escapes as written. Equal results mean the
 * same elements, attributes and text (a rough canonical form, enough to tell re-serialisation apart
 * from a change).
 */
export function canonicalXml(xml) {
  return xml
    .replace(/<\?xml[^>]*\?>/, '')
    .replace(/>\s+</g, '><')
    .replace(/<([\w:.-]+)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>/g, (whole, name, attrs, slash) => {
      const list = [...attrs.matchAll(/([\w:.-]+)="([^"]*)"/g)].filter(([, n]) => n !== 'xmlns' && !n.startsWith('xmlns:')).map(([, n, v]) => `${n}="${v}"`).sort();
      return `<${name}${list.length ? ` ${list.join(' ')}` : ''}${slash}>`;
    })
    .replace(/<([\w:.-]+)([^>]*)><\/\1>/g, '<$1$2/>')
    .trim();
}

/** The structural counts of §1.4 over word/document.xml, and the media parts. */
export function docxFacts(buffer) {
  const parts = unzip(buffer);
  const xml = parts.get('word/document.xml')?.toString('utf8') ?? '';
  const text = [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
  const media = new Map([...parts].filter(([name]) => name.startsWith('word/media/')));
  return {
    parts,
    xml,
    text,
    media,
    counts: {
      tbl: count(xml, /<w:tbl>/g),
      tr: count(xml, /<w:tr[\s>]/g),
      drawing: count(xml, /<w:drawing>/g),
      blip: count(xml, /<a:blip[\s>]/g),
      numPr: count(xml, /<w:numPr>/g),
      footnoteReference: count(xml, /<w:footnoteReference[\s/]/g),
      sectPr: count(xml, /<w:sectPr[\s>]/g),
      pageBreak: count(xml, /<w:br [^>]*w:type="page"/g),
    },
  };
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A small RGB PNG (a colour band per row). */
export function png(width, height, seed = 1) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) for (let i = 1; i <= width * 3; i++) raw[y * (width * 3 + 1) + i] = (seed * 60 + y * 4 + i) & 0xff;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export const ok = (answer, what) => {
  if (!(answer.status >= 200 && answer.status < 300)) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};


/**
 * A journal with a generated version to edit: a product of the user's unit with one column, two
 * manuscripts whose bodies hold a table, a list and a picture, copied into the issue, then
 * 生成期刊. Returns `{product, journal, version}` (the generated version).
 */
export async function seedGeneratedJournal(page, me, { name, journalNo = 1 }) {
  const product = ok(
    await api(page, 'api/productSetting', {
      method: 'POST',
      body: { name, deptId: me.user.dept.id, type: '1', contentType: '2', columnList: [{ sort: 1, name: '要闻', status: true }] },
    }),
    'create the product',
  );
  const column = product.columnList[0];
  const journal = ok(
    await api(page, 'api/productJournal', { method: 'POST', body: { productId: product.id, year: 2032, journalNo, totalNo: journalNo, planPublishTime: today() } }),
    'create the journal',
  );
  const picture = `data:image/png;base64,${png(48, 24, journalNo).toString('base64')}`;
  const ids = [];
  for (const title of [`${name} 甲稿`, `${name} 乙稿`]) {
    const manuscript = ok(
      await api(page, 'api/manuscript', {
        method: 'POST',
        body: {
          title,
          abstracts: `${title} 的摘要。`,
          firstAuthor: '张编辑',
          authorIds: String(me.user.id),
          productId: product.id,
          productList: [column.id],
          memo: 'e2e office',
          content:
            `<h2>${title}</h2><p>第一段正文，<strong>加粗</strong>与<em>斜体</em>。</p><p>第二段正文，供修改。</p>` +
            '<ol><li>要点一</li><li>要点二</li></ol>' +
            '<table><tbody><tr><td>甲</td><td>乙</td></tr><tr><td>丙</td><td>丁</td></tr></tbody></table>' +
            `<p><img src="${picture}" alt="图"></p><p>结尾段落。</p>`,
        },
      }),
      `submit ${title}`,
    );
    ids.push(manuscript.id);
  }
  ok(await api(page, 'api/productManuscript', { method: 'POST', body: { journalId: journal.id, columnId: column.id, manuIds: ids } }), 'pick the manuscripts');
  const version = ok(await api(page, `api/productJournal/generateJournal?journalId=${journal.id}`), 'generate the journal');
  return { product, journal, version };
}

/** Uploads bytes as a new journal version (`uploadJournal`, multipart). */
export async function uploadJournalVersion(page, journalId, bytes, fileName) {
  return page.evaluate(
    async ({ journalId, base64, fileName }) => {
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('HORIZON-TOKEN='))?.split('=')[1] ?? '');
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('journalId', String(journalId));
      form.append('file', new Blob([data]), fileName);
      const r = await fetch('/api/productJournal/uploadJournal', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    { journalId, base64: Buffer.from(bytes).toString('base64'), fileName },
  );
}

/** The bytes of a journal version (through `getFiles` and its file path). */
export async function journalVersionBytes(page, journalId, version) {
  const versions = ok(await api(page, `api/productJournal/getFiles?journalId=${journalId}`), 'journal versions');
  const entry = versions.find((v) => v.version === version);
  if (!entry) throw new Error(`no version ${version} of journal ${journalId}: ${versions.map((v) => v.version).join(', ')}`);
  return { entry, bytes: await fileBytes(page, entry.file.id) };
}

/** The bytes of a stored file (a signed download path from `downloadToken`). */
export async function fileBytes(page, fileId) {
  const link = ok(await api(page, `api/localStorage/downloadToken/${fileId}`, { method: 'POST' }), 'download token');
  const response = await page.request.get(new URL(`/${link.url.replace(/^\/+/, '')}`, page.url()).toString());
  if (!response.ok()) throw new Error(`download ${link.url}: ${response.status()}`);
  return response.body();
}

/** The file part of a multipart body (the built-in save's `file`). */
export function multipartFile(body, contentType) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const mark = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts = [];
  let at = body.indexOf(mark);
  while (at >= 0) {
    const next = body.indexOf(mark, at + mark.length);
    if (next < 0) break;
    parts.push(body.subarray(at + mark.length + 2, next - 2));
    at = next;
  }
  for (const part of parts) {
    const split = part.indexOf('\r\n\r\n');
    if (/name="file"/.test(part.subarray(0, split).toString('utf8'))) return part.subarray(split + 4);
  }
  return null;
}

/** The editor page has the document open and painted (the page's `data-editor-ready`). */
export async function editorReady(page, timeout = 60000) {
  await page.locator('[data-testid="office-page"][data-editor-ready="true"]').waitFor({ timeout });
}
