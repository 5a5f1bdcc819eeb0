// Field rules of spec §5: phone 11 digits starting 1 then 3/4/5/7/8; e-mail format.

export const PHONE_PATTERN = /^1[34578]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isPhone = (value: unknown): boolean => typeof value === 'string' && PHONE_PATTERN.test(value.trim());
export const isEmail = (value: unknown): boolean => typeof value === 'string' && EMAIL_PATTERN.test(value.trim());
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

export type FormErrors<K extends string = string> = Partial<Record<K, string>>;
