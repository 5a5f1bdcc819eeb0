import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statistics (docs/statistics.md): when a translation claim started. `news_dept.claim_time` is the
 * current claim's start (set when an editor takes the item); a submitted version copies it to
 * `news_translation.claim_time`, so "claim → review" can be measured per version. Rows written before
 * this migration have no claim time and are left out of the medians.
 */
export class TranslationClaimTime1795860000000 implements MigrationInterface {
  name = 'TranslationClaimTime1795860000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "news_dept" ADD "claim_time" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "news_translation" ADD "claim_time" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "news_translation" DROP COLUMN "claim_time"`);
    await queryRunner.query(`ALTER TABLE "news_dept" DROP COLUMN "claim_time"`);
  }
}
