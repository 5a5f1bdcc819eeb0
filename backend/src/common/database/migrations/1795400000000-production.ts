import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Production area (issue 6): stored files (`sys_file`), products and their columns, journals and
 * their document versions, manuscripts with their columns and file versions.
 */
export class Production1795400000000 implements MigrationInterface {
  name = 'Production1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "sys_file" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "real_name" character varying(255) NOT NULL, "name" character varying(255) NOT NULL, "suffix" character varying(16) NOT NULL, "type" character varying(16) NOT NULL, "mime" character varying(128) NOT NULL, "size" bigint NOT NULL, "sha256" character(64) NOT NULL, "storage_key" character varying(255) NOT NULL, "form_type" character varying(32), "form_id" integer, "handler_id" integer, "handler_name" character varying(64), "handler_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e8e4a557508fee12fe94af11149" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_sys_file_form" ON "sys_file"  ("form_type", "form_id")`);
    await queryRunner.query(`CREATE TABLE "product_setting" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(100) NOT NULL, "dept_id" integer NOT NULL, "editor_ids" character varying(500), "period" character varying(32), "type" character varying(1) NOT NULL DEFAULT '1', "content_type" character varying(1) NOT NULL DEFAULT '2', "template_file_id" integer, "is_weekly" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_55ff1e1d6721986e9d638141421" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_product_setting_name" ON "product_setting"  ("name")`);
    await queryRunner.query(`CREATE TABLE "product_column" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "product_id" integer NOT NULL, "name" character varying(100) NOT NULL, "sort" integer NOT NULL DEFAULT '0', "status" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_e7018fc0c174a1fb6cc2788849c" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_product_column_product" ON "product_column"  ("product_id", "sort")`);
    await queryRunner.query(`CREATE TABLE "product_journal" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "product_id" integer NOT NULL, "year" integer NOT NULL, "journal_no" integer NOT NULL, "total_no" integer NOT NULL, "editor_ids" character varying(500), "memo" character varying(1000), "plan_publish_time" date, "publish_time" TIMESTAMP WITH TIME ZONE, "status" character varying(8) NOT NULL DEFAULT 'edit', CONSTRAINT "PK_0f1088eca74b70b7d474c399a56" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_product_journal_create" ON "product_journal"  ("create_time")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_product_journal_no" ON "product_journal"  ("product_id", "year", "journal_no")`);
    await queryRunner.query(`CREATE TABLE "product_journal_file" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "journal_id" integer NOT NULL, "file_id" integer NOT NULL, "version" integer NOT NULL, "title" character varying(255), CONSTRAINT "PK_21154967e0848879ce4980d52bf" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_product_journal_file_version" ON "product_journal_file"  ("journal_id", "version")`);
    await queryRunner.query(`CREATE TABLE "manuscript" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "title" character varying(500) NOT NULL, "content" text, "abstracts" text, "abstract_edit" text, "memo" character varying(1000), "content_type" character varying(32), "domain_type" character varying(32), "country" character varying(32), "first_author" character varying(100) NOT NULL, "author_ids" character varying(500) NOT NULL, "news_id" bigint, "dept_id" integer NOT NULL, "product_id" integer NOT NULL, "file_id" integer, "version" integer NOT NULL DEFAULT '1', "journal_id" integer, "source_id" integer, "is_examine" boolean NOT NULL DEFAULT false, "is_check" boolean NOT NULL DEFAULT false, "sort" integer NOT NULL DEFAULT '0', "create_by_id" integer, CONSTRAINT "PK_096ffececb899caffda67404f8d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_manuscript_news" ON "manuscript"  ("news_id", "dept_id")`);
    await queryRunner.query(`CREATE INDEX "idx_manuscript_product_create" ON "manuscript"  ("product_id", "create_time")`);
    await queryRunner.query(`CREATE INDEX "idx_manuscript_dept_create" ON "manuscript"  ("dept_id", "create_time")`);
    await queryRunner.query(`CREATE TABLE "manuscript_file" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "manuscript_id" integer NOT NULL, "file_id" integer NOT NULL, "version" integer NOT NULL, CONSTRAINT "PK_2e98f77b50e43ea94ba813bf39f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_manuscript_file_version" ON "manuscript_file"  ("manuscript_id", "version")`);
    await queryRunner.query(`CREATE TABLE "manuscript_column" ("manuscript_id" integer NOT NULL, "column_id" integer NOT NULL, CONSTRAINT "PK_2a25f5fcced59f0ded3ced87bac" PRIMARY KEY ("manuscript_id", "column_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_3e77a98ee168659e29b8135961" ON "manuscript_column"  ("manuscript_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_3804510862b9dfcbbd5281461f" ON "manuscript_column"  ("column_id")`);
    await queryRunner.query(`ALTER TABLE "product_column" ADD CONSTRAINT "FK_c427d0822c6f1419895720d2f59" FOREIGN KEY ("product_id") REFERENCES "product_setting"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "product_journal" ADD CONSTRAINT "FK_0321f8b6da6d21c93702c97b7df" FOREIGN KEY ("product_id") REFERENCES "product_setting"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "product_journal_file" ADD CONSTRAINT "FK_7258a93395395616eb1101f2b8d" FOREIGN KEY ("journal_id") REFERENCES "product_journal"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "manuscript" ADD CONSTRAINT "FK_51acf94e9d2798ae97e1f387f2c" FOREIGN KEY ("product_id") REFERENCES "product_setting"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "manuscript_file" ADD CONSTRAINT "FK_19c1de4b3a2c6013c5e7ec9143a" FOREIGN KEY ("manuscript_id") REFERENCES "manuscript"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "manuscript_column" ADD CONSTRAINT "FK_3e77a98ee168659e29b81359615" FOREIGN KEY ("manuscript_id") REFERENCES "manuscript"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE "manuscript_column" ADD CONSTRAINT "FK_3804510862b9dfcbbd5281461f1" FOREIGN KEY ("column_id") REFERENCES "product_column"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "manuscript_column" DROP CONSTRAINT "FK_3804510862b9dfcbbd5281461f1"`);
    await queryRunner.query(`ALTER TABLE "manuscript_column" DROP CONSTRAINT "FK_3e77a98ee168659e29b81359615"`);
    await queryRunner.query(`ALTER TABLE "manuscript_file" DROP CONSTRAINT "FK_19c1de4b3a2c6013c5e7ec9143a"`);
    await queryRunner.query(`ALTER TABLE "manuscript" DROP CONSTRAINT "FK_51acf94e9d2798ae97e1f387f2c"`);
    await queryRunner.query(`ALTER TABLE "product_journal_file" DROP CONSTRAINT "FK_7258a93395395616eb1101f2b8d"`);
    await queryRunner.query(`ALTER TABLE "product_journal" DROP CONSTRAINT "FK_0321f8b6da6d21c93702c97b7df"`);
    await queryRunner.query(`ALTER TABLE "product_column" DROP CONSTRAINT "FK_c427d0822c6f1419895720d2f59"`);
    await queryRunner.query(`DROP INDEX "IDX_3804510862b9dfcbbd5281461f"`);
    await queryRunner.query(`DROP INDEX "IDX_3e77a98ee168659e29b8135961"`);
    await queryRunner.query(`DROP TABLE "manuscript_column"`);
    await queryRunner.query(`DROP INDEX "idx_manuscript_file_version"`);
    await queryRunner.query(`DROP TABLE "manuscript_file"`);
    await queryRunner.query(`DROP INDEX "idx_manuscript_dept_create"`);
    await queryRunner.query(`DROP INDEX "idx_manuscript_product_create"`);
    await queryRunner.query(`DROP INDEX "idx_manuscript_news"`);
    await queryRunner.query(`DROP TABLE "manuscript"`);
    await queryRunner.query(`DROP INDEX "idx_product_journal_file_version"`);
    await queryRunner.query(`DROP TABLE "product_journal_file"`);
    await queryRunner.query(`DROP INDEX "idx_product_journal_no"`);
    await queryRunner.query(`DROP INDEX "idx_product_journal_create"`);
    await queryRunner.query(`DROP TABLE "product_journal"`);
    await queryRunner.query(`DROP INDEX "idx_product_column_product"`);
    await queryRunner.query(`DROP TABLE "product_column"`);
    await queryRunner.query(`DROP INDEX "idx_product_setting_name"`);
    await queryRunner.query(`DROP TABLE "product_setting"`);
    await queryRunner.query(`DROP INDEX "idx_sys_file_form"`);
    await queryRunner.query(`DROP TABLE "sys_file"`);
  }
}
