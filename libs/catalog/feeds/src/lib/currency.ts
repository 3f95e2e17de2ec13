/**
 * Currencies as prices write them: ISO 4217 codes, signs (`€`, `₹`, `R$`), abbreviations and names (`Kč`, `руб.`,
 * `zł`, `원`, `円`), read into ISO codes. A sign that several currencies use (`$`, `kr`, `£`) names the first of its
 * codes unless the caller's hint (the page's markup or locale, the feed's currency) is another of them.
 */

/** A currency text and the ISO codes it can stand for, the usual one first. */
type Sign = readonly [text: string, codes: readonly string[]];

// Signs of letters are words: they count only where no letter touches them ("Rs 250", not "Rsvp"). Longer texts
// are matched first, so "R$" wins over "$" and "руб." over "р.".
const SIGNS: readonly Sign[] = [
  ['US$', ['USD']], ['U$S', ['USD']], ['USD$', ['USD']], ['CA$', ['CAD']], ['CAD$', ['CAD']], ['C$', ['CAD', 'NIO']],
  ['AU$', ['AUD']], ['A$', ['AUD']], ['NZ$', ['NZD']], ['HK$', ['HKD']], ['S$', ['SGD']], ['SGD$', ['SGD']],
  ['NT$', ['TWD']], ['MX$', ['MXN']], ['R$', ['BRL']], ['RD$', ['DOP']], ['BZ$', ['BZD']], ['J$', ['JMD']],
  ['TT$', ['TTD']], ['T$', ['TOP']], ['Z$', ['ZWL']], ['CUC$', ['CUC']], ['MOP$', ['MOP']], ['$U', ['UYU']],
  ['$', ['USD', 'CAD', 'AUD', 'NZD', 'MXN', 'SGD', 'HKD', 'TWD', 'CLP', 'ARS', 'COP']],
  ['€', ['EUR']], ['₤', ['GBP', 'TRY', 'ITL']], ['£', ['GBP', 'EGP', 'GIP', 'FKP', 'SHP']], ['￡', ['GBP']], ['¥', ['JPY', 'CNY']], ['￥', ['JPY', 'CNY']],
  ['円', ['JPY']], ['元', ['CNY']], ['₹', ['INR']], ['₨', ['PKR', 'INR', 'LKR', 'NPR', 'MUR', 'SCR']], ['र', ['INR', 'NPR']],
  ['₩', ['KRW']], ['원', ['KRW']], ['₪', ['ILS']], ['₫', ['VND']], ['₽', ['RUB']], ['₴', ['UAH']], ['₺', ['TRY']],
  ['฿', ['THB']], ['₱', ['PHP', 'CUP']], ['₦', ['NGN']], ['₡', ['CRC']], ['₭', ['LAK']], ['₮', ['MNT']], ['₼', ['AZN']],
  ['৳', ['BDT']], ['៛', ['KHR']], ['֏', ['AMD']], ['؋', ['AFN']], ['₾', ['GEL']], ['₸', ['KZT']], ['﷼', ['SAR', 'IRR', 'OMR', 'QAR', 'YER']],
  ['GH₵', ['GHS']], ['ƒ', ['AWG', 'ANG']], ['B/.', ['PAB']], ['S/.', ['PEN']], ['Nu.', ['BTN']], ['Fr.', ['CHF']],
  ['руб.', ['RUB', 'BYN']], ['руб', ['RUB', 'BYN']], ['рублей', ['RUB']], ['рубля', ['RUB']], ['рубль', ['RUB']],
  ['р.', ['RUB', 'BYN']], ['Р', ['RUB']], ['грн.', ['UAH']], ['грн', ['UAH']], ['лв.', ['BGN']], ['лв', ['BGN']], ['тг.', ['KZT']], ['тг', ['KZT']], ['тенге', ['KZT']],
  ['Kč', ['CZK']], ['zł', ['PLN']], ['Zł', ['PLN']], ['Ft', ['HUF']], ['Rp', ['IDR']], ['đ', ['VND']], ['kr.', ['DKK', 'SEK', 'NOK', 'ISK']],
  ['kr', ['SEK', 'NOK', 'DKK', 'ISK']], ['Kr', ['SEK', 'NOK', 'DKK', 'ISK']], ['Rs.', ['INR', 'PKR', 'LKR', 'NPR', 'MUR', 'SCR']],
  ['Rs', ['INR', 'PKR', 'LKR', 'NPR', 'MUR', 'SCR']], ['RM', ['MYR']], ['TL', ['TRY']], ['lei', ['RON', 'MDL']], ['Lei', ['RON', 'MDL']],
  ['LEI', ['RON', 'MDL']], ['лей', ['MDL']], ['Лей', ['MDL']], ['euro', ['EUR']], ['Euro', ['EUR']], ['EURO', ['EUR']], ['euros', ['EUR']], ['Dinara', ['RSD']], ['din.', ['RSD']],
  ['kn', ['HRK']], ['Lek', ['ALL']], ['KM', ['BAM']], ['Br', ['BYN', 'ETB']], ['Bs', ['VES', 'BOB']], ['KD', ['KWD']], ['BD', ['BHD']],
  ['DT', ['TND']], ['LD', ['LYD', 'LRD']], ['MK', ['MWK', 'MKD']], ['UM', ['MRU']], ['Rf', ['MVR']], ['Db', ['STN']], ['VT', ['VUV']],
  ['ZK', ['ZMW']], ['FG', ['GNF']], ['FBu', ['BIF']], ['Fdj', ['DJF']], ['Nfk', ['ERN']], ['TSh', ['TZS']], ['USh', ['UGX']], ['KSh', ['KES']], ['Ksh', ['KES']],
  ['CFA', ['XAF', 'XOF']], ['FCFA', ['XAF', 'XOF']], ['zl', ['PLN']],
  ['جنيه', ['EGP', 'SDG', 'LBP', 'SYP']], ['درهم', ['AED', 'MAD']], ['ريال', ['SAR', 'QAR', 'OMR', 'YER', 'IRR']], ['ریال', ['IRR']],
];

/** Former ISO 4217 codes that old pages still print (the euro's predecessors); feeds must use a current code. */
const FORMER_CODES = new Set(['ATS', 'BEF', 'DEM', 'ESP', 'FIM', 'FRF', 'GRD', 'IEP', 'ITL', 'LUF', 'NLG', 'PTE']);
/** Current codes that are also English words: read only next to a figure, never alone in a sentence. */
const WORD_CODES = new Set(['ALL', 'BOB', 'CUP', 'MOP', 'PEN', 'SOS', 'TOP', 'TRY']);

/** ISO 4217 minor units of the currencies that do not have two (cents): amounts are stored in these units. */
const MINOR_UNITS: Readonly<Record<string, number>> = {
  JPY: 0, KRW: 0, VND: 0, CLP: 0, ISK: 0, PYG: 0, UGX: 0, XAF: 0, XOF: 0, XPF: 0, BIF: 0, DJF: 0, GNF: 0, KMF: 0,
  RWF: 0, VUV: 0, BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3, IQD: 3, LYD: 3,
};

let knownCurrencies: Set<string> | undefined;

/** True when `code` is a current ISO 4217 currency code the runtime knows. */
export function isIsoCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (!knownCurrencies) {
    const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
    knownCurrencies = new Set(intl.supportedValuesOf ? intl.supportedValuesOf('currency') : []);
  }
  // A runtime without the list accepts any well-formed code.
  return knownCurrencies.size === 0 || knownCurrencies.has(code);
}

/** Digits after the decimal point in the currency's minor unit (ISO 4217): 2 for USD, 0 for JPY, 3 for KWD. */
export function currencyMinorUnits(currency: string): number {
  return MINOR_UNITS[currency] ?? 2;
}

const practicalDigits = new Map<string, number>();
/**
 * Decimals prices in the currency are written with in practice (CLDR, through Intl): 0 for IDR, HUF, VND and COP,
 * whose ISO minor unit is never used, so that `Rp 31.500` can only be thirty-one thousand five hundred.
 */
export function writtenDecimals(currency: string): number {
  let digits = practicalDigits.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = currencyMinorUnits(currency);
    }
    practicalDigits.set(currency, digits);
  }
  return digits;
}

/** A currency named in a text: where, how it was written, and the codes it can be. */
export interface CurrencyMention {
  start: number;
  end: number;
  text: string;
  codes: readonly string[];
  /** A code or a sign that names one currency only (`SGD`, `€`), as opposed to `$` or `kr`. */
  exact: boolean;
}

const LETTER = /\p{L}/u;
const SORTED = [...SIGNS].sort((a, b) => b[0].length - a[0].length);

function isWordSign(text: string): boolean {
  return /^\p{L}/u.test(text) && !/^[\p{Script=Hani}\p{Script=Hangul}]/u.test(text);
}

/** Every currency a text names, left to right: ISO codes (upper case, or any case when `anyCase`) and signs. */
export function currencyMentions(text: string, anyCase = false): CurrencyMention[] {
  const found: CurrencyMention[] = [];
  let i = 0;
  while (i < text.length) {
    const before = i > 0 ? text[i - 1] ?? '' : '';
    const boundaryBefore = !LETTER.test(before);
    let matched: CurrencyMention | undefined;
    const code = /^[A-Za-z]{3}/.exec(text.slice(i, i + 3))?.[0];
    if (code && boundaryBefore && !LETTER.test(text[i + 3] ?? '')) {
      const upper = code.toUpperCase();
      if ((code === upper || anyCase) && (isIsoCurrency(upper) || FORMER_CODES.has(upper))) {
        matched = { start: i, end: i + 3, text: code, codes: [upper], exact: true };
      }
    }
    if (!matched) {
      for (const [sign, codes] of SORTED) {
        if (!text.startsWith(sign, i)) continue;
        if (isWordSign(sign)) {
          const after = text[i + sign.length] ?? '';
          if (!boundaryBefore || (LETTER.test(after) && !sign.endsWith('.'))) continue;
        }
        matched = { start: i, end: i + sign.length, text: sign, codes, exact: codes.length === 1 };
        break;
      }
    }
    if (matched) {
      found.push(matched);
      i = matched.end;
    } else {
      i++;
    }
  }
  return found;
}

/** The code a mention stands for: the hint when it is one of its codes, else its usual one. */
export function codeOf(mention: Pick<CurrencyMention, 'codes'>, hint?: string | null): string {
  return hint && mention.codes.includes(hint) ? hint : (mention.codes[0] as string);
}

/** True when a mention may be read away from a figure (a code in lower case, or one that is also an English word, may not). */
export function standsAlone(mention: CurrencyMention): boolean {
  if (!/^[A-Za-z]{3}$/.test(mention.text)) return true;
  return mention.text === mention.text.toUpperCase() && !WORD_CODES.has(mention.text);
}

/**
 * The currency a text names (`"€"`, `"EUR"`, `"Preis in Kč"`, `"US$"`), as an ISO code; null when it names none.
 * A code alone in the text may be written in any case (`"usd"`); `hint` settles shared signs.
 */
export function readCurrency(text: string | null | undefined, hint?: string | null): string | null {
  if (!text) return null;
  const trimmed = text.trim();
  const alone = /^[A-Za-z]{3}$/.test(trimmed);
  const mentions = currencyMentions(trimmed, alone);
  const mention = alone ? mentions[0] : mentions.find(standsAlone);
  return mention ? codeOf(mention, hint) : null;
}

// Countries whose currency a page's locale (`de-CH`, `pt_BR`, `ja`) gives; a language alone stands for the country
// where it is mostly spoken online.
const REGION_CURRENCY: Readonly<Record<string, string>> = {
  US: 'USD', CA: 'CAD', GB: 'GBP', UK: 'GBP', IE: 'EUR', AU: 'AUD', NZ: 'NZD', IN: 'INR', PK: 'PKR', SG: 'SGD', HK: 'HKD',
  MY: 'MYR', ID: 'IDR', PH: 'PHP', TH: 'THB', VN: 'VND', JP: 'JPY', KR: 'KRW', CN: 'CNY', TW: 'TWD', DE: 'EUR', AT: 'EUR',
  FR: 'EUR', BE: 'EUR', NL: 'EUR', LU: 'EUR', IT: 'EUR', ES: 'EUR', PT: 'EUR', FI: 'EUR', GR: 'EUR', SK: 'EUR', SI: 'EUR',
  EE: 'EUR', LV: 'EUR', LT: 'EUR', HR: 'EUR', MT: 'EUR', CY: 'EUR', CH: 'CHF', LI: 'CHF', SE: 'SEK', NO: 'NOK', DK: 'DKK',
  IS: 'ISK', PL: 'PLN', CZ: 'CZK', HU: 'HUF', RO: 'RON', BG: 'BGN', RS: 'RSD', UA: 'UAH', RU: 'RUB', BY: 'BYN', TR: 'TRY',
  IL: 'ILS', AE: 'AED', SA: 'SAR', EG: 'EGP', ZA: 'ZAR', NG: 'NGN', KE: 'KES', MX: 'MXN', BR: 'BRL', AR: 'ARS', CL: 'CLP',
  CO: 'COP', PE: 'PEN',
};
const LANGUAGE_REGION: Readonly<Record<string, string>> = {
  ja: 'JP', ko: 'KR', zh: 'CN', de: 'DE', fr: 'FR', it: 'IT', es: 'ES', nl: 'NL', pl: 'PL', cs: 'CZ', hu: 'HU', ro: 'RO',
  sv: 'SE', da: 'DK', nb: 'NO', nn: 'NO', no: 'NO', fi: 'FI', ru: 'RU', uk: 'UA', tr: 'TR', he: 'IL', id: 'ID', vi: 'VN',
  th: 'TH', hi: 'IN', bg: 'BG', el: 'GR', sk: 'SK', sl: 'SI', hr: 'HR', sr: 'RS', pt: 'PT', ms: 'MY',
};

/** The currency of a locale's country (`en-GB` GBP, `de_CH` CHF, `ja` JPY); null for `en` alone or an unknown one. */
export function currencyOfLocale(locale: string | null | undefined): string | null {
  if (!locale) return null;
  const [language = '', region] = locale.trim().replace(/_/g, '-').split('-');
  const country = region && /^[A-Za-z]{2}$/.test(region) ? region.toUpperCase() : LANGUAGE_REGION[language.toLowerCase()];
  return country ? REGION_CURRENCY[country] ?? null : null;
}
