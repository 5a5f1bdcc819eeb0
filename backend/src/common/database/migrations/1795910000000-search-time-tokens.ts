import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18 (docs/performance.md "10 M rows"): every item's search vector also holds its publish day
 * and month in UTC as lexemes no text produces (`⌁d20261128`, `⌁m202611`), so a relevance search can
 * ask the GIN index for one recency tier's matches instead of every match of a common word
 * (modules/news/search/time-tokens.ts). A trigger keeps them whatever writes `search` or
 * `publish_time` (collection, manual entry, translation, the seed, a corrected publish time); the
 * existing rows get theirs here, one UPDATE (on a large table this rewrites it once: minutes per
 * million rows, and a VACUUM afterwards is worth it).
 */
export class SearchTimeTokens1795910000000 implements MigrationInterface {
  name = 'SearchTimeTokens1795910000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION news_time_tokens(t timestamptz) RETURNS tsvector LANGUAGE sql STABLE AS $$
        SELECT CASE WHEN t IS NULL THEN ''::tsvector
          ELSE array_to_tsvector(ARRAY['⌁d' || to_char(t AT TIME ZONE 'UTC', 'YYYYMMDD'), '⌁m' || to_char(t AT TIME ZONE 'UTC', 'YYYYMM')]) END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION news_search_time_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.search IS NOT NULL THEN
          NEW.search := ts_delete(NEW.search, ARRAY(SELECT lexeme FROM unnest(NEW.search) WHERE lexeme LIKE '⌁%')) || news_time_tokens(NEW.publish_time);
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      'CREATE TRIGGER news_search_time_tokens BEFORE INSERT OR UPDATE OF search, publish_time ON news FOR EACH ROW EXECUTE FUNCTION news_search_time_tokens()',
    );
    // The existing rows: the statement-level live-total trigger would collect every row in its
    // transition tables for a change that moves no total.
    await queryRunner.query('ALTER TABLE news DISABLE TRIGGER news_stats_upd');
    await queryRunner.query('UPDATE news SET search = search WHERE search IS NOT NULL');
    await queryRunner.query('ALTER TABLE news ENABLE TRIGGER news_stats_upd');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER news_search_time_tokens ON news');
    await queryRunner.query('DROP FUNCTION news_search_time_tokens()');
    await queryRunner.query('DROP FUNCTION news_time_tokens(timestamptz)');
    await queryRunner.query(`UPDATE news SET search = ts_delete(search, ARRAY(SELECT lexeme FROM unnest(search) WHERE lexeme LIKE '⌁%')) WHERE search IS NOT NULL`);
  }
}
