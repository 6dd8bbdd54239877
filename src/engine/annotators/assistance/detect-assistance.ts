// The shared algorithm of the six *_assistance annotators. Per sentence (a heading ending in `:` joined to the
// sentence after it), over the activity's terms and the shared cues (assistance-rules.ts):
//   - anchors are the activity's actions, secondary actions, devices and states; with none there is no mention;
//     one sentence gives at most one mention per activity;
//   - a state (`wheelchair bound`, `blind`, `needs to be fed`) gives its own modality;
//   - otherwise the cues within CUE_WINDOW tokens of an anchor count, unless a barrier (`except`, `but`) lies
//     between: a negation up to NEGATION_REACH tokens before a cue turns a needed help into `independent` and an
//     independent one into `semi dependent`; `unable to` / `able to` count only before this activity's verb
//     (`unable to feed herself` says nothing about dressing); of the nearest cues
//     inability and dependence weigh most (`unable to walk without assistance` is semi dependent), then help,
//     then independence;
//   - with no cue, a device (`ambulates with a walker`, `bedside commode`) says semi dependent; an action alone
//     (`walks two miles a day`) says nothing.
// The span runs from the first to the last element used.
import type { Annotation, Document, Token } from '../../document.js';
import { headedSentenceRanges } from '../symptom-disease/phrase-trie.js';
import { scanTerms, type TermMatch } from '../symptom-disease/term-lexicon.js';
import type { AssistanceModality, AssistanceRules, AssistanceWord, CueRole } from './assistance-rules.js';

const CUE_WINDOW = 6;
const NEGATION_REACH = 3;

interface Word {
  readonly m: TermMatch<AssistanceWord>;
  readonly w: AssistanceWord;
}

interface Cue {
  readonly word: Word;
  readonly role: CueRole;
  readonly distance: number;
  readonly negation?: Word;
}

function gap(a: Word, b: Word): number {
  if (a.m.tokenEnd <= b.m.tokenStart) return b.m.tokenStart - a.m.tokenEnd;
  if (b.m.tokenEnd <= a.m.tokenStart) return a.m.tokenStart - b.m.tokenEnd;
  return 0;
}

const WEIGHT: Readonly<Record<string, number>> = { inability: 4, dependent: 3, assisted: 2, independent: 1, 'without-help': 1 };

/** The modality the chosen cues state (negations already applied to their roles). */
function modalityOf(roles: ReadonlySet<CueRole>): AssistanceModality {
  if (roles.has('inability')) return roles.has('without-help') ? 'semi dependent' : 'fully dependent';
  if (roles.has('dependent')) return 'fully dependent';
  if (roles.has('assisted')) return 'semi dependent';
  return 'independent';
}

function negatedRole(role: CueRole): CueRole {
  switch (role) {
    case 'assisted':
    case 'dependent':
      return 'independent';
    case 'independent':
    case 'without-help':
      return 'assisted';
    default:
      return role;
  }
}

/**
 * The cues within CUE_WINDOW tokens of an anchor with no barrier between (`words` and `anchors` in text order).
 * Linear in the sentence's words: the nearest anchor on each side of a cue is found by walking the anchors
 * along with the cues, and barriers are counted by prefix sums over the tokens.
 */
function nearbyCues(tokens: readonly Token[], words: readonly Word[], anchors: readonly Word[]): Cue[] {
  const from = words[0]!.m.tokenStart;
  const to = words[words.length - 1]!.m.tokenEnd;
  // barriers[t - from]: number of barrier words ending at or before token t
  const barriers = new Int32Array(to - from + 1);
  for (const x of words) if (x.w.kind === 'cue' && x.w.role === 'barrier') barriers[x.m.tokenEnd - from]! += 1;
  for (let t = 1; t < barriers.length; t++) barriers[t]! += barriers[t - 1]!;
  const barrierBetween = (a: Word, b: Word): boolean => {
    const lo = Math.min(a.m.tokenEnd, b.m.tokenEnd);
    const hi = Math.max(a.m.tokenStart, b.m.tokenStart);
    return hi > lo && barriers[hi - from]! - barriers[lo - from]! > 0;
  };
  const out: Cue[] = [];
  let next = 0;
  for (let i = 0; i < words.length; i++) {
    const x = words[i]!;
    while (next < anchors.length && anchors[next]!.m.tokenStart < x.m.tokenStart) next++;
    if (x.w.kind !== 'cue' || x.w.role === 'negation' || x.w.role === 'barrier') continue;
    // `unable to` / `able to` govern the verb right after them: another activity's verb is not this one's cue
    if (tokens[x.m.tokenEnd - 1]?.lower === 'to' && anchors[next]?.m.tokenStart !== x.m.tokenEnd) continue;
    let distance = Infinity;
    for (const a of [anchors[next - 1], anchors[next]]) if (a !== undefined && !barrierBetween(a, x)) distance = Math.min(distance, gap(a, x));
    if (distance > CUE_WINDOW) continue;
    let negation: Word | undefined;
    for (let k = i - 1; k >= 0 && x.m.tokenStart - words[k]!.m.tokenEnd <= NEGATION_REACH; k--) {
      const n = words[k]!;
      if (n.w.kind === 'cue' && n.w.role === 'negation') {
        negation = n;
        break;
      }
    }
    out.push({ word: x, role: negation === undefined ? x.w.role : negatedRole(x.w.role), distance, ...(negation === undefined ? {} : { negation }) });
  }
  return out;
}

function first(words: readonly Word[], role: string): Word | undefined {
  return words.find((x) => x.w.kind === 'term' && x.w.role === role);
}

function describe(doc: Document, words: readonly Word[], type: string): Annotation | undefined {
  const anchors = words.filter((x) => x.w.kind === 'term' && x.w.role !== 'implement');
  if (anchors.length === 0) return undefined;
  const used: Word[] = [];
  let modality: AssistanceModality | undefined;
  const state = anchors.find((x) => x.w.kind === 'term' && x.w.modality !== undefined);
  if (state !== undefined && state.w.kind === 'term') {
    modality = state.w.modality;
    used.push(state);
  } else {
    const cues = nearbyCues(doc.tokens, words, anchors);
    if (cues.length > 0) {
      const nearest = Math.min(...cues.map((c) => c.distance));
      const chosen = cues.filter((c) => c.distance === nearest).sort((a, b) => (WEIGHT[b.role] ?? 0) - (WEIGHT[a.role] ?? 0));
      modality = modalityOf(new Set(chosen.map((c) => c.role)));
      for (const c of chosen) {
        used.push(c.word);
        if (c.negation !== undefined) used.push(c.negation);
      }
    } else if (first(anchors, 'device') !== undefined) modality = 'semi dependent';
  }
  if (modality === undefined) return undefined;
  const fields: Record<string, string> = {};
  const surface = (x: Word): string => doc.text.slice(x.m.begin, x.m.end);
  const roles: readonly (readonly [string, string])[] = [['action', 'primaryAction'], ['secondary-action', 'secondaryAction'], ['implement', 'actionImplement'], ['device', 'assistanceDevice']];
  for (const [role, field] of roles) {
    const x = first(words, role);
    if (x === undefined || x.w.kind !== 'term') continue;
    // an implement far from every anchor belongs to something else (`cup` of coffee)
    if (role === 'implement' && !anchors.some((a) => gap(a, x) <= CUE_WINDOW)) continue;
    fields[`${field}SurfaceForm`] = surface(x);
    fields[`${field}NormalizedName`] = x.w.normalized;
    used.push(x);
  }
  if (state !== undefined && state.w.kind === 'term' && fields.primaryActionSurfaceForm === undefined) {
    fields.primaryActionSurfaceForm = surface(state);
    fields.primaryActionNormalizedName = state.w.normalized;
  }
  const begin = Math.min(...used.map((x) => x.m.begin));
  const end = Math.max(...used.map((x) => x.m.end));
  return { type, begin, end, coveredText: doc.text.slice(begin, end), modality, ...fields };
}

/** The `<Activity>AssistanceInd` annotations of `doc` for one activity (pure). */
export function detectAssistance(doc: Document, rules: AssistanceRules): Annotation[] {
  const out: Annotation[] = [];
  const type = `aci.${rules.key}`;
  for (const s of headedSentenceRanges(doc.tokens, doc.sentences)) {
    const words: Word[] = scanTerms(rules.words, doc.text, doc.tokens, s.tokenStart, s.tokenEnd).map((m) => ({ m, w: m.values[0]! }));
    if (words.length === 0) continue;
    const mention = describe(doc, words, type);
    if (mention !== undefined) out.push(mention);
  }
  return out;
}
