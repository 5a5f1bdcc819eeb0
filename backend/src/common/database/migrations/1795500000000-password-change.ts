import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Forced password change (issue 12): a new account and a reset one get a random initial password
 * and `sys_user.password_change_required`; until the user changes it (`POST api/users/updatePass`)
 * every other call answers 403 `PASSWORD_CHANGE_REQUIRED`. Existing accounts are not flagged.
 */
export class PasswordChange1795500000000 implements MigrationInterface {
  name = 'PasswordChange1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sys_user" ADD "password_change_required" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sys_user" DROP COLUMN "password_change_required"`);
  }
}
