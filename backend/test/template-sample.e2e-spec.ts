import PizZip from 'pizzip';
import { binary, expectError } from './utils/http';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

/** `GET api/productSetting/templateSample`: the sample journal template the product dialog offers (issue 14). */
describe('GET api/productSetting/templateSample', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (token?: string) => {
    const req = t.http().get('/api/productSetting/templateSample').buffer(true).parse(binary);
    return token ? req.set('Authorization', bearer(token)) : req;
  };

  it('answers the sample .docx with every journal tag to the product editors', async () => {
    const res = await get(await t.login('editor'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml.document');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('期刊模板样例'));
    const xml = new PizZip(res.body as Buffer).file('word/document.xml')!.asText().replace(/<[^>]+>/g, '');
    for (const tag of ['{productName}', '{#sections}', '{#items}', '{@body}']) expect(xml).toContain(tag);
  });

  it('401 without a session, 403 without productSetting:add or :edit', async () => {
    expect((await get()).status).toBe(401);
    expectError(await get(await t.login('reviewer')), 403);
  });
});
