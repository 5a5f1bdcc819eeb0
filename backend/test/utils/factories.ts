/**
 * Test data factories: rows the e2e suites put straight into the database (fixtures another module's
 * API would make, or states no API reaches). Keys are the columns in camelCase (`titleCn` → `title_cn`);
 * a key left out takes the column's default.
 */

/** Anything that runs SQL with parameters: a TypeORM DataSource or EntityManager, a pg client. */
export interface Sql {
  query(sql: string, params?: unknown[]): Promise<any>;
}

/** The database's `now()` as a column value (the statement's time, the same for every row of it). */
export const NOW: unique symbol = Symbol('now()');

type Row = Record<string, unknown>;

const column = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Inserts `rows` into `table` in one statement (statement triggers fire once) and answers their ids
 * in order. A key missing from a row is `DEFAULT` for that row.
 */
export async function insertRows(db: Sql, table: string, rows: Row[]): Promise<number[]> {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const params: unknown[] = [];
  const value = (row: Row, key: string) => {
    if (!(key in row)) return 'DEFAULT';
    if (row[key] === NOW) return 'now()';
    params.push(row[key]);
    return `$${params.length}`;
  };
  const tuples = rows.map((row) => `(${keys.map((k) => value(row, k)).join(', ')})`);
  const result = (await db.query(`INSERT INTO ${table} (${keys.map(column).join(', ')}) VALUES ${tuples.join(', ')} RETURNING id`, params)) as Array<{ id: string | number }>;
  return result.map((r) => Number(r.id));
}

/** Inserts one row into `table` and answers its id. */
export async function insertRow(db: Sql, table: string, row: Row): Promise<number> {
  return (await insertRows(db, table, [row]))[0];
}

let seq = 0;

/** Columns of a `news` row a test may set. */
export interface NewsFields {
  title?: string;
  titleCn?: string | null;
  content?: string;
  contentHtml?: string | null;
  contentCn?: string | null;
  url?: string;
  publishTime?: Date | string | typeof NOW;
  webName?: string | null;
  language?: string | null;
  country?: string | null;
  count?: number;
  keywords?: string[];
  classify?: number[];
  isNoise?: boolean;
  /** A `tsvector` literal. */
  search?: string | null;
  mtStatus?: string | null;
}

/** A crawled news item as the collector leaves it: a unique url, published now unless given. */
function newsRow(fields: NewsFields): Row {
  seq += 1;
  return { title: `News item ${seq}`, url: `https://example.test/news/${seq}-${Date.now()}`, publishTime: NOW, ...fields };
}

/** Inserts a news item; answers its id. */
export function insertNews(db: Sql, fields: NewsFields = {}): Promise<number> {
  return insertRow(db, 'news', newsRow(fields));
}

/** Inserts several news items in one statement; answers their ids in order. */
export function insertNewsRows(db: Sql, items: NewsFields[]): Promise<number[]> {
  return insertRows(db, 'news', items.map(newsRow));
}

/** Columns of a `product_setting` row (a product: a periodical or a special issue). */
export interface ProductFields {
  name: string;
  deptId: number;
  editorIds?: string | null;
  period?: string | null;
  type?: string;
  contentType?: string;
  templateFileId?: number | null;
}

/** Inserts a product row (the products API belongs to another module); answers its id. */
export function insertProduct(db: Sql, fields: ProductFields): Promise<number> {
  return insertRow(db, 'product_setting', { ...fields });
}

/** Inserts an issue of `productId` (2026, no. 1, total no. 1 unless given); answers its id. */
export function insertJournal(db: Sql, fields: { productId: number; year?: number; journalNo?: number; totalNo?: number }): Promise<number> {
  return insertRow(db, 'product_journal', { year: 2026, journalNo: 1, totalNo: 1, ...fields });
}

/** Columns of a `manuscript` row. */
export interface ManuscriptFields {
  deptId: number;
  productId: number;
  title?: string;
  firstAuthor?: string;
  authorIds?: string;
  journalId?: number | null;
  fileId?: number | null;
}

/** Inserts a manuscript ('稿件' by '供稿人', author id 1, unless given); answers its id. */
export function insertManuscript(db: Sql, fields: ManuscriptFields): Promise<number> {
  return insertRow(db, 'manuscript', { title: '稿件', firstAuthor: '供稿人', authorIds: '1', ...fields });
}

/** Columns of a `sys_file` row, as the storage module leaves it after an upload. */
export interface StoredFileFields {
  realName: string;
  name: string;
  suffix: string;
  type: string;
  mime: string;
  size: number;
  sha256: string;
  storageKey: string;
  formType?: string | null;
  formId?: number | null;
  handlerId?: number | null;
  handlerName?: string | null;
}

/** Inserts a stored file row (no bytes are written); answers its id. */
export function insertStoredFile(db: Sql, fields: StoredFileFields): Promise<number> {
  return insertRow(db, 'sys_file', { ...fields });
}
