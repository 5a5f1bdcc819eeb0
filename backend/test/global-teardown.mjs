export default async function globalTeardown() {
  const pg = globalThis.__HORIZON_PG__;
  if (pg) await pg.stop();
}
