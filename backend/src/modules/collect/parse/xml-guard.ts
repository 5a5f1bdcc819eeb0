import { CollectParseError } from './parse-error.js';

/**
 * Refuses XML that carries a DTD internal subset or any entity declaration before a parser sees it
 * (docs/collect-design.md §2, §3.3): no billion-laughs expansion, no external entities (XXE). A
 * plain `<!DOCTYPE rss PUBLIC "…" "…">` (old RSS 0.91) is harmless and allowed: nothing fetches it.
 */
export function assertSafeXml(text: string): void {
  // the prolog is where a doctype may live; scanning the whole text also catches misplaced ones
  if (/<!DOCTYPE[^>[]*\[/i.test(text) || /<!ENTITY/i.test(text)) throw new CollectParseError('DTD_FORBIDDEN');
}
