// symptom_disease's algorithm (reference §4.4 SymptomDisease, §5.3): disorder concepts of the knowledge
// base (semantic types of the UMLS Disorders group, parameter `semantic_types`), each with
//   - the modifiers written right before it (`Severe cramping`: aci.ModifierGroupInd from
//     resources/symptom-disease/modifiers.json) and a body site right before it (`left knee swelling`:
//     aci.SiteInd from the knowledge base's anatomy concepts); the span covers them unless
//     annotate_trigger_only;
//   - modality from context (context-modality.ts), codes from the concept, the sentence's explicit date.
import modifiersFile from '../../../../resources/symptom-disease/modifiers.json' with { type: 'json' };
import type { KnowledgeBase } from '../../../knowledge/kb.js';
import type { TermMatch } from '../../../knowledge/matcher.js';
import type { CompiledContext } from '../../context/context-engine.js';
import { compileDefaultContext } from '../../context/context-lexicon.js';
import type { Annotation, Document } from '../../document.js';
import { compileDateRecognizer, referenceYearOf, sentenceDateFields, type DateMention, type DateRecognizer } from '../procedure/date-recognizer.js';
import { contextModalities } from './context-modality.js';
import { addCodeFields, chooseConcept, codeFields, compileKbTerms, conceptsWithType, findKbMentions, matchKb, type KbMention, type KbTerms } from './kb-terms.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from './lexicon-file.js';
import { compilePhraseTrie, type PhraseTrie } from './phrase-trie.js';
import { sentenceOfToken } from '../../span-search.js';
import { inHeading } from '../section/headings.js';
import type { CodeField, Concept } from '../../../knowledge/kb.js';
import { defaultMentionRules } from '../../mention-rules/mention-rules.js';
import { namesTest, tokenSpan } from '../../mention-rules/mention-verdict.js';
import { textAbbreviations } from '../concept-detection/concept-detection.js';
import { allowsBuiltInMatch, loadShortAcronyms, type ShortAcronymList } from '../concept-detection/short-acronyms.js';

export const MODIFIERS_FILE = 'resources/symptom-disease/modifiers.json';
export const SYMPTOM_DISEASE_KEY = 'SymptomDiseaseInd';

/** The UMLS Disorders group types the knowledge base uses (sosy, dsyn, neop, fndg, ...). */
export const DEFAULT_DISORDER_TYPES: readonly string[] = ['dsyn', 'sosy', 'neop', 'fndg', 'mobd', 'inpo', 'acab', 'cgab', 'anab', 'patf', 'comd', 'emod'];
/** Anatomy types whose concepts become aci.SiteInd modifiers. */
export const SITE_TYPES: ReadonlySet<string> = new Set(['bpoc', 'blor', 'bsoj', 'bdsu', 'tisu', 'cell', 'ffas', 'emst']);

const MODIFIER_SCHEMA: LexiconSchema = {
  kind: 'symptom-modifiers',
  required: { forms: 'strings', group: 'string', normalized: 'string' },
};

export interface ModifierDefinition {
  readonly id: string;
  readonly group: string;
  readonly normalized: string;
}

export interface SymptomDiseaseCompiled {
  readonly terms: KbTerms;
  /** Short acronyms the knowledge base may match without a definition in the text (as concept_detection). */
  readonly shortAcronyms: ShortAcronymList;
  readonly modifiers: PhraseTrie<ModifierDefinition>;
  readonly context: CompiledContext;
  readonly dates: DateRecognizer;
}

export interface SymptomDiseaseOptions {
  readonly annotateTriggerOnly: boolean;
  readonly semanticTypes: ReadonlySet<string>;
  readonly referenceDate: string;
}

export function compileModifiers(body: unknown = modifiersFile, file = MODIFIERS_FILE): PhraseTrie<ModifierDefinition> {
  const lexicon = parseLexiconFile(body, file, MODIFIER_SCHEMA);
  const phrases: [string, ModifierDefinition][] = [];
  for (const e of lexicon.entries) {
    const def: ModifierDefinition = { id: e.id, group: stringField(e, 'group') as string, normalized: stringField(e, 'normalized') as string };
    for (const form of listField(e, 'forms')) phrases.push([form, def]);
  }
  return compilePhraseTrie(phrases);
}

export function compileSymptomDisease(kb: KnowledgeBase): SymptomDiseaseCompiled {
  return { terms: compileKbTerms(kb), shortAcronyms: loadShortAcronyms(), modifiers: compileModifiers(), context: compileDefaultContext(), dates: compileDateRecognizer() };
}

interface Piece {
  readonly begin: number;
  readonly end: number;
  readonly tokenStart: number;
  readonly annotation: Record<string, unknown>;
}

function onlySpaces(text: string, from: number, to: number): boolean {
  if (to < from || to - from > 3) return false;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32 && text.charCodeAt(i) !== 9) return false;
  return true;
}

/**
 * Anatomy matches by end offset (the longest one ending there), for the ends leftModifiers looks at: one to
 * three characters before a mention.
 */
function sitesByEnd(compiled: SymptomDiseaseCompiled, matches: readonly TermMatch[], mentions: readonly KbMention[]): Map<number, { match: TermMatch; concept: Concept }> {
  const out = new Map<number, { match: TermMatch; concept: Concept }>();
  const ends = new Set<number>();
  for (const m of mentions) for (let e = m.begin - 1; e >= Math.max(0, m.begin - 3); e--) ends.add(e);
  for (const m of matches) {
    if (!ends.has(m.end)) continue;
    const sites = conceptsWithType(compiled.terms.kb, m.concepts, SITE_TYPES);
    if (sites === undefined) continue;
    const concept = chooseConcept(sites);
    if (concept === undefined) continue;
    const current = out.get(m.end);
    if (current === undefined || m.begin < current.match.begin) out.set(m.end, { match: m, concept });
  }
  return out;
}

/** Site and modifiers written right before the trigger, nearest first walked outwards. */
function leftModifiers(doc: Document, mention: KbMention, compiled: SymptomDiseaseCompiled, sites: Map<number, { match: TermMatch; concept: Concept }>, floorToken: number, disorderEnds: ReadonlySet<number>): Piece[] {
  const pieces: Piece[] = [];
  let edgeBegin = mention.begin;
  let edgeToken = mention.tokenStart;
  // one body site directly before (`left knee swelling`)
  let siteEnd = -1;
  for (let e = edgeBegin - 1; e >= Math.max(0, edgeBegin - 3); e--) {
    if (sites.has(e) && onlySpaces(doc.text, e, edgeBegin)) {
      siteEnd = e;
      break;
    }
  }
  if (siteEnd >= 0 && !disorderEnds.has(siteEnd)) {
    const { match, concept } = sites.get(siteEnd)!;
    if (match.tokenStart >= floorToken) {
      pieces.push({
        begin: match.begin,
        end: match.end,
        tokenStart: match.tokenStart,
        annotation: {
          type: 'aci.SiteInd',
          begin: match.begin,
          end: match.end,
          coveredText: doc.text.slice(match.begin, match.end),
          siteNormalizedName: concept.preferredName.toLowerCase(),
          compound: 'false',
          ...codeFields(concept, ['snomedConceptId']),
        },
      });
      edgeBegin = match.begin;
      edgeToken = match.tokenStart;
    }
  }
  // modifiers, walking left while each ends right before the current edge
  for (let guard = 0; guard < 4; guard++) {
    let found: Piece | undefined;
    for (let start = edgeToken - 1; start >= Math.max(floorToken, edgeToken - 4); start--) {
      const m = compiled.modifiers.matchAt(doc.tokens, start, edgeToken);
      if (m === undefined || m.tokenEnd !== edgeToken || !onlySpaces(doc.text, m.end, edgeBegin)) continue;
      found = {
        begin: m.begin,
        end: m.end,
        tokenStart: m.tokenStart,
        annotation: { type: 'aci.ModifierGroupInd', begin: m.begin, end: m.end, coveredText: doc.text.slice(m.begin, m.end) },
      };
    }
    if (found === undefined) break;
    pieces.push(found);
    edgeBegin = found.begin;
    edgeToken = found.tokenStart;
  }
  return pieces.reverse();
}

/**
 * Semantic types of a longer match that hides a disorder named inside it, as concept_detection's longest span reads
 * it: the name of a lab test or of a scale (`Glasgow Coma Scale`, `hepatitis B surface antigen`) or of a body part
 * (`central nervous system` is no nervousness) is no mention of the disorder.
 */
const HIDING_TYPES: ReadonlySet<string> = new Set(['lbpr', 'clna', 'bpoc', 'blor', 'bsoj', 'bdsy', 'tisu', 'anst', 'emst', 'ffas']);

/** Drops the mentions lying inside a longer match of a lab test, scale or body part (HIDING_TYPES). */
function dropHiddenMentions(compiled: SymptomDiseaseCompiled, matches: readonly TermMatch[], mentions: KbMention[]): KbMention[] {
  const hiding: TermMatch[] = [];
  for (const m of matches) if (conceptsWithType(compiled.terms.kb, m.concepts, HIDING_TYPES) !== undefined) hiding.push(m);
  if (hiding.length === 0) return mentions;
  return mentions.filter((m) => !hiding.some((h) => h.begin <= m.begin && m.end <= h.end && h.end - h.begin > m.end - m.begin));
}

/**
 * Short forms read as concept_detection reads them: a short acronym (at most three capitals and digits) only when
 * the curated list has it or the text defines it; a short form the text defines (`hepatocellular carcinoma (HCC)`)
 * names what its long form names: the disorder found on the long form, else nothing (`epithelial membrane antigen
 * (EMA)` is no disorder, whatever the knowledge base knows as EMA).
 */
function readShortForms(doc: Document, compiled: SymptomDiseaseCompiled, mentions: KbMention[]): KbMention[] {
  const { definitions, occurrences, shortSpans } = textAbbreviations(doc);
  const kept = mentions.filter((m) => !shortSpans.has(`${m.begin}:${m.end}`) && (m.end - m.begin > 3 || allowsBuiltInMatch(doc.text, m.begin, m.end, compiled.shortAcronyms, shortSpans)));
  if (definitions.length === 0) return kept;
  const added: KbMention[] = [];
  for (const o of occurrences) {
    // The longest disorder mention ending where the long form ends.
    const long = kept.find((m) => m.end === o.definition.longEnd && m.begin >= o.definition.longBegin - 40);
    if (long === undefined || kept.some((m) => m.begin < o.end && o.begin < m.end)) continue;
    const [tokenStart, tokenEnd] = tokenSpan(doc, o.begin, o.end);
    added.push({ begin: o.begin, end: o.end, tokenStart, tokenEnd, concept: long.concept, concepts: long.concepts });
  }
  return added.length === 0 ? kept : kept.concat(added).sort((a, b) => a.begin - b.begin || b.end - a.end);
}

/** The SymptomDiseaseInd annotations of `doc` (pure). */
export function detectSymptomDiseases(doc: Document, compiled: SymptomDiseaseCompiled, options: SymptomDiseaseOptions): Annotation[] {
  const matches = matchKb(doc, compiled.terms);
  // A disorder named by a heading ("HISTORY OF PRESENT ILLNESS", "• Psychiatric:") is not a mention (headings.ts).
  // Nor is a disorder or agent named as a test's (`HIV test`, `hepatitis B serology`; mention-rules).
  const rules = defaultMentionRules();
  const found = findKbMentions(compiled.terms, matches, options.semanticTypes).filter((m) => !inHeading(doc, m.begin, m.end) && !namesTest(doc, rules, m.tokenStart, m.tokenEnd));
  const mentions = readShortForms(doc, compiled, dropHiddenMentions(compiled, matches, found));
  if (mentions.length === 0) return [];
  const sites = sitesByEnd(compiled, matches, mentions);
  const disorderEnds = new Set(mentions.map((m) => m.end));
  const referenceYear = referenceYearOf(options.referenceDate);
  const dateCache = new Map<number, DateMention[]>();
  const triggers: Annotation[] = mentions.map((m) => ({ type: 'trigger', begin: m.begin, end: m.end, coveredText: doc.text.slice(m.begin, m.end) }));
  const modalities = contextModalities(doc, compiled.context, triggers);
  const out: Annotation[] = [];
  let previousEndToken = 0;
  for (let i = 0; i < mentions.length; i++) {
    const mention = mentions[i]!;
    const sentence = sentenceOfToken(doc.sentences, mention.tokenStart);
    const floor = Math.max(previousEndToken, sentence >= 0 ? doc.sentences[sentence]!.tokenStart : 0);
    const pieces = leftModifiers(doc, mention, compiled, sites, floor, disorderEnds);
    previousEndToken = mention.tokenEnd;
    const begin = options.annotateTriggerOnly || pieces.length === 0 ? mention.begin : pieces[0]!.begin;
    const c = mention.concept;
    // Fields are written in their wire order.
    const a: Annotation = {
      type: 'aci.SymptomDiseaseInd',
      begin,
      end: mention.end,
      coveredText: doc.text.slice(begin, mention.end),
      modality: modalities[i]!,
      symptomDiseaseSurfaceForm: doc.text.slice(mention.begin, mention.end),
      symptomDiseaseNormalizedName: c.preferredName.toLowerCase(),
      cui: c.cui,
    };
    addCodeFields(a, c, SYMPTOM_CODE_FIELDS);
    const date = sentenceDateFields(doc, sentence, compiled.dates, referenceYear, dateCache);
    if (date.date !== undefined) a.date = date.date;
    if (date.dateSource !== undefined) a.dateSource = date.dateSource;
    a.dateInMilliseconds = date.dateInMilliseconds;
    if (pieces.length > 0) a.modifiers = pieces.map((p) => p.annotation);
    out.push(a);
  }
  return out;
}

const SYMPTOM_CODE_FIELDS: readonly CodeField[] = ['icd9Code', 'icd10Code', 'snomedConceptId', 'nciCode', 'meshId', 'loincId'];
