/** HTTP assertions and parsers the e2e suites share. */

/** Anything with a status and a body: a supertest response, or a raw node:http answer. */
export interface HttpAnswer {
  status: number;
  body: unknown;
}

/**
 * Asserts an error answer of the error filter: the HTTP status, the same `status` in the body, and,
 * when given, the `message` (exact, or matching a RegExp) and the machine-readable `code`.
 * A Buffer body (a download request answered with an error) is read as JSON.
 */
export function expectError(res: HttpAnswer, status: number, message?: string | RegExp, code?: string): void {
  const body = (Buffer.isBuffer(res.body) ? JSON.parse(res.body.toString('utf8')) : res.body) as Record<string, unknown> | undefined;
  const actual: Record<string, unknown> = { status: res.status, bodyStatus: body?.status };
  const expected: Record<string, unknown> = { status, bodyStatus: status };
  if (message !== undefined) {
    actual.message = body?.message;
    expected.message = typeof message === 'string' ? message : expect.stringMatching(message);
  }
  if (code !== undefined) {
    actual.code = body?.code;
    expected.code = code;
  }
  expect(actual).toEqual(expected);
}

/** A supertest parser that keeps the body as a Buffer: `.buffer(true).parse(binary)` for downloads. */
export function binary(res: unknown, done: (err: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
