import type { EntityManager } from 'typeorm';

/** What keyword alert rules read of an item (docs/collect-design.md §5.5). */
export interface MatchableItem {
  id: string;
  title: string;
  content: string;
  titleCn: string | null;
  contentCn: string | null;
  /** Leaf classification ids. */
  classify: number[];
  webId: number | null;
}

/**
 * The text and classes of items for the collect module's alert matching, in the caller's
 * transaction (`em`): one statement, ids that do not exist are left out.
 */
export async function readForMatching(em: EntityManager, ids: string[]): Promise<MatchableItem[]> {
  if (!ids.length) return [];
  const rows: Array<Omit<MatchableItem, 'id'> & { id: string | number }> = await em.query(
    `SELECT id, title, content, title_cn AS "titleCn", content_cn AS "contentCn", classify, web_id AS "webId"
       FROM news WHERE id = ANY($1::bigint[]) ORDER BY id`,
    [ids],
  );
  return rows.map((r) => ({ ...r, id: String(r.id), classify: r.classify ?? [] }));
}
