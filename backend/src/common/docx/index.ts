// Word generation kernel: a .docx from a template, header fields and sections of items whose bodies
// are HTML, uploaded .docx files or legacy .doc files. It knows nothing of the callers' domain: a
// caller names its data "document", "section" and "item" and documents its own tags (the journal's
// are in docs/journal-template.md).
//
//   buildDocument(template, data, assets, options?) → Promise<Buffer>
//     template  the .docx to render (docxtemplater syntax), or null for the built-in default;
//     data      { fields: {tag: text}, sections: [{ name, fields?, items: [{ title, abstract?,
//               provider?, country?, fields?, body? }] }] }, body = {html} | {docx, name?} | {doc, name};
//     assets    AssetReader: where <img src> of HTML bodies come from (data: URIs need nothing);
//     options   soffice path (or null: never convert .doc), its timeout, picture load concurrency.
//   Tags: every key of `fields`; {#sections}…{/sections} with {name}, {no} and the section's fields;
//   inside it {#items}…{/items} with {title}, {abstract}, {provider}, {country}, {no} (in the section),
//   {seq} (in the document), the item's fields, and {@body} — the body, alone in its paragraph.
//   Throws DocumentTemplateError (Chinese message, `details` per tag) when the template is unusable;
//   content never makes it throw (a bad body becomes a note paragraph).
//
//   sofficeConvert(inputs, format, options?) / findSoffice(): LibreOffice conversions (e.g. to PDF).
//   defaultTemplate(): the built-in template, for callers that offer it for download.
//
//   docxText(bytes) → {paragraphs, note}: the text of a .docx for comparison, one line per paragraph,
//   table row, list item (with its marker) or heading ('[标题N] '), footnotes appended; never throws —
//   an unreadable file gives a Chinese `note` (DOCX_TEXT_NOTES) and no paragraphs.
//   diffParagraphs(from, to, options?) → {paragraphs, skipped, truncated, stats}: paragraphs matched
//   first, an alike removed/added pair becomes 'changed' with a word-level diff (Chinese by words),
//   equal runs collapsed to `context` lines. diffDocx(fromBytes, toBytes, options?) = both, + notes.
export {
  buildDocument, DocumentTemplateError, NO_ASSETS,
  type AssetReader, type BuildOptions, type DocumentData, type DocumentItem, type DocumentSection, type ItemBody,
} from './build';
export { defaultTemplate } from './default-template';
export { findSoffice, sofficeConvert, type SofficeOptions } from './soffice';
export {
  DOCX_TEXT_NOTES, diffDocx, diffParagraphs, docxText,
  type DocxDiff, type DocxDiffEntry, type DocxText, type ParagraphDiffOptions,
} from './text';
export type { TextDiffPart } from '../text/diff';
