import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 16, bench:collect: `news_cluster_log`, the story steps in commit order. A batch reads its LSH
 * candidates before taking the cluster lock and, under the lock, only the items of the steps
 * committed since (docs/collect-design.md §4.3), so the candidate query leaves the serial section.
 */
export class ClusterLog1795830000000 implements MigrationInterface {
  name = 'ClusterLog1795830000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "news_cluster_log" ("seq" BIGSERIAL NOT NULL, "news_ids" bigint array NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_99d58fb9b1217f027b6053b8a19" PRIMARY KEY ("seq"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "news_cluster_log"`);
  }
}
