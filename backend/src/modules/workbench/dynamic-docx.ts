import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { htmlToText } from '../../common/text/html-to-text.js';

/** Characters XML 1.0 does not allow (a Word file with one of them does not open). */
// eslint-disable-next-line no-control-regex
const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xmlSafe = (text: string) => text.replace(XML_ILLEGAL, '');

/**
 * A dynamic copy (HTML content, no file) as a .docx for the journal zips — for now a MINIMAL one:
 * the title as a heading, then one paragraph per line of the HTML's plain text (no images, tables or
 * formatting). The Word library (`common/docx`, issue 14's generateJournal) replaces this with real
 * Word structure; keep the signature.
 */
export async function dynamicDocx(copy: { title: string; content?: string | null }): Promise<Buffer> {
  const lines = htmlToText(copy.content ?? '')
    .split('\n')
    .map((line) => xmlSafe(line).trim())
    .filter((line) => line !== '');
  const doc = new Document({
    sections: [{ children: [new Paragraph({ text: xmlSafe(copy.title), heading: HeadingLevel.HEADING_1 }), ...lines.map((line) => new Paragraph(line))] }],
  });
  return Packer.toBuffer(doc);
}
