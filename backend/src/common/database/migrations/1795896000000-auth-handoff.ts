import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17, /pro/setManu: one-time handoff codes. A logged-in user mints one for a page opened in a
 * window of its own (the journal workbench); the page exchanges it for a session on arrival. Only the
 * SHA-256 of a code is stored; a code lives 60 seconds and is used once.
 */
export class AuthHandoff1795896000000 implements MigrationInterface {
  name = 'AuthHandoff1795896000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sys_auth_handoff" ("code_hash" character(64) NOT NULL, "user_id" integer NOT NULL, "purpose" character varying(32) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_sys_auth_handoff" PRIMARY KEY ("code_hash"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sys_auth_handoff"`);
  }
}
