/** The machine-translation engine layer: the port, its adapters and the document pipeline. */
export { ApertiumEngine, type ApertiumEngineOptions } from './apertium.engine.js';
export { detectLanguage } from './detect-language.js';
export { createTranslationEngine } from './engine.factory.js';
export { applyTermsVerbatim, normaliseGlossary, protectTerms, restoreTerms, type GlossaryTerm } from './glossary.js';
export {
  batchSegments,
  htmlToText,
  splitText,
  textParagraphs,
  translateDocument,
  translateHtml,
  translateSegments,
  type TranslatableDocument,
  type TranslatedDocument,
  type TranslateOptions,
} from './html-chunks.js';
export { toIso1, toIso3, languageName } from './language-codes.js';
export { LibreTranslateEngine, type LibreTranslateEngineOptions } from './libretranslate.engine.js';
export { Semaphore, withConcurrency } from './limit.js';
export { NoneEngine } from './none.engine.js';
export { OpenAiEngine, type OpenAiEngineOptions } from './openai.engine.js';
export { DEFAULT_OPENAI_PROMPT } from './openai.prompt.js';
export { MtEngineError, MtNotConfiguredError, type TranslationEngine } from './translation-engine.js';
