import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Buttons this migration adds to a seeded database: [parent menu title, title, code, sort]. */
const BUTTONS: Array<[parent: string, title: string, code: string, sort: number]> = [
  ['采集配置', '网站采集', 'website:collect', 4],
  ['新闻列表', '预警规则查看', 'alertRule:list', 7],
  ['新闻列表', '预警规则新增', 'alertRule:add', 8],
  ['新闻列表', '预警规则修改', 'alertRule:edit', 9],
  ['新闻列表', '预警规则删除', 'alertRule:del', 10],
];

/**
 * Data collection and data storage (issue 16, docs/collect-design.md §6): every table of the issue in
 * one migration — the collect module's `collect_source` (1:1 with `news_website`, same id),
 * `collect_run`, `collect_alert_rule`, `collect_alert_hit`; the news module's cluster columns on
 * `news`, `news_source` (backfilled: one row per item with a source, guid = its URL), `news_cluster`,
 * `news_minhash`; the exchange module's `exchange_job`, `exchange_trusted_key`; the backup module's
 * `backup_run`. Menu data, only where the menus are already seeded (a fresh database is migrated
 * before the seed, which carries the same menus): codes `collectionWebsite:*` renamed `website:*` in
 * place (roles keep their grants), 数据统计 gets `website:list`, buttons `website:collect` and
 * `alertRule:*` added and granted to every role holding their parent menu.
 */
export class Collect1795800000000 implements MigrationInterface {
  name = 'Collect1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "backup_run" ("id" SERIAL NOT NULL, "kind" character varying(10) NOT NULL, "scheduled_for" TIMESTAMP WITH TIME ZONE, "status" character varying(10) NOT NULL, "storage_key" character varying(255), "size" bigint, "db_size" bigint, "files_count" integer, "files_size" bigint, "sha256" character(64), "error" text, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, "create_by" character varying(64), CONSTRAINT "PK_d5d0832c1ff227f276a4ef80475" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_5c94f84255e7feb57063fa4d7b" ON "backup_run"  ("scheduled_for")`);
    await queryRunner.query(`CREATE TABLE "collect_alert_rule" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "dept_id" integer NOT NULL, "name" character varying(100) NOT NULL, "query" character varying(500) NOT NULL, "web_ids" integer array NOT NULL DEFAULT '{}', "classify" integer array NOT NULL DEFAULT '{}', "enabled" boolean NOT NULL DEFAULT true, "notify" boolean NOT NULL DEFAULT true, "hit_count" integer NOT NULL DEFAULT '0', "last_hit_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2f992d26465e54ee011fcd266f4" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_55ec13e4b175d9ed9f46cac657" ON "collect_alert_rule"  ("dept_id")`);
    await queryRunner.query(`CREATE TABLE "collect_alert_hit" ("rule_id" integer NOT NULL, "news_id" bigint NOT NULL, "dept_id" integer, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0942cac235a19ad62c2cf7e32a8" PRIMARY KEY ("rule_id", "news_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_811523f75cf3b0b42cda9b58f8" ON "collect_alert_hit"  ("news_id")`);
    await queryRunner.query(`CREATE TABLE "collect_source" ("id" integer NOT NULL, "feed_url" character varying(1000) NOT NULL, "type" character varying(8) NOT NULL DEFAULT 'auto', "host" character varying(255) NOT NULL, "classify" integer array NOT NULL DEFAULT '{}', "interval_minutes" integer NOT NULL DEFAULT '30', "adaptive" boolean NOT NULL DEFAULT true, "effective_interval_minutes" integer NOT NULL DEFAULT '30', "enabled" boolean NOT NULL DEFAULT true, "full_text" boolean NOT NULL DEFAULT false, "selectors" jsonb, "rules" jsonb NOT NULL DEFAULT '[]', "timezone" character varying(64), "last_check_at" TIMESTAMP WITH TIME ZONE, "next_check_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_status" character varying(16), "http_status" smallint, "error_count" integer NOT NULL DEFAULT '0', "last_error" text, "item_count" integer NOT NULL DEFAULT '0', "last_item_at" TIMESTAMP WITH TIME ZONE, "etag" character varying(500), "last_modified" character varying(100), "body_hash" character(64), "lease_until" TIMESTAMP WITH TIME ZONE, "lease_owner" character varying(64), "failing_notified_at" TIMESTAMP WITH TIME ZONE, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "chk_collect_source_type" CHECK ("type" IN ('rss', 'atom', 'json', 'html', 'auto')), CONSTRAINT "PK_f24e65ddef30ae24e2a41f3b3ad" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_collect_source_host" ON "collect_source"  ("host")`);
    await queryRunner.query(`CREATE INDEX "idx_collect_source_due" ON "collect_source"  ("next_check_at") WHERE enabled`);
    await queryRunner.query(`CREATE TABLE "collect_run" ("id" BIGSERIAL NOT NULL, "source_id" integer NOT NULL, "trigger" character varying(8) NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "duration_ms" integer NOT NULL, "status" character varying(16) NOT NULL, "http_status" smallint, "fetched" integer NOT NULL DEFAULT '0', "created" integer NOT NULL DEFAULT '0', "updated" integer NOT NULL DEFAULT '0', "duplicates" integer NOT NULL DEFAULT '0', "bytes" integer NOT NULL DEFAULT '0', "error" text, CONSTRAINT "PK_a56f22baff20d2e1645b95a9f8f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_collect_run_started" ON "collect_run"  ("started_at")`);
    await queryRunner.query(`CREATE TABLE "exchange_job" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "kind" character varying(8) NOT NULL, "status" character varying(12) NOT NULL, "phase" character varying(16), "file_name" character varying(255), "storage_key" character varying(255), "size" bigint, "received" bigint NOT NULL DEFAULT '0', "sha256" character(64), "filter" jsonb, "total" integer NOT NULL DEFAULT '0', "processed" integer NOT NULL DEFAULT '0', "created" integer NOT NULL DEFAULT '0', "updated" integer NOT NULL DEFAULT '0', "skipped" integer NOT NULL DEFAULT '0', "failed" integer NOT NULL DEFAULT '0', "checkpoint" jsonb, "signer" character varying(64), "report" jsonb, "error" text, "lease_until" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_44d8e49ef6ba51f7a23edd09795" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "exchange_trusted_key" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(100) NOT NULL, "public_key" text NOT NULL, "fingerprint" character(64) NOT NULL, CONSTRAINT "PK_5a178eab5edcde455b9f1ea9714" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_3618ded392e76508b391ed0324" ON "exchange_trusted_key"  ("fingerprint")`);
    await queryRunner.query(`CREATE TABLE "news_source" ("news_id" bigint NOT NULL, "web_id" integer NOT NULL, "guid" character varying(1000), "first_seen" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ccdc3a111fe519238c24048d14a" PRIMARY KEY ("news_id", "web_id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_news_source_guid" ON "news_source"  ("web_id", "guid") WHERE guid IS NOT NULL`);
    await queryRunner.query(`CREATE TABLE "news_cluster" ("id" BIGSERIAL NOT NULL, "lead_id" bigint NOT NULL, "size" integer NOT NULL, "source_count" integer NOT NULL, "first_time" TIMESTAMP WITH TIME ZONE, "last_time" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_64d67da21027d27602a21d27956" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "news_minhash" ("news_id" bigint NOT NULL, "publish_time" TIMESTAMP WITH TIME ZONE NOT NULL, "sig" integer array NOT NULL, "sig_zh" integer array, "bands" bigint array NOT NULL, CONSTRAINT "PK_cd6493b9cd01c238a762a4fc4c3" PRIMARY KEY ("news_id"))`);
    await queryRunner.query(`CREATE INDEX "idx_news_minhash_publish" ON "news_minhash"  ("publish_time")`);
    await queryRunner.query(`ALTER TABLE "news" ADD "content_hash" bigint`);
    await queryRunner.query(`ALTER TABLE "news" ADD "cluster_id" bigint`);
    await queryRunner.query(`ALTER TABLE "news" ADD "cluster_lead" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "news" ADD "cluster_checked_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "idx_news_cluster" ON "news"  ("cluster_id") WHERE cluster_id IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "collect_alert_hit" ADD CONSTRAINT "FK_9b66f4271066f715c446e5b6764" FOREIGN KEY ("rule_id") REFERENCES "collect_alert_rule"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "collect_source" ADD CONSTRAINT "FK_f24e65ddef30ae24e2a41f3b3ad" FOREIGN KEY ("id") REFERENCES "news_website"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "collect_run" ADD CONSTRAINT "FK_b18ca14bd8caf04666def6ae777" FOREIGN KEY ("source_id") REFERENCES "collect_source"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "news_source" ADD CONSTRAINT "FK_1ebdbb93ce3996339ca47c8a187" FOREIGN KEY ("news_id") REFERENCES "news"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "news_minhash" ADD CONSTRAINT "FK_cd6493b9cd01c238a762a4fc4c3" FOREIGN KEY ("news_id") REFERENCES "news"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`CREATE INDEX "idx_collect_run_source" ON "collect_run" ("source_id", "started_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_news_publish_lead" ON "news" ("publish_time" DESC, "id" DESC) WHERE NOT is_noise AND cluster_lead`);
    await queryRunner.query(`CREATE INDEX "idx_news_minhash_bands" ON "news_minhash" USING GIN ("bands")`);
    await queryRunner.query(`INSERT INTO "news_source" ("news_id", "web_id", "guid", "first_seen") SELECT "id", "web_id", "url", "create_time" FROM "news" WHERE "web_id" IS NOT NULL`);
    if (!(await seeded(queryRunner))) return;
    await queryRunner.query(`UPDATE "sys_menu" SET "permission" = replace("permission", 'collectionWebsite:', 'website:') WHERE "permission" LIKE 'collectionWebsite:%'`);
    await queryRunner.query(`UPDATE "sys_menu" SET "permission" = 'website:list' WHERE "title" = '数据统计' AND "permission" IS NULL`);
    for (const [parent, title, code, sort] of BUTTONS) {
      await queryRunner.query(
        `INSERT INTO "sys_menu" ("pid", "sub_count", "type", "title", "menu_sort", "i_frame", "cache", "hidden", "permission", "module", "create_by")
         SELECT p."id", 0, 2, $2::varchar, $4::int, false, false, false, $3::varchar, p."module", 'system' FROM "sys_menu" p
          WHERE p."title" = $1 AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "title" = $2)`,
        [parent, title, code, sort],
      );
      await queryRunner.query(
        `INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
         SELECT rm."role_id", b."id" FROM "sys_menu" b JOIN "sys_roles_menus" rm ON rm."menu_id" = b."pid"
          WHERE b."title" = $1 ON CONFLICT DO NOTHING`,
        [title],
      );
    }
    await updateSubCounts(queryRunner);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    if (await seeded(queryRunner)) {
      await queryRunner.query(`DELETE FROM "sys_menu" WHERE "title" = ANY($1) AND "type" = 2`, [BUTTONS.map(([, title]) => title)]);
      await queryRunner.query(`UPDATE "sys_menu" SET "permission" = NULL WHERE "title" = '数据统计' AND "permission" = 'website:list'`);
      await queryRunner.query(`UPDATE "sys_menu" SET "permission" = replace("permission", 'website:', 'collectionWebsite:') WHERE "permission" LIKE 'website:%'`);
      await updateSubCounts(queryRunner);
    }
    await queryRunner.query(`DROP INDEX "public"."idx_news_minhash_bands"`);
    await queryRunner.query(`DROP INDEX "public"."idx_news_publish_lead"`);
    await queryRunner.query(`DROP INDEX "public"."idx_collect_run_source"`);
    await queryRunner.query(`ALTER TABLE "news_minhash" DROP CONSTRAINT "FK_cd6493b9cd01c238a762a4fc4c3"`);
    await queryRunner.query(`ALTER TABLE "news_source" DROP CONSTRAINT "FK_1ebdbb93ce3996339ca47c8a187"`);
    await queryRunner.query(`ALTER TABLE "collect_run" DROP CONSTRAINT "FK_b18ca14bd8caf04666def6ae777"`);
    await queryRunner.query(`ALTER TABLE "collect_source" DROP CONSTRAINT "FK_f24e65ddef30ae24e2a41f3b3ad"`);
    await queryRunner.query(`ALTER TABLE "collect_alert_hit" DROP CONSTRAINT "FK_9b66f4271066f715c446e5b6764"`);
    await queryRunner.query(`DROP INDEX "public"."idx_news_cluster"`);
    await queryRunner.query(`ALTER TABLE "news" DROP COLUMN "cluster_checked_at"`);
    await queryRunner.query(`ALTER TABLE "news" DROP COLUMN "cluster_lead"`);
    await queryRunner.query(`ALTER TABLE "news" DROP COLUMN "cluster_id"`);
    await queryRunner.query(`ALTER TABLE "news" DROP COLUMN "content_hash"`);
    await queryRunner.query(`DROP INDEX "public"."idx_news_minhash_publish"`);
    await queryRunner.query(`DROP TABLE "news_minhash"`);
    await queryRunner.query(`DROP TABLE "news_cluster"`);
    await queryRunner.query(`DROP INDEX "public"."idx_news_source_guid"`);
    await queryRunner.query(`DROP TABLE "news_source"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3618ded392e76508b391ed0324"`);
    await queryRunner.query(`DROP TABLE "exchange_trusted_key"`);
    await queryRunner.query(`DROP TABLE "exchange_job"`);
    await queryRunner.query(`DROP INDEX "public"."idx_collect_run_started"`);
    await queryRunner.query(`DROP TABLE "collect_run"`);
    await queryRunner.query(`DROP INDEX "public"."idx_collect_source_due"`);
    await queryRunner.query(`DROP INDEX "public"."idx_collect_source_host"`);
    await queryRunner.query(`DROP TABLE "collect_source"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_811523f75cf3b0b42cda9b58f8"`);
    await queryRunner.query(`DROP TABLE "collect_alert_hit"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_55ec13e4b175d9ed9f46cac657"`);
    await queryRunner.query(`DROP TABLE "collect_alert_rule"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5c94f84255e7feb57063fa4d7b"`);
    await queryRunner.query(`DROP TABLE "backup_run"`);
  }
}

/** True when the menus were seeded (the database was started before this migration). */
async function seeded(queryRunner: QueryRunner): Promise<boolean> {
  const rows: unknown[] = await queryRunner.query(`SELECT 1 FROM "sys_menu" WHERE "title" = '采集配置'`);
  return rows.length > 0;
}

async function updateSubCounts(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(
    `UPDATE "sys_menu" p SET "sub_count" = c.n FROM (SELECT "pid", count(*)::int AS n FROM "sys_menu" WHERE "pid" IS NOT NULL GROUP BY "pid") c
      WHERE p."id" = c."pid" AND p."title" IN ('采集配置', '新闻列表')`,
  );
}
