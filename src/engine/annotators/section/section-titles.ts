// Section titles as data (resources/sections/en.json, medspaCy section_patterns): a closed key set, stable
// ids, a normalised name per section and its surface forms. Validation returns issues naming the file and
// the entry; compilation tokenizes every title once into a trie (no regex when matching).
import { DomainError, type ValidationIssue } from '../../../errors.js';
import type { Token } from '../../document.js';
import { normalizeToken, type TokenizeFn } from '../../context/trigger-trie.js';

export interface SectionTitleEntry {
  readonly id: string;
  /** The normalised section name (wire: sectionNormalizedName). */
  readonly name: string;
  readonly titles: readonly string[];
}

export interface SectionTitleLexicon {
  readonly file: string;
  readonly version: string;
  readonly sections: readonly SectionTitleEntry[];
}

export const SECTION_TITLES_KIND = 'section-titles';
const FILE_KEYS = new Set(['kind', 'version', 'language', 'description', 'sections']);
const ENTRY_KEYS = new Set(['id', 'name', 'titles', 'comment']);
const ID_SHAPE = /^[a-z0-9][a-z0-9._-]*$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function validateSectionTitles(value: unknown, file: string): { lexicon?: SectionTitleLexicon; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  if (!isRecord(value)) return { issues: [{ path: file, message: 'a section-titles file must be a JSON object' }] };
  for (const key of Object.keys(value)) {
    if (!FILE_KEYS.has(key)) issues.push({ path: `${file}: ${key}`, message: `unknown key "${key}"` });
  }
  if (value.kind !== SECTION_TITLES_KIND) issues.push({ path: `${file}: kind`, message: `kind must be "${SECTION_TITLES_KIND}"` });
  if (!nonEmpty(value.version)) issues.push({ path: `${file}: version`, message: 'version must be a non-empty string' });
  if (!Array.isArray(value.sections)) {
    issues.push({ path: `${file}: sections`, message: 'sections must be an array' });
    return { issues };
  }
  const sections: SectionTitleEntry[] = [];
  const ids = new Set<string>();
  const owners = new Map<string, string>();
  value.sections.forEach((raw: unknown, i) => {
    const at0 = `${file}: sections[${i}]`;
    if (!isRecord(raw)) {
      issues.push({ path: at0, message: 'a section entry must be an object' });
      return;
    }
    const at = nonEmpty(raw.id) ? `${at0} (section "${raw.id}")` : at0;
    const before = issues.length;
    for (const key of Object.keys(raw)) {
      if (!ENTRY_KEYS.has(key)) issues.push({ path: `${at}.${key}`, message: `unknown key "${key}" (allowed: ${[...ENTRY_KEYS].join(', ')})` });
    }
    if (!nonEmpty(raw.id) || !ID_SHAPE.test(raw.id)) issues.push({ path: `${at}.id`, message: 'id must be lower-case letters, digits, ".", "_" or "-"' });
    else if (ids.has(raw.id)) issues.push({ path: `${at}.id`, message: `duplicate section id "${raw.id}"` });
    if (!nonEmpty(raw.name) || raw.name !== raw.name.toLowerCase()) issues.push({ path: `${at}.name`, message: 'name must be a non-empty lower-case string' });
    if (!Array.isArray(raw.titles) || raw.titles.length === 0 || !raw.titles.every(nonEmpty)) {
      issues.push({ path: `${at}.titles`, message: 'titles must be a non-empty array of non-empty strings' });
    } else {
      for (const title of raw.titles as string[]) {
        const key = title.toLowerCase();
        const owner = owners.get(key);
        if (owner !== undefined) issues.push({ path: `${at}.titles`, message: `title "${title}" is also a title of section "${owner}"` });
        else owners.set(key, String(raw.id));
      }
    }
    if (issues.length > before) return;
    ids.add(raw.id as string);
    sections.push({ id: raw.id as string, name: raw.name as string, titles: raw.titles as string[] });
  });
  if (issues.length > 0) return { issues };
  return { lexicon: { file, version: value.version as string, sections }, issues };
}

export function parseSectionTitles(value: unknown, file: string): SectionTitleLexicon {
  const { lexicon, issues } = validateSectionTitles(value, file);
  if (lexicon === undefined) throw new DomainError('INVALID_RESOURCE_FILE', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  return lexicon;
}

/** What a title match resolves to. `source` is `internal` for built-in titles or the whitelist name. */
export interface SectionTitleTarget {
  readonly name: string;
  readonly source: string;
}

interface TitleNode {
  readonly next: Map<string, TitleNode>;
  target?: SectionTitleTarget;
}

export interface SectionTitleTrie {
  readonly root: TitleNode;
}

export interface SectionTitleSource {
  readonly source: string;
  readonly entries: ReadonlyArray<{ readonly name: string; readonly titles: readonly string[] }>;
}

/** Later sources win over earlier ones for the same title (custom titles override built-in ones). */
export function compileSectionTitles(sources: readonly SectionTitleSource[], tokenize: TokenizeFn): SectionTitleTrie {
  const root: TitleNode = { next: new Map() };
  for (const { source, entries } of sources) {
    for (const entry of entries) {
      for (const title of entry.titles) {
        const words = tokenize(title).map((t) => normalizeToken(t.lower));
        if (words.length === 0) continue;
        let node = root;
        for (const w of words) {
          let child = node.next.get(w);
          if (child === undefined) {
            child = { next: new Map() };
            node.next.set(w, child);
          }
          node = child;
        }
        node.target = { name: entry.name, source };
      }
    }
  }
  return { root };
}

/** Longest title starting at token `from`: its end (exclusive token index) and target. */
export function matchTitle(tokens: readonly Token[], from: number, trie: SectionTitleTrie): { end: number; target: SectionTitleTarget } | undefined {
  let node: TitleNode | undefined = trie.root;
  let best: { end: number; target: SectionTitleTarget } | undefined;
  for (let j = from; j < tokens.length; j++) {
    const token = tokens[j] as Token;
    if (j > from && token.newlineBefore) break;
    node = node.next.get(normalizeToken(token.lower));
    if (node === undefined) break;
    if (node.target !== undefined) best = { end: j + 1, target: node.target };
  }
  return best;
}
