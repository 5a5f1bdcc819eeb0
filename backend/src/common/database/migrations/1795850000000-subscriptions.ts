import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17, the subscription page (新闻订阅, docs/subscriptions.md): a subscription also names
 * themes, and says how often its user is told about new items (`frequency`: realtime, hourly, daily,
 * never; `GET api/news/setFrequency`). `notified_at` is where the next notice counts from.
 */
export class Subscriptions1795850000000 implements MigrationInterface {
  name = 'Subscriptions1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "news_interest" ADD "theme_ids" integer array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "news_interest" ADD "frequency" character varying(10) NOT NULL DEFAULT 'hourly'`);
    await queryRunner.query(`ALTER TABLE "news_interest" ADD "notified_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "news_interest" DROP COLUMN "notified_at"`);
    await queryRunner.query(`ALTER TABLE "news_interest" DROP COLUMN "frequency"`);
    await queryRunner.query(`ALTER TABLE "news_interest" DROP COLUMN "theme_ids"`);
  }
}
