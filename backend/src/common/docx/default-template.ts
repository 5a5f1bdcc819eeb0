// The built-in template, used when the caller has none: a title, then every section (heading 1) with
// its items (heading 2, source line, abstract, body). A4 with Word's Chinese default margins; the
// styles define Title and heading 1–6 so converted HTML headings look like Word's.
import PizZip from 'pizzip';
import { CONTENT_TYPE, NS, REL } from './xml';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function p(text: string, style?: string, extra = ''): string {
  const pPr = style || extra ? `<w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ''}${extra}</w:pPr>` : '';
  return `<w:p>${pPr}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}

const BODY = [
  p('{title}', 'Title'),
  p('{#subtitle}'),
  p('{subtitle}', 'Subtitle'),
  p('{/subtitle}'),
  p('{#sections}'),
  p('{name}', 'Heading1'),
  p('{#items}'),
  p('{title}', 'Heading2'),
  p('{#provider}'),
  p('来源：{provider}{#country}　国家/地区：{country}{/country}', 'ItemMeta'),
  p('{/provider}'),
  p('{#abstract}'),
  p('摘要：{abstract}', 'ItemAbstract'),
  p('{/abstract}'),
  p('{@body}'),
  p('{/items}'),
  p('{/sections}'),
].join('');

const DOCUMENT =
  `${XML_HEAD}<w:document xmlns:w="${NS.w}" xmlns:r="${NS.r}" xmlns:wp="${NS.wp}" xmlns:a="${NS.a}" xmlns:pic="${NS.pic}">` +
  `<w:body>${BODY}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>` +
  '<w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800" w:header="851" w:footer="992" w:gutter="0"/>' +
  '<w:cols w:space="425"/><w:docGrid w:type="lines" w:linePitch="312"/></w:sectPr></w:body></w:document>';

function heading(level: number, size: number, before: number): string {
  return `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/><w:basedOn w:val="Normal"/>` +
    `<w:next w:val="Normal"/><w:uiPriority w:val="9"/><w:qFormat/><w:pPr><w:keepNext/><w:keepLines/>` +
    `<w:spacing w:before="${before}" w:after="${Math.round(before / 2)}"/><w:jc w:val="left"/><w:outlineLvl w:val="${level - 1}"/></w:pPr>` +
    `<w:rPr><w:rFonts w:eastAsia="黑体"/><w:b/><w:bCs/><w:sz w:val="${size}"/><w:szCs w:val="${size}"/></w:rPr></w:style>`;
}

const STYLES =
  `${XML_HEAD}<w:styles xmlns:w="${NS.w}">` +
  '<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Times New Roman" w:eastAsia="宋体" w:hAnsi="Times New Roman" w:cs="Times New Roman"/>' +
  '<w:kern w:val="2"/><w:sz w:val="21"/><w:szCs w:val="24"/><w:lang w:val="en-US" w:eastAsia="zh-CN" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>' +
  '<w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="360" w:lineRule="auto"/><w:jc w:val="both"/></w:pPr></w:pPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  '<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont"><w:name w:val="Default Paragraph Font"/><w:uiPriority w:val="1"/><w:semiHidden/><w:unhideWhenUsed/></w:style>' +
  '<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/>' +
  '<w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>' +
  '<w:style w:type="numbering" w:default="1" w:styleId="NoList"><w:name w:val="No List"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:uiPriority w:val="10"/><w:qFormat/>' +
  '<w:pPr><w:spacing w:before="240" w:after="240"/><w:jc w:val="center"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:rFonts w:eastAsia="黑体"/><w:b/><w:bCs/><w:sz w:val="44"/><w:szCs w:val="44"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:styleId="Subtitle"><w:name w:val="Subtitle"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:uiPriority w:val="11"/><w:qFormat/>' +
  '<w:pPr><w:spacing w:after="360"/><w:jc w:val="center"/></w:pPr><w:rPr><w:sz w:val="24"/><w:szCs w:val="24"/></w:rPr></w:style>' +
  heading(1, 32, 360) + heading(2, 28, 240) + heading(3, 24, 200) + heading(4, 24, 160) + heading(5, 21, 120) + heading(6, 21, 120) +
  '<w:style w:type="paragraph" w:customStyle="1" w:styleId="ItemMeta"><w:name w:val="Item Meta"/><w:basedOn w:val="Normal"/><w:qFormat/>' +
  '<w:rPr><w:color w:val="595959"/><w:sz w:val="18"/><w:szCs w:val="18"/></w:rPr></w:style>' +
  '<w:style w:type="paragraph" w:customStyle="1" w:styleId="ItemAbstract"><w:name w:val="Item Abstract"/><w:basedOn w:val="Normal"/><w:qFormat/>' +
  '<w:pPr><w:ind w:left="420" w:right="420"/></w:pPr><w:rPr><w:rFonts w:eastAsia="楷体"/><w:color w:val="404040"/></w:rPr></w:style>' +
  '<w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/><w:uiPriority w:val="99"/><w:unhideWhenUsed/><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr></w:style>' +
  '</w:styles>';

const SETTINGS =
  `${XML_HEAD}<w:settings xmlns:w="${NS.w}"><w:defaultTabStop w:val="420"/><w:characterSpacingControl w:val="compressPunctuation"/>` +
  '<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat></w:settings>';

const NUMBERING = `${XML_HEAD}<w:numbering xmlns:w="${NS.w}"></w:numbering>`;

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="${NS.contentTypes}">` +
  `<Default Extension="rels" ContentType="${CONTENT_TYPE.rels}"/><Default Extension="xml" ContentType="application/xml"/>` +
  `<Override PartName="/word/document.xml" ContentType="${CONTENT_TYPE.document}"/>` +
  `<Override PartName="/word/styles.xml" ContentType="${CONTENT_TYPE.styles}"/>` +
  `<Override PartName="/word/numbering.xml" ContentType="${CONTENT_TYPE.numbering}"/>` +
  `<Override PartName="/word/settings.xml" ContentType="${CONTENT_TYPE.settings}"/></Types>`;

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${NS.pkgRels}"><Relationship Id="rId1" Type="${REL.officeDocument}" Target="word/document.xml"/></Relationships>`;

const DOCUMENT_RELS =
  `${XML_HEAD}<Relationships xmlns="${NS.pkgRels}">` +
  `<Relationship Id="rId1" Type="${REL.styles}" Target="styles.xml"/>` +
  `<Relationship Id="rId2" Type="${REL.numbering}" Target="numbering.xml"/>` +
  `<Relationship Id="rId3" Type="${REL.settings}" Target="settings.xml"/></Relationships>`;

let cached: Buffer | undefined;

/** The built-in template as a .docx (built once). */
export function defaultTemplate(): Buffer {
  if (!cached) {
    const zip = new PizZip();
    zip.file('[Content_Types].xml', CONTENT_TYPES);
    zip.file('_rels/.rels', ROOT_RELS);
    zip.file('word/document.xml', DOCUMENT);
    zip.file('word/styles.xml', STYLES);
    zip.file('word/numbering.xml', NUMBERING);
    zip.file('word/settings.xml', SETTINGS);
    zip.file('word/_rels/document.xml.rels', DOCUMENT_RELS);
    cached = zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
  }
  return cached;
}
