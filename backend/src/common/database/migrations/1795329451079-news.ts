import type { MigrationInterface, QueryRunner } from "typeorm";

/** News items (global), department and user state, collections, shares, search history (issue 3). */

export class News1795329451079 implements MigrationInterface {
    name = 'News1795329451079'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "news_website" ("id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "url" character varying(500) NOT NULL, "language" character varying(8), "country" character varying(16), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_397b52f2e0cabd526867bfd6264" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_91ee5eabd69bbd661688d472d5" ON "news_website"  ("url") `);
        await queryRunner.query(`CREATE TABLE "news" ("id" BIGSERIAL NOT NULL, "title" text NOT NULL, "title_cn" text, "content" text NOT NULL DEFAULT '', "content_html" text, "content_cn" text, "url" character varying(1000) NOT NULL, "publish_time" TIMESTAMP WITH TIME ZONE NOT NULL, "web_id" integer, "web_name" character varying(200), "language" character varying(8), "country" character varying(16), "create_by" character varying(64), "source_id" character varying(200), "count" integer NOT NULL DEFAULT '0', "keywords" text array NOT NULL DEFAULT '{}', "classify" integer array NOT NULL DEFAULT '{}', "is_noise" boolean NOT NULL DEFAULT false, "files" jsonb NOT NULL DEFAULT '[]', "search" tsvector, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_39a43dfcb6007180f04aff2357e" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_824cf2fe42ed97696766262706" ON "news"  ("url") `);
        await queryRunner.query(`CREATE INDEX "IDX_b78ef382b77b2deb4eec95c606" ON "news"  ("web_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_2afd912d0df98857d49137b1f4" ON "news"  ("source_id") `);
        await queryRunner.query(`CREATE INDEX "idx_news_count" ON "news"  ("count", "id") WHERE NOT is_noise`);
        await queryRunner.query(`CREATE INDEX "idx_news_create" ON "news"  ("create_time", "id") WHERE NOT is_noise`);
        await queryRunner.query(`CREATE INDEX "idx_news_publish" ON "news"  ("publish_time", "id") WHERE NOT is_noise`);
        // GIN indexes TypeORM cannot declare: classification and keyword filters, full-text search.
        await queryRunner.query(`CREATE INDEX "idx_news_classify" ON "news" USING gin ("classify")`);
        await queryRunner.query(`CREATE INDEX "idx_news_keywords" ON "news" USING gin ("keywords")`);
        await queryRunner.query(`CREATE INDEX "idx_news_search" ON "news" USING gin ("search")`);
        await queryRunner.query(`CREATE TABLE "news_dept" ("news_id" bigint NOT NULL, "dept_id" integer NOT NULL, "is_recommend" boolean NOT NULL DEFAULT false, "yj" boolean NOT NULL DEFAULT false, "is_choice" boolean NOT NULL DEFAULT false, "is_processed" character varying(16), "abstracts" text, "keywords" text array, "classify" integer array, "title_cn" text, "trans_status" character varying(16), "editor_id" integer, "editor_name" character varying(64), "examine_id" integer, "examine_name" character varying(64), "content_trans" text, "version" integer NOT NULL DEFAULT '0', "update_by" character varying(64), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_12edd71e88ab800bdb70f1b45b8" PRIMARY KEY ("news_id", "dept_id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_5afac86abf8e62f76173ae9a25" ON "news_dept"  ("dept_id", "is_choice") `);
        await queryRunner.query(`CREATE INDEX "IDX_16d26926035a54c7985acbf16d" ON "news_dept"  ("dept_id", "is_recommend") `);
        await queryRunner.query(`CREATE TABLE "news_user" ("news_id" bigint NOT NULL, "user_id" integer NOT NULL, "read_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_91dd30269f0963703e3cd656f2e" PRIMARY KEY ("news_id", "user_id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_91dd30269f0963703e3cd656f2" ON "news_user"  ("user_id", "news_id") `);
        await queryRunner.query(`CREATE TABLE "news_collect" ("id" BIGSERIAL NOT NULL, "news_id" bigint NOT NULL, "user_id" integer NOT NULL, "news_title" text, "news_title_cn" text, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8436db3d50bbce689801d72f175" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_45ac750d3686e0ca8058698f5e" ON "news_collect"  ("user_id", "create_time") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_541366dbe2cbd3c273c890e379" ON "news_collect"  ("news_id", "user_id") `);
        await queryRunner.query(`CREATE TABLE "news_suggest" ("id" BIGSERIAL NOT NULL, "news_id" bigint NOT NULL, "news_title" text, "news_title_cn" text, "from_id" integer NOT NULL, "to_id" integer NOT NULL, "content" text, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bf5ba662108541dea10e483c16a" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_5090e53d8252b4d31d262a72ed" ON "news_suggest"  ("to_id", "create_time") `);
        await queryRunner.query(`CREATE INDEX "IDX_9c68f0c718a81f339c07d0d62f" ON "news_suggest"  ("from_id", "create_time") `);
        await queryRunner.query(`CREATE TABLE "news_search_history" ("id" BIGSERIAL NOT NULL, "user_id" integer NOT NULL, "content" character varying(200) NOT NULL, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_23c4b896081e3c160721ce5f610" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_b87d188b7a92e3f06aa54700e3" ON "news_search_history"  ("user_id", "create_time") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_b87d188b7a92e3f06aa54700e3"`);
        await queryRunner.query(`DROP TABLE "news_search_history"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_9c68f0c718a81f339c07d0d62f"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_5090e53d8252b4d31d262a72ed"`);
        await queryRunner.query(`DROP TABLE "news_suggest"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_541366dbe2cbd3c273c890e379"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_45ac750d3686e0ca8058698f5e"`);
        await queryRunner.query(`DROP TABLE "news_collect"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_91dd30269f0963703e3cd656f2"`);
        await queryRunner.query(`DROP TABLE "news_user"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_16d26926035a54c7985acbf16d"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_5afac86abf8e62f76173ae9a25"`);
        await queryRunner.query(`DROP TABLE "news_dept"`);
        await queryRunner.query(`DROP INDEX "public"."idx_news_search"`);
        await queryRunner.query(`DROP INDEX "public"."idx_news_keywords"`);
        await queryRunner.query(`DROP INDEX "public"."idx_news_classify"`);
        await queryRunner.query(`DROP INDEX "public"."idx_news_publish"`);
        await queryRunner.query(`DROP INDEX "public"."idx_news_create"`);
        await queryRunner.query(`DROP INDEX "public"."idx_news_count"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_2afd912d0df98857d49137b1f4"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_b78ef382b77b2deb4eec95c606"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_824cf2fe42ed97696766262706"`);
        await queryRunner.query(`DROP TABLE "news"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_91ee5eabd69bbd661688d472d5"`);
        await queryRunner.query(`DROP TABLE "news_website"`);
    }

}
