// Lifetime statements for the `historical` extension field: a negated habit or allergy (`denies alcohol use`,
// `no known drug allergies`, `never smoked`) speaks of the patient's whole past, which ConText's temporality marks
// historical, and so does a negated mention in a section of habits or allergies. Affirmed habits are left to the
// HISTORICAL triggers (`quit`, `former`): current use is not history. Rules are data
// (resources/context/temporality.json).
import { DomainError } from '../../errors.js';
import body from '../../../resources/context/temporality.json' with { type: 'json' };

export const TEMPORALITY_FILE = 'resources/context/temporality.json';

export interface TemporalityLexicon {
  readonly version: string;
  /** Normalised section names whose negated mentions are lifetime statements. */
  readonly lifetimeSections: ReadonlySet<string>;
  /** Phrases (lower-case words) naming a habit or an allergy, by their first word. */
  readonly lifetimePhrases: ReadonlyMap<string, readonly (readonly string[])[]>;
}

const TOP_KEYS = new Set(['kind', 'version', 'language', 'description', 'lifetimeSections', 'lifetimePhrases']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function strings(v: unknown, at: string, issues: string[]): string[] {
  if (Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string' && s.trim() !== '')) return (v as string[]).map((s) => s.trim().toLowerCase());
  issues.push(`${at} must be a non-empty list of strings`);
  return [];
}

/** The lower-case words of a text (letters and digits), as lifetime phrases are matched. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** Validates the temporality rules (closed keys); issues name the file and the key. */
export function compileTemporalityLexicon(raw: unknown, file = TEMPORALITY_FILE): TemporalityLexicon {
  const issues: string[] = [];
  if (!isRecord(raw)) throw new DomainError('INVALID_RESOURCE_FILE', `${file}: expected a JSON object`);
  for (const key of Object.keys(raw)) if (!TOP_KEYS.has(key)) issues.push(`unknown key "${key}"`);
  if (raw.kind !== 'context-temporality') issues.push('kind must be "context-temporality"');
  if (typeof raw.version !== 'string' || raw.version === '') issues.push('version must be a non-empty string');
  const phrases = new Map<string, string[][]>();
  for (const phrase of strings(raw.lifetimePhrases, 'lifetimePhrases', issues)) {
    const words = wordsOf(phrase);
    if (words.length === 0 || words.join(' ') !== phrase) {
      issues.push(`lifetimePhrases: "${phrase}" must be lower-case words separated by single spaces`);
      continue;
    }
    const list = phrases.get(words[0]!) ?? [];
    list.push(words);
    phrases.set(words[0]!, list);
  }
  const lexicon: TemporalityLexicon = {
    version: String(raw.version),
    lifetimeSections: new Set(strings(raw.lifetimeSections, 'lifetimeSections', issues)),
    lifetimePhrases: phrases,
  };
  if (issues.length > 0) throw new DomainError('INVALID_RESOURCE_FILE', `${file}: ${issues.join('; ')}`);
  return lexicon;
}

let defaultLexicon: TemporalityLexicon | undefined;
export function defaultTemporalityLexicon(): TemporalityLexicon {
  return (defaultLexicon ??= compileTemporalityLexicon(body));
}

/** Whether the text names a habit or an allergy (one of the lifetime phrases, as whole words). */
export function namesLifetimeExposure(text: string, lexicon: TemporalityLexicon = defaultTemporalityLexicon()): boolean {
  const words = wordsOf(text);
  for (let i = 0; i < words.length; i++) {
    const candidates = lexicon.lifetimePhrases.get(words[i]!);
    if (candidates === undefined) continue;
    for (const phrase of candidates) {
      let k = 1;
      while (k < phrase.length && words[i + k] === phrase[k]) k += 1;
      if (k === phrase.length) return true;
    }
  }
  return false;
}

/**
 * Whether a negated mention is a lifetime statement: it names a habit or an allergy, or it lies in a section of
 * habits or allergies (`section`: its normalised name).
 */
export function isLifetimeNegation(text: string, section: string | undefined, lexicon: TemporalityLexicon = defaultTemporalityLexicon()): boolean {
  return (section !== undefined && lexicon.lifetimeSections.has(section)) || namesLifetimeExposure(text, lexicon);
}
