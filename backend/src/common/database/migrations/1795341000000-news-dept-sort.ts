import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Department tabs at 1 M rows (issue 3): news_dept keeps copies of the item's publish time and noise
 * flag and the effective classification, so 推荐/跟踪/精选 and the translation filters page and count
 * from news_dept (index (dept_id, publish_time, news_id)) instead of joining every tracked row to news.
 * Triggers keep the copies: on every news_dept write (from news), and on news updates that change them.
 */
export class NewsDeptSort1795341000000 implements MigrationInterface {
  name = 'NewsDeptSort1795341000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "news_dept" ADD "publish_time" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "news_dept" ADD "is_noise" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "news_dept" ADD "eff_classify" integer array`);
    await queryRunner.query(
      `UPDATE news_dept d SET publish_time = n.publish_time, is_noise = n.is_noise, eff_classify = COALESCE(d.classify, n.classify) FROM news n WHERE n.id = d.news_id`,
    );
    await queryRunner.query(`CREATE INDEX "idx_news_dept_publish" ON "news_dept" ("dept_id", "publish_time", "news_id")`);
    await queryRunner.query(`CREATE FUNCTION news_dept_copy() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT n.publish_time, n.is_noise, COALESCE(NEW.classify, n.classify)
          INTO NEW.publish_time, NEW.is_noise, NEW.eff_classify
          FROM news n WHERE n.id = NEW.news_id;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER news_dept_copy BEFORE INSERT OR UPDATE ON news_dept FOR EACH ROW EXECUTE FUNCTION news_dept_copy()`);
    // The UPDATE below fires news_dept_copy, which reads the new values of the item.
    await queryRunner.query(`CREATE FUNCTION news_dept_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE news_dept SET news_id = news_id WHERE news_id = NEW.id; RETURN NULL; END $$`);
    await queryRunner.query(`CREATE TRIGGER news_dept_sync AFTER UPDATE OF publish_time, classify, is_noise ON news FOR EACH ROW
      WHEN (OLD.publish_time IS DISTINCT FROM NEW.publish_time OR OLD.classify IS DISTINCT FROM NEW.classify OR OLD.is_noise IS DISTINCT FROM NEW.is_noise)
      EXECUTE FUNCTION news_dept_sync()`);
    await queryRunner.query(`ANALYZE news_dept`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER news_dept_sync ON news`);
    await queryRunner.query(`DROP TRIGGER news_dept_copy ON news_dept`);
    await queryRunner.query(`DROP FUNCTION news_dept_sync(), news_dept_copy()`);
    await queryRunner.query(`DROP INDEX "public"."idx_news_dept_publish"`);
    await queryRunner.query(`ALTER TABLE "news_dept" DROP COLUMN "eff_classify"`);
    await queryRunner.query(`ALTER TABLE "news_dept" DROP COLUMN "is_noise"`);
    await queryRunner.query(`ALTER TABLE "news_dept" DROP COLUMN "publish_time"`);
  }
}
