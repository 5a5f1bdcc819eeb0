// Throw-away load test of the built-in editor (docs/office-design.md §1.4), not part of CI:
//   E2E_FILES=$PWD/e2e/office-load.mjs node e2e/run.mjs      (from frontend/, after both builds)
// Per fixture — a generated journal, backend/assets/journal-template-sample.docx, a Word-like
// document made with the `docx` library (heading, hyperlink, numbered list, table, picture,
// footnote) — it opens the editor page (the editor CSP applies), then (a) types one character and
// deletes it, saves (the page saves only a changed document) and (b) types Chinese into a body
// paragraph and a table cell and commits an IME composition in a new empty paragraph, saves, and
// compares the stored versions with the original: the structural counts, word/media/* byte-equal,
// the other parts byte-equal or equal after `canonicalXml`. Results go
// to stdout and /tmp/office-load.json.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loginAs, pageApi as api } from './pages.mjs';
import { BASE_URL, openBrowser } from './support.mjs';
import { canonicalXml, docxFacts, editorReady, journalVersionBytes, ok, png, seedGeneratedJournal, uploadJournalVersion } from './office.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TEXT = '在线编辑测试';

async function wordLikeDocx() {
  const d = await import('docx');
  const doc = new d.Document({
    numbering: { config: [{ reference: 'steps', levels: [{ level: 0, format: d.LevelFormat.DECIMAL, text: '%1.', alignment: d.AlignmentType.START }] }] },
    footnotes: { 1: { children: [new d.Paragraph('脚注内容 footnote text')] } },
    sections: [{
      children: [
        new d.Paragraph({ text: '样例标题', heading: d.HeadingLevel.HEADING_1 }),
        new d.Paragraph({ children: [new d.TextRun('见 '), new d.ExternalHyperlink({ link: 'https://example.org/x', children: [new d.TextRun({ text: '链接', style: 'Hyperlink' })] }), new d.TextRun('。第二段正文，供修改。'), new d.FootnoteReferenceRun(1)] }),
        new d.Paragraph({ text: '第一步', numbering: { reference: 'steps', level: 0 } }),
        new d.Paragraph({ text: '第二步', numbering: { reference: 'steps', level: 0 } }),
        new d.Table({ width: { size: 100, type: d.WidthType.PERCENTAGE }, rows: [0, 1].map((r) => new d.TableRow({ children: [0, 1].map((c) => new d.TableCell({ children: [new d.Paragraph(`格${r}${c}`)] })) })) }),
        new d.Paragraph({ children: [new d.ImageRun({ type: 'png', data: png(40, 20, 3), transformation: { width: 40, height: 20 } })] }),
        new d.Paragraph('这是一段用于测试的正文文字，包含中文与 English words, numbers 12345。'.repeat(6)),
      ],
    }],
  });
  return d.Packer.toBuffer(doc);
}

/** Opens the page, waits for the painted document; time, page count, heap. */
async function open(page, journalId, version) {
  const started = Date.now();
  await page.goto(`${BASE_URL}/horizon/office/journal/${journalId}?version=${version}`);
  await editorReady(page);
  const ms = Date.now() - started;
  const pages = await page.locator('.docx-page').count();
  const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? null);
  return { ms, pages, heapMB: heap && Math.round(heap / 1e6) };
}

/**
 * Clicks 保存 and returns what was stored: the new version's bytes, or — when the server answered
 * `created: false` (sha256 equal to the current version) — the base bytes themselves.
 */
async function saveBytes(page, journalId, before) {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/office/builtin/save'));
  await page.getByRole('button', { name: '保存', exact: true }).click();
  const response = await answered;
  const body = await response.json().catch(() => null);
  if (response.status() >= 300) throw new Error(`save: ${response.status()} ${JSON.stringify(body)}`);
  const bytes = body.created ? (await journalVersionBytes(page, journalId, body.version)).bytes : before;
  return { bytes, status: response.status(), body };
}

/** Clicks the end of the first painted paragraph holding `text` (else the n-th with text). */
async function caretAfter(page, text) {
  const run = page.locator('.docx-page .layout-run-text', { hasText: text }).first();
  await run.click();
  await page.keyboard.press('End');
}

function compare(before, after) {
  const a = docxFacts(before);
  const b = docxFacts(after);
  const counts = Object.fromEntries(Object.keys(a.counts).map((k) => [k, `${a.counts[k]}→${b.counts[k]}${a.counts[k] === b.counts[k] ? '' : ' ✗'}`]));
  const media = [...a.media].map(([name, bytes]) => `${name}:${b.media.get(name)?.equals(bytes) ? 'equal' : b.media.has(name) ? 'CHANGED' : 'MISSING'}`);
  const parts = {};
  for (const [name, bytes] of a.parts) {
    if (name.startsWith('word/media/')) continue;
    if (!b.parts.has(name)) parts[name] = 'MISSING';
    else if (b.parts.get(name).equals(bytes)) parts[name] = 'equal';
    else if (/\.(xml|rels)$/.test(name) && canonicalXml(b.parts.get(name).toString('utf8')) === canonicalXml(bytes.toString('utf8'))) parts[name] = 'canonical-equal';
    else parts[name] = 'changed';
  }
  const added = [...b.parts.keys()].filter((n) => !a.parts.has(n));
  return { counts, media, parts, added, countsHold: Object.keys(a.counts).every((k) => a.counts[k] === b.counts[k]), text: b.text };
}

function soffice(bytes, name) {
  try {
    execFileSync('which', ['soffice']);
  } catch {
    return 'not installed';
  }
  const dir = mkdtempSync(join(tmpdir(), 'office-load-'));
  writeFileSync(join(dir, `${name}.docx`), bytes);
  try {
    execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'pdf', '--outdir', dir, join(dir, `${name}.docx`)], { timeout: 120000, stdio: 'pipe' });
    return readFileSync(join(dir, `${name}.pdf`)).subarray(0, 4).toString() === '%PDF' ? 'pdf ok' : 'no pdf';
  } catch (e) {
    return `failed: ${String(e.message).slice(0, 200)}`;
  }
}

test('load test of @docx-editor.dev/react on our documents (office-design.md §1.4)', { timeout: 900000 }, async () => {
  const browser = await openBrowser();
  const { page } = browser;
  const consoleErrors = [];
  page.on('console', (m) => (m.type() === 'error' || /Content Security Policy/i.test(m.text())) && consoleErrors.push(m.text()));
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const results = [];
  try {
    await loginAs(page, 'editor', '123456');
    const me = ok(await api(page, 'auth/info'), 'me');
    const { journal, version } = await seedGeneratedJournal(page, me, { name: `载入测试 ${Date.now().toString(36)}` });
    const versions = [{ name: 'generated journal', version: version.version, clickText: '第二段正文', cellText: '丙' }];
    const template = readFileSync(join(here, '../../backend/assets/journal-template-sample.docx'));
    const t = ok(await uploadJournalVersion(page, journal.id, template, 'journal-template-sample.docx'), 'upload the template');
    versions.push({ name: 'journal-template-sample.docx', version: t.version, clickText: '出版日期', cellText: null });
    const word = ok(await uploadJournalVersion(page, journal.id, await wordLikeDocx(), 'word-like.docx'), 'upload the word-like file');
    versions.push({ name: 'docx-library sample (sampleDocx-like)', version: word.version, clickText: '第二段正文', cellText: '格' });

    for (const fixture of versions) {
      const result = { fixture: fixture.name };
      try {
        result.open = await open(page, journal.id, fixture.version);
        const { bytes: before } = await journalVersionBytes(page, journal.id, fixture.version);
        // the page saves only a changed document: one character typed and deleted again
        await caretAfter(page, fixture.clickText);
        await page.keyboard.insertText('x');
        await page.keyboard.press('Backspace');
        await page.locator('[data-dirty="true"]').waitFor({ timeout: 5000 });
        const noop = await saveBytes(page, journal.id, before);
        result.noop = { status: noop.status, created: noop.body?.created };
        const noopCmp = compare(before, noop.bytes);
        result.noop.documentXml = docxFacts(before).xml === docxFacts(noop.bytes).xml ? 'unchanged' : 'changed';
        result.noop.countsHold = noopCmp.countsHold;
        result.noop.counts = noopCmp.counts;
        result.noop.media = noopCmp.media;
        result.noop.parts = Object.entries(noopCmp.parts).filter(([, v]) => v !== 'equal' && v !== 'canonical-equal');
        result.noop.added = noopCmp.added;
        result.noop.canonical = Object.values(noopCmp.parts).filter((v) => v === 'canonical-equal').length;
        if (result.noop.documentXml === 'changed') writeFileSync(`/tmp/office-load-${results.length}-noop.docx`, noop.bytes);

        // (b) edits: a body paragraph, a table cell, an IME commit at the start of a new empty paragraph
        await open(page, journal.id, fixture.version);
        await caretAfter(page, fixture.clickText);
        const typed = Date.now();
        await page.keyboard.insertText(TEXT);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        result.typingMs = Date.now() - typed;
        if (fixture.cellText) {
          await caretAfter(page, fixture.cellText);
          await page.keyboard.insertText('表格');
        }
        await caretAfter(page, fixture.clickText);
        await page.keyboard.press('Enter');
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Input.imeSetComposition', { text: '输入', selectionStart: 2, selectionEnd: 2 });
        await cdp.send('Input.insertText', { text: '输入法' });
        await cdp.detach();
        await page.locator('[data-dirty="true"]').waitFor({ timeout: 5000 }).catch(() => undefined);
        const edit = await saveBytes(page, journal.id, before);
        const editCmp = compare(before, edit.bytes);
        result.edit = {
          status: edit.status,
          created: edit.body?.created,
          hasText: editCmp.text.includes(TEXT),
          hasCell: fixture.cellText ? editCmp.text.includes('表格') : 'n/a',
          hasIme: editCmp.text.includes('输入法'),
          countsHold: editCmp.countsHold,
          counts: editCmp.counts,
          media: editCmp.media,
          parts: Object.entries(editCmp.parts).filter(([, v]) => v !== 'equal' && v !== 'canonical-equal'),
          added: editCmp.added,
          soffice: soffice(edit.bytes, `fixture${results.length}`),
        };
        writeFileSync(`/tmp/office-load-${results.length}-edit.docx`, edit.bytes);
        await page.screenshot({ path: `/tmp/office-load-${results.length}.png` });
      } catch (error) {
        result.error = String(error?.stack ?? error).slice(0, 800);
        await page.screenshot({ path: `/tmp/office-load-${results.length}-error.png` }).catch(() => undefined);
      }
      results.push(result);
    }
    results.push({ consoleErrors, cspViolations: await page.evaluate(() => window.__csp ?? []) });
  } finally {
    writeFileSync('/tmp/office-load.json', JSON.stringify(results, null, 2));
    console.log(JSON.stringify(results, null, 2));
    await browser.close();
  }
});
