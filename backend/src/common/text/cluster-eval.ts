/**
 * Evaluation of story clustering on the labelled set backend/test/fixtures/clusters/stories.jsonl
 * (docs/collect-design.md §4.4). Used by cluster-eval.spec.ts (asserts the test half) and by
 * bench/collect/cluster-eval.mjs (prints both halves). Pure: no database, no clock.
 *
 * The run mirrors NewsIngest: items arrive in publish-time order; an item's candidates are the
 * earlier items sharing at least one LSH band key (the `bands && $1` query) within the window; the
 * decision is decideCluster(); clusters are never merged.
 */
import { storyFeatures } from './shingles';
import { DEFAULT_CLUSTER_WINDOW_HOURS, decideCluster, isChinese, storySignatures, type ClusterCandidate, type ClusterParams, type SignatureOptions, type StorySignatures } from './story-cluster';

export interface LabelledItem {
  id: string;
  story: string;
  source: string;
  lang: string;
  title: string;
  content: string;
  titleCn?: string;
  contentCn?: string;
  publishTime: string;
  /** Free-form tags (hard-negative, follow-up, mt …), documentation only. */
  tags?: string[];
}

export type Half = 'dev' | 'test';

/** Split by the story id's number parity (§4.4): odd → dev (tuning), even → test (reported). */
export function halfOf(story: string): Half {
  const m = /(\d+)\s*$/.exec(story);
  if (!m) throw new Error(`story id without a number: ${story}`);
  return Number(m[1]) % 2 === 1 ? 'dev' : 'test';
}

export function parseJsonl(text: string): LabelledItem[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LabelledItem);
}

export interface EvalOptions extends ClusterParams, SignatureOptions {}

/**
 * item id → cluster key (the item's own id when it stays alone). `candidateLog`, when given, receives
 * every (item, earlier LSH candidate) pair, window or not (the rows the `bands && $1` query returns
 * before the time filter narrows them; the cost measure of §4.4).
 */
export function clusterItems(items: ReadonlyArray<LabelledItem>, options: EvalOptions = {}, candidateLog?: Array<[string, string]>): Map<string, string> {
  const sorted = [...items].sort((a, b) => Date.parse(a.publishTime) - Date.parse(b.publishTime) || a.id.localeCompare(b.id));
  const byBand = new Map<bigint, string[]>();
  const seen = new Map<string, { sig: StorySignatures; time: number; source: string }>();
  const cluster = new Map<string, string | null>();
  const size = new Map<string, number>();
  for (const item of sorted) {
    const sig = storySignatures(item, options);
    const time = Date.parse(item.publishTime);
    const ids = new Set<string>();
    for (const key of sig.bands) for (const id of byBand.get(key) ?? []) ids.add(id);
    if (candidateLog) for (const id of ids) candidateLog.push([item.id, id]);
    const candidates: ClusterCandidate[] = [...ids].map((id) => {
      const s = seen.get(id)!;
      const clusterId = cluster.get(id) ?? null;
      return { id, clusterId, clusterSize: clusterId ? size.get(clusterId) : 1, publishTime: s.time, webId: s.source, orig: s.sig.orig, zh: s.sig.zh };
    });
    const decision = decideCluster({ publishTime: time, webId: item.source, orig: sig.orig, zh: sig.zh }, candidates, options);
    if (decision.action === 'join') {
      let cid = decision.clusterId;
      if (cid === null) {
        cid = `c:${decision.candidateId}`;
        cluster.set(decision.candidateId, cid);
        size.set(cid, 1);
      }
      cluster.set(item.id, cid);
      size.set(cid, (size.get(cid) ?? 0) + 1);
    } else {
      cluster.set(item.id, null);
    }
    seen.set(item.id, { sig, time, source: item.source });
    for (const key of sig.bands) {
      const list = byBand.get(key);
      if (list) list.push(item.id);
      else byBand.set(key, [item.id]);
    }
  }
  const out = new Map<string, string>();
  for (const [id, cid] of cluster) out.set(id, cid ?? id);
  return out;
}

export interface PairCounts {
  tp: number;
  fp: number;
  fn: number;
}

export interface EvalResult {
  items: number;
  stories: number;
  precision: number;
  recall: number;
  f1: number;
  bcubedF1: number;
  /** Pairwise counts by pair type: both items in one language, or a Chinese item ↔ an MT item. */
  byType: Record<'sameLanguage' | 'zhMt' | 'other', PairCounts>;
  /**
   * Candidate cost: pairs of different stories within the window, the LSH candidates among them, and
   * the same for the loosely related ones (exact feature Jaccard 0.10–0.20: same topic, other event).
   */
  cost?: { crossPairs: number; crossCandidates: number; loosePairs: number; looseCandidates: number };
  /** Missed same-story pairs and wrongly joined pairs (ids), for the report. */
  misses: Array<[string, string]>;
  wrong: Array<[string, string]>;
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

function pairType(a: LabelledItem, b: LabelledItem): keyof EvalResult['byType'] {
  const zhA = a.lang.startsWith('zh');
  const zhB = b.lang.startsWith('zh');
  if (zhA === zhB && (zhA || a.lang === b.lang)) return 'sameLanguage';
  if ((zhA && !zhB && b.titleCn) || (zhB && !zhA && a.titleCn)) return 'zhMt';
  return 'other';
}

/** Pairwise precision/recall over item pairs and B-cubed F1 (§4.4). */
export function evaluate(items: ReadonlyArray<LabelledItem>, predicted: Map<string, string>): EvalResult {
  const byType: EvalResult['byType'] = { sameLanguage: { tp: 0, fp: 0, fn: 0 }, zhMt: { tp: 0, fp: 0, fn: 0 }, other: { tp: 0, fp: 0, fn: 0 } };
  const misses: Array<[string, string]> = [];
  const wrong: Array<[string, string]> = [];
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i];
      const b = items[j];
      const gold = a.story === b.story;
      const pred = predicted.get(a.id) === predicted.get(b.id);
      const t = byType[pairType(a, b)];
      if (gold && pred) {
        tp++;
        t.tp++;
      } else if (pred) {
        fp++;
        t.fp++;
        wrong.push([a.id, b.id]);
      } else if (gold) {
        fn++;
        t.fn++;
        misses.push([a.id, b.id]);
      }
    }
  }
  // B-cubed: per item, precision = |pred cluster ∩ gold story| / |pred cluster|, recall likewise.
  const predGroups = new Map<string, LabelledItem[]>();
  const goldGroups = new Map<string, LabelledItem[]>();
  for (const it of items) {
    const p = predicted.get(it.id)!;
    predGroups.set(p, [...(predGroups.get(p) ?? []), it]);
    goldGroups.set(it.story, [...(goldGroups.get(it.story) ?? []), it]);
  }
  let bp = 0;
  let br = 0;
  for (const it of items) {
    const pg = predGroups.get(predicted.get(it.id)!)!;
    const gg = goldGroups.get(it.story)!;
    const both = pg.filter((x) => x.story === it.story).length;
    bp += both / pg.length;
    br += both / gg.length;
  }
  bp /= items.length || 1;
  br /= items.length || 1;
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, tp + fn);
  return {
    items: items.length,
    stories: goldGroups.size,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    bcubedF1: bp + br === 0 ? 0 : (2 * bp * br) / (bp + br),
    byType,
    misses,
    wrong,
  };
}

/** Exact Jaccard of two sets. */
function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  const union = a.size + b.size - both;
  return union === 0 ? 0 : both / union;
}

/** An item's exact feature sets of both kinds (the kinds of storySignatures). */
function featureSets(x: LabelledItem, options: EvalOptions): { orig: Set<string>; zh: Set<string> | null } {
  const orig = storyFeatures({ title: x.title, content: x.content }, options);
  const zh = isChinese(x.lang) ? orig : x.titleCn || x.contentCn ? storyFeatures({ title: x.titleCn, content: x.contentCn }, options) : null;
  return { orig, zh };
}

/** Cluster one half and score it; `withCost` adds the candidate cost (the bench; it re-tokenises). */
export function evaluateHalf(all: ReadonlyArray<LabelledItem>, half: Half, options: EvalOptions = {}, withCost = false): EvalResult {
  const items = all.filter((it) => halfOf(it.story) === half);
  const log: Array<[string, string]> = [];
  const result = evaluate(items, clusterItems(items, options, log));
  if (!withCost) return result;
  const candidates = new Set(log.map(([a, b]) => (a < b ? `${a} ${b}` : `${b} ${a}`)));
  const windowMs = (options.windowHours ?? DEFAULT_CLUSTER_WINDOW_HOURS) * 3_600_000;
  const sets = new Map(items.map((it) => [it.id, featureSets(it, options)]));
  const cost = { crossPairs: 0, crossCandidates: 0, loosePairs: 0, looseCandidates: 0 };
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i];
      const b = items[j];
      if (a.story === b.story || Math.abs(Date.parse(a.publishTime) - Date.parse(b.publishTime)) > windowMs) continue;
      const cand = candidates.has(a.id < b.id ? `${a.id} ${b.id}` : `${b.id} ${a.id}`) ? 1 : 0;
      cost.crossPairs++;
      cost.crossCandidates += cand;
      const fa = sets.get(a.id)!;
      const fb = sets.get(b.id)!;
      const s = Math.max(jaccard(fa.orig, fb.orig), fa.zh && fb.zh ? jaccard(fa.zh, fb.zh) : 0);
      if (s >= 0.1 && s < 0.2) {
        cost.loosePairs++;
        cost.looseCandidates += cand;
      }
    }
  }
  return { ...result, cost };
}
