import type { Locale } from '@outpost/contracts';
import type { z } from 'zod';

// zod's own generic texts ("Too small: expected string to have >=3 characters") in the
// caller's language (issue 27), for the detail of a validation failure. A per-parse error map,
// never zod's global config: requests in different languages run side by side. English is not
// here: an English caller gets zod's English as it always has.
//
// Our words, not zod's bundled locales (z.locales.de() …): those leave type names in English
// ("erwartet string, erhalten Zahl"), guess genders ("Nieprawidłow(y/a/e) URL") and mix forms of
// address; these follow each locale's glossary (README, Languages: Glossary for translators).

type Unit = 'characters' | 'items' | 'bytes';
/** The parts of a request the validator checks, and 'request' when it does not say which. */
type RequestPart = 'body' | 'querystring' | 'params' | 'headers' | 'request';
/** A bound on a length or a value: at least, at most, exactly, above, below. */
type Bound = 'min' | 'max' | 'exact' | 'above' | 'below';
type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

interface ValidationWords {
  /** zod's type names (`expected`, and the type of what came). */
  types: Partial<Record<string, string>>;
  /** Nothing came where a value of type `expected` belongs. */
  missing: (expected: string) => string;
  wrongType: (expected: string, received: string) => string;
  /** A text or list that may not be empty (at least 1). */
  empty: string;
  units: Record<Unit, PluralForms>;
  /** A length bound; `unit` already in the form `count` takes. */
  length: (bound: 'min' | 'max' | 'exact', count: number, unit: string) => string;
  /** A bound on a number or date. */
  size: (bound: Bound, limit: string) => string;
  exactly: (value: string) => string;
  oneOf: (values: string) => string;
  /** Nothing came where one of `values` belongs. */
  missingOneOf: (values: string) => string;
  formats: Partial<Record<string, string>>;
  format: (what: string) => string;
  /** A text that does not match the schema's pattern. */
  pattern: string;
  startsWith: (prefix: string) => string;
  endsWith: (suffix: string) => string;
  includes: (part: string) => string;
  multipleOf: (divisor: string) => string;
  unknownKeys: (keys: string, count: number) => string;
  invalid: string;
  /** Where in the request a failure is (Fastify's validationContext), as the error's frame names it. */
  parts: Record<RequestPart, string>;
}

const WORDS: Record<Exclude<Locale, 'en'>, ValidationWords> = {
  de: {
    types: {
      string: 'Text',
      number: 'Zahl',
      int: 'ganze Zahl',
      boolean: 'true oder false',
      object: 'Objekt',
      array: 'Liste',
      date: 'Datum',
      bigint: 'ganze Zahl',
      nan: 'NaN',
    },
    missing: (expected) => `Angabe fehlt: ${expected} erwartet`,
    wrongType: (expected, received) => `Falscher Typ: ${expected} erwartet, ${received} erhalten`,
    empty: 'Darf nicht leer sein',
    units: {
      characters: { one: 'Zeichen', other: 'Zeichen' },
      items: { one: 'Eintrag', other: 'Einträge' },
      bytes: { one: 'Byte', other: 'Bytes' },
    },
    length: (bound, count, unit) =>
      bound === 'min'
        ? `Zu kurz: mindestens ${count} ${unit}`
        : bound === 'max'
          ? `Zu lang: höchstens ${count} ${unit}`
          : `Genau ${count} ${unit} erwartet`,
    size: (bound, limit) =>
      ({
        min: `Muss mindestens ${limit} sein`,
        max: `Darf höchstens ${limit} sein`,
        exact: `Muss genau ${limit} sein`,
        above: `Muss größer als ${limit} sein`,
        below: `Muss kleiner als ${limit} sein`,
      })[bound],
    exactly: (value) => `Ungültiger Wert: ${value} erwartet`,
    oneOf: (values) => `Ungültiger Wert: erlaubt sind ${values}`,
    missingOneOf: (values) => `Angabe fehlt: erlaubt sind ${values}`,
    formats: {
      email: 'E-Mail-Adresse',
      url: 'URL',
      uuid: 'UUID',
      datetime: 'Datum mit Uhrzeit (ISO 8601)',
      date: 'Datum (ISO 8601)',
      time: 'Uhrzeit (ISO 8601)',
      ipv4: 'IPv4-Adresse',
      ipv6: 'IPv6-Adresse',
    },
    format: (what) => `Ungültiges Format: ${what} erwartet`,
    pattern: 'Hat nicht die erwartete Form',
    startsWith: (prefix) => `Muss mit "${prefix}" beginnen`,
    endsWith: (suffix) => `Muss auf "${suffix}" enden`,
    includes: (part) => `Muss "${part}" enthalten`,
    multipleOf: (divisor) => `Muss ein Vielfaches von ${divisor} sein`,
    unknownKeys: (keys, count) => (count === 1 ? `Unbekanntes Feld: ${keys}` : `Unbekannte Felder: ${keys}`),
    invalid: 'Ungültige Eingabe',
    parts: {
      body: 'Inhalt',
      querystring: 'Abfrageparameter',
      params: 'Pfadparameter',
      headers: 'Header',
      request: 'allgemein',
    },
  },
  es: {
    types: {
      string: 'texto',
      number: 'número',
      int: 'número entero',
      boolean: 'true o false',
      object: 'objeto',
      array: 'lista',
      date: 'fecha',
      bigint: 'número entero',
      nan: 'NaN',
    },
    missing: (expected) => `Falta un valor: se esperaba ${expected}`,
    wrongType: (expected, received) => `Tipo incorrecto: se esperaba ${expected} y llegó ${received}`,
    empty: 'No puede estar vacío',
    units: {
      characters: { one: 'carácter', other: 'caracteres' },
      items: { one: 'elemento', other: 'elementos' },
      bytes: { one: 'byte', other: 'bytes' },
    },
    length: (bound, count, unit) =>
      bound === 'min'
        ? `Demasiado corto: como mínimo ${count} ${unit}`
        : bound === 'max'
          ? `Demasiado largo: como máximo ${count} ${unit}`
          : `Se esperaban exactamente ${count} ${unit}`,
    size: (bound, limit) =>
      ({
        min: `Debe ser como mínimo ${limit}`,
        max: `Debe ser como máximo ${limit}`,
        exact: `Debe ser exactamente ${limit}`,
        above: `Debe ser mayor que ${limit}`,
        below: `Debe ser menor que ${limit}`,
      })[bound],
    exactly: (value) => `Valor no válido: se esperaba ${value}`,
    oneOf: (values) => `Valor no válido: se admite ${values}`,
    missingOneOf: (values) => `Falta un valor: se admite ${values}`,
    formats: {
      email: 'dirección de correo electrónico',
      url: 'URL',
      uuid: 'UUID',
      datetime: 'fecha y hora (ISO 8601)',
      date: 'fecha (ISO 8601)',
      time: 'hora (ISO 8601)',
      ipv4: 'dirección IPv4',
      ipv6: 'dirección IPv6',
    },
    format: (what) => `Formato no válido: se esperaba ${what}`,
    pattern: 'No tiene la forma esperada',
    startsWith: (prefix) => `Debe empezar por "${prefix}"`,
    endsWith: (suffix) => `Debe terminar en "${suffix}"`,
    includes: (part) => `Debe contener "${part}"`,
    multipleOf: (divisor) => `Debe ser múltiplo de ${divisor}`,
    unknownKeys: (keys, count) => (count === 1 ? `Campo desconocido: ${keys}` : `Campos desconocidos: ${keys}`),
    invalid: 'Valor no válido',
    parts: {
      body: 'cuerpo',
      querystring: 'parámetros de consulta',
      params: 'parámetros de ruta',
      headers: 'cabeceras',
      request: 'general',
    },
  },
  pl: {
    types: {
      string: 'tekst',
      number: 'liczba',
      int: 'liczba całkowita',
      boolean: 'true lub false',
      object: 'obiekt',
      array: 'lista',
      date: 'data',
      bigint: 'liczba całkowita',
      nan: 'NaN',
    },
    missing: (expected) => `Brak wartości: oczekiwano typu „${expected}”`,
    wrongType: (expected, received) => `Zły typ: oczekiwano „${expected}”, otrzymano „${received}”`,
    empty: 'Nie może być puste',
    units: {
      characters: { one: 'znak', few: 'znaki', many: 'znaków', other: 'znaku' },
      items: { one: 'element', few: 'elementy', many: 'elementów', other: 'elementu' },
      bytes: { one: 'bajt', few: 'bajty', many: 'bajtów', other: 'bajtu' },
    },
    length: (bound, count, unit) =>
      bound === 'min'
        ? `Za krótkie: co najmniej ${count} ${unit}`
        : bound === 'max'
          ? `Za długie: najwyżej ${count} ${unit}`
          : `Oczekiwano dokładnie ${count} ${unit}`,
    size: (bound, limit) =>
      ({
        min: `Musi wynosić co najmniej ${limit}`,
        max: `Może wynosić najwyżej ${limit}`,
        exact: `Musi wynosić dokładnie ${limit}`,
        above: `Musi być większe niż ${limit}`,
        below: `Musi być mniejsze niż ${limit}`,
      })[bound],
    exactly: (value) => `Nieprawidłowa wartość: oczekiwano ${value}`,
    oneOf: (values) => `Nieprawidłowa wartość: dozwolone są ${values}`,
    missingOneOf: (values) => `Brak wartości: dozwolone są ${values}`,
    formats: {
      email: 'adres e-mail',
      url: 'URL',
      uuid: 'UUID',
      datetime: 'data z godziną (ISO 8601)',
      date: 'data (ISO 8601)',
      time: 'godzina (ISO 8601)',
      ipv4: 'adres IPv4',
      ipv6: 'adres IPv6',
    },
    format: (what) => `Nieprawidłowy format: oczekiwano „${what}”`,
    pattern: 'Nie ma oczekiwanej postaci',
    startsWith: (prefix) => `Musi zaczynać się od „${prefix}”`,
    endsWith: (suffix) => `Musi kończyć się na „${suffix}”`,
    includes: (part) => `Musi zawierać „${part}”`,
    multipleOf: (divisor) => `Musi być wielokrotnością ${divisor}`,
    unknownKeys: (keys, count) => (count === 1 ? `Nieznane pole: ${keys}` : `Nieznane pola: ${keys}`),
    invalid: 'Nieprawidłowa wartość',
    parts: {
      body: 'treść',
      querystring: 'parametry zapytania',
      params: 'parametry ścieżki',
      headers: 'nagłówki',
      request: 'ogólnie',
    },
  },
  'pt-BR': {
    types: {
      string: 'texto',
      number: 'número',
      int: 'número inteiro',
      boolean: 'true ou false',
      object: 'objeto',
      array: 'lista',
      date: 'data',
      bigint: 'número inteiro',
      nan: 'NaN',
    },
    missing: (expected) => `Valor ausente: era esperado ${expected}`,
    wrongType: (expected, received) => `Tipo errado: era esperado ${expected}, veio ${received}`,
    empty: 'Não pode ficar vazio',
    units: {
      characters: { one: 'caractere', other: 'caracteres' },
      items: { one: 'item', other: 'itens' },
      bytes: { one: 'byte', other: 'bytes' },
    },
    length: (bound, count, unit) =>
      bound === 'min'
        ? `Curto demais: no mínimo ${count} ${unit}`
        : bound === 'max'
          ? `Longo demais: no máximo ${count} ${unit}`
          : `Eram esperados exatamente ${count} ${unit}`,
    size: (bound, limit) =>
      ({
        min: `Deve ser no mínimo ${limit}`,
        max: `Deve ser no máximo ${limit}`,
        exact: `Deve ser exatamente ${limit}`,
        above: `Deve ser maior que ${limit}`,
        below: `Deve ser menor que ${limit}`,
      })[bound],
    exactly: (value) => `Valor inválido: era esperado ${value}`,
    oneOf: (values) => `Valor inválido: os aceitos são ${values}`,
    missingOneOf: (values) => `Valor ausente: os aceitos são ${values}`,
    formats: {
      email: 'endereço de e-mail',
      url: 'URL',
      uuid: 'UUID',
      datetime: 'data e hora (ISO 8601)',
      date: 'data (ISO 8601)',
      time: 'hora (ISO 8601)',
      ipv4: 'endereço IPv4',
      ipv6: 'endereço IPv6',
    },
    format: (what) => `Formato inválido: era esperado ${what}`,
    pattern: 'Não está no formato esperado',
    startsWith: (prefix) => `Deve começar com "${prefix}"`,
    endsWith: (suffix) => `Deve terminar com "${suffix}"`,
    includes: (part) => `Deve conter "${part}"`,
    multipleOf: (divisor) => `Deve ser múltiplo de ${divisor}`,
    unknownKeys: (keys, count) => (count === 1 ? `Campo desconhecido: ${keys}` : `Campos desconhecidos: ${keys}`),
    invalid: 'Valor inválido',
    parts: {
      body: 'corpo',
      querystring: 'parâmetros de consulta',
      params: 'parâmetros de rota',
      headers: 'cabeçalhos',
      request: 'geral',
    },
  },
  ru: {
    types: {
      string: 'текст',
      number: 'число',
      int: 'целое число',
      boolean: 'true или false',
      object: 'объект',
      array: 'список',
      date: 'дата',
      bigint: 'целое число',
      nan: 'NaN',
    },
    missing: (expected) => `Нет значения: ожидается ${expected}`,
    wrongType: (expected, received) => `Неверный тип: ожидается ${expected}, получено ${received}`,
    empty: 'Не может быть пустым',
    units: {
      characters: { one: 'символ', few: 'символа', many: 'символов', other: 'символа' },
      items: { one: 'элемент', few: 'элемента', many: 'элементов', other: 'элемента' },
      bytes: { one: 'байт', few: 'байта', many: 'байт', other: 'байта' },
    },
    // «минимум/максимум N»: the unit's case follows N alone (1 символ, 3 символа, 5 символов),
    // where «не меньше N» would want the genitive for every N.
    length: (bound, count, unit) =>
      bound === 'min'
        ? `Слишком коротко: минимум ${count} ${unit}`
        : bound === 'max'
          ? `Слишком длинно: максимум ${count} ${unit}`
          : `Ожидается ровно ${count} ${unit}`,
    size: (bound, limit) =>
      ({
        min: `Должно быть не меньше ${limit}`,
        max: `Должно быть не больше ${limit}`,
        exact: `Должно быть ровно ${limit}`,
        above: `Должно быть больше ${limit}`,
        below: `Должно быть меньше ${limit}`,
      })[bound],
    exactly: (value) => `Неверное значение: ожидается ${value}`,
    oneOf: (values) => `Неверное значение: допустимы ${values}`,
    missingOneOf: (values) => `Нет значения: допустимы ${values}`,
    formats: {
      email: 'адрес электронной почты',
      url: 'URL',
      uuid: 'UUID',
      datetime: 'дата и время (ISO 8601)',
      date: 'дата (ISO 8601)',
      time: 'время (ISO 8601)',
      ipv4: 'IPv4-адрес',
      ipv6: 'IPv6-адрес',
    },
    format: (what) => `Неверный формат: ожидается ${what}`,
    pattern: 'Не соответствует ожидаемому виду',
    startsWith: (prefix) => `Должно начинаться с «${prefix}»`,
    endsWith: (suffix) => `Должно заканчиваться на «${suffix}»`,
    includes: (part) => `Должно содержать «${part}»`,
    multipleOf: (divisor) => `Должно быть кратно ${divisor}`,
    unknownKeys: (keys, count) => (count === 1 ? `Неизвестное поле: ${keys}` : `Неизвестные поля: ${keys}`),
    invalid: 'Неверное значение',
    parts: {
      body: 'тело',
      querystring: 'параметры запроса',
      params: 'параметры пути',
      headers: 'заголовки',
      request: 'в целом',
    },
  },
  tr: {
    types: {
      string: 'metin',
      number: 'sayı',
      int: 'tam sayı',
      boolean: 'true ya da false',
      object: 'nesne',
      array: 'liste',
      date: 'tarih',
      bigint: 'tam sayı',
      nan: 'NaN',
    },
    missing: (expected) => `Değer eksik: ${expected} bekleniyordu`,
    wrongType: (expected, received) => `Yanlış tür: ${expected} bekleniyordu, ${received} geldi`,
    empty: 'Boş bırakılamaz',
    units: {
      characters: { one: 'karakter', other: 'karakter' },
      items: { one: 'öğe', other: 'öğe' },
      bytes: { one: 'bayt', other: 'bayt' },
    },
    length: (bound, count, unit) =>
      bound === 'min'
        ? `Çok kısa: en az ${count} ${unit}`
        : bound === 'max'
          ? `Çok uzun: en fazla ${count} ${unit}`
          : `Tam olarak ${count} ${unit} bekleniyordu`,
    size: (bound, limit) =>
      ({
        min: `En az ${limit} olmalı`,
        max: `En fazla ${limit} olabilir`,
        exact: `Tam olarak ${limit} olmalı`,
        above: `${limit} değerinden büyük olmalı`,
        below: `${limit} değerinden küçük olmalı`,
      })[bound],
    exactly: (value) => `Geçersiz değer: ${value} bekleniyordu`,
    oneOf: (values) => `Geçersiz değer: izin verilenler ${values}`,
    missingOneOf: (values) => `Değer eksik: izin verilenler ${values}`,
    formats: {
      email: 'e-posta adresi',
      url: 'URL',
      uuid: 'UUID',
      datetime: 'tarih ve saat (ISO 8601)',
      date: 'tarih (ISO 8601)',
      time: 'saat (ISO 8601)',
      ipv4: 'IPv4 adresi',
      ipv6: 'IPv6 adresi',
    },
    format: (what) => `Geçersiz biçim: ${what} bekleniyordu`,
    pattern: 'Beklenen biçimde değil',
    startsWith: (prefix) => `"${prefix}" ile başlamalı`,
    endsWith: (suffix) => `"${suffix}" ile bitmeli`,
    includes: (part) => `"${part}" içermeli`,
    multipleOf: (divisor) => `${divisor} sayısının katı olmalı`,
    unknownKeys: (keys, count) => (count === 1 ? `Bilinmeyen alan: ${keys}` : `Bilinmeyen alanlar: ${keys}`),
    invalid: 'Geçersiz değer',
    parts: {
      body: 'gövde',
      querystring: 'sorgu parametreleri',
      params: 'yol parametreleri',
      headers: 'başlıklar',
      request: 'genel',
    },
  },
  'zh-CN': {
    types: {
      string: '文本',
      number: '数字',
      int: '整数',
      boolean: 'true 或 false',
      object: '对象',
      array: '列表',
      date: '日期',
      bigint: '整数',
      nan: 'NaN',
    },
    missing: (expected) => `缺少值：应为${expected}`,
    wrongType: (expected, received) => `类型错误：应为${expected}，收到的是${received}`,
    empty: '不能为空',
    units: {
      characters: { other: '个字符' },
      items: { other: '项' },
      bytes: { other: '字节' },
    },
    length: (bound, count, unit) =>
      bound === 'min'
        ? `太短：至少 ${count} ${unit}`
        : bound === 'max'
          ? `太长：最多 ${count} ${unit}`
          : `应为正好 ${count} ${unit}`,
    size: (bound, limit) =>
      ({
        min: `不能小于 ${limit}`,
        max: `不能大于 ${limit}`,
        exact: `必须等于 ${limit}`,
        above: `必须大于 ${limit}`,
        below: `必须小于 ${limit}`,
      })[bound],
    exactly: (value) => `值无效：应为 ${value}`,
    oneOf: (values) => `值无效：可选值为 ${values}`,
    missingOneOf: (values) => `缺少值：可选值为 ${values}`,
    formats: {
      email: '电子邮件地址',
      url: 'URL',
      uuid: 'UUID',
      datetime: '日期和时间（ISO 8601）',
      date: '日期（ISO 8601）',
      time: '时间（ISO 8601）',
      ipv4: 'IPv4 地址',
      ipv6: 'IPv6 地址',
    },
    format: (what) => `格式无效：应为${what}`,
    pattern: '格式不符合要求',
    startsWith: (prefix) => `必须以“${prefix}”开头`,
    endsWith: (suffix) => `必须以“${suffix}”结尾`,
    includes: (part) => `必须包含“${part}”`,
    multipleOf: (divisor) => `必须是 ${divisor} 的倍数`,
    unknownKeys: (keys) => `未知字段：${keys}`,
    invalid: '值无效',
    parts: { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头', request: '整体' },
  },
};

/**
 * The part of the request a validation failure names ("Invalid body at /reason: …"), in
 * `locale`'s words; a part it does not know, and English, as it came.
 */
export function requestPartWord(part: string, locale: Locale): string {
  if (locale === 'en') return part;
  return WORDS[locale]?.parts[part as RequestPart] ?? part;
}

const SIZED: Partial<Record<string, Unit>> = { string: 'characters', array: 'items', set: 'items', file: 'bytes' };

/** What came, named as zod names types (`parsedType`), with arrays, null and NaN told apart. */
function typeOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  if (input instanceof Date) return 'date';
  return typeof input;
}

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

/** zod's error map in `locale`'s words, for one parse; undefined for English (zod's own). */
export function validationErrorMap(locale: Locale): z.core.$ZodErrorMap | undefined {
  if (locale === 'en') return undefined;
  const words = WORDS[locale];
  const plurals = new Intl.PluralRules(locale);
  const type = (name: string) => words.types[name] ?? name;
  return (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined
          ? words.missing(type(issue.expected))
          : words.wrongType(type(issue.expected), type(typeOf(issue.input)));
      case 'too_small':
      case 'too_big': {
        const small = issue.code === 'too_small';
        const limit = small ? issue.minimum : issue.maximum;
        const unit = SIZED[issue.origin ?? ''];
        if (unit && typeof limit === 'number') {
          if (small && limit === 1 && issue.inclusive !== false && !issue.exact) return words.empty;
          // A count is whole: "more than 3" is "at least 4".
          const count = issue.inclusive === false ? limit + (small ? 1 : -1) : limit;
          const form = words.units[unit][plurals.select(count)] ?? words.units[unit].other;
          return words.length(issue.exact ? 'exact' : small ? 'min' : 'max', count, form);
        }
        const bound: Bound = issue.exact
          ? 'exact'
          : issue.inclusive === false
            ? small
              ? 'above'
              : 'below'
            : small
              ? 'min'
              : 'max';
        return words.size(bound, String(limit));
      }
      case 'invalid_value':
        // Nothing came where one of a few values belongs (an enum's field left out).
        if (issue.input === undefined && issue.values.length > 1)
          return words.missingOneOf(issue.values.map(quoted).join(' | '));
        return issue.values.length === 1
          ? words.exactly(quoted(issue.values[0]))
          : words.oneOf(issue.values.map(quoted).join(' | '));
      case 'invalid_format':
        if (issue.format === 'starts_with' && 'prefix' in issue) return words.startsWith(String(issue.prefix));
        if (issue.format === 'ends_with' && 'suffix' in issue) return words.endsWith(String(issue.suffix));
        if (issue.format === 'includes' && 'includes' in issue) return words.includes(String(issue.includes));
        if (issue.format === 'regex') return words.pattern;
        return words.format(words.formats[issue.format] ?? issue.format);
      case 'not_multiple_of':
        return words.multipleOf(String(issue.divisor));
      case 'unrecognized_keys':
        return words.unknownKeys(issue.keys.map((key) => `"${key}"`).join(', '), issue.keys.length);
      case 'invalid_union':
        if ('options' in issue && Array.isArray(issue.options) && issue.options.length > 0)
          return words.oneOf(issue.options.map(quoted).join(' | '));
        return words.invalid;
      default:
        return words.invalid;
    }
  };
}
