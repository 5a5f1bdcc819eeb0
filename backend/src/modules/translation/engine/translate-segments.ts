import { applyTermsVerbatim, normaliseGlossary, protectTerms, restoreTerms, type GlossaryTerm } from './glossary.js';
import { isSpaceless } from './placeholders.js';
import { batchSegments, splitText } from './text-split.js';
import type { TranslationEngine } from './translation-engine.js';

/** Options shared by {@link translateSegments} and translateDocument (html-chunks.ts). */
export interface TranslateOptions {
  /** Longest text sent in one request (`MT_CHUNK_CHARS`); longer segments are split. */
  chunkChars: number;
  /** Required term translations (glossary.ts). */
  glossary?: readonly GlossaryTerm[];
  signal?: AbortSignal;
}

const HAS_LETTER = /\p{L}/u;
const EDGES = /^(\s*)([\s\S]*?)(\s*)$/;

/** Leading whitespace, content, trailing whitespace. */
export function splitEdges(text: string): { lead: string; core: string; trail: string } {
  const m = EDGES.exec(text);
  return { lead: m?.[1] ?? '', core: m?.[2] ?? '', trail: m?.[3] ?? '' };
}

/**
 * Translates plain-text segments with glossary enforcement, splitting and batching:
 * - leading/trailing whitespace of each segment is kept; segments without letters are not sent;
 * - glossary terms are protected by placeholders and restored (glossary.ts);
 * - a segment longer than `chunkChars` is cut at paragraph/sentence boundaries ({@link splitText})
 *   and put back together with its original separators;
 * - pieces are grouped into requests of at most `chunkChars` characters ({@link batchSegments}),
 *   sent one request after the other (concurrency across documents is the limiter's job);
 * - a segment whose placeholders did not survive is translated again without protection, and
 *   glossary terms the engine copied verbatim are then replaced (the documented fallback).
 */
export async function translateSegments(
  engine: TranslationEngine,
  segments: readonly string[],
  from: string,
  to: string,
  options: TranslateOptions,
): Promise<string[]> {
  const glossary = normaliseGlossary(options.glossary ?? []);
  const out = [...segments];
  const work = segments.flatMap((segment, index) => {
    const edges = splitEdges(segment);
    return HAS_LETTER.test(edges.core) ? [{ index, ...edges, protected: protectTerms(edges.core, glossary) }] : [];
  });
  const translated = await translateCores(engine, work.map((w) => w.protected.text), from, to, options);
  const failed: typeof work = [];
  work.forEach((w, k) => {
    const restored = restoreTerms(translated[k] ?? '', w.protected);
    if (restored.ok) out[w.index] = w.lead + restored.text + w.trail;
    else failed.push(w);
  });
  if (failed.length) {
    const plain = await translateCores(engine, failed.map((w) => w.core), from, to, options);
    failed.forEach((w, k) => (out[w.index] = w.lead + applyTermsVerbatim(plain[k] ?? '', glossary) + w.trail));
  }
  return out;
}

interface Piece {
  owner: number;
  lead: string;
  body: string;
  trail: string;
}

/** Split → batch → translate → reassemble; no glossary handling. Texts without letters are returned as they are. */
async function translateCores(
  engine: TranslationEngine,
  cores: readonly string[],
  from: string,
  to: string,
  options: TranslateOptions,
): Promise<string[]> {
  const pieces: Piece[] = [];
  cores.forEach((core, owner) => {
    for (const part of splitText(core, options.chunkChars)) pieces.push({ owner, ...splitPiece(part) });
  });
  const bodies = pieces.filter((p) => HAS_LETTER.test(p.body));
  const results: string[] = [];
  for (const batch of batchSegments(bodies.map((p) => p.body), options.chunkChars)) {
    options.signal?.throwIfAborted();
    results.push(...(await engine.translate(batch, from, to, options.signal)));
  }
  bodies.forEach((p, i) => (p.body = results[i]?.trim() ?? p.body));
  const out = cores.map(() => '');
  let previous: Piece | undefined;
  for (const piece of pieces) {
    let separator = piece.lead;
    if (previous?.owner === piece.owner) {
      separator = previous.trail + piece.lead;
      // A space between two sentences of Chinese/Japanese output is an artefact of the cut.
      if (!separator.includes('\n') && isSpaceless(out[piece.owner]!.at(-1)) && isSpaceless(piece.body[0])) separator = '';
      out[piece.owner] += separator + piece.body;
    } else {
      if (previous) out[previous.owner] += previous.trail;
      out[piece.owner] += separator + piece.body;
    }
    previous = piece;
  }
  if (previous) out[previous.owner] += previous.trail;
  return out;
}

function splitPiece(text: string): Omit<Piece, 'owner'> {
  const { lead, core, trail } = splitEdges(text);
  return { lead, body: core, trail };
}
