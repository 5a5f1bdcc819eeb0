import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** What the lookup of a batch finds (§4.2 rule 1): a known guid of this source, or a known URL. */
/** `news_dept.yj_by` of a warning set by a keyword alert rule. */
export const ALERT_WARNER = '预警规则';

export interface KnownItem {
  id: string;
  url: string;
  /** The guid of this source that matched (null for a URL match). */
  guid: string | null;
  contentHash: string | null;
  /** This source already has a `news_source` row for the item. */
  own: boolean;
  /** The item is this source's own (`news.web_id`): only then does an edit update it. */
  primary: boolean;
}

/**
 * `{1,2,3}` for an array of integers (or integer strings); null stays null. The driver serialises an
 * array element by element (escaping each): for 256-value signatures one join is much cheaper.
 */
export function arrayLiteral(values: ReadonlyArray<number | string> | null): string | null {
  if (values === null) return null;
  for (const v of values) if (typeof v === 'number' ? !Number.isSafeInteger(v) : !/^-?\d{1,19}$/.test(v)) throw new TypeError(`not an integer: ${String(v)}`);
  return `{${values.join(',')}}`;
}

/** A `news` row of a created item, values in NEW_COLUMNS order. */
export type NewRow = unknown[];

/** Columns of a created item (the same ones the manual entry and the seed fill). */
export const NEW_COLUMNS = [
  'title', 'title_cn', 'content', 'content_html', 'content_cn', 'url', 'publish_time', 'web_id', 'web_name', 'language', 'country',
  'keywords', 'classify', 'is_noise', 'search', 'mt_status', 'mt_time', 'content_hash', 'files',
] as const;
const CASTS: Record<string, string> = { files: '::jsonb', keywords: '::text[]', classify: '::int[]', search: '::tsvector', content_hash: '::bigint', publish_time: '::timestamptz', mt_time: '::timestamptz' };

/** The new text of an edited item (§4.2 rule 2). */
export interface ItemUpdate {
  id: string;
  title: string;
  content: string;
  contentHtml: string | null;
  keywords: string[];
  search: string;
  contentHash: string;
  /** Exchange items carry their translation: stored as a finished machine translation. */
  translation: { titleCn: string | null; contentCn: string | null } | null;
  /** Machine translation is on: an item that had one goes back to pending. */
  mtOn: boolean;
}

/** A stored signature row. */
export interface MinhashRow {
  newsId: string;
  publishTime: Date;
  sig: number[];
  sigZh: number[] | null;
  bands: string[];
}

/** A candidate of the LSH query (§4.3). */
export interface CandidateRow {
  id: string;
  publishTime: Date;
  webId: number | null;
  sig: number[];
  sigZh: number[] | null;
  /** The candidate's band keys among the asked ones (its other keys cannot match). */
  bands: string[];
  clusterId: string | null;
  clusterSize: number | null;
}

/** An item whose machine translation arrived after its last cluster check. */
export interface TranslatedRow {
  id: string;
  /** As text: microseconds kept (a JS Date would round them off, and the item would look newer than its check); null for an unchecked item. */
  mtTime: string | null;
  publishTime: Date;
  webId: number | null;
  language: string | null;
  title: string;
  content: string;
  titleCn: string | null;
  contentCn: string | null;
  clusterId: string | null;
}

/** The rows of `NewsIngest`: `news` writes of collected items, `news_source`, `news_cluster`, `news_minhash`, `news_dept.yj`. */
@Injectable()
export class NewsIngestRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Name, language and country of a website (undefined: no such website). */
  async website(em: EntityManager, webId: number): Promise<{ name: string; language: string | null; country: string | null } | undefined> {
    const rows: Array<{ name: string; language: string | null; country: string | null }> = await em.query('SELECT name, language, country FROM news_website WHERE id = $1', [webId]);
    return rows[0];
  }

  /** Rule 1 in one round trip: this source's known guids ∪ known URLs (with whether this source has the item). */
  lookup(em: EntityManager, webId: number, guids: string[], urls: string[]): Promise<KnownItem[]> {
    return em.query(
      `SELECT s.news_id::text AS id, n.url, s.guid, n.content_hash::text AS "contentHash", true AS own, n.web_id IS NOT DISTINCT FROM $1 AS primary
         FROM news_source s JOIN news n ON n.id = s.news_id WHERE s.web_id = $1 AND s.guid = ANY($2::text[])
       UNION ALL
       SELECT n.id::text, n.url, NULL, n.content_hash::text,
              EXISTS (SELECT 1 FROM news_source s WHERE s.news_id = n.id AND s.web_id = $1), n.web_id IS NOT DISTINCT FROM $1
         FROM news n WHERE n.url = ANY($3::text[])`,
      [webId, guids, urls],
    );
  }

  /** Multi-row insert; rows whose URL exists (a concurrent insert won) are skipped. Answers the inserted `{id, url}`. */
  async insertNews(em: EntityManager, rows: NewRow[]): Promise<Array<{ id: string; url: string }>> {
    if (!rows.length) return [];
    const params: unknown[] = [];
    const tuples = rows.map((row) => `(${row.map((v, i) => `$${params.push(v)}${CASTS[NEW_COLUMNS[i]] ?? ''}`).join(', ')})`);
    // checked now: their story step follows in the next transaction (an UPDATE of each new row there
    // was not HOT and wrote every index of `news` a second time); until it has run they have no
    // signature, which is what the sweep of unchecked items looks for
    return em.query(
      `INSERT INTO news (${NEW_COLUMNS.join(', ')}, cluster_checked_at) VALUES ${tuples.map((t) => `${t.slice(0, -1)}, clock_timestamp())`).join(', ')}
       ON CONFLICT (url) DO NOTHING RETURNING id::text AS id, url`,
      params,
    );
  }

  /** Ids of the items with these URLs. */
  idsByUrl(em: EntityManager, urls: string[]): Promise<Array<{ id: string; url: string }>> {
    if (!urls.length) return Promise.resolve([]);
    return em.query('SELECT id::text AS id, url FROM news WHERE url = ANY($1::text[])', [urls]);
  }

  /** `news_source` rows (ON CONFLICT DO NOTHING: a known pair or a guid this source already uses); answers the news ids added. */
  async addSources(em: EntityManager, webId: number, rows: Array<{ newsId: string; guid: string }>): Promise<string[]> {
    if (!rows.length) return [];
    const sorted = [...rows].sort((a, b) => Number(a.newsId) - Number(b.newsId));
    const added: Array<{ id: string }> = await em.query(
      `INSERT INTO news_source (news_id, web_id, guid)
       SELECT s.id, $1, s.guid FROM unnest($2::bigint[], $3::text[]) WITH ORDINALITY AS s(id, guid, ord) ORDER BY s.ord
       ON CONFLICT DO NOTHING RETURNING news_id::text AS id`,
      [webId, sorted.map((r) => r.newsId), sorted.map((r) => r.guid)],
    );
    return added.map((r) => r.id);
  }

  /** Serialises the cluster step of concurrent batches (held to the end of the transaction). */
  async lockClusters(em: EntityManager): Promise<void> {
    await em.query('SELECT pg_advisory_xact_lock(hashtext($1), 0)', ['news_cluster']);
  }

  /** Rule 2: new text of an item of this source; answers its language and cluster (undefined: gone). */
  async updateNews(em: EntityManager, u: ItemUpdate): Promise<{ language: string | null; publishTime: Date; webId: number | null; clusterId: string | null; isNoise: boolean } | undefined> {
    const t = u.translation;
    const rows: Array<{ language: string | null; publishTime: Date; webId: number | null; clusterId: string | null; isNoise: boolean }> = await em.query(
      `WITH up AS (
         UPDATE news SET title = $2, content = $3, content_html = $4, keywords = $5::text[], search = $6::tsvector, content_hash = $7::bigint,
           title_cn = CASE WHEN $8 THEN $9 ELSE title_cn END,
           content_cn = CASE WHEN $8 THEN $10 ELSE content_cn END,
           mt_status = CASE WHEN $8 THEN 'done' WHEN $11 AND mt_status IN ('done', 'failed') THEN 'pending' ELSE mt_status END,
           mt_error = CASE WHEN $8 OR ($11 AND mt_status IN ('done', 'failed')) THEN NULL ELSE mt_error END,
           mt_time = CASE WHEN $8 OR ($11 AND mt_status IN ('done', 'failed')) THEN now() ELSE mt_time END,
           update_time = now()
         WHERE id = $1
         RETURNING language, publish_time, web_id, cluster_id, is_noise)
       SELECT language, publish_time AS "publishTime", web_id AS "webId", cluster_id::text AS "clusterId", is_noise AS "isNoise" FROM up`,
      [u.id, u.title, u.content, u.contentHtml, u.keywords, u.search, u.contentHash, t !== null, t?.titleCn ?? null, t?.contentCn ?? null, u.mtOn],
    );
    return rows[0];
  }

  /** Stores the signatures (replacing older ones of the same items). */
  async upsertMinhash(em: EntityManager, rows: MinhashRow[]): Promise<void> {
    // an edited item's old band keys go first, found by key (the band table has no other index)
    await em.query(
      `DELETE FROM news_minhash_band b USING news_minhash m
        WHERE m.news_id = ANY($1::bigint[]) AND b.band = ANY(m.bands) AND b.publish_time = m.publish_time AND b.news_id = m.news_id`,
      [rows.map((r) => r.newsId)],
    );
    for (let i = 0; i < rows.length; i += 100) {
      const chunk = rows.slice(i, i + 100);
      const params: unknown[] = [];
      const tuples = chunk.map(
        (r) =>
          `($${params.push(r.newsId)}::bigint, $${params.push(r.publishTime)}::timestamptz, $${params.push(arrayLiteral(r.sig))}::int[], $${params.push(arrayLiteral(r.sigZh))}::int[], $${params.push(arrayLiteral(r.bands))}::bigint[])`,
      );
      await em.query(
        `INSERT INTO news_minhash (news_id, publish_time, sig, sig_zh, bands) VALUES ${tuples.join(', ')}
         ON CONFLICT (news_id) DO UPDATE SET publish_time = EXCLUDED.publish_time, sig = EXCLUDED.sig, sig_zh = EXCLUDED.sig_zh, bands = EXCLUDED.bands`,
        params,
      );
    }
    // their band keys, one row each, from the rows just written (sending them as three parallel
    // arrays of ~15 000 elements cost both sides more than the insert), in key order (index locality)
    await em.query(
      `INSERT INTO news_minhash_band (band, publish_time, news_id)
       SELECT b.band, m.publish_time, m.news_id FROM news_minhash m CROSS JOIN LATERAL unnest(m.bands) AS b(band)
        WHERE m.news_id = ANY($1::bigint[]) ORDER BY b.band
       ON CONFLICT DO NOTHING`,
      [rows.map((r) => r.newsId)],
    );
  }

  /**
   * LSH candidates (§4.3): items sharing a band key, published within [from, to], not noise, not in
   * `exclude` (the items being assigned, compared in memory), at most `limit`.
   */
  candidates(em: EntityManager, bands: string[], from: Date, to: Date, exclude: string[], limit: number): Promise<CandidateRow[]> {
    if (!bands.length) return Promise.resolve([]);
    // the band table's btree answers the batch's keys by index descents (a GIN on the array column
    // was used as a row filter: seconds per batch); the rest of the row comes from news_minhash
    return em.query(
      `WITH hit AS (SELECT b.news_id, array_agg(b.band)::text[] AS bands FROM news_minhash_band b
                     WHERE b.band = ANY($1::bigint[]) AND b.publish_time BETWEEN $2 AND $3 AND b.news_id <> ALL($4::bigint[]) GROUP BY b.news_id)
       SELECT m.news_id::text AS id, m.publish_time AS "publishTime", n.web_id AS "webId", m.sig, m.sig_zh AS "sigZh", hit.bands,
              n.cluster_id::text AS "clusterId", c.size AS "clusterSize"
         FROM hit JOIN news_minhash m ON m.news_id = hit.news_id JOIN news n ON n.id = m.news_id LEFT JOIN news_cluster c ON c.id = n.cluster_id
        WHERE NOT n.is_noise AND m.news_id <> ALL($4::bigint[])
        ORDER BY m.publish_time DESC LIMIT ${limit}`,
      [bands, from, to, exclude],
    );
  }

  /** The highest story-step sequence number committed (0: none). */
  async logSeq(em: EntityManager): Promise<string> {
    const rows: Array<{ seq: string }> = await em.query('SELECT COALESCE(max(seq), 0)::text AS seq FROM news_cluster_log');
    return rows[0].seq;
  }

  /** Records this story step (under the cluster lock: the sequence follows the commit order). */
  async logStep(em: EntityManager, newsIds: string[]): Promise<void> {
    await em.query('INSERT INTO news_cluster_log (news_ids) VALUES ($1::bigint[])', [newsIds]);
  }

  /**
   * The LSH candidates among the items of the story steps committed after `seq` (the delta of a
   * candidate list read before the lock): the same rows as {@link candidates}, found through the
   * steps' item ids and their `news_minhash.bands` (a hashed `= ANY` over the batch's keys).
   */
  candidatesSince(em: EntityManager, seq: string, bands: string[], from: Date, to: Date, exclude: string[]): Promise<CandidateRow[]> {
    if (!bands.length) return Promise.resolve([]);
    return em.query(
      `WITH ids AS (SELECT DISTINCT unnest(news_ids) AS id FROM news_cluster_log WHERE seq > $5::bigint),
            hit AS (SELECT m.news_id, array_agg(x.band)::text[] AS bands
                      FROM ids JOIN news_minhash m ON m.news_id = ids.id CROSS JOIN LATERAL unnest(m.bands) AS x(band)
                     WHERE x.band = ANY($1::bigint[]) AND m.publish_time BETWEEN $2 AND $3 AND m.news_id <> ALL($4::bigint[])
                     GROUP BY m.news_id)
       SELECT m.news_id::text AS id, m.publish_time AS "publishTime", n.web_id AS "webId", m.sig, m.sig_zh AS "sigZh", hit.bands,
              n.cluster_id::text AS "clusterId", c.size AS "clusterSize"
         FROM hit JOIN news_minhash m ON m.news_id = hit.news_id JOIN news n ON n.id = m.news_id LEFT JOIN news_cluster c ON c.id = n.cluster_id
        WHERE NOT n.is_noise`,
      [bands, from, to, exclude, seq],
    );
  }

  /** Current cluster and cluster size of these items (candidates read before the lock); deleted and noise items are left out. */
  candidateState(em: EntityManager, ids: string[]): Promise<Array<{ id: string; clusterId: string | null; clusterSize: number | null }>> {
    if (!ids.length) return Promise.resolve([]);
    return em.query(
      `SELECT n.id::text AS id, n.cluster_id::text AS "clusterId", c.size AS "clusterSize"
         FROM news n LEFT JOIN news_cluster c ON c.id = n.cluster_id WHERE n.id = ANY($1::bigint[]) AND NOT n.is_noise`,
      [ids],
    );
  }

  /** New clusters, one per lead (their figures are set by refreshClusters); their ids, in the leads' order. */
  async createClusters(em: EntityManager, leadIds: string[]): Promise<string[]> {
    const rows: Array<{ id: string; lead: string }> = await em.query(
      'INSERT INTO news_cluster (lead_id, size, source_count) SELECT l, 0, 0 FROM unnest($1::bigint[]) WITH ORDINALITY AS t(l, o) ORDER BY o RETURNING id::text AS id, lead_id::text AS lead',
      [leadIds],
    );
    // a lead is a member of its new cluster only, so leads are distinct
    const byLead = new Map(rows.map((r) => [r.lead, r.id]));
    return leadIds.map((l) => byLead.get(l)!);
  }

  /**
   * `cluster_checked_at` of the checked items: the given time (the MT sweep passes the `mt_time` it
   * read, so a translation stored meanwhile is seen next time), else the clock now (later than any
   * `mt_time = now()` of this transaction).
   */
  async markChecked(em: EntityManager, checked: Array<{ id: string; at: string | null }>): Promise<void> {
    if (!checked.length) return;
    await em.query(
      'UPDATE news SET cluster_checked_at = COALESCE(c.at, clock_timestamp()) FROM unnest($1::bigint[], $2::timestamptz[]) AS c(id, at) WHERE news.id = c.id',
      [checked.map((c) => c.id), checked.map((c) => c.at)],
    );
  }

  /** `[id, cluster id]` of these items, as stored now. */
  async clusterIdsOf(em: EntityManager, ids: string[]): Promise<Array<[string, string | null]>> {
    const rows: Array<{ id: string; cid: string | null }> = await em.query('SELECT id::text AS id, cluster_id::text AS cid FROM news WHERE id = ANY($1::bigint[])', [ids]);
    return rows.map((r) => [r.id, r.cid]);
  }

  /** Cluster ids of these items (the clustered ones). */
  async clustersOf(em: EntityManager, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows: Array<{ id: string }> = await em.query('SELECT DISTINCT cluster_id::text AS id FROM news WHERE id = ANY($1::bigint[]) AND cluster_id IS NOT NULL', [ids]);
    return rows.map((r) => r.id);
  }

  /**
   * Writes the assignments and recomputes the clusters from their members, in one statement: the
   * members (stored ones plus `assigned`) give each cluster its lead = the earliest published (ties:
   * smaller id), size, distinct sources over the members' `news_source` rows (their own `web_id`
   * when they have none) and first/last time; members' `cluster_id` and `cluster_lead` are written
   * where they change. (Separate UPDATEs of news for the ids and for the lead flags wrote each
   * changed row, and every index of news, twice while the cluster lock was held.)
   * The members are found by a UNION of two index lookups (cluster_id, id): an OR of the two made
   * PostgreSQL scan all of news, under the cluster lock.
   */
  async refreshClusters(em: EntityManager, clusterIds: string[], assigned: Map<string, string> = new Map()): Promise<void> {
    const ids = [...new Set([...clusterIds, ...assigned.values()])];
    if (!ids.length) return;
    await em.query(
      `WITH a AS (SELECT * FROM unnest($2::bigint[], $3::bigint[]) AS a(id, cid)),
            m AS (SELECT n.id, COALESCE(a.cid, n.cluster_id) AS cid, n.publish_time, n.web_id
                    FROM news n LEFT JOIN a ON a.id = n.id
                   WHERE n.id IN (SELECT k.id FROM news k WHERE k.cluster_id = ANY($1::bigint[]) UNION SELECT id FROM a)),
            x AS (SELECT m.cid, (array_agg(m.id ORDER BY m.publish_time, m.id))[1] AS lead, count(*)::int AS size,
                         min(m.publish_time) AS first, max(m.publish_time) AS last
                    FROM m WHERE m.cid = ANY($1::bigint[]) GROUP BY m.cid),
            src AS (SELECT m.cid, count(DISTINCT w.web_id)::int AS sources FROM m
                      CROSS JOIN LATERAL (SELECT s.web_id FROM news_source s WHERE s.news_id = m.id UNION SELECT m.web_id WHERE m.web_id IS NOT NULL) w
                     GROUP BY m.cid),
            up AS (UPDATE news n SET cluster_id = m.cid, cluster_lead = (n.id = x.lead)
                     FROM m JOIN x ON x.cid = m.cid
                    WHERE n.id = m.id AND (n.cluster_id IS DISTINCT FROM m.cid OR n.cluster_lead <> (n.id = x.lead))
                    RETURNING n.id)
       UPDATE news_cluster c SET lead_id = x.lead, size = x.size, source_count = COALESCE(src.sources, 0), first_time = x.first, last_time = x.last
         FROM x LEFT JOIN src ON src.cid = x.cid
        WHERE c.id = x.cid`,
      [ids, [...assigned.keys()], [...assigned.values()]],
    );
  }

  /** Items whose machine translation is newer than their last cluster check (signatures still kept), oldest first. */
  translatedSince(em: EntityManager, limit: number): Promise<TranslatedRow[]> {
    return em.query(
      `SELECT n.id::text AS id, n.mt_time::text AS "mtTime", n.publish_time AS "publishTime", n.web_id AS "webId", n.language, n.title, n.content,
              n.title_cn AS "titleCn", n.content_cn AS "contentCn", n.cluster_id::text AS "clusterId"
         FROM news_minhash m JOIN news n ON n.id = m.news_id
        WHERE n.mt_status = 'done' AND n.mt_time > COALESCE(n.cluster_checked_at, '-infinity'::timestamptz) AND NOT n.is_noise
        ORDER BY n.mt_time, n.id LIMIT ${limit}`,
    );
  }

  /**
   * Collected or imported items left without a story check (the process stopped between storing the
   * items and their story step): created between a day and 5 minutes ago (a running batch's own items
   * are younger), without a signature, not noise; oldest first.
   */
  uncheckedSince(em: EntityManager, limit: number): Promise<TranslatedRow[]> {
    return em.query(
      `SELECT n.id::text AS id, NULL AS "mtTime", n.publish_time AS "publishTime", n.web_id AS "webId", n.language, n.title, n.content,
              n.title_cn AS "titleCn", n.content_cn AS "contentCn", n.cluster_id::text AS "clusterId"
         FROM news n
        WHERE n.create_time > now() - interval '1 day' AND n.create_time < now() - interval '5 minutes' AND NOT n.is_noise
          AND NOT EXISTS (SELECT 1 FROM news_minhash m WHERE m.news_id = n.id) AND EXISTS (SELECT 1 FROM news_source s WHERE s.news_id = n.id)
        ORDER BY n.create_time, n.id LIMIT ${limit}`,
    );
  }

  /** Deletes signatures of items published more than `days` ago; how many. */
  async pruneMinhash(days: number): Promise<number> {
    const rows: unknown[] = await this.db.query(`WITH d AS (DELETE FROM news_minhash WHERE publish_time < now() - make_interval(days => $1) RETURNING 1) SELECT 1 FROM d`, [days]);
    // band rows of pruned signatures and of removed items
    await this.db.query('DELETE FROM news_minhash_band WHERE publish_time < now() - make_interval(days => $1)', [days]);
    // a step's log row is read by batches that started before it committed: a day is far beyond any
    await this.db.query(`DELETE FROM news_cluster_log WHERE at < now() - interval '1 day'`);
    return rows.length;
  }

  /** `news_dept.yj = true` of the department's items (a system actor; already-warned rows untouched); existing items only. */
  async markWarned(em: EntityManager, deptId: number, newsIds: string[], actor: string): Promise<void> {
    await em.query(
      `INSERT INTO news_dept (news_id, dept_id, yj, yj_by, yj_time, update_by)
       SELECT n.id, $1, true, '${ALERT_WARNER}', now(), $3 FROM news n WHERE n.id = ANY($2::bigint[]) ORDER BY n.id
       ON CONFLICT (news_id, dept_id) DO UPDATE SET yj = true, yj_by = EXCLUDED.yj_by, yj_time = EXCLUDED.yj_time,
         update_by = EXCLUDED.update_by, update_time = now() WHERE NOT news_dept.yj`,
      [deptId, newsIds, actor],
    );
  }
}
