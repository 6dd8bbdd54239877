// concept_detection (reference §5.1): finds the concepts of the built-in knowledge base and of the tenant's
// deployed libraries in the text and returns one `concepts` annotation per (span, concept).
// The algorithm lives in plain modules: the matcher (knowledge/matcher.ts), library resolution
// (libraries.ts), document-defined abbreviations (abbreviation-definitions.ts), and the wire shape
// (concept-annotation.ts); this file only orchestrates them.
import { DomainError } from '../../../errors.js';
import { applyDeployedFilters } from '../../deployed-filters.js';
import type { CompiledKnowledgeBase, KnowledgeBase } from '../../../knowledge/kb.js';
import { createMatcher, type ConceptMatcher, type MatchReplacement, type TermMatch } from '../../../knowledge/matcher.js';
import { documentMatches } from '../../document-matches.js';
import { semanticTypes, type SemanticTypeTable } from '../../../knowledge/semantic-types.js';
import { defineAnnotator } from '../../annotator.js';
import { derived, type Annotation, type Document } from '../../document.js';
import type { ArtifactLookup, EngineResources } from '../../resources.js';
import { findAbbreviationDefinitions, findAbbreviationOccurrences, type AbbreviationDefinition, type AbbreviationOccurrence } from './abbreviation-definitions.js';
import { ANNOTATOR_ID, appendWireAnnotations, conceptAnnotations, conceptWireParts, createConceptWireCache, type ConceptOrigin, type ConceptWireCache, type OutputOptions } from './concept-annotation.js';
import { applyInferenceRules, compileRuleSet, type CompiledRuleSet } from './inference-rules.js';
import { matchPatterns } from './dictionary-matcher.js';
import { resolveLibraries } from './libraries.js';
import { textReplacements } from '../spell-checker/replacements.js';
import { conceptDetectionParams, type ConceptDetectionParams } from './params.js';
import { compositeAt, coordinationInside } from './composite-mentions.js';
import { allowsBuiltInMatch, loadShortAcronyms, vouchedConcepts, type ShortAcronymList } from './short-acronyms.js';
import { headingSpans, inHeading } from '../section/headings.js';
import { defaultMentionRules, type CompiledMentionRules } from '../../mention-rules/mention-rules.js';
import { loadDefaultMedicationLexicons } from '../medication/lexicon.js';
import { applyMentionRules } from './mention-sense-filter.js';
import { chooseMeanings, spanRunEnd, type MeaningChoiceContext } from './meaning-choice.js';
import { judgeConcept, senseInContext } from '../disambiguation/disambiguation.js';
import { DEFAULT_SENSE_INVENTORY } from '../disambiguation/sense-inventory.js';
import { createMeshChoiceContext, lexiconMeshIds, meshClassOf, nestedMeshIds, type MeshChoiceContext } from './mesh-id-choice.js';

/**
 * One annotation per (span, concept): a concept of several semantic types is one annotation with their
 * comma-joined list in `semanticType` (`dsyn,sosy`) and its primary type's `type`, as ACD joins them; filters
 * and attribute conditions on `semanticType` test each listed type (cartridge/filter-condition.ts).
 */
const SPLIT_SEMANTIC_TYPES = false;

export interface ConceptDetectionCompiled {
  readonly kb: CompiledKnowledgeBase;
  readonly longest: ConceptMatcher;
  readonly all: ConceptMatcher;
  readonly types: SemanticTypeTable;
  /** Short acronyms the built-in KB may match without a definition in the text (short-acronyms.ts). */
  readonly shortAcronyms: ShortAcronymList;
  /** Each concept's constant wire fields (concept-annotation.ts), filled as concepts are found. */
  readonly wire: ConceptWireCache;
  /** Normalised preferred names of built-in concepts (meaning-choice.ts), filled as they are asked for. */
  readonly preferredKeys: Map<number, string>;
  /** Figure references, analytes measured, scores, foods (mention-sense-filter.ts). */
  readonly mentionRules: CompiledMentionRules;
  /** Semantic types of drugs (the medication lexicon's strong and weak drug types). */
  readonly drugTypes: ReadonlySet<string>;
  /** One meaning per span (meaning-choice.ts): its view of the built-in knowledge base and memoised ranks. */
  readonly meaning: MeaningChoiceContext;
  /** The MeSH ids a concept reports at its span (mesh-id-choice.ts): the mention lexicon and memoised classes. */
  readonly mesh: MeshChoiceContext;
}

/** One concept found at one span, before it is turned into a wire annotation. */
interface Candidate {
  readonly begin: number;
  readonly end: number;
  readonly kb: KnowledgeBase;
  readonly concept: number;
  readonly origin: ConceptOrigin;
  readonly codeFields?: ReadonlySet<string>;
  /** Semantic types reported instead of the concept's own (mention-sense-filter.ts). */
  readonly semanticTypes?: readonly string[];
  /** The words that name the concept when they are not the span's own: a defined short form's long form. */
  readonly formBegin?: number;
  readonly formEnd?: number;
}

/** The term-index view the matcher needs; resources.kb is typed as the plain KnowledgeBase. */
export function asCompiledKnowledgeBase(kb: KnowledgeBase): CompiledKnowledgeBase {
  const candidate = kb as Partial<CompiledKnowledgeBase>;
  if (typeof candidate.tokenId !== 'function' || typeof candidate.childNode !== 'function' || typeof candidate.nodeConcepts !== 'function' || candidate.normalizer === undefined) {
    throw new Error('concept_detection needs a compiled knowledge base with a term index (compileKnowledge / loadKnowledgeBase)');
  }
  return kb as CompiledKnowledgeBase;
}

export function compileConceptDetection(resources: EngineResources): ConceptDetectionCompiled {
  const kb = asCompiledKnowledgeBase(resources.kb);
  const { drugSemanticTypes } = loadDefaultMedicationLexicons().lexicon;
  const compiled: ConceptDetectionCompiled = {
    kb, longest: createMatcher(kb, { longestSpan: true }), all: createMatcher(kb, { longestSpan: false }), types: semanticTypes(), shortAcronyms: loadShortAcronyms(), wire: createConceptWireCache(), preferredKeys: new Map(),
    mentionRules: defaultMentionRules(), drugTypes: new Set([...drugSemanticTypes.strong, ...drugSemanticTypes.weak]),
    meaning: { kb, types: semanticTypes(), termKey: (t) => kb.normalizer.termKey(t), preferredKey: (c) => preferredKey(compiled, c), ranks: new Map() },
    mesh: createMeshChoiceContext(kb, semanticTypes()),
  };
  return compiled;
}

/** Finds the concepts of `doc` (pure: reads the document and the resources, returns annotations). */
export function detectConcepts(doc: Document, params: ConceptDetectionParams, compiled: ConceptDetectionCompiled, artifacts: ArtifactLookup): Annotation[] {
  const libraries = resolveLibraries(params.libraries, artifacts);
  // Spelling corrections applied by spell_checker: matched as the corrected words, reported at the original offsets.
  const replacements = textReplacements(doc);
  const longest = params.longest_span;
  let candidates: Candidate[] = [];
  // Tenant dictionaries first: on the same (span, cui) the deployed dictionary's fields win.
  for (const d of libraries.dictionaries) {
    const matcher = longest ? d.compiled.longest : d.compiled.all;
    const add = (begin: number, end: number, concept: number): void => {
      const info = d.compiled.info.get(concept);
      const origin: ConceptOrigin = { source: d.source, sourceVersion: d.sourceVersion, ...(info?.type === undefined ? {} : { type: info.type }), ...(info === undefined ? {} : { cui: info.cui }) };
      candidates.push({ begin, end, kb: d.compiled.kb, concept, origin, ...(d.codeFields === undefined ? {} : { codeFields: d.codeFields }) });
    };
    for (const m of matcher.match(doc.text, doc.tokens, replacements)) for (const concept of m.concepts) add(m.begin, m.end, concept);
    if (d.compiled.patterns.length > 0) for (const m of matchPatterns(d.compiled, doc.text)) add(m.begin, m.end, m.concept);
  }
  if (libraries.builtIn) {
    const origin: ConceptOrigin = libraries.builtInSource === undefined ? {} : { source: libraries.builtInSource };
    let defined: ReadonlySet<string> | undefined;
    for (const m of builtInMatches(doc, compiled, longest, replacements)) {
      let concepts = m.concepts;
      if (m.end - m.begin <= 3) {
        defined ??= textAbbreviations(doc).shortSpans;
        if (!allowsBuiltInMatch(doc.text, m.begin, m.end, compiled.shortAcronyms, defined)) continue;
        // A listed acronym the text does not define names the sense the list vouches for; the forms of the
        // disambiguation sense inventory (MS, RA, PE...) keep every reading for the context to judge.
        const surface = doc.text.slice(m.begin, m.end);
        if (!defined.has(`${m.begin}:${m.end}`) && !DEFAULT_SENSE_INVENTORY.byForm.has(surface.toLowerCase())) concepts = vouchedConcepts(surface, concepts, compiled.shortAcronyms, (name) => compiled.kb.lookup(name));
      }
      for (const concept of concepts) candidates.push({ begin: m.begin, end: m.end, kb: compiled.kb, concept, origin });
    }
    candidates = resolveComposites(doc.text, candidates, compiled, longest);
  }
  if (params.abbreviations) candidates = resolveAbbreviations(doc, candidates);
  if (longest && libraries.dictionaries.length > 0) candidates = dropNested(candidates);
  if (headingSpans(doc).length > 0) candidates = dropHeadingDisorders(doc, candidates, compiled.types);
  // One meaning per span and semantic group unless every candidate is asked for (all_candidates).
  if (libraries.builtIn) candidates = addContextSenses(doc, candidates, compiled);
  // Readings of other semantic groups the context rules out stay: the disambiguation annotator judges them (INVALID).
  if (libraries.builtIn && !params.all_candidates) candidates = chooseMeanings(doc.text, candidates, compiled.meaning, senseRanks(doc, candidates, compiled));
  candidates = applyMentionRules(doc, candidates, compiled.mentionRules, compiled.drugTypes);

  const output: OutputOptions = {
    medicalCodes: params.include_optional_fields.includes('medical_codes'),
    sourceVocabularies: params.include_optional_fields.includes('source_vocabularies'),
    splitSemanticTypes: SPLIT_SEMANTIC_TYPES,
  };
  // One annotation per (span, cui): candidates of one span are adjacent once sorted.
  const spanCuis: string[] = [];
  let spanBegin = -1;
  let spanEnd = -1;
  let annotations: Annotation[] = [];
  for (const c of sortCandidates(candidates)) {
    if (c.begin !== spanBegin || c.end !== spanEnd) {
      spanBegin = c.begin;
      spanEnd = c.end;
      spanCuis.length = 0;
    }
    if (c.codeFields === undefined && c.origin.cui === undefined && c.origin.type === undefined && c.origin.sourceVersion === undefined && c.semanticTypes === undefined) {
      // The concept's constant wire fields, found by its index (its cui among them): the Concept itself is not read.
      const parts = conceptWireParts(compiled.wire, c.kb, c.concept, compiled.types, output, c.origin.source);
      const cui = parts[0]!.cui;
      if (spanCuis.includes(cui)) continue;
      spanCuis.push(cui);
      const from = annotations.length;
      appendWireAnnotations(parts, doc.text, c.begin, c.end, annotations);
      if (output.medicalCodes && c.kb === compiled.kb) chooseSpanMeshIds(doc, compiled, c, annotations, from);
      continue;
    }
    const own = c.kb.concept(c.concept);
    const concept = c.semanticTypes === undefined ? own : { ...own, semanticTypes: c.semanticTypes };
    const cui = c.origin.cui ?? concept.cui;
    if (spanCuis.includes(cui)) continue;
    spanCuis.push(cui);
    const options = c.codeFields === undefined ? output : { ...output, codeFields: c.codeFields };
    for (const a of conceptAnnotations(doc.text, c.begin, c.end, concept, compiled.types, options, c.origin)) annotations.push(a);
  }
  const ruleSets = inferenceRuleSets(params.inference_rules, artifacts);
  if (ruleSets.length > 0) annotations = applyInferenceRules(annotations, ruleSets);
  annotations = applyDeployedFilters(ANNOTATOR_ID, 'concepts', annotations, params.filters, artifacts);
  return annotations;
}

export const conceptDetection = defineAnnotator({
  id: ANNOTATOR_ID,
  description: 'Detects medical concepts (diseases, symptoms, drugs, procedures, anatomy, findings) from the knowledge base and deployed dictionaries, with their codes.',
  requires: [],
  produces: ['concepts'],
  params: conceptDetectionParams,
  init: compileConceptDetection,
  run(doc, params, compiled, ctx) {
    return { add: { concepts: detectConcepts(doc, params, compiled, ctx.resources.artifacts) } };
  },
});

/**
 * The built-in knowledge base's matches. Without spelling replacements these are the Document's shared
 * matches (document-matches.ts: one scan per Document for every annotator reading this knowledge base;
 * the same lists as `compiled.all` / `compiled.longest` would return); with replacements the corrected
 * words are matched here.
 */
function builtInMatches(doc: Document, compiled: ConceptDetectionCompiled, longest: boolean, replacements: readonly MatchReplacement[]): readonly TermMatch[] {
  if (replacements.length === 0) return documentMatches(doc, compiled.kb, { longestSpan: longest });
  return (longest ? compiled.longest : compiled.all).match(doc.text, doc.tokens, replacements);
}

/**
 * "Duchenne muscular dystrophy (DMD)": every whole-word occurrence of DMD gets the concepts found for its
 * long form (the longest candidate ending where the long form ends, even if it starts earlier), replacing what the knowledge base
 * matched on those short spans; when the long form is unknown, matches on the short form are dropped
 * (the text gave it a meaning the knowledge base does not have).
 */
function resolveAbbreviations(doc: Document, candidates: Candidate[]): Candidate[] {
  const { definitions, occurrences, shortSpans } = textAbbreviations(doc);
  if (definitions.length === 0) return candidates;
  const kept = candidates.filter((c) => !shortSpans.has(`${c.begin}:${c.end}`));
  const added: Candidate[] = [];
  for (const def of definitions) {
    let best: Candidate[] = [];
    for (const c of kept) {
      // Ends where the long form ends; may start before it ("X-linked adrenoleukodystrophy (ALD)", where
      // the shortest long form spelling ALD is "adrenoleukodystrophy").
      if (c.end !== def.longEnd) continue;
      if (best.length === 0 || c.begin < best[0]!.begin) best = [c];
      else if (c.begin === best[0]!.begin) best.push(c);
    }
    if (best.length === 0) continue;
    for (const o of occurrences) {
      if (o.definition !== def) continue;
      for (const c of best) added.push({ ...c, begin: o.begin, end: o.end, formBegin: c.formBegin ?? c.begin, formEnd: c.formEnd ?? c.end });
    }
  }
  return added.length === 0 ? kept : kept.concat(added);
}

/**
 * Coordinated mentions of the built-in KB ("breast and ovarian cancer", "Duchenne and Becker muscular
 * dystrophy"; composite-mentions.ts): the whole coordination gets the concepts of each conjunct; with
 * longest_span the second conjunct's own, nested span gives way to it.
 */
function resolveComposites(text: string, candidates: Candidate[], compiled: ConceptDetectionCompiled, longest: boolean): Candidate[] {
  let added: Candidate[] | undefined;
  const replaced = new Set<string>();
  // Built-in candidates of one span are adjacent (pushed per match); each span is looked at once.
  for (let i = 0; i < candidates.length;) {
    const first = candidates[i]!;
    const j = spanRunEnd(candidates, i);
    const spanStart = i;
    i = j;
    if (first.kb !== compiled.kb || !mayBeCoordinated(text, first.begin, first.end)) continue;
    const span = candidates.slice(spanStart, j);
    const { begin, end, origin } = first;
    const outer = compositeAt(text, begin, end, compiled.longest);
    if (outer !== undefined) {
      added ??= [];
      for (const concept of new Set([...outer.concepts, ...span.map((c) => c.concept)])) added.push({ begin: outer.begin, end, kb: compiled.kb, concept, origin });
      if (longest) replaced.add(`${begin}:${end}`);
      continue;
    }
    const inside = coordinationInside(text, begin, end, compiled.longest);
    if (inside !== undefined) {
      added ??= [];
      for (const concept of inside) added.push({ begin, end, kb: compiled.kb, concept, origin });
    }
  }
  if (added === undefined) return candidates;
  const composites = added;
  // longest_span: built-in spans strictly inside a composite span ("Duchenne", "ovarian cancer") give way.
  const nested = (c: Candidate): boolean => longest && composites.some((a) => a.begin <= c.begin && c.end <= a.end && (a.begin !== c.begin || a.end !== c.end));
  return candidates.filter((c) => c.kb !== compiled.kb || (!replaced.has(`${c.begin}:${c.end}`) && !nested(c))).concat(composites);
}

/** Cheap test before the composite patterns: a conjunction or slash/hyphen right before or inside the span. */
function mayBeCoordinated(text: string, begin: number, end: number): boolean {
  const before = text.charCodeAt(begin - 1);
  if (before === 47 || before === 45) return true; // "/" "-"
  if (before === 32 && (text.startsWith('and ', begin - 4) || text.startsWith('or ', begin - 3) || text.charCodeAt(begin - 2) === 47)) return true;
  if (end - begin < 7) return false;
  for (let k = begin; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === 47 || c === 45) return true;
    if (c === 32 && (text.startsWith(' and ', k) || text.startsWith(' or ', k))) return true;
  }
  return false;
}

/** The abbreviations the text defines ("Duchenne muscular dystrophy (DMD)") and where their short forms occur. */
export interface TextAbbreviations {
  readonly definitions: readonly AbbreviationDefinition[];
  readonly occurrences: readonly AbbreviationOccurrence[];
  /** `begin:end` of every occurrence. */
  readonly shortSpans: ReadonlySet<string>;
}

const TEXT_ABBREVIATIONS = {};

/**
 * The text's abbreviations, found once per Document (the short-acronym check and resolveAbbreviations both read
 * them, and symptom_disease, so that both annotators read a short form alike).
 */
export function textAbbreviations(doc: Document): TextAbbreviations {
  return derived(doc, TEXT_ABBREVIATIONS, () => {
    const definitions = findAbbreviationDefinitions(doc.text);
    if (definitions.length === 0) return { definitions, occurrences: [], shortSpans: new Set<string>() };
    const occurrences = findAbbreviationOccurrences(doc.text, definitions);
    return { definitions, occurrences, shortSpans: new Set(occurrences.map((o) => `${o.begin}:${o.end}`)) };
  });
}

/**
 * Disorder readings of heading text ("HISTORY OF PRESENT ILLNESS" → Illness, "• Psychiatric:" → mental
 * disorder; section/headings.ts) are dropped; other readings (the anatomy of "Cardiovascular:") stay.
 */
const HEADING_GROUPS: ReadonlySet<string> = new Set(['DISO', 'PROC']);

function dropHeadingDisorders(doc: Document, candidates: Candidate[], types: SemanticTypeTable): Candidate[] {
  return candidates.filter((c) => {
    if (!inHeading(doc, c.begin, c.end)) return true;
    // A heading names its section, not a disorder the patient has nor a procedure done ("PHYSICAL EXAMINATION").
    return !c.kb.concept(c.concept).semanticTypes.some((t) => HEADING_GROUPS.has(types.byAbbreviation(t)?.group ?? ''));
  });
}

/**
 * At an ambiguous short form of the disambiguation sense inventory ("relapsing MS on ocrelizumab"), how well each
 * built-in candidate's sense fits the context (judgeConcept): 2 VALID, 1 undecided or not ambiguous, 0 INVALID.
 * Undefined when no candidate is on such a form (the usual case: one length test per span).
 */
function senseRanks(doc: Document, candidates: readonly Candidate[], compiled: ConceptDetectionCompiled): ((c: Candidate) => number) | undefined {
  const inventory = DEFAULT_SENSE_INVENTORY;
  let ranks: Map<Candidate, number> | undefined;
  let lower: string | undefined;
  for (const c of candidates) {
    if (c.kb !== compiled.kb || c.end - c.begin > 6 || !inventory.byForm.has(doc.text.slice(c.begin, c.end).toLowerCase())) continue;
    const concept = c.kb.concept(c.concept);
    const view: Annotation = { type: '', begin: c.begin, end: c.end, coveredText: doc.text.slice(c.begin, c.end), preferredName: concept.preferredName, semanticType: concept.semanticTypes.join(',') };
    const validity = judgeConcept(doc, (lower ??= doc.text.toLowerCase()), view, inventory).validity;
    (ranks ??= new Map()).set(c, validity === 'VALID' ? 2 : validity === 'INVALID' ? 0 : 1);
  }
  if (ranks === undefined) return undefined;
  const known = ranks;
  return (c) => known.get(c) ?? 1;
}

/**
 * The meshId of the annotations of built-in candidate `c` appended from index `from` (mesh-id-choice.ts): the
 * ids the mention lexicon gives the words naming it (a defined short form's long form), else its own, else, for
 * a disorder or chemical without any, those of the longest matches inside its span that name one.
 */
function chooseSpanMeshIds(doc: Document, compiled: ConceptDetectionCompiled, c: Candidate, annotations: Annotation[], from: number): void {
  const ctx = compiled.mesh;
  const cls = meshClassOf(ctx, c.concept);
  if (cls === null) return;
  const words = doc.text.slice(c.formBegin ?? c.begin, c.formEnd ?? c.end);
  let ids = lexiconMeshIds(ctx, cls, words);
  if (ids === undefined) {
    // The wire parts carry the concept's own meshId (medical_codes).
    if (annotations[from]?.meshId !== undefined || !hasWordBreak(words)) return;
    const begin = c.formBegin ?? c.begin;
    const end = c.formEnd ?? c.end;
    ids = nestedMeshIds(ctx, doc.text, begin, end, cls, documentMatches(doc, compiled.kb, { longestSpan: false }), (k) => preferredKey(compiled, k));
    if (ids.length === 0) return;
  }
  const value = ids.join(',');
  for (let i = from; i < annotations.length; i++) annotations[i]!.meshId = value;
}

/** True when the words have a space, hyphen or slash (a single word has no match inside it). */
function hasWordBreak(words: string): boolean {
  for (let k = 0; k < words.length; k++) {
    const ch = words.charCodeAt(k);
    if (ch === 32 || ch === 45 || ch === 47) return true;
  }
  return false;
}

/**
 * An ambiguous short form of the sense inventory whose sense the context decides ("relapsing MS on ocrelizumab":
 * multiple sclerosis; "EF 35%": ejection fraction) gets the knowledge base's concept of that sense when none of
 * its candidates has it (the built-in names for MS are myeloid sarcoma and an MS susceptibility locus): the
 * concept named by the sense's first name that has one of the sense's semantic types, labelled by it first.
 */
function addContextSenses(doc: Document, candidates: Candidate[], compiled: ConceptDetectionCompiled): Candidate[] {
  const inventory = DEFAULT_SENSE_INVENTORY;
  let added: Candidate[] | undefined;
  let lower: string | undefined;
  for (let i = 0; i < candidates.length;) {
    const first = candidates[i]!;
    const j = spanRunEnd(candidates, i);
    const from = i;
    i = j;
    if (first.kb !== compiled.kb || first.end - first.begin > 6) continue;
    const term = inventory.byForm.get(doc.text.slice(first.begin, first.end).toLowerCase());
    if (term === undefined) continue;
    const sense = senseInContext(doc, (lower ??= doc.text.toLowerCase()), first.begin, first.end, inventory);
    if (sense === undefined || sense.semanticTypes.length === 0) continue;
    // A candidate labelled by one of the sense's names has it ("multiple sclerosis, susceptibility to" does not).
    let present = false;
    for (let k = from; k < j && !present; k++) {
      const c = candidates[k]!;
      if (c.kb === compiled.kb) present = sense.names.some((n) => compiled.kb.normalizer.termKey(n) === preferredKey(compiled, c.concept));
    }
    if (present) continue;
    const concept = senseConcept(compiled, sense.names[0]!, sense.semanticTypes);
    if (concept !== undefined) (added ??= []).push({ begin: first.begin, end: first.end, kb: compiled.kb, concept, origin: first.origin });
  }
  return added === undefined ? candidates : sortCandidates(candidates.concat(added)).slice();
}

/** The built-in concept a sense's name names with one of its semantic types (labelled by the name first). */
function senseConcept(compiled: ConceptDetectionCompiled, name: string, types: readonly string[]): number | undefined {
  const key = compiled.kb.normalizer.termKey(name);
  let best: number | undefined;
  for (const index of compiled.kb.lookup(name)) {
    if (!compiled.kb.concept(index).semanticTypes.some((t) => types.includes(t))) continue;
    if (preferredKey(compiled, index) === key) return index;
    best ??= index;
  }
  return best;
}

/** Normalised preferred name of a built-in concept, computed once per concept. */
function preferredKey(compiled: ConceptDetectionCompiled, concept: number): string {
  let key = compiled.preferredKeys.get(concept);
  if (key === undefined) compiled.preferredKeys.set(concept, (key = compiled.kb.normalizer.termKey(compiled.kb.concept(concept).preferredName)));
  return key;
}

/** longest_span across sources: drop spans strictly inside a longer span (each source is already filtered). */
function dropNested(candidates: Candidate[]): Candidate[] {
  const sorted = sortCandidates(candidates);
  const out: Candidate[] = [];
  let maxEnd = -1;
  let lastBegin = -1;
  let lastEnd = -1;
  for (const c of sorted) {
    const sameSpan = c.begin === lastBegin && c.end === lastEnd;
    if (!sameSpan) {
      if (c.end <= maxEnd) continue;
      lastBegin = c.begin;
      lastEnd = c.end;
      maxEnd = c.end;
    }
    out.push(c);
  }
  return out;
}

/** Candidates by begin, longer first (stable); the list itself when it already is in that order. */
function sortCandidates(candidates: Candidate[]): readonly Candidate[] {
  for (let i = 1; i < candidates.length; i++) {
    if (compareCandidates(candidates[i - 1]!, candidates[i]!) > 0) return candidates.slice().sort(compareCandidates);
  }
  return candidates;
}

function compareCandidates(a: Candidate, b: Candidate): number {
  return a.begin - b.begin || b.end - a.end;
}

function inferenceRuleSets(ids: readonly string[], artifacts: ArtifactLookup): CompiledRuleSet[] {
  return ids.map((id) => {
    const body = artifacts.get('concept_inference_rules', id);
    if (typeof body !== 'object' || body === null) {
      throw new DomainError('INVALID_ANNOTATOR_PARAMETER', `concept_detection: inference rules "${id}" are not a deployed concept_inference_rules artifact`);
    }
    return compileRuleSet(body);
  });
}

