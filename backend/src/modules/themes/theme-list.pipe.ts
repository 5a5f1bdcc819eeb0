import { Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { validationMessage } from '../../common/http/validation.js';
import { ThemeItemDto } from './theme.dto.js';

export const MAX_THEMES_PER_CALL = 1000;

/** The body of `createList`: a non-empty array of {title, keywords?}; the first bad item → 400 naming its position. */
@Injectable()
export class ParseThemeListPipe implements PipeTransform<unknown, Promise<ThemeItemDto[]>> {
  async transform(value: unknown): Promise<ThemeItemDto[]> {
    if (!Array.isArray(value) || value.length === 0) throw DomainException.badRequest('请提交要新增的主题（数组）', ErrorCode.Validation);
    if (value.length > MAX_THEMES_PER_CALL) throw DomainException.badRequest(`一次最多新增 ${MAX_THEMES_PER_CALL} 个主题`, ErrorCode.Validation);
    const items: ThemeItemDto[] = [];
    for (const [i, raw] of value.entries()) {
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw DomainException.badRequest(`第 ${i + 1} 个主题格式不正确`, ErrorCode.Validation);
      const item = plainToInstance(ThemeItemDto, raw as object);
      const errors = await validate(item, { whitelist: true, forbidNonWhitelisted: false });
      if (errors.length) throw DomainException.badRequest(`第 ${i + 1} 个主题：${validationMessage(errors)}`, ErrorCode.Validation);
      items.push(item);
    }
    return items;
  }
}
