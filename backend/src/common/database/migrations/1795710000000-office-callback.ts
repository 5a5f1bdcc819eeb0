import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Online office editing (issue 15, docs/office-design.md §2.2, §4.4): `office_session.callback_at`,
 * when the document server first called back for the session. An ONLYOFFICE edit session the page
 * closes before any callback never reached the document server: it ends at once (its lock released)
 * instead of waiting `closing` for a last save that will not come.
 */
export class OfficeCallback1795710000000 implements MigrationInterface {
  name = 'OfficeCallback1795710000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "office_session" ADD "callback_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "office_session" DROP COLUMN "callback_at"`);
  }
}
