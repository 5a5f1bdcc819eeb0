/**
 * What a fetched document is, from its first bytes (docs/collect-design.md §3.2): the content
 * beats `Content-Type`, which servers often get wrong.
 */
export type DocumentKind = 'json' | 'xml' | 'html' | 'unknown';

export function sniffKind(text: string): DocumentKind {
  const head = text.slice(0, 4096).replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{')) return 'json';
  // skip the XML declaration, comments, processing instructions and a doctype
  const body = head.replace(/^(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!doctype\s+(?!html)[^>]*>\s*)*/i, '');
  if (/^<(?:rss|feed|rdf:RDF|RDF)\b/i.test(body)) return 'xml';
  if (/^<!doctype\s+html/i.test(body) || /^<(?:html|head|body)\b/i.test(body)) return 'html';
  if (head.startsWith('<?xml')) return /<(?:rss|feed|rdf:RDF)\b/i.test(head) ? 'xml' : /<html\b/i.test(head) ? 'html' : 'xml';
  if (/^</.test(body)) return /<html\b/i.test(head) ? 'html' : 'unknown';
  return 'unknown';
}
