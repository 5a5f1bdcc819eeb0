import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17, 预警列表 (/yjList): who warned an item for a department and when — a person (their nick
 * name) or 预警规则 (a keyword alert rule). Cleared when the warning is taken back.
 */
export class WarnedBy1795855000000 implements MigrationInterface {
  name = 'WarnedBy1795855000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "news_dept" ADD "yj_by" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "news_dept" ADD "yj_time" TIMESTAMP WITH TIME ZONE`);
    // warnings before this migration: their last change is the best known time
    await queryRunner.query(`UPDATE "news_dept" SET "yj_time" = "update_time" WHERE "yj"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "news_dept" DROP COLUMN "yj_time"`);
    await queryRunner.query(`ALTER TABLE "news_dept" DROP COLUMN "yj_by"`);
  }
}
