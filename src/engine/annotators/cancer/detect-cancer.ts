// cancer's algorithm (reference §4.4 Cancer; deprecated in ACD). Per sentence, over resources/cancer/en.json:
//   - an anchor is a histology (`adenocarcinoma`, `chronic lymphocytic leukemia`, `cancer`) or a metastasis word;
//     phrases that name cancer without diagnosing it (`cancer screening`, `tumor markers`) are matched first and
//     hide it; a histology that needs a site (`tumor`) is a diagnosis only with one;
//   - its site is a site word right before it (`gastric adenocarcinoma`, `liver metastases`, laterality between:
//     `left breast cancer`), else one after a preposition (`of the left breast`, `to the liver`), else the site
//     the histology implies (`hepatocellular carcinoma` → liver);
//   - behaviour (ICD-O: 0 benign, 1 uncertain, 2 in situ, 3 malignant, 6 metastatic) is the histology's
//     morphology suffix, changed by a cue before it (`metastatic`, `in situ`, `benign`, `invasive`); a
//     metastasis word is 6;
//   - ICD-10-CM codes: the histology's own code (lymphomas, leukaemias, melanoma), else the neoplasm table's
//     code of the site for the behaviour (`metastatic breast cancer to the bone`: breast primary, bone secondary),
//     else the table's unspecified-site code;
//   - grades (`grade 2`, `poorly differentiated`, `Gleason 7`) and stages (`stage IIIA`, `T3N1`) of the sentence
//     go to the nearest mention;
//   - modality: negative when ConText negates the anchor (`no evidence of malignancy`), else positive.
import { UNSPECIFIED_SITE } from '../../../knowledge/builders/neoplasm-table.js';
import type { CompiledKnowledgeBase, KnowledgeBase } from '../../../knowledge/kb.js';
import type { Annotation, Document } from '../../document.js';
import { contextModalities } from '../symptom-disease/context-modality.js';
import { headedSentenceRanges } from '../symptom-disease/phrase-trie.js';
import { scanTerms, type TermMatch } from '../symptom-disease/term-lexicon.js';
import type { CancerCompiled, CancerWord } from './cancer-lexicon.js';

interface Word {
  readonly m: TermMatch<CancerWord>;
  readonly w: CancerWord;
}

const SITE_PREPOSITIONS: ReadonlySet<string> = new Set(['of', 'in', 'on', 'involving', 'to', 'within', 'at', 'from', 'arising']);
const SKIPPABLE: ReadonlySet<string> = new Set(['the', 'a', 'an', 'both', 'and', ',']);
const SITE_REACH = 6;
const BEHAVIOR_COLUMN: Readonly<Record<string, number>> = { '3': 0, '6': 1, '2': 2, '0': 3, '1': 4, '9': 5 };

interface Mention {
  readonly anchor: Word;
  readonly cues: Word[];
  siteBefore?: Word;
  siteAfter?: Word;
  /** The preposition before siteAfter. */
  preposition?: string;
  behavior: string;
  metastatic: boolean;
  readonly grades: { begin: number; end: number; value: string }[];
  readonly stages: { begin: number; end: number; value: string }[];
}

function adjacent(a: Word, b: Word): boolean {
  return a.m.tokenEnd === b.m.tokenStart;
}

function behaviorOf(w: CancerWord): string {
  if (w.role === 'metastasis') return '6';
  const slash = w.morphology?.indexOf('/') ?? -1;
  return slash >= 0 ? w.morphology!.slice(slash + 1) : '3';
}

/** Cue and site words right before the anchor (contiguous, laterality allowed between). */
function collectBefore(words: readonly Word[], at: number, mention: Mention): void {
  let next = words[at]!;
  for (let i = at - 1; i >= 0; i--) {
    const x = words[i]!;
    if (!adjacent(x, next)) break;
    const role = x.w.role;
    if (role === 'site' && mention.siteBefore === undefined) mention.siteBefore = x;
    else if (role === 'behavior-cue' || role === 'grade' || role === 'site-modifier') mention.cues.push(x);
    else break;
    next = x;
  }
}

/** `in situ` right after; a site after a preposition within SITE_REACH tokens. */
function collectAfter(doc: Document, words: readonly Word[], wordAt: ReadonlyMap<number, Word>, at: number, end: number, mention: Mention): void {
  const anchor = words[at]!;
  const after = words[at + 1];
  if (after !== undefined && adjacent(anchor, after) && after.w.role === 'behavior-cue' && after.w.behavior === '2') mention.cues.push(after);
  let t = anchor.m.tokenEnd;
  if (t < end && doc.tokens[t]!.lower === ',') return;
  // the preposition, then skippable words and site modifiers, then the site
  let preposition: string | undefined;
  for (let k = 0; t < end && k < SITE_REACH; k++) {
    const lower = doc.tokens[t]!.lower;
    if (preposition === undefined && SITE_PREPOSITIONS.has(lower)) {
      preposition = lower;
      t++;
      continue;
    }
    const w = wordAt.get(t);
    if (preposition !== undefined && w !== undefined && w.w.role === 'site') {
      mention.siteAfter = w;
      mention.preposition = preposition;
      return;
    }
    if (preposition !== undefined && ((w !== undefined && w.w.role === 'site-modifier') || SKIPPABLE.has(lower))) {
      t = w?.m.tokenEnd ?? t + 1;
      continue;
    }
    // `(`, another histology, a verb...: no site after
    if (w !== undefined && (w.w.role === 'behavior-cue' || w.w.role === 'grade')) {
      t = w.m.tokenEnd;
      continue;
    }
    return;
  }
}

/** A roman or arabic stage or grade value token (`IIIA`, `IV`, `2`, `2B`, `3+4`). */
function isStageValue(text: string): boolean {
  if (text.length === 0 || text.length > 5) return false;
  let i = 0;
  const c0 = text.charCodeAt(0);
  if (c0 >= 48 && c0 <= 57) {
    while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  } else {
    while (i < text.length && 'IV'.includes(text[i]!)) i++;
    if (i === 0) return false;
  }
  return i === text.length || (i === text.length - 1 && 'ABCabc'.includes(text[i]!));
}

/** A TNM stage token: `T3N1`, `pT2N0M0`, `T1c`, `T4` (a T group, then N and M groups). */
function isTnm(text: string): boolean {
  let i = 0;
  if (text[i] === 'p' || text[i] === 'c' || text[i] === 'y') i++;
  if (text[i] !== 'T') return false;
  let groups = 0;
  let values = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === 'T' || c === 'N' || c === 'M') {
      groups++;
      // each group needs a value right after its letter
      const v = text[i + 1];
      if (v === undefined || !'0123456789xXi'.includes(v)) return false;
      i++;
      continue;
    }
    if (!'0123456789xXabcis'.includes(c)) return false;
    values++;
    i++;
  }
  // `T4` alone is a stage only when it carries a sub-letter or comes with N/M (`T4` may be a vertebra)
  return values > 0 && (groups > 1 || text.length > 2 + (text[0] === 'T' ? 0 : 1));
}

function siteCodeFor(compiled: CancerCompiled, site: string | undefined, behavior: string): string | undefined {
  const codes = compiled.siteCodes.get(site ?? UNSPECIFIED_SITE);
  const code = codes?.[BEHAVIOR_COLUMN[behavior] ?? 5];
  return code === undefined || code === '' ? undefined : code;
}

function icd10Of(compiled: CancerCompiled, m: Mention): string | undefined {
  const w = m.anchor.w;
  if (w.icd10 !== undefined) return w.icd10;
  const before = m.siteBefore?.w.site;
  const after = m.siteAfter?.w.site;
  if (m.anchor.w.role === 'metastasis') return siteCodeFor(compiled, before ?? after, '6');
  if (m.metastatic) {
    const primary = before ?? (m.preposition === 'to' ? undefined : after) ?? w.site;
    const secondary = m.preposition === 'to' ? after : undefined;
    const codes = [primary === undefined ? undefined : siteCodeFor(compiled, primary, '3'), secondary === undefined ? undefined : siteCodeFor(compiled, secondary, '6')].filter((c): c is string => c !== undefined);
    return codes.length > 0 ? codes.join(',') : siteCodeFor(compiled, undefined, '6');
  }
  return siteCodeFor(compiled, before ?? after ?? w.site, m.behavior);
}

function hasTermIndex(kb: KnowledgeBase | undefined): kb is CompiledKnowledgeBase {
  return kb !== undefined && typeof (kb as Partial<CompiledKnowledgeBase>).lookup === 'function';
}

/** The CUI of a neoplasm concept the knowledge base names by `text`. */
function neoplasmCui(kb: KnowledgeBase | undefined, text: string): string | undefined {
  if (!hasTermIndex(kb)) return undefined;
  for (const i of kb.lookup(text)) {
    const c = kb.concept(i);
    if (c.semanticTypes.includes('neop')) return c.cui;
  }
  return undefined;
}

function span(doc: Document, begin: number, end: number, type: string, fields: Record<string, unknown>): Annotation {
  return { type, begin, end, coveredText: doc.text.slice(begin, end), ...fields };
}

/** The IcaCancerDiagnosisInd annotations of `doc` (pure). */
export function detectCancer(doc: Document, compiled: CancerCompiled, kb: KnowledgeBase | undefined): Annotation[] {
  const mentions: Mention[] = [];
  for (const s of headedSentenceRanges(doc.tokens, doc.sentences)) {
    const words: Word[] = scanTerms(compiled.words, doc.text, doc.tokens, s.tokenStart, s.tokenEnd).map((m) => ({ m, w: m.values[0]! }));
    if (words.length === 0) continue;
    const wordAt = new Map<number, Word>();
    for (const x of words) wordAt.set(x.m.tokenStart, x);
    const inSentence: Mention[] = [];
    for (let i = 0; i < words.length; i++) {
      const x = words[i]!;
      if (x.w.role !== 'histology' && x.w.role !== 'metastasis') continue;
      const m: Mention = { anchor: x, cues: [], behavior: behaviorOf(x.w), metastatic: false, grades: [], stages: [] };
      collectBefore(words, i, m);
      collectAfter(doc, words, wordAt, i, s.tokenEnd, m);
      if (x.w.needsSite && m.siteBefore === undefined && m.siteAfter === undefined) continue;
      for (const c of m.cues) {
        if (c.w.behavior === undefined) continue;
        if (c.w.behavior === '6') m.metastatic = true;
        // a cue sets the behaviour of a histology whose own is not more specific (benign lipoma stays 0)
        if (x.w.role === 'histology' && !(c.w.behavior === '3' && m.behavior !== '1')) m.behavior = c.w.behavior;
      }
      if (m.metastatic && x.w.role === 'histology') m.behavior = '6';
      inSentence.push(m);
    }
    if (inSentence.length === 0) continue;
    // grades and stages go to the nearest mention of the sentence
    const nearest = (tokenIndex: number): Mention => {
      // mentions are in text order: binary search for the first anchor at or after tokenIndex
      let lo = 0;
      let hi = inSentence.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (inSentence[mid]!.anchor.m.tokenStart < tokenIndex) lo = mid + 1;
        else hi = mid;
      }
      const after = inSentence[lo];
      const before = inSentence[lo - 1];
      if (after === undefined) return before!;
      if (before === undefined) return after;
      return tokenIndex - before.anchor.m.tokenStart <= after.anchor.m.tokenStart - tokenIndex ? before : after;
    };
    for (const x of words) {
      if (x.w.role === 'grade') nearest(x.m.tokenStart).grades.push({ begin: x.m.begin, end: x.m.end, value: x.w.normalized });
      else if (x.w.role === 'grade-word' || x.w.role === 'stage-word') {
        const v = doc.tokens[x.m.tokenEnd];
        if (v === undefined || x.m.tokenEnd >= s.tokenEnd || !isStageValue(doc.text.slice(v.begin, v.end))) continue;
        const entry = { begin: x.m.begin, end: v.end, value: doc.text.slice(v.begin, v.end) };
        (x.w.role === 'grade-word' ? nearest(x.m.tokenStart).grades : nearest(x.m.tokenStart).stages).push(entry);
      }
    }
    for (let t = s.tokenStart; t < s.tokenEnd; t++) {
      const tok = doc.tokens[t]!;
      if (tok.kind !== 'word' || tok.end - tok.begin < 3) continue;
      const text = doc.text.slice(tok.begin, tok.end);
      if (isTnm(text)) nearest(t).stages.push({ begin: tok.begin, end: tok.end, value: text });
    }
    mentions.push(...inSentence);
  }
  const anchors: Annotation[] = mentions.map((m) => ({ type: 'anchor', begin: m.anchor.m.begin, end: m.anchor.m.end, coveredText: '' }));
  const modalities = contextModalities(doc, compiled.context, anchors);
  return mentions.map((m, i) => {
    const parts = [m.anchor, ...m.cues, ...(m.siteBefore === undefined ? [] : [m.siteBefore]), ...(m.siteAfter === undefined ? [] : [m.siteAfter])];
    // laterality and grade words count only between a used element and the anchor (they were collected contiguously)
    const begin = Math.min(...parts.map((x) => x.m.begin));
    const end = Math.max(...parts.map((x) => x.m.end));
    const phrase = doc.text.slice(begin, end);
    const anchorText = doc.text.slice(m.anchor.m.begin, m.anchor.m.end);
    const cui = neoplasmCui(kb, phrase) ?? neoplasmCui(kb, anchorText);
    const icd10 = icd10Of(compiled, m);
    const w = m.anchor.w;
    const morphology = w.morphology === undefined ? undefined : `${w.morphology.slice(0, w.morphology.indexOf('/'))}/${m.behavior}`;
    const cancer = span(doc, begin, end, 'aci.Cancer', {
      cancerSurfaceForm: anchorText,
      cancerNormalizedName: w.normalized,
      ...(cui === undefined ? {} : { cui }),
      ...(icd10 === undefined ? {} : { icd10Code: icd10 }),
      ...(morphology === undefined ? {} : { morphologyCode: morphology }),
      behavior: m.behavior,
      behaviorSource: 'icd-o',
    });
    const sites = [m.siteBefore, m.siteAfter].filter((x): x is Word => x !== undefined)
      .map((x) => span(doc, x.m.begin, x.m.end, 'aci.SiteInd', { siteNormalizedName: x.w.site ?? x.w.normalized }));
    if (sites.length === 0 && w.site !== undefined) sites.push(span(doc, m.anchor.m.begin, m.anchor.m.end, 'aci.SiteInd', { siteNormalizedName: w.site }));
    return {
      type: 'aci.IcaCancerDiagnosisInd',
      begin,
      end,
      coveredText: phrase,
      ...(cui === undefined ? {} : { cui }),
      modality: modalities[i] === 'negative' ? 'negative' : 'positive',
      cancer: [cancer],
      site: sites,
      CancerGrade: m.grades.map((g) => span(doc, g.begin, g.end, 'aci.CancerGrade', { gradeValue: g.value })),
      CancerStage: m.stages.map((g) => span(doc, g.begin, g.end, 'aci.CancerStage', { stageValue: g.value })),
    };
  });
}
