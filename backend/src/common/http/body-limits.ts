import type { NextFunction, Request, Response } from 'express';
import { DomainException, ErrorCode } from '../errors/domain.exception.js';

/** Deepest nesting of objects / arrays a request body may have (`{"a":1}` is depth 1). */
export const MAX_BODY_DEPTH = 32;
/** Most object keys plus array items, counted over the whole body. */
export const MAX_BODY_ENTRIES = 10_000;

export const BODY_TOO_DEEP = '请求体嵌套层数过深';
export const BODY_TOO_MANY_FIELDS = '请求体字段过多';

/**
 * What is wrong with a parsed body's shape: nested deeper than MAX_BODY_DEPTH, or more than
 * MAX_BODY_ENTRIES keys and items in all; undefined when it is fine. An iterative walk with an explicit
 * stack (no recursion, so no stack overflow on any input) that stops at the first excess: at most
 * MAX_BODY_ENTRIES values are visited, whatever the body's size.
 */
export function bodyShapeProblem(body: unknown): 'depth' | 'entries' | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const stack: Array<[object, number]> = [[body, 1]];
  let entries = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (depth > MAX_BODY_DEPTH) return 'depth';
    const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
    entries += children.length;
    if (entries > MAX_BODY_ENTRIES) return 'entries';
    for (const child of children) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return undefined;
}

/**
 * Express middleware right after the body parsers: a body nested too deep or with too many fields is
 * refused with 400 before any guard, pipe or handler (each of those would walk it recursively:
 * class-transformer overflowed the stack at ~3,000 levels, a 500, and handlers that ignore their body
 * still ran). The refused body is not kept (the audit row records no parameters for it).
 */
export function bodyLimits() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const problem = bodyShapeProblem(req.body);
    if (!problem) return next();
    req.body = undefined;
    next(DomainException.badRequest(problem === 'depth' ? BODY_TOO_DEEP : BODY_TOO_MANY_FIELDS, ErrorCode.BadRequestBody));
  };
}
