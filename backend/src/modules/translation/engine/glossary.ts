import { allocateTokens, replaceTokens } from './placeholders.js';

/**
 * Glossary enforcement that works with every engine, including ones without glossary support.
 *
 * 1. {@link protectTerms}: each occurrence of a glossary source term in the text is replaced by a
 *    numeric placeholder (placeholders.ts), longest terms first, so the engine never sees the term.
 * 2. The engine translates the protected text; numbers pass through engines unchanged.
 * 3. {@link restoreTerms}: every placeholder in the translation becomes the required target term.
 *
 * Placeholder form: plain numbers such as 73101. Tested against the real Apertium APY (eng↔spa):
 * "The 73101 announced that 73101, together with the 73101's allies" → "El 73101 anunció que
 * 73101, junto con los aliados del 73101" — intact even where Apertium reorders words, whereas
 * `⟦1⟧`, `{1}`, `<1>` and `__1__` were split ("los aliados⟧ del ⟦1") and letter codes (ZQX1) were
 * treated as unknown words. See placeholders.ts for collision avoidance and tolerant matching.
 *
 * When an engine loses or mangles a placeholder, {@link restoreTerms} reports `ok: false`; its text
 * never contains placeholder junk either way (placeholders it recognises are replaced, lost ones
 * are simply absent). The caller (translateSegments) then translates that segment again WITHOUT
 * protection and uses the engine's own wording for it: a correct translation that may not use the
 * glossary term beats a sentence with a missing name.
 */

/** A required translation: occurrences of `source` must appear as `target` in the output. */
export interface GlossaryTerm {
  source: string;
  target: string;
  /** Match `source` only with exactly this capitalisation (default: case-insensitive). */
  caseSensitive?: boolean;
}

/** A text with glossary terms replaced by placeholders, and what each placeholder stands for. */
export interface ProtectedText {
  text: string;
  /** placeholder → target term, for the terms that occurred in the text. */
  targets: Map<string, string>;
}

/** The result of {@link restoreTerms}. */
export interface RestoredText {
  /** The translation with every recognised placeholder replaced; never contains placeholders. */
  text: string;
  /** false when a placeholder of the input is missing from the translation. */
  ok: boolean;
  /** Target terms whose placeholder was lost. */
  missing: string[];
}

/** Letters, marks and digits of scripts that separate words with spaces get word boundaries. */
const WORD_CHAR = /[\p{L}\p{M}\p{N}_]/u;
const SPACELESS_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const BOUNDARY_BEFORE = '(?<![\\p{L}\\p{M}\\p{N}_])';
const BOUNDARY_AFTER = '(?![\\p{L}\\p{M}\\p{N}_])';

/**
 * The terms that can be applied: blank entries dropped, duplicates (same source and case rule)
 * reduced to the first, sorted longest source first so "European Union" wins over "Union".
 */
export function normaliseGlossary(terms: readonly GlossaryTerm[]): GlossaryTerm[] {
  const seen = new Set<string>();
  const result: GlossaryTerm[] = [];
  for (const term of terms) {
    const source = term.source.trim().replace(/\s+/g, ' ');
    const target = term.target.trim();
    if (!source || !target) continue;
    const key = term.caseSensitive ? `s:${source}` : `i:${source.toLocaleLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ source, target, caseSensitive: !!term.caseSensitive });
  }
  return result.sort((a, b) => b.source.length - a.source.length);
}

/**
 * A global regex for one term: whitespace inside the term matches any whitespace run, and a term
 * that starts/ends with a letter or digit of a space-separated script (Latin, Cyrillic, Greek, …)
 * only matches whole words ("EU" does not match inside "EUR" or "neutral"). Chinese/Japanese/Thai
 * terms match anywhere. Case-insensitive unless `caseSensitive`.
 */
export function termRegex(term: GlossaryTerm): RegExp {
  const source = term.source.trim();
  const body = source
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))
    .join('\\s+');
  const first = source[0] ?? '';
  const last = source.at(-1) ?? '';
  const before = needsBoundary(first) ? BOUNDARY_BEFORE : '';
  const after = needsBoundary(last) ? BOUNDARY_AFTER : '';
  return new RegExp(`${before}${body}${after}`, term.caseSensitive ? 'gu' : 'giu');
}

function needsBoundary(ch: string): boolean {
  return WORD_CHAR.test(ch) && !SPACELESS_CHAR.test(ch);
}

/** Replaces the glossary's source terms in `text` by numeric placeholders (see the file comment). */
export function protectTerms(text: string, terms: readonly GlossaryTerm[]): ProtectedText {
  const targets = new Map<string, string>();
  const glossary = normaliseGlossary(terms);
  if (!glossary.length || !text) return { text, targets };
  const tokens = allocateTokens(text, glossary.length);
  let protectedText = text;
  glossary.forEach((term, i) => {
    const token = tokens[i]!;
    const re = termRegex(term);
    let found = false;
    // Spaces around the token keep it a separate word for the engine ("del73101" would be one word).
    protectedText = protectedText.replace(re, (match: string, offset: number, whole: string) => {
      found = true;
      const before = offset > 0 && WORD_CHAR.test(whole[offset - 1] ?? '') && !SPACELESS_CHAR.test(whole[offset - 1] ?? '') ? ' ' : '';
      const end = offset + match.length;
      const after = end < whole.length && WORD_CHAR.test(whole[end] ?? '') && !SPACELESS_CHAR.test(whole[end] ?? '') ? ' ' : '';
      return `${before}${token}${after}`;
    });
    if (found) targets.set(token, term.target);
  });
  return { text: protectedText, targets };
}

/** Replaces the placeholders in a translation of a {@link protectTerms} result by the target terms. */
export function restoreTerms(translated: string, protectedText: ProtectedText): RestoredText {
  const { text, counts } = replaceTokens(translated, protectedText.targets);
  const missing = [...protectedText.targets].filter(([token]) => !counts.has(token)).map(([, target]) => target);
  return { text, ok: missing.length === 0, missing };
}

/**
 * For engines or texts where placeholders are not wanted: replaces the source terms in an already
 * translated text that still contains them verbatim (names an engine copied through unchanged).
 */
export function applyTermsVerbatim(text: string, terms: readonly GlossaryTerm[]): string {
  let out = text;
  for (const term of normaliseGlossary(terms)) out = out.replace(termRegex(term), () => term.target);
  return out;
}
