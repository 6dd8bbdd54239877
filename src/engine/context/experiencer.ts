// Experiencer across clauses and sentences: a family member named as the subject of a clause (`Her son has
// epilepsy`) stays the experiencer of what follows while the subject stays the same: to the end of the clause
// (ConText's relative scope stops after 8 words and at every pronoun), and on into the next sentences while they
// open with a pronoun of the relative's gender that cannot be the patient's (`Her son ... He takes Keppra`: the
// patient is `her`). Rules are data (resources/context/experiencer.json).
import { DomainError } from '../../errors.js';
import type { Document, Token } from '../document.js';
import type { ContextScope } from './context-engine.js';
import body from '../../../resources/context/experiencer.json' with { type: 'json' };

export const EXPERIENCER_FILE = 'resources/context/experiencer.json';
const GENDERS = ['female', 'male', 'plural'] as const;
/** `first`: the speaker's own pronouns (`my`, `I`): a patient telling of a relative in a dialogue. Pronouns only. */
type Gender = (typeof GENDERS)[number] | 'first';

export interface ExperiencerLexicon {
  readonly version: string;
  readonly relatives: ReadonlyMap<string, Gender>;
  readonly pronouns: ReadonlyMap<string, Gender>;
  readonly leading: ReadonlySet<string>;
  readonly stops: ReadonlySet<string>;
  readonly maxSentences: number;
}

const TOP_KEYS = new Set(['kind', 'version', 'language', 'description', 'relatives', 'pronouns', 'leading', 'stops', 'maxSentences']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function words(v: unknown, at: string, issues: string[]): string[] {
  if (Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string' && s.trim() !== '')) return (v as string[]).map((s) => s.toLowerCase());
  issues.push(`${at} must be a non-empty list of words`);
  return [];
}

function byGender(v: unknown, at: string, issues: string[], withFirst = false): Map<string, Gender> {
  const out = new Map<string, Gender>();
  const keys: readonly Gender[] = withFirst ? [...GENDERS, 'first'] : GENDERS;
  if (!isRecord(v)) {
    issues.push(`${at} must be an object keyed by ${keys.join(', ')}`);
    return out;
  }
  for (const key of Object.keys(v)) if (!(keys as readonly string[]).includes(key)) issues.push(`${at}.${key}: unknown key (expected ${keys.join(', ')})`);
  for (const g of GENDERS) for (const w of words(v[g], `${at}.${g}`, issues)) out.set(w, g);
  if (withFirst && v.first !== undefined) for (const w of words(v.first, `${at}.first`, issues)) out.set(w, 'first');
  return out;
}

/** Validates the experiencer rules (closed keys); issues name the file and the key. */
export function compileExperiencerLexicon(raw: unknown, file = EXPERIENCER_FILE): ExperiencerLexicon {
  const issues: string[] = [];
  if (!isRecord(raw)) throw new DomainError('INVALID_RESOURCE_FILE', `${file}: expected a JSON object`);
  for (const key of Object.keys(raw)) if (!TOP_KEYS.has(key)) issues.push(`unknown key "${key}"`);
  if (raw.kind !== 'context-experiencer') issues.push('kind must be "context-experiencer"');
  if (typeof raw.version !== 'string' || raw.version === '') issues.push('version must be a non-empty string');
  const maxSentences = raw.maxSentences;
  if (typeof maxSentences !== 'number' || !Number.isInteger(maxSentences) || maxSentences < 0 || maxSentences > 10) issues.push('maxSentences must be an integer from 0 to 10');
  const lexicon: ExperiencerLexicon = {
    version: String(raw.version),
    relatives: byGender(raw.relatives, 'relatives', issues),
    pronouns: byGender(raw.pronouns, 'pronouns', issues, true),
    leading: new Set(words(raw.leading, 'leading', issues)),
    stops: new Set(words(raw.stops, 'stops', issues)),
    maxSentences: typeof maxSentences === 'number' ? maxSentences : 0,
  };
  if (issues.length > 0) throw new DomainError('INVALID_RESOURCE_FILE', `${file}: ${issues.join('; ')}`);
  return lexicon;
}

let defaultLexicon: ExperiencerLexicon | undefined;
export function defaultExperiencerLexicon(): ExperiencerLexicon {
  return (defaultLexicon ??= compileExperiencerLexicon(body));
}

/**
 * Where the relative's statement ends in tokens [from, to): at a stop word, or at a pronoun that is not the
 * relative's or can be the patient's. `continued` is false when it stopped before `to`.
 */
function statementEnd(tokens: readonly Token[], from: number, to: number, relative: Gender, patient: Gender | undefined, lexicon: ExperiencerLexicon): { end: number; continued: boolean } {
  for (let i = from; i < to; i++) {
    const lower = (tokens[i] as Token).lower;
    if (lexicon.stops.has(lower)) return { end: i, continued: false };
    const g = lexicon.pronouns.get(lower);
    if (g !== undefined && (g !== relative || g === patient)) return { end: i, continued: false };
  }
  return { end: to, continued: true };
}

function scopeOver(tokens: readonly Token[], base: ContextScope, sentenceIndex: number, from: number, to: number): ContextScope | undefined {
  let b = from;
  let e = to;
  while (b < e && (tokens[b] as Token).kind === 'punct') b += 1;
  while (e > b && (tokens[e - 1] as Token).kind === 'punct') e -= 1;
  if (e <= b) return undefined;
  const begin = (tokens[b] as Token).begin;
  const end = (tokens[e - 1] as Token).end;
  return { ...base, sentenceIndex, tokenBegin: b, tokenEnd: e, begin, end, clauseBegin: Math.min(begin, base.trigger.begin), clauseEnd: end };
}

/**
 * The FAMILY scopes that carry a relative's statement past ConText's own scope: for each FAMILY trigger ending in
 * a relative word that opens its clause (after at most possessives and the like), a scope to the end of the
 * statement, and one per following sentence that keeps the relative as its subject.
 */
export function extendFamilyScopes(doc: Document, scopes: readonly ContextScope[], lexicon: ExperiencerLexicon = defaultExperiencerLexicon()): ContextScope[] {
  const out: ContextScope[] = [];
  const tokens = doc.tokens;
  const seen = new Set<number>();
  for (const scope of scopes) {
    if (scope.category !== 'FAMILY' || scope.rule.direction !== 'BIDIRECTIONAL') continue;
    const trigger = scope.trigger;
    if (seen.has(trigger.tokenBegin)) continue;
    seen.add(trigger.tokenBegin);
    const relative = lexicon.relatives.get((tokens[trigger.tokenEnd - 1] as Token).lower);
    const sentence = doc.sentences[scope.sentenceIndex];
    if (relative === undefined || sentence === undefined) continue;
    // The relative opens its clause: only leading words (possessives, `maternal`) since the sentence start or a `;`.
    let patient: Gender | undefined;
    let subject = true;
    for (let i = trigger.tokenBegin - 1; i >= sentence.tokenStart; i--) {
      const lower = (tokens[i] as Token).lower;
      if (lower === ';' || lower === ':') break;
      if (!lexicon.leading.has(lower)) {
        subject = false;
        break;
      }
      const g = lexicon.pronouns.get(lower);
      if (g !== undefined && patient === undefined) patient = g;
    }
    if (!subject) continue;
    let { end, continued } = statementEnd(tokens, trigger.tokenEnd, sentence.tokenEnd, relative, patient, lexicon);
    const first = scopeOver(tokens, scope, scope.sentenceIndex, trigger.tokenEnd, end);
    if (first !== undefined) out.push(first);
    // The next sentences, while they open with the relative's pronoun and that pronoun cannot be the patient's.
    for (let k = 1; continued && k <= lexicon.maxSentences && patient !== undefined; k++) {
      const next = doc.sentences[scope.sentenceIndex + k];
      if (next === undefined || next.tokenEnd <= next.tokenStart) break;
      const opener = lexicon.pronouns.get((tokens[next.tokenStart] as Token).lower);
      if (opener !== relative || opener === patient) break;
      ({ end, continued } = statementEnd(tokens, next.tokenStart + 1, next.tokenEnd, relative, patient, lexicon));
      const more = scopeOver(tokens, scope, scope.sentenceIndex + k, next.tokenStart, end);
      if (more !== undefined) out.push(more);
    }
  }
  return out;
}
