import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Provider counts of a journal (issue 14, `api/productJournalProvide`): one row per journal × column ×
 * unit where an editor stored a count (≥ 0); without a row the count is the number of the journal's
 * copies. The rows go with their journal.
 */
export class JournalProvide1795620000000 implements MigrationInterface {
  name = 'JournalProvide1795620000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "product_journal_provide" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "journal_id" integer NOT NULL, "column_id" integer NOT NULL, "dept_id" integer NOT NULL, "provide_count" integer NOT NULL DEFAULT '0', CONSTRAINT "chk_product_journal_provide_count" CHECK ("provide_count" >= 0), CONSTRAINT "PK_f6185cad29c214146d4414adc97" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_product_journal_provide" ON "product_journal_provide" ("journal_id", "column_id", "dept_id")`);
    await queryRunner.query(`ALTER TABLE "product_journal_provide" ADD CONSTRAINT "FK_e8c43e214e1f24bb00faa60ee53" FOREIGN KEY ("journal_id") REFERENCES "product_journal"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "product_journal_provide" DROP CONSTRAINT "FK_e8c43e214e1f24bb00faa60ee53"`);
    await queryRunner.query(`DROP INDEX "public"."idx_product_journal_provide"`);
    await queryRunner.query(`DROP TABLE "product_journal_provide"`);
  }
}
