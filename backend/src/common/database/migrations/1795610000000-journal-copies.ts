import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Journal copies (issue 14): a manuscript picked into a journal is a copy (`journal_id` set) in the
 * same table. A journal's copies are read per column in order (`journal_id`, `sort`), and a source
 * manuscript is in a journal at most once (`journal_id`, `source_id`).
 */
export class JournalCopies1795610000000 implements MigrationInterface {
  name = 'JournalCopies1795610000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_manuscript_journal" ON "manuscript" ("journal_id", "sort") WHERE journal_id IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_manuscript_journal_source" ON "manuscript" ("journal_id", "source_id") WHERE journal_id IS NOT NULL AND source_id IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_manuscript_journal_source"`);
    await queryRunner.query(`DROP INDEX "public"."idx_manuscript_journal"`);
  }
}
