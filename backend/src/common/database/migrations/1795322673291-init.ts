import type { MigrationInterface, QueryRunner } from "typeorm";

/** Administration and auth tables (generated from the entities). */

export class Init1795322673291 implements MigrationInterface {
    name = 'Init1795322673291'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "sys_session" ("id" uuid NOT NULL, "user_id" integer NOT NULL, "remember_me" boolean NOT NULL DEFAULT false, "ip" character varying(64), "browser" character varying(255), "login_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_access_time" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_6a8355dc6ff64a31acca03a9055" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_783e65dca7d865f270fc1b3f97" ON "sys_session"  ("user_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_362c6ab2456aa950fad11e7ec9" ON "sys_session"  ("expires_at") `);
        await queryRunner.query(`CREATE TABLE "sys_captcha" ("uuid" character varying(64) NOT NULL, "answer" character varying(16) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_f603ac2752301ea600b9814d189" PRIMARY KEY ("uuid"))`);
        await queryRunner.query(`CREATE INDEX "IDX_9b9209728afd7bd46deacd62ae" ON "sys_captcha"  ("expires_at") `);
        await queryRunner.query(`CREATE TABLE "sys_login_failure" ("id" BIGSERIAL NOT NULL, "username" character varying(64) NOT NULL, "ip" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d1315b18d54a8f8bc473d688a3f" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_57b2578915063fcf3d91027041" ON "sys_login_failure"  ("username", "create_time") `);
        await queryRunner.query(`CREATE TABLE "sys_setting" ("key" character varying(64) NOT NULL, "value" text NOT NULL, CONSTRAINT "PK_c31b81fc2a2aa85d816ed654df0" PRIMARY KEY ("key"))`);
        await queryRunner.query(`CREATE TABLE "sys_dept" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "pid" integer, "sub_count" integer NOT NULL DEFAULT '0', "name" character varying(100) NOT NULL, "dept_sort" integer NOT NULL DEFAULT '999', "enabled" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_bcff95950c9e1012cf91f2d3134" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_4f0b0b6eb0132841802c9284e7" ON "sys_dept"  ("pid") `);
        await queryRunner.query(`CREATE TABLE "sys_dict" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(100) NOT NULL, "description" character varying(255), CONSTRAINT "UQ_d112365748f740ee260b65ce913" UNIQUE ("name"), CONSTRAINT "PK_c99797ac6e991ce88c288e0f235" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "sys_dict_detail" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "dict_id" integer NOT NULL, "label" character varying(255) NOT NULL, "value" character varying(255) NOT NULL, "dict_sort" integer NOT NULL DEFAULT '999', CONSTRAINT "PK_4f63e32e21fa2f87625fc977bcf" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_1b7c853c0c9d99b7b115c5bb4c" ON "sys_dict_detail"  ("dict_id") `);
        await queryRunner.query(`CREATE TABLE "sys_job" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(100) NOT NULL, "job_sort" integer NOT NULL DEFAULT '999', "enabled" boolean NOT NULL DEFAULT true, CONSTRAINT "UQ_b44c104e9c8f38dcb0678a6070e" UNIQUE ("name"), CONSTRAINT "PK_2dfd8b290ca13661d800cc5dac7" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "sys_log" ("id" BIGSERIAL NOT NULL, "description" character varying(255), "log_type" character varying(10) NOT NULL, "method" character varying(255) NOT NULL, "params" text, "request_ip" character varying(64), "browser" character varying(255), "time" integer NOT NULL, "status" integer, "username" character varying(64), "exception_detail" text, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a820dafdcd358af9d85bff206eb" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_4183cbc3b956af303f36eee691" ON "sys_log"  ("create_time") `);
        await queryRunner.query(`CREATE INDEX "IDX_31345a3656720f223d42b19b62" ON "sys_log"  ("username", "create_time") `);
        await queryRunner.query(`CREATE TABLE "sys_menu" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "pid" integer, "sub_count" integer NOT NULL DEFAULT '0', "type" smallint NOT NULL, "title" character varying(100) NOT NULL, "name" character varying(100), "component" character varying(255), "menu_sort" integer NOT NULL DEFAULT '999', "icon" character varying(100), "path" character varying(255), "i_frame" boolean NOT NULL DEFAULT false, "cache" boolean NOT NULL DEFAULT false, "hidden" boolean NOT NULL DEFAULT false, "permission" character varying(255), "module" character varying(20), CONSTRAINT "UQ_dc04e94193509df5494e26d2325" UNIQUE ("title"), CONSTRAINT "UQ_300914d18f3d16b0c3a631e8be8" UNIQUE ("name"), CONSTRAINT "PK_8b22e66a03950819c40639e58f8" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_5f96ca86bb4964087d55f857e6" ON "sys_menu"  ("pid") `);
        await queryRunner.query(`CREATE TABLE "sys_role" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(100) NOT NULL, "level" integer NOT NULL DEFAULT '3', "description" character varying(255), "data_scope" character varying(20) NOT NULL DEFAULT '本级', CONSTRAINT "UQ_223de54d6badbe43a5490450c30" UNIQUE ("name"), CONSTRAINT "PK_12875ba0686cf845f353704dc7b" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "sys_user" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "username" character varying(64) NOT NULL, "nick_name" character varying(64) NOT NULL, "gender" character varying(8), "phone" character varying(32), "email" character varying(128), "avatar_name" character varying(255), "password" character varying(255) NOT NULL, "is_admin" boolean NOT NULL DEFAULT false, "enabled" boolean NOT NULL DEFAULT true, "pwd_reset_time" TIMESTAMP WITH TIME ZONE, "dept_id" integer, CONSTRAINT "PK_b286272b5d723fa76dca97a159e" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_9e7164b2f1ea1348bc0eb0a7da" ON "sys_user"  ("username") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "IDX_a78066266d5da92bbaf1f70cf8" ON "sys_user"  ("email") `);
        await queryRunner.query(`CREATE INDEX "IDX_96bde34263e2ae3b46f011124a" ON "sys_user"  ("dept_id") `);
        await queryRunner.query(`CREATE TABLE "sys_roles_menus" ("role_id" integer NOT NULL, "menu_id" integer NOT NULL, CONSTRAINT "PK_81a34317f29fdf880359d6a600d" PRIMARY KEY ("role_id", "menu_id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_811fc5f32a6dd957a6a52c4161" ON "sys_roles_menus"  ("role_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_f2e932a317373a010747a6417d" ON "sys_roles_menus"  ("menu_id") `);
        await queryRunner.query(`CREATE TABLE "sys_roles_depts" ("role_id" integer NOT NULL, "dept_id" integer NOT NULL, CONSTRAINT "PK_d1e81798a44ada80c3fbcff3a2c" PRIMARY KEY ("role_id", "dept_id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_885e55e3ea4a1f8adcf71eb4e6" ON "sys_roles_depts"  ("role_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_5e5b982cda0e43b97bc45a45f6" ON "sys_roles_depts"  ("dept_id") `);
        await queryRunner.query(`CREATE TABLE "sys_users_roles" ("user_id" integer NOT NULL, "role_id" integer NOT NULL, CONSTRAINT "PK_1e5d8eadd1e01c9fe74b83eda2f" PRIMARY KEY ("user_id", "role_id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_75f790c39834a4fa1aa3e91f38" ON "sys_users_roles"  ("user_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_ffc27caeeaa635d782f9f007df" ON "sys_users_roles"  ("role_id") `);
        await queryRunner.query(`CREATE TABLE "sys_users_jobs" ("user_id" integer NOT NULL, "job_id" integer NOT NULL, CONSTRAINT "PK_b04915f359fcd2c729b4da31473" PRIMARY KEY ("user_id", "job_id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_605400d48c419a45f88eb00694" ON "sys_users_jobs"  ("user_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_ead140b5326fd66f82a5a4dbd5" ON "sys_users_jobs"  ("job_id") `);
        await queryRunner.query(`ALTER TABLE "sys_dict_detail" ADD CONSTRAINT "FK_1b7c853c0c9d99b7b115c5bb4ce" FOREIGN KEY ("dict_id") REFERENCES "sys_dict"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "sys_user" ADD CONSTRAINT "FK_96bde34263e2ae3b46f011124ac" FOREIGN KEY ("dept_id") REFERENCES "sys_dept"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "sys_roles_menus" ADD CONSTRAINT "FK_811fc5f32a6dd957a6a52c41616" FOREIGN KEY ("role_id") REFERENCES "sys_role"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE "sys_roles_menus" ADD CONSTRAINT "FK_f2e932a317373a010747a6417d0" FOREIGN KEY ("menu_id") REFERENCES "sys_menu"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE "sys_roles_depts" ADD CONSTRAINT "FK_885e55e3ea4a1f8adcf71eb4e68" FOREIGN KEY ("role_id") REFERENCES "sys_role"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE "sys_roles_depts" ADD CONSTRAINT "FK_5e5b982cda0e43b97bc45a45f6f" FOREIGN KEY ("dept_id") REFERENCES "sys_dept"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE "sys_users_roles" ADD CONSTRAINT "FK_75f790c39834a4fa1aa3e91f382" FOREIGN KEY ("user_id") REFERENCES "sys_user"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE "sys_users_roles" ADD CONSTRAINT "FK_ffc27caeeaa635d782f9f007df6" FOREIGN KEY ("role_id") REFERENCES "sys_role"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE "sys_users_jobs" ADD CONSTRAINT "FK_605400d48c419a45f88eb006942" FOREIGN KEY ("user_id") REFERENCES "sys_user"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
        await queryRunner.query(`ALTER TABLE "sys_users_jobs" ADD CONSTRAINT "FK_ead140b5326fd66f82a5a4dbd57" FOREIGN KEY ("job_id") REFERENCES "sys_job"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "sys_users_jobs" DROP CONSTRAINT "FK_ead140b5326fd66f82a5a4dbd57"`);
        await queryRunner.query(`ALTER TABLE "sys_users_jobs" DROP CONSTRAINT "FK_605400d48c419a45f88eb006942"`);
        await queryRunner.query(`ALTER TABLE "sys_users_roles" DROP CONSTRAINT "FK_ffc27caeeaa635d782f9f007df6"`);
        await queryRunner.query(`ALTER TABLE "sys_users_roles" DROP CONSTRAINT "FK_75f790c39834a4fa1aa3e91f382"`);
        await queryRunner.query(`ALTER TABLE "sys_roles_depts" DROP CONSTRAINT "FK_5e5b982cda0e43b97bc45a45f6f"`);
        await queryRunner.query(`ALTER TABLE "sys_roles_depts" DROP CONSTRAINT "FK_885e55e3ea4a1f8adcf71eb4e68"`);
        await queryRunner.query(`ALTER TABLE "sys_roles_menus" DROP CONSTRAINT "FK_f2e932a317373a010747a6417d0"`);
        await queryRunner.query(`ALTER TABLE "sys_roles_menus" DROP CONSTRAINT "FK_811fc5f32a6dd957a6a52c41616"`);
        await queryRunner.query(`ALTER TABLE "sys_user" DROP CONSTRAINT "FK_96bde34263e2ae3b46f011124ac"`);
        await queryRunner.query(`ALTER TABLE "sys_dict_detail" DROP CONSTRAINT "FK_1b7c853c0c9d99b7b115c5bb4ce"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_ead140b5326fd66f82a5a4dbd5"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_605400d48c419a45f88eb00694"`);
        await queryRunner.query(`DROP TABLE "sys_users_jobs"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_ffc27caeeaa635d782f9f007df"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_75f790c39834a4fa1aa3e91f38"`);
        await queryRunner.query(`DROP TABLE "sys_users_roles"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_5e5b982cda0e43b97bc45a45f6"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_885e55e3ea4a1f8adcf71eb4e6"`);
        await queryRunner.query(`DROP TABLE "sys_roles_depts"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_f2e932a317373a010747a6417d"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_811fc5f32a6dd957a6a52c4161"`);
        await queryRunner.query(`DROP TABLE "sys_roles_menus"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_96bde34263e2ae3b46f011124a"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_a78066266d5da92bbaf1f70cf8"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_9e7164b2f1ea1348bc0eb0a7da"`);
        await queryRunner.query(`DROP TABLE "sys_user"`);
        await queryRunner.query(`DROP TABLE "sys_role"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_5f96ca86bb4964087d55f857e6"`);
        await queryRunner.query(`DROP TABLE "sys_menu"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_31345a3656720f223d42b19b62"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_4183cbc3b956af303f36eee691"`);
        await queryRunner.query(`DROP TABLE "sys_log"`);
        await queryRunner.query(`DROP TABLE "sys_job"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_1b7c853c0c9d99b7b115c5bb4c"`);
        await queryRunner.query(`DROP TABLE "sys_dict_detail"`);
        await queryRunner.query(`DROP TABLE "sys_dict"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_4f0b0b6eb0132841802c9284e7"`);
        await queryRunner.query(`DROP TABLE "sys_dept"`);
        await queryRunner.query(`DROP TABLE "sys_setting"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_57b2578915063fcf3d91027041"`);
        await queryRunner.query(`DROP TABLE "sys_login_failure"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_9b9209728afd7bd46deacd62ae"`);
        await queryRunner.query(`DROP TABLE "sys_captcha"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_362c6ab2456aa950fad11e7ec9"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_783e65dca7d865f270fc1b3f97"`);
        await queryRunner.query(`DROP TABLE "sys_session"`);
    }

}
