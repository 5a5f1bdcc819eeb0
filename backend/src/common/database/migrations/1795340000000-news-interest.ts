import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-user subscriptions of the 关注 (interest) tab: websites and classifications; and the live
 * (non-noise) news total kept by statement-level triggers, so the unfiltered list's `totalElements`
 * stays exact at 1 M rows without a count(*) per request (issue 3, news-design.md "Counting").
 */
export class NewsInterest1795340000000 implements MigrationInterface {
  name = 'NewsInterest1795340000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "news_interest" ("id" BIGSERIAL NOT NULL, "user_id" integer NOT NULL, "website_ids" integer array NOT NULL DEFAULT '{}', "classify_ids" integer array NOT NULL DEFAULT '{}', "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_news_interest" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_news_interest_user" ON "news_interest" ("user_id")`);
    await queryRunner.query(`CREATE TABLE "news_stats" ("id" integer PRIMARY KEY CHECK (id = 1), "live" bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO "news_stats" (id, live) SELECT 1, count(*) FROM news WHERE NOT is_noise`);
    await queryRunner.query(`CREATE FUNCTION news_stats_ins() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE news_stats SET live = live + (SELECT count(*) FROM new_rows WHERE NOT is_noise) WHERE id = 1; RETURN NULL; END $$`);
    await queryRunner.query(`CREATE FUNCTION news_stats_del() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE news_stats SET live = live - (SELECT count(*) FROM old_rows WHERE NOT is_noise) WHERE id = 1; RETURN NULL; END $$`);
    await queryRunner.query(`CREATE FUNCTION news_stats_upd() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE delta bigint;
      BEGIN
        delta := (SELECT count(*) FROM new_rows WHERE NOT is_noise) - (SELECT count(*) FROM old_rows WHERE NOT is_noise);
        IF delta <> 0 THEN UPDATE news_stats SET live = live + delta WHERE id = 1; END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER news_stats_ins AFTER INSERT ON news REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION news_stats_ins()`);
    await queryRunner.query(`CREATE TRIGGER news_stats_del AFTER DELETE ON news REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION news_stats_del()`);
    // Transition tables cannot be combined with a column list (UPDATE OF is_noise): the function
    // only writes when the noise flag changed, so read-count updates cost two counts of one row.
    await queryRunner.query(`CREATE TRIGGER news_stats_upd AFTER UPDATE ON news REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION news_stats_upd()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER news_stats_upd ON news`);
    await queryRunner.query(`DROP TRIGGER news_stats_del ON news`);
    await queryRunner.query(`DROP TRIGGER news_stats_ins ON news`);
    await queryRunner.query(`DROP FUNCTION news_stats_upd(), news_stats_del(), news_stats_ins()`);
    await queryRunner.query(`DROP TABLE "news_stats"`);
    await queryRunner.query(`DROP INDEX "public"."idx_news_interest_user"`);
    await queryRunner.query(`DROP TABLE "news_interest"`);
  }
}
