import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * News classifications and themes, with their reference data: the root '全部' (id 9999, the
 * drawer's root), a classification tree under it including the noise class (code A5000), and a few
 * themes. The id sequence is moved past 9999 so every other classification gets 10000+.
 */

const TREE: Array<[code: string, name: string, seq: number, children: Array<[code: string, name: string]>]> = [
    ['A1000', '政治', 1, [['A1001', '外交'], ['A1002', '选举'], ['A1003', '国防安全']]],
    ['A2000', '经济', 2, [['A2001', '能源'], ['A2002', '金融'], ['A2003', '贸易'], ['A2004', '产业']]],
    ['A3000', '科技', 3, [['A3001', '人工智能'], ['A3002', '半导体'], ['A3003', '航天'], ['A3004', '生物医药']]],
    ['A4000', '社会', 4, [['A4001', '公共卫生'], ['A4002', '教育'], ['A4003', '环境气候']]],
    ['A6000', '军事', 5, [['A6001', '装备'], ['A6002', '演习']]],
    ['A5000', '噪音', 99, []],
];

const THEMES: Array<[title: string, seq: number, keywords: string[]]> = [
    ['能源安全', 1, ['能源安全', '石油', '天然气', '电网', 'energy security', 'oil', 'natural gas', 'LNG', 'power grid']],
    ['人工智能治理', 2, ['人工智能', '大模型', '算法监管', 'AI governance', 'artificial intelligence', 'large language model', 'AI safety', 'AI regulation']],
    ['半导体供应链', 3, ['半导体', '芯片', '光刻机', '出口管制', 'semiconductor', 'chip', 'lithography', 'export controls', 'foundry']],
    ['气候变化', 4, ['气候变化', '碳排放', '碳中和', '极端天气', 'climate change', 'carbon emissions', 'net zero', 'COP', 'extreme weather']],
    ['中美关系', 5, ['中美关系', '关税', '贸易摩擦', '对话', 'US-China relations', 'tariff', 'trade war', 'Washington', 'Beijing']],
];

export class NewsClassify1795326800000 implements MigrationInterface {
    name = 'NewsClassify1795326800000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "news_classify" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "pid" integer, "name" character varying(100) NOT NULL, "code" character varying(32), "seq" integer NOT NULL DEFAULT '999', "enabled" boolean NOT NULL DEFAULT true, CONSTRAINT "UQ_31a2f12f1a58e3ef8edc7d62448" UNIQUE ("code"), CONSTRAINT "PK_abcb93b3a4a0f1d835b96c37eb5" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_9b43819d299170ce4a70829e46" ON "news_classify"  ("pid") `);
        await queryRunner.query(`CREATE TABLE "news_theme" ("id" SERIAL NOT NULL, "create_by" character varying(64), "update_by" character varying(64), "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "title" character varying(100) NOT NULL, "keywords" text array NOT NULL DEFAULT '{}', "seq" integer NOT NULL DEFAULT '999', CONSTRAINT "UQ_ebeaedb4f0457f6ccfd1fd6c4b1" UNIQUE ("title"), CONSTRAINT "PK_e1f0b626de638ab28227a13b148" PRIMARY KEY ("id"))`);

        // Reference data every deployment needs.
        await queryRunner.query(`INSERT INTO "news_classify" ("id", "pid", "name", "code", "seq") VALUES (9999, NULL, '全部', NULL, 0)`);
        await queryRunner.query(`SELECT setval(pg_get_serial_sequence('news_classify', 'id'), GREATEST(9999, (SELECT max("id") FROM "news_classify")))`);
        for (const [code, name, seq, children] of TREE) {
            const [{ id }]: Array<{ id: number }> = await queryRunner.query(
                `INSERT INTO "news_classify" ("pid", "name", "code", "seq") VALUES (9999, $1, $2, $3) RETURNING "id"`,
                [name, code, seq],
            );
            for (const [i, [childCode, childName]] of children.entries()) {
                await queryRunner.query(
                    `INSERT INTO "news_classify" ("pid", "name", "code", "seq") VALUES ($1, $2, $3, $4)`,
                    [id, childName, childCode, i + 1],
                );
            }
        }
        for (const [title, seq, keywords] of THEMES) {
            await queryRunner.query(`INSERT INTO "news_theme" ("title", "keywords", "seq") VALUES ($1, $2::text[], $3)`, [title, keywords, seq]);
        }
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "news_theme"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_9b43819d299170ce4a70829e46"`);
        await queryRunner.query(`DROP TABLE "news_classify"`);
    }

}
