import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { mapCooperative } from '../../common/async/cooperative.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import { htmlToText } from '../../common/text/html-to-text.js';
import type { Signature } from '../../common/text/minhash.js';
import { decideCluster, MAX_CLUSTER_SIZE, storySignatures, type ClusterCandidate } from '../../common/text/story-cluster.js';
import { ClassifyService } from '../classify/index.js';
import type { IngestItem, IngestOrigin, IngestResult, NewsIngestPort } from './news-ingest.js';
import { type CandidateRow, NewsIngestRepository, type NewRow } from './news-ingest.repository.js';
import { documentTokens, getJieba, toTsVector } from './search/tokenizer.js';

/** Rows per multi-row INSERT. */
const INSERT_CHUNK = 200;
/** LSH candidate rows read per batch at most. */
const CANDIDATE_LIMIT = 5000;
/** `news_dept.update_by` of a warning set by an alert rule. */
export const SYSTEM_ACTOR = 'system';
/** `news.url` / `news_source.guid` are varchar(1000). */
const MAX_URL = 1000;

/** The item's key at its source: its guid, else its URL; a guid too long for the column becomes its SHA-256. */
function guidOf(item: IngestItem): string {
  const g = item.guid || item.url;
  return g.length <= MAX_URL ? g : `sha256:${createHash('sha256').update(g).digest('hex')}`;
}

/** Prefix of a new story's placeholder id within one assignment. */
const NEW_CLUSTER = 'new:';

/** Signatures are kept this many days (§4.3). */
export const MINHASH_KEEP_DAYS = 14;

/** Jieba `cut` with HMM over the news tokenizer's instance (one dictionary per process). */
const hanCut = (run: string): string[] => getJieba().cut(run, true);

/** Signed int4 ↔ unsigned signature values (`news_minhash.sig int[]`). */
const toInts = (sig: Signature | null): number[] | null => (sig ? Array.from(sig, (v) => v | 0) : null);
const fromInts = (values: number[] | null): Signature | null => (values ? Uint32Array.from(values, (v) => v >>> 0) : null);

/** An item to (re)assign to a story: its signatures and current cluster. */
interface StoryEntry {
  id: string;
  publishTime: Date;
  webId: number | null;
  orig: Signature | null;
  zh: Signature | null;
  bands: string[];
  clusterId: string | null;
  /** Noise items get signatures but join no story. */
  isNoise: boolean;
}

interface Candidate {
  id: string;
  publishTime: Date;
  webId: number | null;
  orig: Signature | null;
  zh: Signature | null;
  bands: Set<string>;
  clusterId: string | null;
}

/** The Chinese text an exchange package carries with an item. */
type Translation = { titleCn: string | null; contentCn: string | null };
/** What `updateNews` answers of an updated item. */
type UpdatedRow = NonNullable<Awaited<ReturnType<NewsIngestRepository['updateNews']>>>;

const textOf = (value: string | null | undefined): string | null => (value ? htmlToText(value) : null);

/**
 * The news module's one write path for collected and imported items (docs/collect-design.md §4.2,
 * §4.3): per batch one transaction — lookup by this source's guids ∪ URLs; duplicate / updated /
 * another source's item (`news_source` row) / created (multi-row insert, ON CONFLICT (url) → the
 * cross-source rule); then MinHash signatures and story clusters of the created and updated items.
 * New rows look like the manual entry's (`createOneNews`): website name, language and country as
 * fallbacks, the search vector of the tokenizer, the noise flag, `mt_status` pending when machine
 * translation runs automatically (the MT sweep queues them). `collect_source` figures are the
 * collector's business.
 */
@Injectable()
export class NewsIngest implements NewsIngestPort {
  private readonly log = new Logger('NewsIngest');

  constructor(
    private readonly repo: NewsIngestRepository,
    private readonly classify: ClassifyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** New items are translated in the background when an engine is configured (same rule as createOneNews). */
  private get mtOn(): boolean {
    return this.config.mt.engine !== 'none' && this.config.mt.auto;
  }

  async ingest(webId: number, items: IngestItem[], origin: IngestOrigin = 'collect'): Promise<IngestResult> {
    const result: IngestResult = { created: 0, updated: 0, duplicates: 0, createdIds: [] };
    if (!items.length) return result;
    // One item per guid and per URL within the batch (the first wins; the rest are duplicates).
    const seenGuid = new Set<string>();
    const seenUrl = new Set<string>();
    const batch: IngestItem[] = [];
    for (const item of items) {
      if (item.url.length > MAX_URL) {
        this.log.warn(`source ${webId}: item skipped, URL longer than ${MAX_URL} characters: ${item.url.slice(0, 200)}…`);
        continue;
      }
      const g = guidOf(item);
      if (seenGuid.has(g) || seenUrl.has(item.url)) {
        result.duplicates++;
        continue;
      }
      seenGuid.add(g);
      seenUrl.add(item.url);
      batch.push(item);
    }
    const noiseId = await this.classify.noiseId();
    const exchange = origin === 'exchange';

    // 1. The items, in a short transaction of their own: a concurrent batch inserting a shared URL
    //    waits on this one's uncommitted row until the commit (with the story step inside, those waits
    //    chained batches into seconds each).
    const stored = await this.repo.transaction(async (em) => {
      const site = await this.repo.website(em, webId);
      if (!site) throw DomainException.notFound('来源网站不存在');
      const known = await this.repo.lookup(em, webId, batch.map(guidOf), batch.map((i) => i.url));
      const byGuid = new Map(known.filter((k) => k.guid !== null).map((k) => [k.guid!, k]));
      const byUrl = new Map(known.filter((k) => k.guid === null).map((k) => [k.url, k]));

      const updates: Array<{ id: string; item: IngestItem }> = [];
      const otherSource: Array<{ newsId: string; guid: string }> = [];
      const create: IngestItem[] = [];
      for (const item of batch) {
        const atUrl = byUrl.get(item.url);
        const own = byGuid.get(guidOf(item)) ?? (atUrl?.own ? atUrl : undefined);
        if (own) {
          // A second source's copy never edits the item (rule 3: the news row is not changed).
          if (own.contentHash === item.contentHash || !own.primary) result.duplicates++;
          else updates.push({ id: own.id, item });
        } else if (atUrl) {
          otherSource.push({ newsId: atUrl.id, guid: guidOf(item) });
        } else {
          create.push(item);
        }
      }

      // Rule 4: created, in URL order (concurrent batches lock the same URLs in the same order).
      create.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
      const createdByUrl = new Map<string, string>();
      for (let i = 0; i < create.length; i += INSERT_CHUNK) {
        const rows = await mapCooperative(create.slice(i, i + INSERT_CHUNK), (item) => this.newRow(item, webId, site, noiseId, exchange));
        for (const r of await this.repo.insertNews(em, rows)) createdByUrl.set(r.url, r.id);
      }
      const created = create.filter((item) => createdByUrl.has(item.url));
      await this.repo.addSources(em, webId, created.map((item) => ({ newsId: createdByUrl.get(item.url)!, guid: guidOf(item) })));
      // Rows lost to a concurrent insert (another source, another worker) → rule 3.
      const lost = create.filter((item) => !createdByUrl.has(item.url));
      const lostIds = new Map((await this.repo.idsByUrl(em, lost.map((i) => i.url))).map((r) => [r.url, r.id]));
      for (const item of lost) {
        const id = lostIds.get(item.url);
        if (id) otherSource.push({ newsId: id, guid: guidOf(item) });
      }
      // Rule 3: another source's item gains this source; counted as a duplicate.
      const sourceAdded = await this.repo.addSources(em, webId, otherSource);
      // (A lost row whose item is gone again by now was deleted concurrently: nothing to add.)
      result.duplicates += otherSource.length + lost.filter((i) => !lostIds.has(i.url)).length;

      result.created = created.length;
      result.createdIds = created.map((item) => createdByUrl.get(item.url)!);
      const updated: Array<{ id: string; item: IngestItem; translation: Translation | null; row: UpdatedRow }> = [];
      for (const { id, item } of updates) {
        const translation = exchange && (item.titleCn || item.contentCn) ? { titleCn: item.titleCn ?? null, contentCn: item.contentCn ?? null } : null;
        const row = await this.repo.updateNews(em, {
          id,
          title: item.title,
          content: item.content,
          contentHtml: item.contentHtml,
          keywords: item.keywords,
          search: this.search(item, translation),
          contentHash: item.contentHash,
          translation,
          mtOn: this.mtOn,
        });
        if (!row) continue;
        result.updated++;
        updated.push({ id, item, translation, row });
      }
      return { site, created: created.map((item) => ({ id: createdByUrl.get(item.url)!, item })), updated, sourceAdded };
    });
    if (!stored.created.length && !stored.updated.length && !stored.sourceAdded.length) return result;

    // 2. Signatures (CPU, outside any transaction), then the story step in a second transaction. The
    //    items are committed and visible meanwhile; a process that stops in between leaves them
    //    unchecked, and the maintenance sweep (reclusterTranslated) gives them their stories later.
    const entries: StoryEntry[] = [
      ...(await mapCooperative(stored.created, ({ id, item }) =>
        this.entry(id, exchange ? item : { ...item, titleCn: null, contentCn: null }, webId, item.language ?? stored.site.language, item.classify.includes(noiseId), null),
      )),
      ...(await mapCooperative(stored.updated, ({ id, item, translation, row }) =>
        this.entry(id, { ...item, publishTime: row.publishTime, ...(translation ?? { titleCn: null, contentCn: null }) }, row.webId, row.language, row.isNoise, row.clusterId),
      )),
    ];
    try {
      // created items were stamped checked at their INSERT; updated ones are stamped now
      const check = stored.updated.map(({ id }) => ({ id, at: null }));
      await this.repo.transaction((em) => this.cluster(em, entries, stored.sourceAdded, check));
    } catch (e) {
      // the items are stored; the sweep retries their stories
      this.log.warn(`source ${webId}: story step failed, left to the sweep: ${(e as Error).message}`);
    }
    return result;
  }

  /** The `news` row of a created item (NEW_COLUMNS order). */
  private newRow(item: IngestItem, webId: number, site: { name: string; language: string | null; country: string | null }, noiseId: number, exchange: boolean): NewRow {
    const classify = [...new Set(item.classify)];
    const translated = exchange && !!(item.titleCn || item.contentCn);
    const keywords = [...new Set(item.keywords.map((k) => k.trim()).filter((k) => k !== ''))];
    return [
      item.title,
      translated ? (item.titleCn ?? null) : null,
      item.content,
      item.contentHtml,
      translated ? (item.contentCn ?? null) : null,
      item.url,
      item.publishTime,
      webId,
      site.name,
      (item.language ?? site.language)?.slice(0, 8) ?? null,
      (item.country ?? site.country)?.slice(0, 16) ?? null,
      keywords,
      classify,
      classify.includes(noiseId),
      this.search(item, translated ? { titleCn: item.titleCn ?? null, contentCn: item.contentCn ?? null } : null),
      translated ? 'done' : this.mtOn ? 'pending' : null,
      translated ? new Date() : null,
      item.contentHash,
      JSON.stringify(exchange ? (item.files ?? []).map((f) => ({ name: f.name, size: f.size, storageId: f.storageId })) : []),
    ];
  }

  /** The search vector as the manual entry and the seed build it (titles weight A, bodies D). */
  private search(item: Pick<IngestItem, 'title' | 'content'>, translation: Translation | null): string {
    return toTsVector(documentTokens({ title: item.title, titleCn: translation?.titleCn, content: item.content, contentCn: textOf(translation?.contentCn) }));
  }

  private entry(
    id: string,
    item: Pick<IngestItem, 'title' | 'content' | 'publishTime' | 'titleCn' | 'contentCn'>,
    webId: number | null,
    language: string | null,
    isNoise: boolean,
    clusterId: string | null,
  ): StoryEntry {
    const sig = storySignatures({ lang: language, title: item.title, content: item.content, titleCn: item.titleCn, contentCn: textOf(item.contentCn) }, { hanCut });
    return { id, publishTime: new Date(item.publishTime), webId, orig: sig.orig, zh: sig.zh, bands: sig.bands.map(String), clusterId, isNoise };
  }

  /**
   * §4.3: stores the entries' signatures, then assigns the unclustered ones (publish order) to the
   * story of their best verified LSH candidate — earlier entries of the batch included — or leaves
   * them alone; a candidate without a story starts one with the entry. Clusters are never merged and
   * stop at MAX_CLUSTER_SIZE. Touched clusters (and those of `sourceAdded` items, whose source count
   * may change) get their lead, size, sources and times recomputed.
   *
   * Only the assignment is serialised (lockClusters, held to the commit: clusters are never merged, so
   * two concurrent batches must not both start a story with the same candidate). The signatures and
   * band rows are written before the lock: they are this batch's own rows, invisible to the others
   * until the commit, and a batch assigning later sees them then (of two concurrent batches, the one
   * that takes the lock second compares against the first's items). Storing them under the lock made
   * it the pipeline's serial section (about 60 % of the story step).
   */
  private async cluster(em: EntityManager, entries: StoryEntry[], sourceAdded: string[], check: Array<{ id: string; at: string | null }>): Promise<void> {
    if (entries.length) {
      // items deleted since they were read have no signature to keep
      const present = new Set((await this.repo.clusterIdsOf(em, entries.map((e) => e.id))).map(([id]) => id));
      entries = entries.filter((e) => present.has(e.id));
      check = check.filter((c) => present.has(c.id));
    }
    if (entries.length) {
      await this.repo.upsertMinhash(
        em,
        entries.map((e) => ({ newsId: e.id, publishTime: e.publishTime, sig: toInts(e.orig) ?? [], sigZh: toInts(e.zh), bands: e.bands })),
      );
      await this.repo.markChecked(em, check);
    }
    // The candidates are read before the lock, noting the last committed story step; under the lock
    // only the items of the steps committed since are read (news_cluster_log), and the clusters of the
    // candidates read before are refreshed. The candidate query was the largest part of the lock's time.
    const unassigned = entries.filter((e) => e.clusterId === null && !e.isNoise && e.bands.length);
    let lookup: { seq: string; bands: string[]; from: Date; to: Date; exclude: string[]; before: CandidateRow[] } | undefined;
    if (unassigned.length) {
      const windowMs = this.config.collect.clusterWindowHours * 3_600_000;
      const times = unassigned.map((e) => e.publishTime.getTime());
      const bands = [...new Set(unassigned.flatMap((e) => e.bands))];
      const [from, to] = [new Date(Math.min(...times) - windowMs), new Date(Math.max(...times) + windowMs)];
      const exclude = unassigned.map((e) => e.id);
      const seq = await this.repo.logSeq(em);
      lookup = { seq, bands, from, to, exclude, before: await this.repo.candidates(em, bands, from, to, exclude, CANDIDATE_LIMIT) };
    }
    await this.repo.lockClusters(em);
    if (entries.length) await this.repo.logStep(em, entries.map((e) => e.id));
    const touched = new Set(await this.repo.clustersOf(em, sourceAdded));
    // the items are committed: one may have joined a story (as another batch's candidate) since it was read
    if (entries.length) {
      const now = new Map(await this.repo.clusterIdsOf(em, entries.map((e) => e.id)));
      for (const e of entries) e.clusterId = now.get(e.id) ?? null;
    }
    const open = entries.filter((e) => e.clusterId === null && !e.isNoise && e.bands.length).sort((a, b) => a.publishTime.getTime() - b.publishTime.getTime() || Number(a.id) - Number(b.id));
    let assigned = new Map<string, string>();
    if (open.length && lookup) {
      const since = await this.repo.candidatesSince(em, lookup.seq, lookup.bands, lookup.from, lookup.to, lookup.exclude);
      const fresh = new Set(since.map((r) => r.id));
      const older = lookup.before.filter((r) => !fresh.has(r.id));
      const state = new Map((await this.repo.candidateState(em, older.map((r) => r.id))).map((r) => [r.id, r]));
      const rows: CandidateRow[] = [
        ...older.filter((r) => state.has(r.id)).map((r) => ({ ...r, clusterId: state.get(r.id)!.clusterId, clusterSize: state.get(r.id)!.clusterSize })),
        ...since,
      ];
      assigned = await this.assign(em, open, rows, touched);
    }
    await this.repo.refreshClusters(em, [...touched], assigned);
  }

  /** Decides the stories of `open` (new clusters created); answers item id → cluster id, written by refreshClusters. */
  private async assign(em: EntityManager, open: StoryEntry[], rows: CandidateRow[], touched: Set<string>): Promise<Map<string, string>> {
    const sizes = new Map<string, number>();
    const pool: Candidate[] = rows.map((r) => {
      if (r.clusterId !== null) sizes.set(r.clusterId, r.clusterSize ?? 1);
      return { id: r.id, publishTime: new Date(r.publishTime), webId: r.webId, orig: fromInts(r.sig), zh: fromInts(r.sigZh), bands: new Set(r.bands), clusterId: r.clusterId };
    });
    // band key → the pool's items holding it (a scan of the pool per entry was a fifth of the CPU time)
    const byBand = new Map<string, Candidate[]>();
    const byId = new Map<string, Candidate>();
    const index = (c: Candidate): void => {
      byId.set(c.id, c);
      for (const b of c.bands) {
        const list = byBand.get(b);
        if (list) list.push(c);
        else byBand.set(b, [c]);
      }
    };
    pool.forEach(index);
    const assigned = new Map<string, string>();
    const newLeads: string[] = [];
    for (const e of open) {
      const hits = new Set<Candidate>();
      for (const b of e.bands) for (const c of byBand.get(b) ?? []) hits.add(c);
      const candidates: Array<ClusterCandidate<string>> = [...hits].map((c) => ({ ...c, clusterSize: c.clusterId === null ? 1 : (sizes.get(c.clusterId) ?? 1) }));
      const d = decideCluster({ publishTime: e.publishTime, webId: e.webId, orig: e.orig, zh: e.zh }, candidates, {
        threshold: this.config.collect.clusterThreshold,
        windowHours: this.config.collect.clusterWindowHours,
        maxClusterSize: MAX_CLUSTER_SIZE,
      });
      if (d.action === 'join') {
        let cid = d.clusterId;
        if (cid === null) {
          // a new story: a placeholder id until the one INSERT of all new clusters below
          const c = byId.get(d.candidateId)!;
          cid = `${NEW_CLUSTER}${newLeads.length}`;
          newLeads.push(c.publishTime <= e.publishTime ? c.id : e.id);
          c.clusterId = cid;
          assigned.set(c.id, cid);
          sizes.set(cid, 1);
        }
        e.clusterId = cid;
        assigned.set(e.id, cid);
        sizes.set(cid, (sizes.get(cid) ?? 0) + 1);
        touched.add(cid);
      }
      // Later entries of the batch may join this one.
      const self: Candidate = { id: e.id, publishTime: e.publishTime, webId: e.webId, orig: e.orig, zh: e.zh, bands: new Set(e.bands), clusterId: e.clusterId };
      index(self);
    }
    if (newLeads.length) {
      // one round trip for all new stories (a query per story, each answer queued behind other batches'
      // work on a busy event loop, was most of the time the lock was held)
      const ids = await this.repo.createClusters(em, newLeads);
      const real = (cid: string): string => (cid.startsWith(NEW_CLUSTER) ? ids[Number(cid.slice(NEW_CLUSTER.length))] : cid);
      for (const [id, cid] of assigned) assigned.set(id, real(cid));
      for (const cid of [...touched]) {
        if (!cid.startsWith(NEW_CLUSTER)) continue;
        touched.delete(cid);
        touched.add(real(cid));
      }
    }
    return assigned;
  }

  /** `news_dept.yj = true` of the department's items (alert hits), in the caller's transaction. */
  async markWarned(em: EntityManager, deptId: number, newsIds: string[]): Promise<void> {
    const ids = [...new Set(newsIds.map(String))];
    if (!ids.length) return;
    await this.repo.markWarned(em, deptId, ids, SYSTEM_ACTOR);
  }

  /**
   * The MT sweep (collect maintenance, every minute): items whose machine translation finished after
   * their last cluster check get their Chinese signature; the unclustered ones are assigned again.
   * Collected items never checked (a process stopped between the two transactions of `ingest`) get
   * their signatures and stories too. Answers how many items were checked.
   */
  async reclusterTranslated(limit = 200): Promise<number> {
    return this.repo.transaction(async (em) => {
      // taken first (and again, re-entrantly, by cluster()): two replicas' sweeps do not check the same rows
      await this.repo.lockClusters(em);
      const rows = await this.repo.translatedSince(em, limit);
      // and items a stopped process left between storing them and their story step
      const seen = new Set(rows.map((r) => r.id));
      for (const r of await this.repo.uncheckedSince(em, limit)) if (!seen.has(r.id)) rows.push(r);
      if (!rows.length) return 0;
      const entries = rows.map((r) =>
        this.entry(r.id, { title: r.title, content: r.content, titleCn: r.titleCn, contentCn: r.contentCn, publishTime: r.publishTime }, r.webId, r.language, false, r.clusterId),
      );
      await this.cluster(em, entries, [], rows.map((r) => ({ id: r.id, at: r.mtTime })));
      return rows.length;
    });
  }

  /** Deletes signatures older than `days` (daily maintenance); how many. */
  pruneMinhash(days = MINHASH_KEEP_DAYS): Promise<number> {
    return this.repo.pruneMinhash(days);
  }
}
