// Finds drug mentions: knowledge-base concepts whose semantic types are drug-like (the KB matcher, longest
// span, so `insulin resistance` stays a disease and hides `insulin`), concepts of deployed library
// dictionaries (the `library` parameter), and the curated abbreviations and brand names of
// resources/medication/drug-aliases.json (`ASA`, `HCTZ`, `Tylenol`), which win where they overlap.
// Substances that are usually labs or food (`glucose`, `oxygen`), chemicals of weak drug types and very short
// names are reported only when a signature element is attached (the annotator decides that).
import type { Concept, CompiledKnowledgeBase, KnowledgeBase } from '../../../knowledge/kb.js';
import type { Document, Token } from '../../document.js';
import { documentMatches } from '../../document-matches.js';
import type { LibraryDictionary } from '../concept-detection/libraries.js';
import type { DrugAlias, MedicationLexicon } from './lexicon.js';
import { createPhraseTrie, type PhraseTrie } from './phrase-trie.js';
import { tokenKeyIds } from '../../text/token-keys.js';
import { defaultMentionRules, type CompiledMentionRules } from '../../mention-rules/mention-rules.js';
import { drugMentionVerdict } from '../../mention-rules/mention-verdict.js';
import { inHeadingLine } from '../../../knowledge/matcher.js';
import { derived } from '../../document.js';
import { findAbbreviationDefinitions } from '../concept-detection/abbreviation-definitions.js';

export interface DrugMention {
  readonly begin: number;
  readonly end: number;
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly cui?: string;
  readonly rxNormId?: string;
  readonly normalizedName: string;
  /** `kb`, the alias rule id, or `library:<source>`. */
  readonly ruleId: string;
  /** True when the mention counts as a medication only with an attached dose, route, frequency, ... */
  readonly needsAttributes: boolean;
}

interface AliasTarget {
  readonly alias: DrugAlias;
  readonly concept?: Concept;
}

export interface CompiledDrugFinder {
  /** The knowledge base with a term index (matched once per Document: document-matches.ts). */
  readonly kb?: CompiledKnowledgeBase;
  readonly aliases: PhraseTrie<AliasTarget>;
  readonly caseSensitiveAliases: PhraseTrie<AliasTarget>;
  /** Lower-cased tokens that start an alias of either trie (other tokens are passed over). */
  readonly aliasStarts: ReadonlySet<string>;
  /** Knowledge-base concept index → its drugRank, -2 until the concept is first met (one byte per concept). */
  readonly kbRanks: Int8Array;
  readonly strongTypes: ReadonlySet<string>;
  readonly weakTypes: ReadonlySet<string>;
  readonly attributeOnly: ReadonlySet<string>;
  readonly notDrugs: ReadonlySet<string>;
  readonly notDrugBefore: ReadonlySet<string>;
  readonly notDrugHeads: ReadonlySet<string>;
  /** Contexts where a drug name is no drug given: figure references, analytes measured, scores, foods. */
  readonly mentionRules: CompiledMentionRules;
}

/** A name this short (UTF-16 units) found only by the knowledge base is ambiguous (`PT`, `MS`, `ACE`). */
const SHORT_NAME_CHARS = 3;

function hasTermIndex(kb: KnowledgeBase): kb is CompiledKnowledgeBase {
  const k = kb as Partial<CompiledKnowledgeBase>;
  return typeof k.tokenId === 'function' && typeof k.childNode === 'function' && typeof k.lookup === 'function' && k.normalizer !== undefined;
}

type DrugStrength = 'strong' | 'weak' | 'none';

/** `C0025598`: a C and seven digits. */
function isUmlsCui(id: string): boolean {
  if (id.length !== 8 || id.charCodeAt(0) !== 0x43) return false;
  for (let i = 1; i < 8; i++) {
    const c = id.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

function strengthOf(concept: Concept, strong: ReadonlySet<string>, weak: ReadonlySet<string>): DrugStrength {
  let out: DrugStrength = 'none';
  for (const t of concept.semanticTypes) {
    if (strong.has(t)) return 'strong';
    if (weak.has(t)) out = 'weak';
  }
  return out;
}

/** The concept to report among those named by one span: strong drug types first, then UMLS CUIs with RxNorm codes. */
function pickConcept(kb: KnowledgeBase, indexes: readonly number[], strong: ReadonlySet<string>, weak: ReadonlySet<string>): { concept: Concept; strength: DrugStrength } | undefined {
  let best: { concept: Concept; strength: DrugStrength; score: number } | undefined;
  for (const index of indexes) {
    const concept = kb.concept(index);
    const strength = strengthOf(concept, strong, weak);
    if (strength === 'none') continue;
    const score = (strength === 'strong' ? 4 : 0) + (isUmlsCui(concept.cui) ? 2 : 0) + ((concept.codes.rxNormId?.length ?? 0) > 0 ? 1 : 0);
    if (best === undefined || score > best.score) best = { concept, strength, score };
  }
  return best;
}

/**
 * pickConcept's score of one concept (strong drug type 4, UMLS CUI 2, RxNorm code 1; a strong type scores 4
 * or more), or -1 when it has no drug type.
 */
function drugRank(concept: Concept, strong: ReadonlySet<string>, weak: ReadonlySet<string>): number {
  // A procedure that a drug catalogue also lists (`radiation therapy`) is the procedure.
  if (concept.semanticTypes.some((t) => PROCEDURE_TYPES.has(t))) return -1;
  const strength = strengthOf(concept, strong, weak);
  if (strength === 'none') return -1;
  return (strength === 'strong' ? 4 : 0) + (isUmlsCui(concept.cui) ? 2 : 0) + ((concept.codes.rxNormId?.length ?? 0) > 0 ? 1 : 0);
}

/** kbRanks of a concept not met yet. */
const UNRANKED = -2;

/** Procedure types (`topp`, `diap`, `lbpr`, `hlca`): a concept of one of them is not a drug. */
const PROCEDURE_TYPES: ReadonlySet<string> = new Set(['topp', 'diap', 'lbpr', 'hlca']);

/** Lab test types: a drug name that also names a lab test at the same span (`bilirubin`, `insulin`) needs a dose or route. */
const LAB_TEST_TYPES: ReadonlySet<string> = new Set(['lbpr', 'clna']);

/** pickConcept over the finder's knowledge base, with each concept's rank computed once. */
function pickKbConcept(finder: CompiledDrugFinder, kb: CompiledKnowledgeBase, indexes: readonly number[]): { concept: Concept; strength: DrugStrength } | undefined {
  let bestIndex = -1;
  let bestScore = -1;
  for (const index of indexes) {
    let score = finder.kbRanks[index];
    if (score === undefined) score = drugRank(kb.concept(index), finder.strongTypes, finder.weakTypes);
    else if (score === UNRANKED) {
      score = drugRank(kb.concept(index), finder.strongTypes, finder.weakTypes);
      finder.kbRanks[index] = score;
    }
    if (score > bestScore) {
      bestIndex = index;
      bestScore = score;
    }
  }
  return bestIndex < 0 ? undefined : { concept: kb.concept(bestIndex), strength: bestScore >= 4 ? 'strong' : 'weak' };
}

export function compileDrugFinder(kb: KnowledgeBase, lexicon: MedicationLexicon, aliases: readonly DrugAlias[], mentionRules: CompiledMentionRules = defaultMentionRules()): CompiledDrugFinder {
  const strongTypes = new Set(lexicon.drugSemanticTypes.strong);
  const weakTypes = new Set(lexicon.drugSemanticTypes.weak);
  const indexed = hasTermIndex(kb) ? kb : undefined;
  const targets = aliases.map((alias): AliasTarget => {
    const found = indexed === undefined ? undefined : pickConcept(indexed, indexed.lookup(alias.generic), strongTypes, weakTypes);
    return found === undefined ? { alias } : { alias, concept: found.concept };
  });
  const entries = (caseSensitive: boolean): { term: string; value: AliasTarget }[] =>
    targets.filter((t) => t.alias.caseSensitive === caseSensitive).flatMap((t) => t.alias.terms.map((term) => ({ term, value: t })));
  const aliasTrie = createPhraseTrie(entries(false));
  const caseSensitiveAliases = createPhraseTrie(entries(true), true);
  return {
    ...(indexed === undefined ? {} : { kb: indexed }),
    aliases: aliasTrie,
    caseSensitiveAliases,
    aliasStarts: new Set([...aliasTrie.firstPieces, ...caseSensitiveAliases.firstPieces]),
    kbRanks: new Int8Array(indexed === undefined ? 0 : indexed.conceptCount).fill(UNRANKED),
    strongTypes,
    weakTypes,
    attributeOnly: new Set(lexicon.attributeOnlyDrugs.terms.map((t) => t.toLowerCase())),
    notDrugs: new Set(lexicon.notDrugs.terms.map((t) => t.toLowerCase())),
    notDrugBefore: new Set(lexicon.notDrugBefore.terms.map((t) => t.toLowerCase())),
    notDrugHeads: new Set(lexicon.notDrugHeads.terms.map((t) => t.toLowerCase())),
    mentionRules,
  };
}

interface Candidate extends DrugMention {
  readonly priority: number;
}

/** Index of the token starting at `offset`, or -1 (matches start and end on token boundaries). */
function tokenStartingAt(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const b = tokens[mid]!.begin;
    if (b === offset) return mid;
    if (b < offset) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function tokenEndingAt(tokens: readonly Token[], offset: number, from: number): number {
  for (let i = Math.max(0, from); i < tokens.length; i++) {
    if (tokens[i]!.end === offset) return i + 1;
    if (tokens[i]!.end > offset) return -1;
  }
  return -1;
}

const SUBSTANCE_CATALOGUES = ['DRUGBANK:', 'DRUGCENTRAL:', 'UNII:', 'MESH:', 'RXNORM:'];

/**
 * True when the knowledge base knows the concept only through a drug-group catalogue (PharmGKB / ATC groups
 * such as `Various`, `Central Nervous System`): no RxNorm code, no UMLS CUI and no substance catalogue id.
 * Such names are medications only with a signature element attached.
 */
export function isWeakDrugConcept(concept: Concept): boolean {
  if ((concept.codes.rxNormId?.length ?? 0) > 0 || isUmlsCui(concept.cui)) return false;
  return !concept.xrefs.some((x) => SUBSTANCE_CATALOGUES.some((prefix) => x.startsWith(prefix)));
}

function fromConcept(doc: Document, begin: number, end: number, concept: Concept, strength: DrugStrength, ruleId: string, priority: number, finder: CompiledDrugFinder, cui?: string): Candidate | undefined {
  const tokenStart = tokenStartingAt(doc.tokens, begin);
  const tokenEnd = tokenStart < 0 ? -1 : tokenEndingAt(doc.tokens, end, tokenStart);
  if (tokenStart < 0 || tokenEnd < 0) return undefined;
  const surface = doc.text.slice(begin, end).toLowerCase();
  if (finder.notDrugs.has(surface) || finder.notDrugHeads.has(doc.tokens[tokenEnd - 1]!.lower)) return undefined;
  const rx = concept.codes.rxNormId;
  return {
    begin, end, tokenStart, tokenEnd, priority, ruleId,
    cui: cui ?? concept.cui,
    ...(rx !== undefined && rx.length > 0 ? { rxNormId: rx.join(',') } : {}),
    normalizedName: concept.preferredName.toLowerCase(),
    needsAttributes: strength !== 'strong' || finder.attributeOnly.has(surface) || end - begin <= SHORT_NAME_CHARS || isWeakDrugConcept(concept),
  };
}

/** True when a span of `pairs` (begin, end, begin, end, ...) contains [begin, end) and is longer. */
function insideLonger(pairs: readonly number[], begin: number, end: number): boolean {
  for (let i = 0; i < pairs.length; i += 2) {
    const b = pairs[i]!;
    const e = pairs[i + 1]!;
    if (b <= begin && end <= e && e - b > end - begin) return true;
  }
  return false;
}

/** The mention of a candidate (its fields in the same order, without the priority). */
function withoutPriority(c: Candidate): DrugMention {
  const m: { begin: number; end: number; tokenStart: number; tokenEnd: number; ruleId: string; cui?: string; rxNormId?: string; normalizedName?: string; needsAttributes?: boolean } = {
    begin: c.begin, end: c.end, tokenStart: c.tokenStart, tokenEnd: c.tokenEnd, ruleId: c.ruleId,
  };
  if (c.cui !== undefined) m.cui = c.cui;
  if (c.rxNormId !== undefined) m.rxNormId = c.rxNormId;
  m.normalizedName = c.normalizedName;
  m.needsAttributes = c.needsAttributes;
  return m as DrugMention;
}

const DEFINED_SHORT_FORMS = {};

/**
 * Short forms the text defines, with their long form (lower case): `American Society of Anesthesiologists
 * (ASA)` makes ASA that society, not aspirin, everywhere in the document.
 */
function definedShortForms(doc: Document): ReadonlyMap<string, string> {
  return derived(doc, DEFINED_SHORT_FORMS, () => {
    const out = new Map<string, string>();
    if (doc.text.indexOf('(') < 0) return out;
    for (const d of findAbbreviationDefinitions(doc.text)) out.set(d.shortForm, doc.text.slice(d.longBegin, d.longEnd).toLowerCase());
    return out;
  });
}

/** An alias written as a short form the text defines as something other than its drug. */
function definedAsOther(doc: Document, begin: number, end: number, generic: string): boolean {
  const defined = definedShortForms(doc);
  if (defined.size === 0) return false;
  const longForm = defined.get(doc.text.slice(begin, end));
  if (longForm === undefined) return false;
  // Another spelling of the drug (`interferon-alpha (IFN-alpha)`) shares a word beginning with its generic name.
  const stems = new Set(generic.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 4).map((w) => w.slice(0, 4)));
  return !longForm.split(/[^a-z0-9]+/).some((w) => w.length >= 4 && stems.has(w.slice(0, 4)));
}

/** Drug mentions of `doc`, in text order, without overlaps. */
export function findDrugs(doc: Document, finder: CompiledDrugFinder, options: { builtIn: boolean; dictionaries: readonly LibraryDictionary[] }): DrugMention[] {
  const candidates: Candidate[] = [];
  /** Knowledge-base spans naming no drug (`insulin-dependent diabetes`): an alias inside one is not a drug. */
  const otherSpans: number[] = []; // begin, end pairs
  if (options.builtIn && finder.kb !== undefined) {
    for (const m of documentMatches(doc, finder.kb, { longestSpan: true })) {
      const picked = pickKbConcept(finder, finder.kb, m.concepts);
      if (picked === undefined) {
        otherSpans.push(m.begin, m.end);
        continue;
      }
      const c = fromConcept(doc, m.begin, m.end, picked.concept, picked.strength, 'kb', 0, finder);
      if (c === undefined) continue;
      const alsoLabTest = !c.needsAttributes && m.concepts.some((i) => finder.kb!.concept(i).semanticTypes.some((t) => LAB_TEST_TYPES.has(t)));
      candidates.push(alsoLabTest ? { ...c, needsAttributes: true } : c);
    }
  }
  for (const d of options.dictionaries) {
    for (const m of d.compiled.longest.match(doc.text, doc.tokens)) {
      const picked = pickConcept(d.compiled.kb, m.concepts, finder.strongTypes, finder.weakTypes);
      if (picked === undefined) continue;
      const index = m.concepts.find((i) => d.compiled.kb.concept(i) === picked.concept);
      const info = index === undefined ? undefined : d.compiled.info.get(index);
      const c = fromConcept(doc, m.begin, m.end, picked.concept, picked.strength, `library:${d.source}`, 1, finder, info?.cui);
      if (c !== undefined) candidates.push(c);
    }
  }
  const keyIds = tokenKeyIds(doc.tokens);
  for (let i = 0; i < doc.tokens.length; i++) {
    if (!finder.aliases.startsWithKey(keyIds[i]) && !finder.caseSensitiveAliases.startsWithKey(keyIds[i])) continue;
    const a = finder.caseSensitiveAliases.longest(doc.text, doc.tokens, i, doc.tokens.length);
    const b = finder.aliases.longest(doc.text, doc.tokens, i, doc.tokens.length);
    const m = a === undefined ? b : b === undefined || a.tokenEnd >= b.tokenEnd ? a : b;
    if (m === undefined) continue;
    const begin = doc.tokens[i]!.begin;
    const end = doc.tokens[m.tokenEnd - 1]!.end;
    if (insideLonger(otherSpans, begin, end)) continue;
    const { alias, concept } = m.value;
    if (alias.caseSensitive === true && definedAsOther(doc, begin, end, alias.generic)) continue;
    // `MEDICATIONS:`, `Home medications`: a section heading names no drug.
    if (alias.id.startsWith(DRUG_CLASS_ALIAS_PREFIX) && inHeadingLine(doc.text, begin)) continue;
    const rx = alias.rxNormId ?? (concept?.codes.rxNormId !== undefined && concept.codes.rxNormId.length > 0 ? concept.codes.rxNormId.join(',') : undefined);
    const cui = alias.cui ?? concept?.cui;
    candidates.push({
      begin, end, tokenStart: i, tokenEnd: m.tokenEnd, priority: 2, ruleId: alias.id,
      ...(cui === undefined ? {} : { cui }),
      ...(rx === undefined ? {} : { rxNormId: rx }),
      normalizedName: alias.generic.toLowerCase(),
      needsAttributes: false,
    });
  }
  candidates.sort((x, y) => x.begin - y.begin || y.end - x.end || y.priority - x.priority);
  const out: Candidate[] = [];
  let lastEnd = -1;
  for (const c of candidates) {
    if (c.begin < lastEnd) {
      // Overlap: an alias (priority 2) replaces the knowledge-base mention it overlaps when it is at least as long.
      const prev = out[out.length - 1];
      if (prev !== undefined && c.priority > prev.priority && c.end - c.begin >= prev.end - prev.begin) {
        out[out.length - 1] = c;
        lastEnd = Math.max(lastEnd, c.end);
      }
      continue;
    }
    out.push(c);
    lastEnd = c.end;
  }
  const drugStarts = new Set(out.map((c) => c.tokenStart));
  return out
    .filter((c) => {
      const next = doc.tokens[c.tokenEnd];
      if (next !== undefined && !next.newlineBefore && finder.notDrugBefore.has(next.lower)) return false;
      // `the antibiotic vancomycin`, `the aromatase inhibitor letrozole`: a class before the drug it names describes it.
      if (c.ruleId.startsWith(DRUG_CLASS_ALIAS_PREFIX) && next !== undefined && !next.newlineBefore && drugStarts.has(c.tokenEnd)) return false;
      return drugMentionVerdict(doc, finder.mentionRules, c.tokenStart, c.tokenEnd, c.normalizedName) === undefined;
    })
    .map(withoutPriority);
}

/** Rule ids of the drug-class aliases (resources/medication/drug-classes.json, lexicon.ts drugClassAliases). */
const DRUG_CLASS_ALIAS_PREFIX = 'drug-class-';
