import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Login hardening (issue 12). `sys_login_attempt`: one counter row per lower-cased username, upserted
 * atomically before each password check (replaces `sys_login_failure`, whose count-then-check let
 * parallel guesses through and whose unindexed cleanup scanned the table on every failure).
 * `sys_rate_limit`: the per-address login/captcha throttle's counters when Redis is not configured.
 */
export class LoginHardening1795510000000 implements MigrationInterface {
  name = 'LoginHardening1795510000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "sys_login_attempt" ("username" character varying(64) NOT NULL, "failures" integer NOT NULL DEFAULT '0', "window_start" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_sys_login_attempt" PRIMARY KEY ("username"))`);
    await queryRunner.query(`CREATE INDEX "idx_sys_login_attempt_window" ON "sys_login_attempt" ("window_start")`);
    await queryRunner.query(`CREATE TABLE "sys_rate_limit" ("key" character varying(200) NOT NULL, "hits" integer NOT NULL, "reset_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_sys_rate_limit" PRIMARY KEY ("key"))`);
    await queryRunner.query(`CREATE INDEX "idx_sys_rate_limit_reset" ON "sys_rate_limit" ("reset_at")`);
    // Failures of the last window carry over, so an upgrade does not unlock a username under attack.
    await queryRunner.query(`INSERT INTO "sys_login_attempt" ("username", "failures", "window_start")
      SELECT lower("username"), count(*)::int, min("create_time") FROM "sys_login_failure"
       WHERE "create_time" > now() - interval '1 day' GROUP BY lower("username")`);
    await queryRunner.query(`DROP TABLE "sys_login_failure"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "sys_login_failure" ("id" BIGSERIAL NOT NULL, "username" character varying(64) NOT NULL, "ip" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d1315b18d54a8f8bc473d688a3f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_57b2578915063fcf3d91027041" ON "sys_login_failure"  ("username", "create_time") `);
    await queryRunner.query(`DROP INDEX "public"."idx_sys_rate_limit_reset"`);
    await queryRunner.query(`DROP TABLE "sys_rate_limit"`);
    await queryRunner.query(`DROP INDEX "public"."idx_sys_login_attempt_window"`);
    await queryRunner.query(`DROP TABLE "sys_login_attempt"`);
  }
}
