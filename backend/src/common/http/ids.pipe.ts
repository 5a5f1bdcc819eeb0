import { Injectable, type PipeTransform } from '@nestjs/common';
import { DomainException, ErrorCode } from '../errors/domain.exception.js';

const MAX_IDS = 1000;

/** Validates a delete body: a non-empty JSON array of positive integer ids (strings of digits accepted). */
@Injectable()
export class ParseIdsPipe implements PipeTransform<unknown, number[]> {
  transform(value: unknown): number[] {
    if (!Array.isArray(value) || value.length === 0) throw DomainException.badRequest('请选择要操作的数据（id 数组）', ErrorCode.Validation);
    if (value.length > MAX_IDS) throw DomainException.badRequest(`一次最多操作 ${MAX_IDS} 条数据`, ErrorCode.Validation);
    const ids = value.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
    if (!ids.every((v) => Number.isSafeInteger(v) && (v as number) > 0)) throw DomainException.badRequest('id 必须是正整数', ErrorCode.Validation);
    return [...new Set(ids as number[])];
  }
}

/** A path/query id: positive integer or 400. */
@Injectable()
export class ParseIdPipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    // The global ValidationPipe may already have turned a path param into a number.
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n <= 0) throw DomainException.badRequest('id 必须是正整数', ErrorCode.Validation);
    return n;
  }
}
