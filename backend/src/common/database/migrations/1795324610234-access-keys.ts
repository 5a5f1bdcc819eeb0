import type { MigrationInterface, QueryRunner } from "typeorm";

/** Personal access keys for key login. */

export class AccessKeys1795324610234 implements MigrationInterface {
    name = 'AccessKeys1795324610234'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "sys_access_key" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "name" character varying(100) NOT NULL, "prefix" character varying(16) NOT NULL, "key_hash" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE, "last_used_time" TIMESTAMP WITH TIME ZONE, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8b1c2a5c05184f001ce08d8c98e" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_bac0be011a6104f970f24a4961" ON "sys_access_key"  ("user_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_d47b369e6b4976fa0df70fb4a2" ON "sys_access_key"  ("key_hash") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "public"."IDX_d47b369e6b4976fa0df70fb4a2"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_bac0be011a6104f970f24a4961"`);
        await queryRunner.query(`DROP TABLE "sys_access_key"`);
    }

}
