import type { EntityManager } from 'typeorm';

interface DemoProduct {
  name: string;
  dept: string;
  period: string;
  type: '1' | '2';
  contentType: '1' | '2';
  isWeekly?: boolean;
  columns: string[];
  /** Issues: [days ago created, status]. */
  journals: Array<[number, 'edit' | 'submit' | 'done' | 'review']>;
}

const DEMO_PRODUCTS: DemoProduct[] = [
  { name: '每日国际动态', dept: '出版中心', period: 'daily', type: '1', contentType: '2', columns: ['要闻', '国际', '科技', '经济'], journals: [[3, 'done'], [2, 'done'], [1, 'edit']] },
  { name: '国际动态周刊', dept: '出版中心', period: 'weekly', type: '1', contentType: '2', isWeekly: true, columns: ['本周焦点', '深度分析', '数据观察'], journals: [[6, 'done'], [0, 'edit']] },
  { name: '专题简报', dept: '出版中心', period: 'irregular', type: '2', contentType: '1', columns: ['综述'], journals: [] },
];

/**
 * Demo products with columns and a few issues, so the production screens and the daily journal
 * picker have something to show on a development start (not seeded for tests or production).
 */
export async function seedDemoProducts(em: EntityManager, depts: Map<string, number>): Promise<void> {
  const editor = ((await em.query(`SELECT id FROM sys_user WHERE username = 'editor'`)) as Array<{ id: number }>)[0]?.id ?? null;
  const year = new Date().getFullYear();
  let totalNo = 100;
  for (const product of DEMO_PRODUCTS) {
    const [{ id }] = (await em.query(
      `INSERT INTO product_setting (name, dept_id, editor_ids, period, type, content_type, is_weekly, create_by) VALUES ($1, $2, $3, $4, $5, $6, $7, 'system') RETURNING id`,
      [product.name, depts.get(product.dept), editor ? String(editor) : null, product.period, product.type, product.contentType, product.isWeekly ?? false],
    )) as Array<{ id: number }>;
    for (const [i, name] of product.columns.entries()) {
      await em.query(`INSERT INTO product_column (product_id, name, sort, status, create_by) VALUES ($1, $2, $3, true, 'system')`, [id, name, i + 1]);
    }
    for (const [i, [daysAgo, status]] of product.journals.entries()) {
      await em.query(
        `INSERT INTO product_journal (product_id, year, journal_no, total_no, editor_ids, status, plan_publish_time, publish_time, create_time, update_time, create_by)
         VALUES ($1, $2, $3, $4, $5, $6::varchar, (now() - make_interval(days => $7::int))::date, CASE WHEN $6::varchar = 'done' THEN now() - make_interval(days => $7::int) END,
                 now() - make_interval(days => $7::int), now() - make_interval(days => $7::int), 'editor')`,
        [id, year, i + 1, ++totalNo, editor ? String(editor) : null, status, daysAgo],
      );
    }
  }
}
