import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import { DomainException, ErrorCode } from '../errors/domain.exception.js';
import { toInteger } from './numbers.js';

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

/** Nest's pipe with strict conversion of single `number` path / query values. */
class StrictNumberValidationPipe extends ValidationPipe {
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
  return new StrictNumberValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: false,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => DomainException.badRequest(validationMessage(errors), ErrorCode.Validation),
  });
}
