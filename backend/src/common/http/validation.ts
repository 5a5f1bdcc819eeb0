import { type ArgumentMetadata, HttpException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { isEmail, ValidateBy } from 'class-validator';
import { DomainException, ErrorCode } from '../errors/domain.exception.js';
import { toInteger } from './numbers.js';
import { memoizeValidationMetadata } from './validation-metadata.js';

/** Chinese fallbacks for class-validator constraints that carry no message of their own. */
const TEMPLATES: Record<string, (field: string, error: ValidationError) => string> = {
  whitelistValidation: (f) => `不支持的参数: ${f}`,
  isNotEmpty: (f) => `${f}不能为空`,
  isDefined: (f) => `${f}不能为空`,
  isInt: (f) => `${f}必须是整数`,
  isNumber: (f) => `${f}必须是数字`,
  isBoolean: (f) => `${f}必须是布尔值`,
  isString: (f) => `${f}必须是字符串`,
  isArray: (f) => `${f}必须是数组`,
  isEmail: (f) => `${f}邮箱格式不正确`,
  isIn: (f) => `${f}的取值不正确`,
  isEnum: (f) => `${f}的取值不正确`,
  min: (f) => `${f}的值过小`,
  max: (f) => `${f}的值过大`,
  maxLength: (f) => `${f}长度超出限制`,
  minLength: (f) => `${f}长度不足`,
  arrayMaxSize: (f) => `${f}的数量超出限制`,
  arrayNotEmpty: (f) => `${f}不能为空`,
  matches: (f) => `${f}格式不正确`,
  isDate: (f) => `${f}日期格式不正确`,
  nestedValidation: (f) => `${f}格式不正确`,
};

/** Which failed constraint to report first: presence, then type (the array itself before its elements), then the rest. */
const PRIORITY = ['whitelistValidation', 'isDefined', 'isNotEmpty', 'arrayNotEmpty', 'isArray', 'isString', 'isInt', 'isNumber', 'isBoolean'];
const rank = (key: string) => (PRIORITY.includes(key) ? PRIORITY.indexOf(key) : PRIORITY.length);

function firstMessage(errors: ValidationError[], parent = ''): string | undefined {
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      const [key, text] = Object.entries(error.constraints).sort(([a], [b]) => rank(a) - rank(b))[0];
      if (/[\u4e00-\u9fa5]/.test(text)) return text;
      const template = TEMPLATES[key];
      return template ? template(field, error) : `${field}格式不正确`;
    }
    if (error.children?.length) {
      const nested = firstMessage(error.children, field);
      if (nested) return nested;
    }
  }
  return undefined;
}

export function validationMessage(errors: ValidationError[]): string {
  return firstMessage(errors) ?? '请求参数错误';
}

/** A lone UTF-16 surrogate: JSON can carry it (`"\ud800"`), UTF-8 (and so PostgreSQL) cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Path of the first string (or key) in a parsed body that is not well-formed text; undefined when all are. */
export function illFormedPath(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path || 'body' : undefined;
  if (!value || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const here = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (LONE_SURROGATE.test(key)) return here;
    const found = illFormedPath(item, here, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** class-validator's `IsEmail` that answers `message` (never throws) for text that is not well-formed. */
export const IsEmailAddress = (message: string) =>
  ValidateBy({ name: 'isEmail', validator: { validate: (v: unknown) => typeof v === 'string' && !LONE_SURROGATE.test(v) && isEmail(v), defaultMessage: () => message } }, { message });

/**
 * Validates like Nest's pipe, and refuses text that is not well-formed Unicode (a lone surrogate)
 * in any field with 400 `<field>包含无效字符` — before, some validators (validator.js' isEmail via
 * encodeURI) threw on such a string (500) and others let it through to be stored mangled. A field's
 * own message still wins when its validator reports it (`邮箱格式不正确`).
 */
class WellFormedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    let result: unknown;
    try {
      result = await super.transform(value, metadata);
    } catch (error) {
      if (error instanceof DomainException || error instanceof HttpException) throw error;
      const field = illFormedPath(value);
      if (field) throw DomainException.badRequest(`${field}包含无效字符`, ErrorCode.Validation);
      throw error;
    }
    const field = metadata.type === 'custom' ? undefined : illFormedPath(result);
    if (field) throw DomainException.badRequest(`${field}包含无效字符`, ErrorCode.Validation);
    return result;
  }

  /**
   * One path or query value declared `number` (`@Param('id', ParseIdPipe) id: number`): Nest's `+value`
   * would read `"0x10"` as 16, `" 1"` as 1 and `"1e3"` as 1000. Only decimal digits are converted
   * (common/http/numbers.ts); anything else stays text, for ParseIdPipe to refuse.
   */
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.data && (metadata.type === 'param' || metadata.type === 'query') && metadata.metatype === Number) return toInteger(value);
    return super.transformPrimitive(value, metadata);
  }
}

/** The global pipe: unknown fields are dropped (eladmin clients PUT whole records), transform, and a readable Chinese message naming the first bad field. */
export function createValidationPipe(): ValidationPipe {
  memoizeValidationMetadata();
  return new WellFormedValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: false,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => DomainException.badRequest(validationMessage(errors), ErrorCode.Validation),
  });
}
