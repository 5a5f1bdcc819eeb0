import { AlignmentType, Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { type AssetReader, buildDocument, NO_ASSETS } from '../../common/docx/index.js';

let template: Promise<Buffer> | undefined;

/**
 * The one-manuscript template: the title, then the body (`{@body}`, alone in its paragraph, inside the
 * one section's one item). Built once with the `docx` package, whose document carries the Word styles.
 */
function oneManuscriptTemplate(): Promise<Buffer> {
  template ??= Packer.toBuffer(
    new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: '{title}', heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
            new Paragraph('{#sections}'),
            new Paragraph('{#items}'),
            new Paragraph('{@body}'),
            new Paragraph('{/items}'),
            new Paragraph('{/sections}'),
          ],
        },
      ],
    }),
  );
  return template;
}

/**
 * A dynamic copy (HTML content, no file) as a .docx for the journal zips: the title, then the HTML as
 * real Word structure (headings, lists, tables, links, and the pictures `assets` may load) through the
 * kernel's Word library, as the generated journal renders it.
 */
export async function dynamicDocx(copy: { title: string; content?: string | null }, assets: AssetReader = NO_ASSETS): Promise<Buffer> {
  const data = { fields: { title: copy.title }, sections: [{ name: '', items: [{ title: copy.title, body: { html: copy.content ?? '' } }] }] };
  return buildDocument(await oneManuscriptTemplate(), data, assets, { headingOffset: 1 });
}
