import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Online office editing (issue 15, docs/office-design.md §4.2), the office module's tables: sessions
 * (one opening of a journal version or a copy in an editor), the single-writer lock per target (with
 * the WOPI client's lock id), and the metadata of every version an editor saved (who, when, which
 * editor, stale, the adapters' fields), keyed by the version's stored file.
 */
export class Office1795700000000 implements MigrationInterface {
  name = 'Office1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "office_session" ("id" uuid NOT NULL, "target_kind" character varying(8) NOT NULL, "target_id" integer NOT NULL, "journal_id" integer NOT NULL, "base_version" integer NOT NULL, "base_file_id" integer NOT NULL, "editor" character varying(12) NOT NULL, "mode" character varying(4) NOT NULL, "user_id" integer NOT NULL, "origin" character varying(255), "doc_key" character varying(128), "state" character varying(8) NOT NULL DEFAULT 'open', "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "ended_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "chk_office_session_state" CHECK ("state" IN ('open', 'closing', 'saved', 'closed', 'error')), CONSTRAINT "chk_office_session_mode" CHECK ("mode" IN ('edit', 'view')), CONSTRAINT "chk_office_session_editor" CHECK ("editor" IN ('builtin', 'onlyoffice', 'wopi')), CONSTRAINT "chk_office_session_kind" CHECK ("target_kind" IN ('journal', 'copy')), CONSTRAINT "PK_6fd4294bda3d73ab39a8f8a5adb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_office_session_target" ON "office_session" ("target_kind", "target_id") WHERE ended_at IS NULL`);
    await queryRunner.query(`CREATE TABLE "office_lock" ("target_kind" character varying(8) NOT NULL, "target_id" integer NOT NULL, "session_id" uuid NOT NULL, "user_id" integer NOT NULL, "wopi_lock" character varying(1024), "acquired_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_491953b771b6fab55ac02442c31" PRIMARY KEY ("target_kind", "target_id"))`);
    await queryRunner.query(`CREATE TABLE "office_save" ("id" SERIAL NOT NULL, "target_kind" character varying(8) NOT NULL, "target_id" integer NOT NULL, "file_id" integer NOT NULL, "session_id" uuid, "editor" character varying(12) NOT NULL, "user_id" integer, "saved_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "base_version" integer, "stale" boolean NOT NULL DEFAULT false, "autosave" boolean, "modified_by_user" boolean, "exit_save" boolean, "forcesave_type" smallint, "oo_history" jsonb, "oo_changes_file_id" integer, "callback_digest" character varying(64), CONSTRAINT "PK_c17dbcb37be385db8c7f34dd6f0" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_office_save_digest" ON "office_save" ("callback_digest")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_office_save_file" ON "office_save" ("file_id")`);
    await queryRunner.query(`ALTER TABLE "office_lock" ADD CONSTRAINT "FK_7b3711bba4897294ac23e506dda" FOREIGN KEY ("session_id") REFERENCES "office_session"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "office_lock" DROP CONSTRAINT "FK_7b3711bba4897294ac23e506dda"`);
    await queryRunner.query(`DROP INDEX "public"."idx_office_save_file"`);
    await queryRunner.query(`DROP INDEX "public"."idx_office_save_digest"`);
    await queryRunner.query(`DROP TABLE "office_save"`);
    await queryRunner.query(`DROP TABLE "office_lock"`);
    await queryRunner.query(`DROP INDEX "public"."idx_office_session_target"`);
    await queryRunner.query(`DROP TABLE "office_session"`);
  }
}
