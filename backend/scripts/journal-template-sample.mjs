#!/usr/bin/env node
// Writes backend/assets/journal-template-sample.docx: the sample journal template the product dialog
// offers for download, using every tag of docs/journal-template.md. Built with the `docx` package so
// the file is what a template author would save from Word (styles "heading 1/2", a header and a
// footer); re-run after changing the tags, and commit the result.
//
//   node backend/scripts/journal-template-sample.mjs [output path]
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  AlignmentType, BorderStyle, Document, Footer, Header, HeadingLevel, Packer, PageBreak, PageNumber, Paragraph, TextRun,
} from 'docx';

const out = process.argv[2] ?? fileURLToPath(new URL('../assets/journal-template-sample.docx', import.meta.url));

const SONG = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '宋体' };
const HEI = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '黑体' };
const KAI = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '楷体' };

/** A paragraph holding only a tag (a loop or a condition): docxtemplater removes it from the output. */
const tagLine = (tag) => new Paragraph({ children: [new TextRun(tag)] });

const doc = new Document({
  creator: 'Horizon',
  title: '期刊模板样例',
  description: '期刊生成模板样例：标签说明见 docs/journal-template.md',
  styles: {
    default: {
      document: { run: { font: SONG, size: 21 }, paragraph: { spacing: { line: 360, after: 120 } } },
      title: { run: { font: HEI, size: 44, bold: true, color: '000000' }, paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 240, after: 120 } } },
      heading1: { run: { font: HEI, size: 32, bold: true, color: '000000' }, paragraph: { spacing: { before: 360, after: 180 } } },
      heading2: { run: { font: HEI, size: 28, bold: true, color: '000000' }, paragraph: { spacing: { before: 240, after: 120 } } },
      heading3: { run: { font: HEI, size: 24, bold: true, color: '000000' }, paragraph: { spacing: { before: 200, after: 100 } } },
      heading4: { run: { font: HEI, size: 22, bold: true, color: '000000' }, paragraph: { spacing: { before: 160, after: 80 } } },
    },
    paragraphStyles: [
      { id: 'ItemMeta', name: 'Item Meta', basedOn: 'Normal', run: { size: 18, color: '595959' } },
      { id: 'ItemAbstract', name: 'Item Abstract', basedOn: 'Normal', run: { font: KAI, color: '404040' }, paragraph: { indent: { left: 420, right: 420 } } },
      { id: 'Contents', name: 'Contents Entry', basedOn: 'Normal', paragraph: { indent: { left: 420 }, spacing: { after: 0 } } },
    ],
  },
  sections: [{
    properties: {
      page: { size: { width: 11906, height: 16838 }, margin: { top: 1440, right: 1800, bottom: 1440, left: 1800, header: 851, footer: 992 } },
    },
    headers: {
      default: new Header({
        children: [new Paragraph({
          alignment: AlignmentType.CENTER,
          border: { bottom: { style: BorderStyle.SINGLE, size: 4, color: '808080', space: 1 } },
          children: [new TextRun({ text: '{productName}　{year}年第{journalNo}期', size: 18 })],
        })],
      }),
    },
    footers: {
      default: new Footer({
        children: [new Paragraph({
          alignment: AlignmentType.CENTER,
          children: [new TextRun({ text: '第 ', size: 18 }), new TextRun({ children: [PageNumber.CURRENT], size: 18 }), new TextRun({ text: ' 页', size: 18 })],
        })],
      }),
    },
    children: [
      // Masthead
      new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun('{productName}')] }),
      new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: '{year}年 第{journalNo}期（总第{totalNo}期）', size: 24 })] }),
      new Paragraph({
        alignment: AlignmentType.CENTER,
        border: { bottom: { style: BorderStyle.DOUBLE, size: 6, color: '000000', space: 4 } },
        children: [new TextRun({ text: '出版日期：{planPublishTime}　　责任编辑：{editors}', size: 18 })],
      }),
      // Contents: every column with its manuscripts
      new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 240 }, children: [new TextRun({ text: '目　录', font: HEI, bold: true, size: 28 })] }),
      tagLine('{#sections}'),
      new Paragraph({ spacing: { before: 120, after: 0 }, children: [new TextRun({ text: '{name}', font: HEI, bold: true })] }),
      tagLine('{#items}'),
      new Paragraph({ style: 'Contents', children: [new TextRun('{no}．{title}')] }),
      tagLine('{/items}'),
      tagLine('{/sections}'),
      // Body: columns in order, manuscripts in order
      new Paragraph({ children: [new PageBreak()] }),
      tagLine('{#sections}'),
      new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('{name}')] }),
      tagLine('{#items}'),
      new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('{title}')] }),
      tagLine('{#provider}'),
      new Paragraph({ style: 'ItemMeta', children: [new TextRun('供稿：{provider}{#dept}　　单位：{dept}{/dept}{#country}　　国家/地区：{country}{/country}')] }),
      tagLine('{/provider}'),
      tagLine('{#abstract}'),
      new Paragraph({ style: 'ItemAbstract', children: [new TextRun({ text: '【摘要】', bold: true }), new TextRun('{abstract}')] }),
      tagLine('{/abstract}'),
      tagLine('{@body}'),
      tagLine('{/items}'),
      tagLine('{/sections}'),
    ],
  }],
});

writeFileSync(out, await Packer.toBuffer(doc));
console.log(`wrote ${out}`);
