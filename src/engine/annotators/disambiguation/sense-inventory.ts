// The disambiguation sense inventory (resources/disambiguation/en.json): for each ambiguous short form,
// its senses with a prior (corpus sense frequency), the names that identify a concept as that sense,
// expected semantic types, context cue words, sections, and the surface cases it is written in.
// Validated at load (closed key sets; errors name the file and the term/sense id).
import data from '../../../../resources/disambiguation/en.json' with { type: 'json' };

export const SENSES_FILE = 'resources/disambiguation/en.json';

export type SurfaceCase = 'lower' | 'title' | 'upper';

export interface Cue {
  readonly text: string;
  readonly prefix: boolean;
}

export interface Sense {
  readonly id: string;
  readonly names: readonly string[];
  readonly semanticTypes: readonly string[];
  readonly prior: number;
  readonly cues: readonly Cue[];
  /** `#number` cue: a number token shortly after the term supports this sense. */
  readonly numberCue: boolean;
  readonly sections: readonly string[];
  readonly surfaceCase: readonly SurfaceCase[];
}

export interface AmbiguousTerm {
  readonly id: string;
  readonly forms: readonly string[];
  readonly senses: readonly Sense[];
}

export interface SenseWeights {
  readonly cue: number;
  readonly longForm: number;
  readonly section: number;
  readonly semanticType: number;
}

export interface SenseInventory {
  readonly version: string;
  readonly minDocumentWords: number;
  readonly windowTokens: number;
  readonly margin: number;
  readonly weights: SenseWeights;
  /** Lower-case surface form → term. */
  readonly byForm: ReadonlyMap<string, AmbiguousTerm>;
}

const TOP_KEYS = new Set(['kind', 'version', 'description', 'minDocumentWords', 'windowTokens', 'margin', 'weights', 'terms']);
const TERM_KEYS = new Set(['id', 'forms', 'senses']);
const SENSE_KEYS = new Set(['id', 'names', 'semanticTypes', 'prior', 'cues', 'sections', 'surfaceCase']);
const CASES: readonly SurfaceCase[] = ['lower', 'title', 'upper'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fail(where: string, message: string, file: string): never {
  throw new Error(`${file}: ${where}: ${message}`);
}

function strings(v: unknown, where: string, file: string, required: boolean): string[] {
  if (v === undefined && !required) return [];
  if (!Array.isArray(v) || !v.every((s) => typeof s === 'string' && s !== '')) fail(where, 'must be an array of non-empty strings', file);
  return v as string[];
}

function closed(v: Record<string, unknown>, keys: ReadonlySet<string>, where: string, file: string): void {
  for (const k of Object.keys(v)) if (!keys.has(k)) fail(where, `unknown key "${k}"`, file);
}

function parseSense(v: unknown, where: string, file: string): Sense {
  if (!isRecord(v)) fail(where, 'must be an object', file);
  closed(v, SENSE_KEYS, where, file);
  if (typeof v.id !== 'string' || v.id === '') fail(where, 'id must be a non-empty string', file);
  const at = `sense ${v.id}`;
  if (typeof v.prior !== 'number' || !(v.prior > 0 && v.prior <= 1)) fail(at, 'prior must be a number in (0, 1]', file);
  const cueTexts = strings(v.cues, `${at}.cues`, file, true).map((c) => c.toLowerCase());
  const surfaceCase = strings(v.surfaceCase, `${at}.surfaceCase`, file, false);
  for (const c of surfaceCase) if (!CASES.includes(c as SurfaceCase)) fail(`${at}.surfaceCase`, `"${c}" is not one of ${CASES.join(', ')}`, file);
  return {
    id: v.id,
    names: strings(v.names, `${at}.names`, file, true).map((n) => n.toLowerCase()),
    semanticTypes: strings(v.semanticTypes, `${at}.semanticTypes`, file, false),
    prior: v.prior,
    cues: cueTexts.filter((c) => c !== '#number').map((c) => (c.endsWith('*') ? { text: c.slice(0, -1), prefix: true } : { text: c, prefix: false })),
    numberCue: cueTexts.includes('#number'),
    sections: strings(v.sections, `${at}.sections`, file, false).map((s) => s.toLowerCase()),
    surfaceCase: surfaceCase.length === 0 ? CASES : (surfaceCase as SurfaceCase[]),
  };
}

function positive(v: unknown, where: string, file: string): number {
  if (typeof v !== 'number' || !(v > 0)) fail(where, 'must be a positive number', file);
  return v;
}

export function parseSenseInventory(body: unknown, file = SENSES_FILE): SenseInventory {
  if (!isRecord(body)) fail('(root)', 'must be an object', file);
  closed(body, TOP_KEYS, '(root)', file);
  if (body.kind !== 'disambiguation_senses') fail('kind', 'must be "disambiguation_senses"', file);
  if (typeof body.version !== 'string' || body.version === '') fail('version', 'must be a non-empty string', file);
  if (!isRecord(body.weights)) fail('weights', 'must be an object', file);
  closed(body.weights, new Set(['cue', 'longForm', 'section', 'semanticType']), 'weights', file);
  const weights: SenseWeights = {
    cue: positive(body.weights.cue, 'weights.cue', file),
    longForm: positive(body.weights.longForm, 'weights.longForm', file),
    section: positive(body.weights.section, 'weights.section', file),
    semanticType: positive(body.weights.semanticType, 'weights.semanticType', file),
  };
  if (!Array.isArray(body.terms)) fail('terms', 'must be an array', file);
  const byForm = new Map<string, AmbiguousTerm>();
  const ids = new Set<string>();
  body.terms.forEach((t: unknown, i: number) => {
    if (!isRecord(t)) fail(`terms[${i}]`, 'must be an object', file);
    closed(t, TERM_KEYS, `terms[${i}]`, file);
    if (typeof t.id !== 'string' || t.id === '' || ids.has(t.id)) fail(`terms[${i}].id`, 'must be a unique non-empty string', file);
    ids.add(t.id);
    if (!Array.isArray(t.senses) || t.senses.length < 2) fail(`term ${t.id}`, 'needs at least two senses', file);
    const senses = t.senses.map((s: unknown, j: number) => parseSense(s, `term ${t.id as string}.senses[${j}]`, file));
    const term: AmbiguousTerm = { id: t.id, forms: strings(t.forms, `term ${t.id}.forms`, file, true).map((f) => f.toLowerCase()), senses };
    for (const form of term.forms) {
      if (byForm.has(form)) fail(`term ${t.id}`, `form "${form}" is listed twice`, file);
      byForm.set(form, term);
    }
  });
  return {
    version: body.version,
    minDocumentWords: positive(body.minDocumentWords, 'minDocumentWords', file),
    windowTokens: positive(body.windowTokens, 'windowTokens', file),
    margin: positive(body.margin, 'margin', file),
    weights,
    byForm,
  };
}

export const DEFAULT_SENSE_INVENTORY: SenseInventory = parseSenseInventory(data);
