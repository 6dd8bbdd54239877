// What model_broker knows about one annotation before it scores it: the context flags earlier annotators
// set (negated, hypothetical, familyHistory, historical), the ConText categories whose scope covers it
// (run here, so `rule out` (possible) and `discussed` (conditional) stay apart even when the hypothetical
// annotator merged them), its section and section class, the nearest cue of each kind around it, its
// semantic types and inference-rule candidates (its own, and those of concepts on the same span).
import type { Annotation, Document, Sentence, Token } from '../../document.js';
import type { CompiledContext } from '../../context/context-engine.js';
import type { ContextCategory } from '../../context/context-rule.js';
import { FAMILY_SECTION_NAMES, HISTORICAL_SECTION_NAMES, hitTargets, runContext, sectionNameOf } from '../../context/context-assertions.js';
import type { CueKind, CueRule, InsightLexicon, SectionClass } from './insight-lexicon.js';
import type { PhraseMatch } from './phrase-matcher.js';
import { firstEndingAfter } from '../../span-search.js';

export interface CueHit {
  readonly kind: CueKind;
  readonly ruleId: string;
  readonly begin: number;
  readonly end: number;
  readonly coveredText: string;
  /** Tokens between the cue and the annotation (0 when adjacent or inside). */
  readonly distance: number;
  /** The cue lies inside the annotation's own span (`Alcohol abuse`, `Former smoker`). */
  readonly inside: boolean;
}

export interface Evidence {
  readonly target: Annotation;
  readonly layer: string;
  readonly negated: boolean;
  readonly hypothetical: boolean;
  readonly familyHistory: boolean;
  readonly historical: boolean;
  /** ConText POSSIBLE_EXISTENCE scope (`rule out`, `possible`, `suspected`). */
  readonly possible: boolean;
  /** ConText HYPOTHETICAL scope (`if`, `discussed`, `recommend`). */
  readonly conditional: boolean;
  readonly section: string | undefined;
  readonly sectionClass: SectionClass | undefined;
  /** Nearest cue of each kind. */
  readonly cues: ReadonlyMap<CueKind, CueHit>;
  readonly semanticTypes: ReadonlySet<string>;
  readonly candidates: ReadonlySet<string>;
  /** Lower-case words of the covered text and preferred name (keyword tests). */
  readonly words: readonly string[];
  readonly lowerText: string;
  /** Index of the sentence containing the annotation's start, or -1. */
  readonly sentenceIndex: number;
}

const NO_CUES: ReadonlyMap<CueKind, CueHit> = new Map();
const NO_STRINGS: ReadonlySet<string> = new Set();

/** Cue kinds a cue inside the annotation's own span does not count for (the annotation is the substance word). */
const NOT_INSIDE: ReadonlySet<CueKind> = new Set(['use', 'labMeasurement']);
const CONTEXT_CATEGORIES: readonly ContextCategory[] = ['POSSIBLE_EXISTENCE', 'HYPOTHETICAL', 'FAMILY', 'HISTORICAL'];

/** Adds the strings of `v` (a comma-separated string or an array of strings) to `out`. */
function addStrings(v: unknown, out: Set<string>): void {
  if (typeof v === 'string') {
    if (!v.includes(',')) {
      const t = v.trim();
      if (t !== '') out.add(t);
      return;
    }
    for (const part of v.split(',')) {
      const t = part.trim();
      if (t !== '') out.add(t);
    }
  } else if (Array.isArray(v)) {
    for (const s of v) if (typeof s === 'string') out.add(s);
  }
}

/** Lower-case words of `lower`: runs of a-z, 0-9 and the apostrophe (what splitting on [^a-z0-9']+ leaves). */
function wordsOf(lower: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    const word = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39;
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push(lower.slice(start, i));
      start = -1;
    }
  }
  return out;
}

/**
 * The Evidence of one target. `lowerText` and `words` are computed on first use (the substance and
 * procedure models read them; most targets need neither once their substance kinds are cached).
 */
class TargetEvidence implements Evidence {
  private lower: string | undefined;
  private wordList: readonly string[] | undefined;

  constructor(
    readonly target: Annotation,
    readonly layer: string,
    readonly negated: boolean,
    readonly hypothetical: boolean,
    readonly familyHistory: boolean,
    readonly historical: boolean,
    readonly possible: boolean,
    readonly conditional: boolean,
    readonly section: string | undefined,
    readonly sectionClass: SectionClass | undefined,
    readonly cues: ReadonlyMap<CueKind, CueHit>,
    readonly semanticTypes: ReadonlySet<string>,
    readonly candidates: ReadonlySet<string>,
    readonly sentenceIndex: number,
  ) {}

  get lowerText(): string {
    if (this.lower === undefined) {
      const preferred = typeof this.target.preferredName === 'string' ? this.target.preferredName : '';
      this.lower = `${this.target.coveredText} ${preferred}`.toLowerCase();
    }
    return this.lower;
  }

  get words(): readonly string[] {
    return (this.wordList ??= wordsOf(this.lowerText));
  }
}

export function sentenceIndexAt(sentences: readonly Sentence[], offset: number): number {
  let lo = 0;
  let hi = sentences.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sentences[mid] as Sentence).begin <= offset) lo = mid + 1;
    else hi = mid;
  }
  const i = lo - 1;
  return i >= 0 && offset < (sentences[i] as Sentence).end ? i : -1;
}

/** Section classes by lower-case section name, per lexicon (EvidenceBuilder.sectionClass). */
const sectionClassesOf = new WeakMap<InsightLexicon, Map<string, SectionClass | undefined>>();
/** Names kept per lexicon before the map starts over (it only saves time). */
const SECTION_CLASS_LIMIT = 10_000;

/**
 * Builds evidence for many targets of one Document; ConText scopes are computed once, cue matches once per
 * sentence holding a target (on first use), section names once per section name (classes once per lexicon).
 */
export class EvidenceBuilder {
  private readonly cueMatches = new Map<number, PhraseMatch<CueRule>[]>();
  /** cuesAround by span (keyed as conceptsBySpan): targets of several layers often share one. */
  private readonly cuesBySpan = new Map<number, ReadonlyMap<CueKind, CueHit>>();
  private readonly lowerSections = new Map<string, string>();
  /** Section classes by lower-case name, kept with the lexicon across documents (section names repeat). */
  private readonly sectionClasses: Map<string, SectionClass | undefined>;
  private readonly stringSets = new Map<string, ReadonlySet<string>>();
  /** stringSet of one-string lists, by the string. */
  private readonly singletonSets = new Map<string, ReadonlySet<string>>();
  /** spanUnion by conceptsBySpan list. */
  private readonly spanStrings = new Map<readonly Annotation[], SpanStrings>();
  /** Concepts by span, keyed `begin * spanStride + end` (spanStride exceeds every concept's end). */
  private readonly conceptsBySpan = new Map<number, Annotation[]>();
  private readonly spanStride: number;
  private readonly possible: ReadonlySet<Annotation>;
  private readonly conditional: ReadonlySet<Annotation>;
  private readonly family: ReadonlySet<Annotation>;
  private readonly historical: ReadonlySet<Annotation>;

  constructor(
    private readonly doc: Document,
    private readonly lexicon: InsightLexicon,
    context: CompiledContext,
    targets: readonly Annotation[],
  ) {
    let classes = sectionClassesOf.get(lexicon);
    if (classes === undefined || classes.size >= SECTION_CLASS_LIMIT) sectionClassesOf.set(lexicon, (classes = new Map()));
    this.sectionClasses = classes;
    const concepts = doc.layers.get('concepts') ?? [];
    let stride = doc.text.length + 1;
    for (const c of concepts) if (c.end >= stride) stride = c.end + 1;
    this.spanStride = stride;
    for (const c of concepts) {
      const key = c.begin * this.spanStride + c.end;
      const list = this.conceptsBySpan.get(key);
      if (list === undefined) this.conceptsBySpan.set(key, [c]);
      else list.push(c);
    }
    const run = runContext(doc, context, targets, CONTEXT_CATEGORIES, true);
    this.possible = hitTargets(run, 'POSSIBLE_EXISTENCE');
    this.conditional = hitTargets(run, 'HYPOTHETICAL');
    this.family = hitTargets(run, 'FAMILY');
    this.historical = hitTargets(run, 'HISTORICAL');
  }

  /** The evidence of one target (built on each call: runModelBroker asks once per annotation). */
  of(target: Annotation, layer: string): Evidence {
    return this.build(target, layer);
  }

  /** Concepts with exactly this span (other than the target itself). */
  conceptsAt(target: Annotation): readonly Annotation[] {
    const key = this.spanKey(target);
    const list = key === undefined ? undefined : this.conceptsBySpan.get(key);
    if (list === undefined || (list.length === 1 && list[0] === target)) return [];
    return list.filter((c) => c !== target);
  }

  private sectionClass(section: string): SectionClass | undefined {
    const classes = this.sectionClasses;
    if (classes.has(section)) return classes.get(section);
    const cls = this.lexicon.sections.get(section) ?? classByWords(section, this.lexicon);
    classes.set(section, cls);
    return cls;
  }

  private cueMatchesOf(sentenceIndex: number): readonly PhraseMatch<CueRule>[] {
    let matches = this.cueMatches.get(sentenceIndex);
    if (matches === undefined) {
      const s = this.doc.sentences[sentenceIndex];
      matches = s === undefined ? [] : this.lexicon.cues.match(this.doc.tokens, s.tokenStart, s.tokenEnd);
      this.cueMatches.set(sentenceIndex, matches);
    }
    return matches;
  }

  private lowerSection(name: string | undefined): string | undefined {
    if (name === undefined) return undefined;
    let lower = this.lowerSections.get(name);
    if (lower === undefined) this.lowerSections.set(name, (lower = name.toLowerCase()));
    return lower;
  }

  private build(target: Annotation, layer: string): Evidence {
    const section = this.lowerSection(sectionNameOf(this.doc, target));
    const sectionClass = section === undefined ? undefined : this.sectionClass(section);
    let semanticTypes: ReadonlySet<string>;
    let candidates: ReadonlySet<string>;
    const same = this.sameSpan(target);
    if (same === undefined || (same.length === 1 && same[0] === target)) {
      semanticTypes = this.stringSet(target.semanticType);
      candidates = this.stringSet(target.insightModelCandidates);
    } else if (same.includes(target) || (holdsNoStrings(target.semanticType) && holdsNoStrings(target.insightModelCandidates))) {
      // The target adds nothing to the strings of the span's concepts: their union, made once per span.
      const union = this.spanUnion(same);
      semanticTypes = union.types;
      candidates = union.tags;
    } else {
      const types = new Set<string>();
      const tags = new Set<string>();
      addStrings(target.semanticType, types);
      addStrings(target.insightModelCandidates, tags);
      for (const c of same) {
        if (c === target) continue;
        addStrings(c.semanticType, types);
        addStrings(c.insightModelCandidates, tags);
      }
      semanticTypes = types;
      candidates = tags;
    }
    const sentenceIndex = sentenceIndexAt(this.doc.sentences, target.begin);
    const familyFlag = target.familyHistory === true || target.hypotheticalType === 'FamilyHistorySpan' || hits(this.family, target)
      || (section !== undefined && (FAMILY_SECTION_NAMES.has(section) || sectionClass === 'family'));
    const historicalFlag = target.historical === true || hits(this.historical, target) || (section !== undefined && HISTORICAL_SECTION_NAMES.has(section));
    return new TargetEvidence(
      target,
      layer,
      target.negated === true,
      target.hypothetical === true,
      familyFlag,
      historicalFlag,
      hits(this.possible, target),
      hits(this.conditional, target),
      section,
      sectionClass,
      this.cuesOf(target, sentenceIndex),
      semanticTypes,
      candidates,
      sentenceIndex,
    );
  }

  /** addStrings of one value into a set of its own (shared by the targets with the same string value). */
  private stringSet(v: unknown): ReadonlySet<string> {
    if (v === undefined || v === null) return NO_STRINGS;
    if (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string') {
      // One tag (`['ICMedication']`, the usual list): the set holds that string as it is, shared by the
      // targets with the same one.
      const only = v[0];
      let set = this.singletonSets.get(only);
      if (set === undefined) this.singletonSets.set(only, (set = new Set([only])));
      return set;
    }
    if (typeof v !== 'string') {
      const out = new Set<string>();
      addStrings(v, out);
      return out;
    }
    let set = this.stringSets.get(v);
    if (set === undefined) {
      const out = new Set<string>();
      addStrings(v, out);
      this.stringSets.set(v, (set = out));
    }
    return set;
  }

  /** The semantic types and inference-rule tags of the concepts of one span (a conceptsBySpan list), made once. */
  private spanUnion(same: readonly Annotation[]): SpanStrings {
    let union = this.spanStrings.get(same);
    if (union === undefined) {
      if (same.length === 1) {
        const only = same[0] as Annotation;
        union = { types: this.stringSet(only.semanticType), tags: this.stringSet(only.insightModelCandidates) };
      } else {
        const types = new Set<string>();
        const tags = new Set<string>();
        for (const c of same) {
          addStrings(c.semanticType, types);
          addStrings(c.insightModelCandidates, tags);
        }
        union = { types, tags };
      }
      this.spanStrings.set(same, union);
    }
    return union;
  }

  /** The concepts with the target's span (the target among them when it is a concept), or undefined. */
  private sameSpan(target: Annotation): readonly Annotation[] | undefined {
    const key = this.spanKey(target);
    return key === undefined ? undefined : this.conceptsBySpan.get(key);
  }

  /** The key of the annotation's span in conceptsBySpan and cuesBySpan; undefined past every concept's end. */
  private spanKey(a: Annotation): number | undefined {
    return a.end < this.spanStride ? a.begin * this.spanStride + a.end : undefined;
  }

  /** cuesAround, computed once per span (the cues of a span depend on nothing else; the maps are read only). */
  private cuesOf(target: Annotation, sentenceIndex: number): ReadonlyMap<CueKind, CueHit> {
    const key = this.spanKey(target);
    if (key === undefined) return this.cuesAround(target, sentenceIndex);
    let cues = this.cuesBySpan.get(key);
    if (cues === undefined) this.cuesBySpan.set(key, (cues = this.cuesAround(target, sentenceIndex)));
    return cues;
  }

  private cuesAround(target: Annotation, sentenceIndex: number): ReadonlyMap<CueKind, CueHit> {
    if (sentenceIndex < 0) return NO_CUES;
    const matches = this.cueMatchesOf(sentenceIndex);
    if (matches.length === 0) return NO_CUES;
    let out: Map<CueKind, CueHit> | undefined;
    const tokens = this.doc.tokens;
    const tb = firstEndingAfter(tokens, target.begin);
    const te = Math.max(tb + 1, firstEndingAfter(tokens, target.end));
    for (const m of matches) {
      if (hidden(matches, m)) continue;
      const inside = m.begin < target.end && target.begin < m.end;
      let distance = 0;
      let side: 'before' | 'after' | 'inside' = 'inside';
      if (!inside) {
        if (m.tokenEnd <= tb) {
          side = 'before';
          distance = tb - m.tokenEnd;
        } else {
          side = 'after';
          distance = m.tokenBegin - te;
        }
        // No rule of the cue reaches the annotation: skip before scanning the tokens between for a `;`.
        if (!reaches(m.payloads, side, distance)) continue;
        if (side === 'before' ? crossesSemicolon(tokens, m.tokenEnd, tb) : crossesSemicolon(tokens, te, m.tokenBegin)) continue;
      }
      for (const rule of m.payloads) {
        if (side === 'inside' ? NOT_INSIDE.has(rule.cue) : (rule.direction !== 'either' && rule.direction !== side) || distance > rule.window) continue;
        const current = out?.get(rule.cue);
        if (current !== undefined && current.distance <= distance) continue;
        if (rule.blockedBy !== undefined && side !== 'inside' && blockedBetween(matches, rule.blockedBy, side === 'before' ? m.tokenEnd : te, side === 'before' ? tb : m.tokenBegin)) continue;
        (out ??= new Map()).set(rule.cue, { kind: rule.cue, ruleId: rule.id, begin: m.begin, end: m.end, coveredText: this.doc.text.slice(m.begin, m.end), distance, inside });
      }
    }
    return out ?? NO_CUES;
  }
}

interface SpanStrings {
  readonly types: ReadonlySet<string>;
  readonly tags: ReadonlySet<string>;
}

/** Whether addStrings adds nothing of `v` (neither a string nor an array). */
function holdsNoStrings(v: unknown): boolean {
  return typeof v !== 'string' && !Array.isArray(v);
}

/** `scoped.has(target)`, without hashing the target when nothing is in scope (the usual case). */
function hits(scoped: ReadonlySet<Annotation>, target: Annotation): boolean {
  return scoped.size > 0 && scoped.has(target);
}

/** Whether some rule accepts a cue on `side` of the annotation, `distance` tokens away. */
function reaches(rules: readonly CueRule[], side: 'before' | 'after', distance: number): boolean {
  for (const rule of rules) if ((rule.direction === 'either' || rule.direction === side) && distance <= rule.window) return true;
  return false;
}

/** Whether a longer match around `m` hides every cue kind of `m` (its rule's `hides`). */
function hidden(matches: readonly PhraseMatch<CueRule>[], m: PhraseMatch<CueRule>): boolean {
  for (const other of matches) {
    if (other === m || other.tokenBegin > m.tokenBegin) continue;
    if (other.tokenEnd < m.tokenEnd || other.tokenEnd - other.tokenBegin <= m.tokenEnd - m.tokenBegin) continue;
    let all = true;
    for (const rule of m.payloads) if (!other.payloads.some((o) => o.hides?.includes(rule.cue) === true)) all = false;
    if (all) return true;
  }
  return false;
}

/** Whether a cue of one of `kinds` lies within tokens [from, to) (between a cue and its annotation). */
function blockedBetween(matches: readonly PhraseMatch<CueRule>[], kinds: readonly CueKind[], from: number, to: number): boolean {
  for (const m of matches) {
    if (m.tokenBegin < from || m.tokenEnd > to) continue;
    for (const rule of m.payloads) if (kinds.includes(rule.cue)) return true;
  }
  return false;
}

function crossesSemicolon(tokens: readonly Token[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if ((tokens[i] as Token).lower === ';') return true;
  return false;
}

/** Section names not listed verbatim: the class of the longest listed name they contain. */
function classByWords(section: string, lexicon: InsightLexicon): SectionClass | undefined {
  let best: { length: number; cls: SectionClass } | undefined;
  for (const [name, cls] of lexicon.sections) {
    if (name.length > 3 && section.includes(name) && (best === undefined || name.length > best.length)) best = { length: name.length, cls };
  }
  return best?.cls;
}

