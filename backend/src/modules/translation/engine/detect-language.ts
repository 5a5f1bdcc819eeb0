// The detector moved to the kernel so the collector can use it too (docs/collect-design.md §1).
export { detectLanguage, DETECT_MIN_LETTERS, DETECT_PREFIX_CHARS } from '../../../common/text/detect-language.js';
