// The abbreviation table (resources/text/abbreviations.json), validated when this module loads:
// a closed key set, a version, lower-case entries ending with a period, no entry in both lists.
import { DomainError, type ValidationIssue } from '../../errors.js';
import data from '../../../resources/text/abbreviations.json' with { type: 'json' };

export const ABBREVIATIONS_FILE = 'resources/text/abbreviations.json';

export interface AbbreviationTable {
  readonly version: string;
  /** Never end a sentence (titles, `e.g.`, `vs.`). */
  readonly nonTerminal: ReadonlySet<string>;
  /** End a sentence when the next word is capitalised (`mg.`, `b.i.d.`, `etc.`). */
  readonly terminal: ReadonlySet<string>;
  /** Longest entry, in UTF-16 units (bounds the tokenizer's look-ahead). */
  readonly maxLength: number;
}

const KEYS = new Set(['kind', 'version', 'language', 'description', 'nonTerminal', 'terminal']);

function checkList(value: unknown, key: string, issues: ValidationIssue[]): string[] {
  if (!Array.isArray(value)) {
    issues.push({ path: key, message: 'must be an array of strings' });
    return [];
  }
  const out: string[] = [];
  value.forEach((entry: unknown, i) => {
    if (typeof entry !== 'string' || entry.length < 2 || !entry.endsWith('.') || entry !== entry.toLowerCase() || entry.includes(' ')) {
      issues.push({ path: `${key}[${i}]`, message: 'must be a lower-case word ending with a period, without spaces' });
    } else if (out.includes(entry)) {
      issues.push({ path: `${key}[${i}]`, message: `duplicate entry ${entry}` });
    } else {
      out.push(entry);
    }
  });
  return out;
}

/** Checks an abbreviation file body; returns the issues (empty when valid). */
export function validateAbbreviations(body: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [{ path: '', message: 'must be an object' }];
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) if (!KEYS.has(key)) issues.push({ path: key, message: 'unknown key' });
  if (record.kind !== 'abbreviations') issues.push({ path: 'kind', message: 'must be "abbreviations"' });
  if (typeof record.version !== 'string' || record.version === '') issues.push({ path: 'version', message: 'must be a non-empty string' });
  const nonTerminal = checkList(record.nonTerminal, 'nonTerminal', issues);
  const terminal = new Set(checkList(record.terminal, 'terminal', issues));
  nonTerminal.forEach((entry, i) => {
    if (terminal.has(entry)) issues.push({ path: `nonTerminal[${i}]`, message: `${entry} is also listed as terminal` });
  });
  return issues;
}

export function compileAbbreviations(body: unknown, file: string): AbbreviationTable {
  const issues = validateAbbreviations(body);
  if (issues.length > 0) {
    throw new DomainError('INVALID_RESOURCE_FILE', `${file}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  }
  const record = body as { version: string; nonTerminal: string[]; terminal: string[] };
  const all = [...record.nonTerminal, ...record.terminal];
  return {
    version: record.version,
    nonTerminal: new Set(record.nonTerminal),
    terminal: new Set(record.terminal),
    maxLength: Math.max(...all.map((a) => a.length)),
  };
}

export const ABBREVIATIONS: AbbreviationTable = compileAbbreviations(data, ABBREVIATIONS_FILE);
