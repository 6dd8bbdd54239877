// Lexicon files of the clinical annotators (resources/<annotator>/*.json) as data with a closed key set
// (STYLE.md "Rules and lexicons are data"): `{kind, version, language, description?, entries: [...]}`, each
// entry an object with a unique string `id` and only the keys its kind declares, each key a string or a list
// of non-empty strings. `validateLexiconFile` returns issues naming the file and the entry; `parseLexiconFile`
// throws INVALID_RESOURCE_FILE listing them all.
import { DomainError, type ValidationIssue } from '../../../errors.js';

export type FieldKind = 'string' | 'strings';

export interface LexiconSchema {
  /** Expected value of the file's `kind`. */
  readonly kind: string;
  /** Keys every entry must have (besides `id`). */
  readonly required: Readonly<Record<string, FieldKind>>;
  /** Keys an entry may have. */
  readonly optional?: Readonly<Record<string, FieldKind>>;
  /** Allowed values of string fields, per key. */
  readonly enums?: Readonly<Record<string, readonly string[]>>;
}

export interface LexiconEntry {
  readonly id: string;
  readonly [key: string]: string | readonly string[];
}

export interface LexiconFile {
  readonly file: string;
  readonly kind: string;
  readonly version: string;
  readonly language: string;
  readonly entries: readonly LexiconEntry[];
}

const FILE_KEYS = new Set(['kind', 'version', 'language', 'description', 'entries']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkField(value: unknown, kind: FieldKind): string | undefined {
  if (kind === 'string') return typeof value === 'string' && value.length > 0 ? undefined : 'must be a non-empty string';
  if (!Array.isArray(value) || value.length === 0) return 'must be a non-empty array of strings';
  return value.every((v) => typeof v === 'string' && v.trim().length > 0) ? undefined : 'must contain only non-empty strings';
}

export function validateLexiconFile(value: unknown, file: string, schema: LexiconSchema): { lexicon?: LexiconFile; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  if (!isRecord(value)) return { issues: [{ path: file, message: 'must be a JSON object' }] };
  for (const key of Object.keys(value)) if (!FILE_KEYS.has(key)) issues.push({ path: `${file}: ${key}`, message: 'unknown key' });
  if (value.kind !== schema.kind) issues.push({ path: `${file}: kind`, message: `must be "${schema.kind}"` });
  for (const key of ['version', 'language'] as const) {
    if (typeof value[key] !== 'string' || value[key] === '') issues.push({ path: `${file}: ${key}`, message: 'must be a non-empty string' });
  }
  if (!Array.isArray(value.entries)) {
    issues.push({ path: `${file}: entries`, message: 'must be an array' });
    return { issues };
  }
  const allowed: Record<string, FieldKind> = { ...schema.required, ...(schema.optional ?? {}) };
  const ids = new Set<string>();
  const entries: LexiconEntry[] = [];
  value.entries.forEach((raw: unknown, i: number) => {
    const at = `${file}: entries[${i}]`;
    if (!isRecord(raw)) {
      issues.push({ path: at, message: 'must be an object' });
      return;
    }
    const id = raw.id;
    const where = typeof id === 'string' && id !== '' ? `${file}: entry "${id}"` : at;
    if (typeof id !== 'string' || id === '') issues.push({ path: at, message: 'id must be a non-empty string' });
    else if (ids.has(id)) issues.push({ path: where, message: 'duplicate id' });
    else ids.add(id);
    let ok = true;
    for (const [key, v] of Object.entries(raw)) {
      if (key === 'id') continue;
      const kind = allowed[key];
      if (kind === undefined) {
        issues.push({ path: `${where}.${key}`, message: 'unknown key' });
        ok = false;
        continue;
      }
      const problem = checkField(v, kind);
      if (problem !== undefined) {
        issues.push({ path: `${where}.${key}`, message: problem });
        ok = false;
        continue;
      }
      const allowedValues = schema.enums?.[key];
      if (allowedValues !== undefined && typeof v === 'string' && !allowedValues.includes(v)) {
        issues.push({ path: `${where}.${key}`, message: `must be one of ${allowedValues.join(', ')}` });
        ok = false;
      }
    }
    for (const key of Object.keys(schema.required)) {
      if (!(key in raw)) {
        issues.push({ path: `${where}.${key}`, message: 'is required' });
        ok = false;
      }
    }
    if (ok && typeof id === 'string' && id !== '') entries.push(raw as LexiconEntry);
  });
  if (issues.length > 0) return { issues };
  return {
    lexicon: { file, kind: value.kind as string, version: value.version as string, language: value.language as string, entries },
    issues,
  };
}

export function parseLexiconFile(value: unknown, file: string, schema: LexiconSchema): LexiconFile {
  const { lexicon, issues } = validateLexiconFile(value, file, schema);
  if (lexicon === undefined) throw new DomainError('INVALID_RESOURCE_FILE', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  return lexicon;
}

/** A string field of an entry (undefined when absent). */
export function stringField(entry: LexiconEntry, key: string): string | undefined {
  const v = entry[key];
  return typeof v === 'string' ? v : undefined;
}

/** A list field of an entry (empty when absent). */
export function listField(entry: LexiconEntry, key: string): readonly string[] {
  const v = entry[key];
  return Array.isArray(v) ? (v as readonly string[]) : [];
}
