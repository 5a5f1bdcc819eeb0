import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The vote menu's buttons: [title, code, sort]. */
const BUTTONS: Array<[title: string, code: string, sort: number]> = [
  ['参与投票', 'vote:cast', 1],
  ['投票发起', 'vote:add', 2],
  ['投票结束', 'vote:edit', 3],
  ['投票删除', 'vote:del', 4],
];
const PAGE = '动态投票';

/**
 * 动态投票 (docs/votes.md): the votes module's `manuscript_vote`, `manuscript_vote_candidate` and
 * `manuscript_vote_ballot`. Menu data only where the menus are already seeded (a fresh database is
 * migrated before the seed, which carries the same menus): the hidden page 动态投票 under 产品加工
 * with its buttons; roles that hold 稿件管理 (staff) get `vote:list` and `vote:cast`, roles that hold
 * 期刊稿件配置 (editors) get every vote code.
 */
export class Votes1795840000000 implements MigrationInterface {
  name = 'Votes1795840000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "manuscript_vote" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "product_id" integer NOT NULL, "title" character varying(200) NOT NULL, "start_date" date NOT NULL, "end_date" date NOT NULL, "votes_per_person" integer NOT NULL, "state" character varying(8) NOT NULL DEFAULT 'open', "create_by_id" integer, "closed_at" TIMESTAMP WITH TIME ZONE, "closed_by" character varying(64), "result" jsonb, CONSTRAINT "PK_7a4004cb9f235dd317fb3b3b547" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_manuscript_vote_product" ON "manuscript_vote" ("product_id", "create_time")`);
    await queryRunner.query(`CREATE INDEX "idx_manuscript_vote_state" ON "manuscript_vote" ("state", "create_time")`);
    await queryRunner.query(
      `CREATE TABLE "manuscript_vote_candidate" ("id" SERIAL NOT NULL, "vote_id" integer NOT NULL, "manuscript_id" integer NOT NULL, "title" character varying(500) NOT NULL, "journal_id" integer NOT NULL, "journal_label" character varying(100) NOT NULL, "column_name" character varying(100), "dept_name" character varying(100), "sort" integer NOT NULL, CONSTRAINT "PK_25197c50fa332449c0494aff20f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_manuscript_vote_candidate" ON "manuscript_vote_candidate" ("vote_id", "manuscript_id")`);
    await queryRunner.query(
      `CREATE TABLE "manuscript_vote_ballot" ("id" SERIAL NOT NULL, "vote_id" integer NOT NULL, "candidate_id" integer NOT NULL, "user_id" integer NOT NULL, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9caad53768bc67a3b1b0e033f2f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_manuscript_vote_ballot_user" ON "manuscript_vote_ballot" ("vote_id", "user_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_manuscript_vote_ballot" ON "manuscript_vote_ballot" ("candidate_id", "user_id")`);
    await queryRunner.query(
      `ALTER TABLE "manuscript_vote" ADD CONSTRAINT "FK_7c1036121dcf1963b1e578862dc" FOREIGN KEY ("product_id") REFERENCES "product_setting"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "manuscript_vote_candidate" ADD CONSTRAINT "FK_55c80438edb3b588feb7156b6cf" FOREIGN KEY ("vote_id") REFERENCES "manuscript_vote"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "manuscript_vote_ballot" ADD CONSTRAINT "FK_f001bf0a86de1c622f84b5bb0e0" FOREIGN KEY ("vote_id") REFERENCES "manuscript_vote"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "manuscript_vote_ballot" ADD CONSTRAINT "FK_11d8ca85d79cd4a8417b9031aa2" FOREIGN KEY ("candidate_id") REFERENCES "manuscript_vote_candidate"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "manuscript_vote_ballot" ADD CONSTRAINT "FK_799049b2062de6fd3209bf75250" FOREIGN KEY ("user_id") REFERENCES "sys_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    if (await seeded(queryRunner)) await addMenus(queryRunner);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    if (await seeded(queryRunner)) {
      await queryRunner.query(`DELETE FROM "sys_menu" WHERE "permission" LIKE 'vote:%'`);
      await updateSubCounts(queryRunner);
    }
    await queryRunner.query(`DROP TABLE "manuscript_vote_ballot"`);
    await queryRunner.query(`DROP TABLE "manuscript_vote_candidate"`);
    await queryRunner.query(`DROP TABLE "manuscript_vote"`);
  }
}

/** True when the menus were seeded (the database was started before this migration). */
async function seeded(queryRunner: QueryRunner): Promise<boolean> {
  const rows: unknown[] = await queryRunner.query(`SELECT 1 FROM "sys_menu" WHERE "title" = '产品加工' AND "type" = 0`);
  return rows.length > 0;
}

async function addMenus(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(
    `INSERT INTO "sys_menu" ("pid", "sub_count", "type", "title", "name", "component", "menu_sort", "icon", "path", "i_frame", "cache", "hidden", "permission", "module", "create_by")
     SELECT p."id", 0, 1, $1::varchar, 'ProductVote', 'product/vote/index', 5, 'chart', 'vote', false, false, true, 'vote:list', p."module", 'system'
       FROM "sys_menu" p WHERE p."title" = '产品加工' AND p."type" = 0 AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "permission" = 'vote:list')`,
    [PAGE],
  );
  for (const [title, code, sort] of BUTTONS) {
    await queryRunner.query(
      `INSERT INTO "sys_menu" ("pid", "sub_count", "type", "title", "menu_sort", "i_frame", "cache", "hidden", "permission", "module", "create_by")
       SELECT p."id", 0, 2, $1::varchar, $3::int, false, false, false, $2::varchar, p."module", 'system' FROM "sys_menu" p
        WHERE p."permission" = 'vote:list' AND NOT EXISTS (SELECT 1 FROM "sys_menu" WHERE "permission" = $2::varchar)`,
      [title, code, sort],
    );
  }
  // Staff (holders of 稿件管理) see and cast; editors (holders of 期刊稿件配置) get every vote code.
  await grant(queryRunner, 'manuscript:list', ['vote:list', 'vote:cast']);
  await grant(queryRunner, 'productJournal:manu', BUTTONS.map(([, code]) => code).concat('vote:list'));
  await updateSubCounts(queryRunner);
}

async function grant(queryRunner: QueryRunner, heldCode: string, codes: string[]): Promise<void> {
  await queryRunner.query(
    `INSERT INTO "sys_roles_menus" ("role_id", "menu_id")
     SELECT rm."role_id", m."id" FROM "sys_roles_menus" rm JOIN "sys_menu" held ON held."id" = rm."menu_id"
       CROSS JOIN "sys_menu" m WHERE held."permission" = $1 AND m."permission" = ANY($2::varchar[]) ON CONFLICT DO NOTHING`,
    [heldCode, codes],
  );
}

async function updateSubCounts(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(
    `UPDATE "sys_menu" p SET "sub_count" = (SELECT count(*)::int FROM "sys_menu" c WHERE c."pid" = p."id")
      WHERE p."title" = '产品加工' AND p."type" = 0 OR p."permission" = 'vote:list'`,
  );
}
