/**
 * ISO 639-1 ↔ ISO 639-3 for the languages news arrives in and the ones Apertium has pairs for.
 * Apertium APY names its pairs with ISO 639-3 codes (`spa|eng`); the rest of the application uses
 * ISO 639-1 (`es`, `en`). 639-3 uses the individual-language code where Apertium does (`nob` for
 * Norwegian Bokmål, `zho` for Chinese, `msa` for Malay).
 */
const ISO1_TO_ISO3: Readonly<Record<string, string>> = {
  af: 'afr', an: 'arg', ar: 'ara', az: 'aze', be: 'bel', bg: 'bul', bn: 'ben', br: 'bre', bs: 'bos',
  ca: 'cat', cs: 'ces', cy: 'cym', da: 'dan', de: 'deu', el: 'ell', en: 'eng', eo: 'epo', es: 'spa',
  et: 'est', eu: 'eus', fa: 'fas', fi: 'fin', fo: 'fao', fr: 'fra', ga: 'gle', gd: 'gla', gl: 'glg',
  he: 'heb', hi: 'hin', hr: 'hrv', hu: 'hun', hy: 'hye', id: 'ind', is: 'isl', it: 'ita', ja: 'jpn',
  ka: 'kat', kk: 'kaz', ko: 'kor', ku: 'kur', ky: 'kir', la: 'lat', lb: 'ltz', lt: 'lit', lv: 'lav',
  mk: 'mkd', mn: 'mon', ms: 'msa', mt: 'mlt', nb: 'nob', nl: 'nld', nn: 'nno', no: 'nob', oc: 'oci',
  pl: 'pol', pt: 'por', ro: 'ron', ru: 'rus', sc: 'srd', se: 'sme', sk: 'slk', sl: 'slv', sq: 'sqi',
  sr: 'srp', sv: 'swe', sw: 'swa', ta: 'tam', tg: 'tgk', th: 'tha', tr: 'tur', tt: 'tat', uk: 'ukr',
  ur: 'urd', uz: 'uzb', vi: 'vie', zh: 'zho',
};

const ISO3_TO_ISO1: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ISO1_TO_ISO3)
    .filter(([iso1]) => iso1 !== 'no')
    .map(([iso1, iso3]) => [iso3, iso1]),
);

/** Lower-cased primary subtag: 'en-US' → 'en', 'zh_Hans' → 'zh'. */
export function primaryLanguage(code: string): string {
  return code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/**
 * The ISO 639-3 code for an ISO 639-1 code ('es' → 'spa', 'en-US' → 'eng': a region is dropped).
 * A three-letter code or an Apertium variant (`eng_US`) is returned as given, and so is an unknown code.
 */
export function toIso3(code: string): string {
  const trimmed = code.trim();
  const primary = primaryLanguage(trimmed);
  return primary.length === 2 ? (ISO1_TO_ISO3[primary] ?? trimmed) : trimmed;
}

/** The ISO 639-1 code for an ISO 639-3 code ('spa' → 'es', 'eng_US' → 'en'); undefined when unknown. */
export function toIso1(code: string): string | undefined {
  const primary = primaryLanguage(code);
  if (primary.length === 2) return primary;
  return ISO3_TO_ISO1[primary];
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** An English name for prompts: 'es' → 'Spanish', 'zh' → 'Simplified Chinese'; the code itself when unknown. */
export function languageName(code: string): string {
  const primary = primaryLanguage(code);
  if (primary === 'zh' && !/hant|tw|hk|mo/i.test(code)) return 'Simplified Chinese';
  try {
    return displayNames.of(code.trim().replace(/_/g, '-')) ?? code;
  } catch {
    return code;
  }
}
