import { BadRequestException, ForbiddenException, HttpException, Logger, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { DomainException, ErrorCode } from './domain.exception.js';
import { ErrorFilter, redactUrl } from './error.filter.js';

const dbError = (code: string) => new QueryFailedError('SELECT 1', [], Object.assign(new Error('db says no: secret detail'), { code }));

describe('ErrorFilter', () => {
  const filter = new ErrorFilter();
  const body = (e: unknown) => {
    const { timestamp, ...rest } = filter.toBody(e);
    expect(typeof timestamp).toBe('number');
    return rest;
  };

  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']));

  it('answers a domain exception as {status, message, code}', () => {
    expect(body(new DomainException(409, '已被他人认领', 'NEWS_TRANSLATION_LOCKED'))).toEqual({ status: 409, message: '已被他人认领', code: 'NEWS_TRANSLATION_LOCKED' });
    expect(body(DomainException.notFound('用户不存在'))).toEqual({ status: 404, message: '用户不存在', code: ErrorCode.NotFound });
    expect(body(DomainException.forbidden())).toEqual({ status: 403, message: '没有权限执行此操作', code: ErrorCode.Forbidden });
    expect(body(DomainException.unauthorized())).toEqual({ status: 401, message: '登录状态已过期，请重新登录', code: ErrorCode.Unauthorized });
  });

  it('keeps a Chinese HttpException message and replaces an English one with a Chinese default', () => {
    expect(body(new BadRequestException('参数不对'))).toEqual({ status: 400, message: '参数不对', code: ErrorCode.BadRequest });
    expect(body(new BadRequestException(['第一个错误', 'second']))).toMatchObject({ status: 400, message: '第一个错误' });
    expect(body(new NotFoundException('Cannot GET /api/nope'))).toEqual({ status: 404, message: '请求的资源不存在', code: ErrorCode.NotFound });
    expect(body(new ForbiddenException())).toEqual({ status: 403, message: '没有权限访问此资源', code: ErrorCode.Forbidden });
    expect(body(new PayloadTooLargeException('File too large'))).toEqual({ status: 413, message: '上传内容过大', code: ErrorCode.TooLarge });
    expect(body(new HttpException('I am a teapot', 418))).toMatchObject({ status: 418 });
  });

  it('explains body-parser errors, wrapped by Nest or raw', () => {
    const parse = Object.assign(new SyntaxError('Unexpected end of JSON input'), { type: 'entity.parse.failed', status: 400 });
    const large = Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413 });
    expect(body(new BadRequestException(parse.message, { cause: parse }))).toEqual({ status: 400, message: '请求体不是合法的 JSON', code: ErrorCode.BadRequest });
    expect(body(new HttpException(large.message, 413, { cause: large }))).toEqual({ status: 413, message: '请求体过大', code: ErrorCode.TooLarge });
    expect(body(parse)).toMatchObject({ status: 400, message: '请求体不是合法的 JSON' });
    expect(body(large)).toMatchObject({ status: 413, message: '请求体过大' });
  });

  it('maps database errors that bad input can cause, without leaking the detail', () => {
    expect(body(dbError('23505'))).toEqual({ status: 400, message: '数据已存在，不能重复', code: ErrorCode.Duplicate });
    expect(body(dbError('23503'))).toEqual({ status: 400, message: '数据被引用或引用的数据不存在', code: ErrorCode.InUse });
    for (const code of ['22P02', '22003', '22007', '22008', '22001', '22021', '22P05']) expect(body(dbError(code))).toMatchObject({ status: 400, code: ErrorCode.Validation });
    for (const code of ['40001', '40P01']) expect(body(dbError(code))).toMatchObject({ status: 409, code: ErrorCode.Conflict });
    expect(body(dbError('42P01'))).toEqual({ status: 500, message: '服务器内部错误，请稍后重试', code: ErrorCode.Internal });
  });

  it('answers other client errors by status and anything else as a 500 without details', () => {
    expect(body(Object.assign(new Error('x'), { status: 404 }))).toEqual({ status: 404, message: '请求的资源不存在', code: ErrorCode.NotFound });
    expect(body(Object.assign(new Error('x'), { status: 422 }))).toEqual({ status: 422, message: '请求参数错误', code: ErrorCode.BadRequest });
    const internal = body(new TypeError("Cannot read properties of undefined (reading 'password')"));
    expect(internal).toEqual({ status: 500, message: '服务器内部错误，请稍后重试', code: ErrorCode.Internal });
    expect(body('a string')).toMatchObject({ status: 500 });
    expect(body(undefined)).toMatchObject({ status: 500 });
  });

  it('writes the body with the same HTTP status and keeps it on the request', () => {
    const json = jest.fn();
    const res = { headersSent: false, status: jest.fn(() => ({ json })) };
    const req: Record<string, unknown> = { method: 'GET', url: '/x' };
    const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }) };
    filter.catch(DomainException.badRequest('坏了'), host as never);
    expect(res.status).toHaveBeenCalledWith(400);
    expect(json).toHaveBeenCalledWith(expect.objectContaining({ status: 400, message: '坏了' }));
    expect(req.errorBody).toMatchObject({ status: 400, message: '坏了' });

    const sent = { headersSent: true, status: jest.fn() };
    filter.catch(new Error('late'), { switchToHttp: () => ({ getResponse: () => sent, getRequest: () => ({}) }) } as never);
    expect(sent.status).not.toHaveBeenCalled();
  });

  it('logs a 5xx without the access token of its URL', () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const req = { method: 'GET', url: '/wopi/files/j1/contents?access_token=SECRET-1&access_token_ttl=9' } as never;
      expect(filter.toBody(new Error('boom'), req)).toMatchObject({ status: 500 });
      expect(error).toHaveBeenCalledTimes(1);
      expect(String(error.mock.calls[0][0])).toContain('/wopi/files/j1/contents?access_token=***&access_token_ttl=9');
      expect(String(error.mock.calls[0][0])).not.toContain('SECRET-1');
    } finally {
      error.mockRestore();
    }
  });

  it('redactUrl hides access_token and token values, whatever their case and place', () => {
    expect(redactUrl('/api/localStorage/downloadFile/7?access_token=abc.def')).toBe('/api/localStorage/downloadFile/7?access_token=***');
    expect(redactUrl('/x?a=1&Token=t1&b=2&ACCESS_TOKEN=t2#h')).toBe('/x?a=1&Token=***&b=2&ACCESS_TOKEN=***#h');
    expect(redactUrl('/x?mytoken=keep&token_type=keep')).toBe('/x?mytoken=keep&token_type=keep');
    expect(redactUrl('/path/without/query')).toBe('/path/without/query');
  });
});
