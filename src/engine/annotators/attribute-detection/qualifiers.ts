// Qualifiers of attribute values (`detect_qualifiers`, reference §4.4 `qualifiers[]`): `{qualifier, value,
// begin, end, coveredText}` found inside an attribute's span or just before it (same sentence, at most
// `window` tokens). Two sources: the built-in lexicon (resources/insights/qualifiers.json, closed key set,
// validated at load) or, with `qualifier_set`, attribute sets whose attributes are the qualifiers (an
// attribute found near the span gives `{qualifier: attribute name, value}`).
import { DomainError, type ValidationIssue } from '../../../errors.js';
import type { Document, Token } from '../../document.js';
import qualifierBody from '../../../../resources/insights/qualifiers.json' with { type: 'json' };
import { compilePhrases, type PhraseMatcher } from '../model-broker/phrase-matcher.js';
import { firstEndingAfter } from '../../span-search.js';
import { sentenceIndexAt } from '../model-broker/evidence.js';

export const QUALIFIER_FILE = 'resources/insights/qualifiers.json';

export interface QualifierRule {
  readonly id: string;
  readonly qualifier: string;
  readonly value: string;
}

export interface QualifierLexicon {
  readonly window: number;
  readonly matcher: PhraseMatcher<QualifierRule>;
}

export interface Qualifier {
  qualifier: string;
  value: string;
  begin: number;
  end: number;
  coveredText: string;
}

/** A qualifier candidate found in the text (by the lexicon or a qualifier set), before it is attached. */
export interface QualifierCandidate {
  readonly qualifier: string;
  readonly value: string;
  readonly begin: number;
  readonly end: number;
}

const TOP_KEYS = new Set(['kind', 'version', 'language', 'description', 'window', 'qualifiers']);
const RULE_KEYS = new Set(['id', 'qualifier', 'value', 'phrases']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function validateQualifierLexicon(body: unknown, file: string): ValidationIssue[] {
  if (!isRecord(body)) return [{ path: file, message: 'the qualifier lexicon must be an object' }];
  const issues: ValidationIssue[] = [];
  for (const k of Object.keys(body)) if (!TOP_KEYS.has(k)) issues.push({ path: `${file}: ${k}`, message: `unknown key "${k}"` });
  if (body.kind !== 'attribute-qualifiers') issues.push({ path: `${file}: kind`, message: 'kind must be "attribute-qualifiers"' });
  if (typeof body.version !== 'string' || body.version === '') issues.push({ path: `${file}: version`, message: 'version must be a non-empty string' });
  if (typeof body.window !== 'number' || !Number.isInteger(body.window) || body.window < 0 || body.window > 20) issues.push({ path: `${file}: window`, message: 'window must be an integer in [0, 20]' });
  const ids = new Set<string>();
  (Array.isArray(body.qualifiers) ? body.qualifiers : []).forEach((q: unknown, i: number) => {
    const where = `${file}: qualifiers[${i}]`;
    if (!isRecord(q)) {
      issues.push({ path: where, message: 'a qualifier must be an object' });
      return;
    }
    for (const k of Object.keys(q)) if (!RULE_KEYS.has(k)) issues.push({ path: `${where}.${k}`, message: `unknown key "${k}"` });
    if (typeof q.id !== 'string' || q.id === '' || ids.has(q.id)) issues.push({ path: `${where}.id`, message: 'id must be a unique non-empty string' });
    else ids.add(q.id);
    for (const k of ['qualifier', 'value'] as const) if (typeof q[k] !== 'string' || q[k] === '') issues.push({ path: `${where}.${k}`, message: `${k} must be a non-empty string` });
    if (!Array.isArray(q.phrases) || q.phrases.length === 0 || !q.phrases.every((p) => typeof p === 'string' && p.trim() !== '')) {
      issues.push({ path: `${where}.phrases`, message: 'phrases must be a non-empty array of strings' });
    }
  });
  if (!Array.isArray(body.qualifiers)) issues.push({ path: `${file}: qualifiers`, message: 'qualifiers must be an array' });
  return issues;
}

export function compileQualifierLexicon(body: unknown, file: string): QualifierLexicon {
  const issues = validateQualifierLexicon(body, file);
  if (issues.length > 0) throw new DomainError('INVALID_RESOURCE_FILE', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  const b = body as { window: number; qualifiers: { id: string; qualifier: string; value: string; phrases: string[] }[] };
  const entries: [string, QualifierRule][] = [];
  for (const q of b.qualifiers) {
    const rule = { id: q.id, qualifier: q.qualifier, value: q.value };
    for (const p of q.phrases) entries.push([p, rule]);
  }
  return { window: b.window, matcher: compilePhrases(entries) };
}

export function compileDefaultQualifiers(): QualifierLexicon {
  return compileQualifierLexicon(qualifierBody, QUALIFIER_FILE);
}

/** Every lexicon qualifier phrase of the document. */
export function findLexiconQualifiers(doc: Document, lexicon: QualifierLexicon): QualifierCandidate[] {
  const out: QualifierCandidate[] = [];
  for (const s of doc.sentences) {
    for (const m of lexicon.matcher.match(doc.tokens, s.tokenStart, s.tokenEnd)) {
      for (const rule of m.payloads) out.push({ qualifier: rule.qualifier, value: rule.value, begin: m.begin, end: m.end });
    }
  }
  return out;
}

/** The candidates inside [begin, end) or ending at most `window` tokens before `begin`, in the same sentence. */
export function qualifiersFor(doc: Document, candidates: readonly QualifierCandidate[], begin: number, end: number, window: number): Qualifier[] {
  const sentence = sentenceIndexAt(doc.sentences, begin);
  const tb = firstEndingAfter(doc.tokens, begin);
  const out: Qualifier[] = [];
  for (const c of candidates) {
    if (c.begin === begin && c.end === end) continue; // the attribute's own span is not its qualifier
    const inside = c.begin >= begin && c.end <= end;
    let near = false;
    if (!inside && c.end <= begin && sentenceIndexAt(doc.sentences, c.begin) === sentence) {
      const ce = firstEndingAfter(doc.tokens, c.end);
      near = tb - ce <= window && !hasPunctuation(doc.tokens, ce, tb);
    }
    if (!inside && !near) continue;
    if (out.some((q) => q.qualifier === c.qualifier && q.value === c.value && q.begin === c.begin)) continue;
    out.push({ qualifier: c.qualifier, value: c.value, begin: c.begin, end: c.end, coveredText: doc.text.slice(c.begin, c.end) });
  }
  return out.sort((a, b) => a.begin - b.begin);
}

function hasPunctuation(tokens: readonly Token[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const t = tokens[i] as Token;
    if (t.kind === 'punct' && (t.lower === ',' || t.lower === ';' || t.lower === '.' || t.lower === ':')) return true;
  }
  return false;
}
