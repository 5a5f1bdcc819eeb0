import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 16 after review and measurement:
 * - `news_minhash_band`: the story-cluster candidate lookup reads band keys through a btree on
 *   (band, publish_time) instead of the GIN on `news_minhash.bands`, which PostgreSQL used as a row
 *   filter (bench:collect: 12–30 s per 200-item batch, 33 items/s); the GIN goes.
 * - `backup_run.heartbeat_at`, renewed every 30 s by the process making the run, so a run whose
 *   process died is seen as interrupted within minutes (it no longer blocks 立即备份 for a day).
 * - `sys_file (sha256)`: the exchange import finds every attachment of a package by its content.
 */
export class CollectFixes1795820000000 implements MigrationInterface {
  name = 'CollectFixes1795820000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "news_minhash_band" ("band" bigint NOT NULL, "publish_time" TIMESTAMP WITH TIME ZONE NOT NULL, "news_id" bigint NOT NULL, CONSTRAINT "PK_2619b6416bc6cb5a3283982fc39" PRIMARY KEY ("band", "publish_time", "news_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "news_minhash_band" ("band", "publish_time", "news_id") SELECT DISTINCT b, m.publish_time, m.news_id FROM "news_minhash" m, unnest(m.bands) AS b`,
    );
    await queryRunner.query(`DROP INDEX "public"."idx_news_minhash_bands"`);
    await queryRunner.query(`ALTER TABLE "backup_run" ADD "heartbeat_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "idx_sys_file_sha256" ON "sys_file" ("sha256")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_sys_file_sha256"`);
    await queryRunner.query(`ALTER TABLE "backup_run" DROP COLUMN "heartbeat_at"`);
    await queryRunner.query(`CREATE INDEX "idx_news_minhash_bands" ON "news_minhash" USING GIN ("bands")`);
    await queryRunner.query(`DROP TABLE "news_minhash_band"`);
  }
}
