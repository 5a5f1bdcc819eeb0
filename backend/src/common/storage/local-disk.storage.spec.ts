import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalDiskStorage } from './local-disk.storage';
import { assertStorageKey, InvalidStorageKey, StorageObjectNotFound } from './storage.port';

const read = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

/** Every file under `dir`, relative. */
const listFiles = (dir: string): string[] => (existsSync(dir) ? (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]).filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name).slice(dir.length + 1)) : []);

describe('storage keys', () => {
  it.each(['2026/11/a.docx', 'a', 'x_y-z.1/b.c'])('accepts %j', (key) => {
    expect(() => assertStorageKey(key)).not.toThrow();
  });

  it.each(['', '../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', '.hidden', 'a/', 'a\\b', '..\\x', 'a\u0000b', 'C:/x', 'a b', `${'a'.repeat(256)}`])('refuses %j', (key) => {
    expect(() => assertStorageKey(key)).toThrow(InvalidStorageKey);
  });
});

describe('LocalDiskStorage', () => {
  let base: string;
  let root: string;
  let storage: LocalDiskStorage;

  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'horizon-storage-spec-'));
    root = join(base, 'files');
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('ping (readiness): creates a missing files folder as the first upload would; a folder it cannot create or a file in its place fails', async () => {
    await storage.ping(); // DATA_DIR exists, files/ not yet
    await storage.put('a.txt', Readable.from([Buffer.from('x')]));
    await storage.ping();
    const fresh = join(base, 'missing', 'files'); // a fresh deployment: DATA_DIR does not exist yet
    await new LocalDiskStorage(fresh).ping();
    expect(statSync(fresh).isDirectory()).toBe(true);
    writeFileSync(join(base, 'plain'), 'x');
    await expect(new LocalDiskStorage(join(base, 'plain')).ping()).rejects.toThrow();
    await expect(new LocalDiskStorage(join(base, 'plain', 'files')).ping()).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it('stores, reads, checks and deletes an object; the size is what was written', async () => {
    const bytes = Buffer.from('你好，世界'.repeat(1000));
    expect(await storage.put('2026/11/a.txt', Readable.from([bytes.subarray(0, 7), bytes.subarray(7)]))).toBe(bytes.length);
    expect(listFiles(root)).toEqual([join('2026', '11', 'a.txt')]);
    expect(await storage.exists('2026/11/a.txt')).toBe(true);
    expect((await read(await storage.get('2026/11/a.txt'))).equals(bytes)).toBe(true);
    await storage.delete('2026/11/a.txt');
    await storage.delete('2026/11/a.txt'); // idempotent
    expect(await storage.exists('2026/11/a.txt')).toBe(false);
    await expect(storage.get('2026/11/a.txt')).rejects.toBeInstanceOf(StorageObjectNotFound);
  });

  it('refuses every key resolving outside the root, for every operation, and writes nothing', async () => {
    for (const key of ['../escape.txt', '../../etc/passwd', '/tmp/abs.txt', 'a/../../escape.txt']) {
      expect(() => storage.pathOf(key)).toThrow(InvalidStorageKey);
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKey);
    }
    expect(listFiles(base)).toEqual([]);
  });

  it('refuses a folder inside the root that is a symbolic link to the outside', async () => {
    const outside = join(base, 'outside');
    mkdirSync(outside);
    mkdirSync(root, { recursive: true });
    symlinkSync(outside, join(root, 'link'));
    await expect(storage.put('link/x.txt', Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(InvalidStorageKey);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a body that fails leaves nothing behind and rejects with the body error', async () => {
    const failing = new Readable({ read() {} });
    const put = storage.put('2026/11/partial.bin', failing);
    failing.push(Buffer.alloc(64 * 1024, 1));
    setTimeout(() => failing.destroy(new Error('too large')), 20);
    await expect(put).rejects.toThrow('too large');
    expect(listFiles(root)).toEqual([]);
  });

  it('a body that fails while the folder is being made rejects with its error (no unhandled error event)', async () => {
    const failing = new Readable({ read() {} });
    const put = storage.put('2026/12/early.bin', failing);
    failing.destroy(new Error('gone early'));
    await expect(put).rejects.toThrow('gone early');
    expect(listFiles(root)).toEqual([]);
  });

  it('lists the .part files of unfinished writes last written before a time (not finished objects, not links) and removes them', async () => {
    const DAY = 24 * 3600 * 1000;
    const old = new Date(Date.now() - 2 * DAY);
    const part = (rel: string, when: Date) => {
      const path = join(root, rel);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, 'half');
      utimesSync(path, when, when);
      return rel;
    };
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const stale = part(`2020/01/a.docx.${uuid}.part`, old);
    const noSuffix = part(`2021/12/b.${uuid}.part`, old);
    part(`2020/01/c.docx.${uuid.replace('0f', '1f')}.part`, new Date());
    part('2020/01/d.part', old); // an object whose own suffix is part
    part('2020/01/e.docx.not-a-uuid.part', old);
    await storage.put('2020/01/done.docx', Readable.from([Buffer.from('x')]));
    utimesSync(join(root, '2020/01/done.docx'), old, old);
    const outside = join(base, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, `x.docx.${uuid}.part`), 'not ours');
    utimesSync(join(outside, `x.docx.${uuid}.part`), old, old);
    symlinkSync(outside, join(root, 'link'));

    const found = await storage.listIncomplete(new Date(Date.now() - DAY), 100);
    expect(found.map((w) => [w.key, w.ref]).sort()).toEqual([
      ['2020/01/a.docx', stale],
      ['2021/12/b', noSuffix],
    ]);
    expect(found.every((w) => w.time.getTime() === old.getTime())).toBe(true);
    expect(await storage.listIncomplete(new Date(Date.now() - DAY), 1)).toHaveLength(1);
    for (const w of found) await storage.removeIncomplete(w);
    await storage.removeIncomplete(found[0]); // gone already: fine
    expect(await storage.listIncomplete(new Date(Date.now() - DAY), 100)).toEqual([]);
    expect(existsSync(join(root, '2020/01/done.docx'))).toBe(true);
    expect(existsSync(join(root, '2020/01/d.part'))).toBe(true);
    expect(existsSync(join(outside, `x.docx.${uuid}.part`))).toBe(true);
    await expect(storage.removeIncomplete({ key: 'x', ref: '../outside/x.docx.0f8fad5b-d9cb-469f-a165-70867728950e.part', time: old })).rejects.toBeInstanceOf(InvalidStorageKey);
    await expect(storage.removeIncomplete({ key: 'x', ref: '2020/01/d.part', time: old })).rejects.toBeInstanceOf(InvalidStorageKey);
  });

  it('an empty or missing root has no unfinished writes', async () => {
    expect(await storage.listIncomplete(new Date(), 10)).toEqual([]);
  });
});
