/**
 * The pure part of story clustering (docs/collect-design.md §4.3): an item's two signatures and band
 * keys, and the assignment decision for a new item given its LSH candidates. The news module
 * (`NewsIngest`) reads the candidates (`bands && $1` within the window) and writes the result.
 *
 * Rules: a candidate is verified when its publish time is within `windowHours` of the item's and the
 * estimated Jaccard of a same-kind signature pair (orig↔orig, zh↔zh) is ≥ `threshold`; the item joins
 * the cluster of the best verified candidate (ties: the earlier candidate, then the smaller id); a
 * candidate without a cluster gets a new one with the item; a full cluster (`maxClusterSize`) is not
 * joined; clusters are never merged.
 */
import { bandKeys, estimateJaccard, minhash, type Signature } from './minhash';
import { storyFeatures, type FeatureOptions } from './shingles';

/** Tuned on the dev half of test/fixtures/clusters (§4.4). */
export const DEFAULT_CLUSTER_THRESHOLD = 0.22;
export const DEFAULT_CLUSTER_WINDOW_HOURS = 72;
export const MAX_CLUSTER_SIZE = 500;

export interface StoryText {
  /** Item language (`zh`, `zh-CN`, `en` …); a `zh*` item is its own Chinese text. */
  lang?: string | null;
  title?: string | null;
  content?: string | null;
  /** Machine translation into Chinese (news `title_cn` / `content_cn`), when present. */
  titleCn?: string | null;
  contentCn?: string | null;
}

export interface StorySignatures {
  orig: Signature | null;
  zh: Signature | null;
  /** Band keys of both kinds (kind inside the hash), for `news_minhash.bands`. */
  bands: bigint[];
}

export function isChinese(lang: string | null | undefined): boolean {
  return !!lang && /^zh\b/i.test(lang);
}

/** `orig` of the item's own text; `zh` = the item itself when Chinese, else its MT when present. */
export interface SignatureOptions extends FeatureOptions {
  /** LSH rows per band (default ROWS of minhash.ts). */
  rows?: number;
  /** MinHash values per signature (default NUM_HASHES of minhash.ts). */
  hashes?: number;
}

export function storySignatures(item: StoryText, options: SignatureOptions = {}): StorySignatures {
  const orig = minhash(storyFeatures({ title: item.title, content: item.content }, options), options.hashes);
  let zh: Signature | null = null;
  if (isChinese(item.lang)) zh = orig;
  else if (item.titleCn || item.contentCn) zh = minhash(storyFeatures({ title: item.titleCn, content: item.contentCn }, options), options.hashes);
  // A Chinese item's own signature is its zh one: its `orig` band keys would only find what its `zh`
  // keys find (other Chinese items, whose zh is their orig too), so they are not kept.
  const origBands = zh === orig ? [] : bandKeys('orig', orig, options.rows);
  return { orig, zh, bands: [...origBands, ...bandKeys('zh', zh, options.rows)] };
}

/** Best same-kind estimated Jaccard of two items. */
export function storySimilarity(a: Pick<StorySignatures, 'orig' | 'zh'>, b: Pick<StorySignatures, 'orig' | 'zh'>): number {
  return Math.max(estimateJaccard(a.orig, b.orig), estimateJaccard(a.zh, b.zh));
}

export interface ClusterCandidate<Id = string> {
  id: Id;
  clusterId: Id | null;
  /** Members of the candidate's cluster (0 or 1 when unclustered). */
  clusterSize?: number;
  publishTime: Date | number;
  webId?: number | string | null;
  orig: Signature | null;
  zh: Signature | null;
}

export interface NewStory {
  publishTime: Date | number;
  webId?: number | string | null;
  orig: Signature | null;
  zh: Signature | null;
}

export interface ClusterParams {
  threshold?: number;
  windowHours?: number;
  maxClusterSize?: number;
}

export type ClusterDecision<Id = string> =
  | { action: 'join'; candidateId: Id; clusterId: Id | null; similarity: number }
  | { action: 'new' };

const ms = (t: Date | number) => (typeof t === 'number' ? t : t.getTime());

/**
 * Join or new. `join` with `clusterId: null` means: create a cluster holding the candidate and the
 * item (lead = the earlier published of the two).
 */
export function decideCluster<Id>(item: NewStory, candidates: ReadonlyArray<ClusterCandidate<Id>>, params: ClusterParams = {}): ClusterDecision<Id> {
  const threshold = params.threshold ?? DEFAULT_CLUSTER_THRESHOLD;
  const windowMs = (params.windowHours ?? DEFAULT_CLUSTER_WINDOW_HOURS) * 3_600_000;
  const maxSize = params.maxClusterSize ?? MAX_CLUSTER_SIZE;
  const t = ms(item.publishTime);
  let best: { c: ClusterCandidate<Id>; s: number } | undefined;
  for (const c of candidates) {
    if (Math.abs(ms(c.publishTime) - t) > windowMs) continue;
    if (c.clusterId !== null && (c.clusterSize ?? 0) >= maxSize) continue;
    const s = storySimilarity(item, c);
    if (s < threshold) continue;
    if (
      !best ||
      s > best.s ||
      (s === best.s && (ms(c.publishTime) < ms(best.c.publishTime) || (ms(c.publishTime) === ms(best.c.publishTime) && String(c.id) < String(best.c.id))))
    ) {
      best = { c, s };
    }
  }
  return best ? { action: 'join', candidateId: best.c.id, clusterId: best.c.clusterId, similarity: best.s } : { action: 'new' };
}
