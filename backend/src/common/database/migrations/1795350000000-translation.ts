import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Translation workflow (issue 5): the submitted versions of a department's translation
 * (`news_translation`), the machine-translation glossary (`mt_glossary`) and the machine-translation
 * state of each item (`news.mt_status`, `mt_error`, `mt_time`; pending items are found again after a
 * restart through the partial index).
 */
export class Translation1795350000000 implements MigrationInterface {
  name = 'Translation1795350000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "news_translation" ("id" BIGSERIAL NOT NULL, "news_id" bigint NOT NULL, "dept_id" integer NOT NULL, "version" integer NOT NULL, "content" text NOT NULL, "status" character varying(16) NOT NULL, "editor_id" integer, "editor_name" character varying(64), "examine_id" integer, "examine_name" character varying(64), "examine_time" TIMESTAMP WITH TIME ZONE, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7c332d415ea0fafe4cdb4de581a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_news_translation_version" ON "news_translation" ("news_id", "dept_id", "version")`);
    await queryRunner.query(
      `CREATE TABLE "mt_glossary" ("id" SERIAL NOT NULL, "source" character varying(200) NOT NULL, "target" character varying(200) NOT NULL, "case_sensitive" boolean NOT NULL DEFAULT false, "enabled" boolean NOT NULL DEFAULT true, "memo" character varying(500), "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2ac0ec487cc90552362ace4b14d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_mt_glossary_source" ON "mt_glossary" ("source")`);
    await queryRunner.query(`ALTER TABLE "news" ADD "mt_status" character varying(16)`);
    await queryRunner.query(`ALTER TABLE "news" ADD "mt_error" text`);
    await queryRunner.query(`ALTER TABLE "news" ADD "mt_time" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "idx_news_mt_open" ON "news" ("id") WHERE mt_status IN ('pending', 'running', 'failed')`);
    // news_dept.version is the translation version from now on (it used to count every update).
    await queryRunner.query(`UPDATE "news_dept" SET "version" = 0 WHERE "trans_status" IS NULL AND "version" <> 0`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_news_mt_open"`);
    await queryRunner.query(`ALTER TABLE "news" DROP COLUMN "mt_time"`);
    await queryRunner.query(`ALTER TABLE "news" DROP COLUMN "mt_error"`);
    await queryRunner.query(`ALTER TABLE "news" DROP COLUMN "mt_status"`);
    await queryRunner.query(`DROP INDEX "idx_mt_glossary_source"`);
    await queryRunner.query(`DROP TABLE "mt_glossary"`);
    await queryRunner.query(`DROP INDEX "idx_news_translation_version"`);
    await queryRunner.query(`DROP TABLE "news_translation"`);
  }
}
