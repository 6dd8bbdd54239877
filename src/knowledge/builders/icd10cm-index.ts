// The ICD-10-CM alphabetic index as a tree of terms with their codes, and the tabular list's hierarchy:
// what icd10-linking.ts needs to give a concept the code its words justify. An index row's term is read with
// its ancestors ("Fibrillation" > "atrial or auricular" → "atrial fibrillation", "auricular fibrillation";
// "Disease" > "kidney" > "chronic" → "chronic kidney disease"), with and without its nonessential modifiers
// ("Diabetes (mellitus)" → "diabetes", "diabetes mellitus"); "see" references take the code of the entry they
// name ("Regurgitation, mitral" → see "Insufficiency, mitral" → I34.0).
import { join } from 'node:path';
import { cleanIcd10Code, ICD10CM_FILES } from './icd10cm.js';
import { csvRows, readSourceText } from './text-files.js';

/** One surface form the index gives a code. */
export interface IndexForm {
  readonly form: string;
  readonly code: string;
  /** Index level of the row (0 = main term). */
  readonly level: number;
}

/** Words that make a subterm a relation ("with", "due to") rather than a modifier of its main term. */
const CONNECTIVE = /^(with|without|in|due|and|or|see|by|of|from|to|following|complicating|during|not|other|specified|unspecified|code|NEC|NOS|as|after|at|on|involving|affecting|associated|resulting|causing|like|because|for|except|when|if|than)\b/i;
const MAX_WORDS = 4;

/** The tabular list: descriptions and the children of every code. */
export interface Icd10Tabular {
  readonly descriptions: ReadonlyMap<string, string>;
  readonly children: ReadonlyMap<string, readonly string[]>;
}

export function icd10Tabular(codesCsv: string): Icd10Tabular {
  const descriptions = new Map<string, string>();
  for (const row of csvRows(codesCsv)) {
    const code = cleanIcd10Code(row.Code ?? '');
    if (code !== undefined) descriptions.set(code, (row.Description ?? '').trim());
  }
  const children = new Map<string, string[]>();
  for (const code of descriptions.keys()) {
    const parent = parentCode(code);
    if (parent === undefined || !descriptions.has(parent)) continue;
    const list = children.get(parent);
    if (list === undefined) children.set(parent, [code]);
    else list.push(code);
  }
  for (const list of children.values()) list.sort();
  return { descriptions, children };
}

/** `E11.65` → `E11.6`, `E11.6` → `E11`, `E11` → undefined. */
export function parentCode(code: string): string | undefined {
  if (code.length <= 3) return undefined;
  const parent = code.slice(0, -1);
  return parent.endsWith('.') ? parent.slice(0, -1) : parent;
}

export function isBillable(tabular: Icd10Tabular, code: string): boolean {
  return tabular.descriptions.has(code) && !tabular.children.has(code);
}

const WITH_UNSPECIFIED = /\bwith unspecified\b/i;
const UNSPECIFIED_CHILD = /\b(unspecified|without complications?|uncomplicated|not elsewhere classified|NOS)\b/i;

/**
 * The billable code an unspecified mention of `code` supports: the code itself when billable, else down the
 * single child whose title says "unspecified" / "without complications" / "uncomplicated" at each level
 * (E11 → E11.9, J45 → J45.9 → J45.90 → J45.909, I48 → I48.9 → I48.91); undefined when a level has no such
 * single child (the category is too broad for an unspecified code).
 */
export function unspecifiedBillable(tabular: Icd10Tabular, code: string): string | undefined {
  let current = code;
  for (let depth = 0; depth < 4; depth++) {
    if (!tabular.descriptions.has(current)) return undefined;
    const kids = tabular.children.get(current);
    if (kids === undefined) return current;
    // A single child is the only way down (F17 → F17.2 "Nicotine dependence").
    let pick = kids.length === 1 ? kids : kids.filter((k) => UNSPECIFIED_CHILD.test(tabular.descriptions.get(k) ?? ''));
    // "with unspecified ..." is an unspecified complication, not the default (F17.209 beside F17.200 "uncomplicated").
    if (pick.length > 1) pick = pick.filter((k) => !WITH_UNSPECIFIED.test(tabular.descriptions.get(k) ?? ''));
    // Several: the one ending in 9 (or 0 below it) is the residual "unspecified" slot of ICD-10-CM.
    if (pick.length > 1) pick = pick.filter((k) => /[90]$/.test(k)).slice(-1);
    if (pick.length !== 1) return undefined;
    current = pick[0]!;
  }
  return undefined;
}

function plain(term: string): string {
  return term.replace(/\([^()]*\)/g, ' ').replace(/\s+/g, ' ').trim();
}

/** "(mellitus) (sugar)" → ["mellitus", "sugar"]; each a modifier that may be read with the term or not. */
function modifiers(raw: string): string[] {
  const out: string[] = [];
  for (const m of raw.matchAll(/\(([^()]*)\)/g)) {
    const t = m[1]!.trim();
    if (t.length >= 3 && !t.includes(',') && !CONNECTIVE.test(t) && t.split(' ').length <= 2 && !/\b(NEC|NOS)\b/.test(t)) out.push(t);
  }
  return out;
}

/** "atrial or auricular" → ["atrial", "auricular"]; a subterm is one modifier otherwise. */
function alternatives(sub: string): string[] {
  const parts = sub.split(/\s+or\s+/);
  return parts.every((p) => p.trim() !== '' && !p.includes(' ')) ? parts.map((p) => p.trim()) : [sub];
}

function usable(sub: string): boolean {
  return sub !== '' && !CONNECTIVE.test(sub) && !/\b(NEC|NOS|see)\b/i.test(sub) && sub.split(' ').length <= MAX_WORDS && !sub.includes(',') && !/[0-9]{3}|[[\]]/.test(sub);
}

/** Stage numbers and types read after the term ("chronic kidney disease stage 3", "diabetes type 2"). */
const AFTER_HEAD = /^(stage|type|grade|class|phase)\b/i;

/**
 * Subterms that only group sites ("Pain, joint, knee"; "Effusion, joint, knee"): their children also read on
 * the term above them, as clinicians write them ("knee pain", "knee effusion").
 */
const SITE_GROUPS: ReadonlySet<string> = new Set(['joint']);

/** Adjectival inflections of a main term ("Diabetes, diabetic", "Hypertension, hypertensive"). */
const ADJECTIVE = /(ic|al|ive|ous|ary|oid)$/i;

interface Node {
  /** The heads this row reads as (main term forms, or the forms built so far). */
  readonly forms: readonly string[];
  readonly usable: boolean;
  /** Forms a child also reads on (a site-group subterm's parent). */
  readonly siteGroupOf?: readonly string[];
  /** A "with" subterm: its children read "<term> with <child>" and "<adjective> <child>". */
  readonly withOf?: { readonly forms: readonly string[]; readonly adjectives: readonly string[] };
  /** Adjectival inflections of a main term. */
  readonly adjectives?: readonly string[];
}

/** The forms a "with" relation gives a complication ("diabetes with neuropathy", "diabetic neuropathy"). */
function withForms(head: { readonly forms: readonly string[]; readonly adjectives: readonly string[] }, sub: string): string[] {
  return [...head.forms.map((f) => `${f} with ${sub}`), ...head.adjectives.map((a) => `${a} ${sub}`)];
}

/**
 * Every surface form → code of the index, with "see" references resolved. A main term "Diabetes, diabetic"
 * reads as each of its parts that are forms of the head word ("Weak, weakening, weakness"; "Infection, infected,
 * infective"); a second part that is not a form of the head word is a modifier ("Tamponade, heart" → "heart
 * tamponade"). Subterms of levels 1-3 read before the forms above them ("kidney" + "disease"), or after them
 * for stages and types; a site-group subterm is also skipped ("Pain, joint, knee" → "knee pain"). A "with"
 * subterm reads its complications with the term and with the term's adjective ("Diabetes, diabetic, with,
 * neuropathy" → "diabetes with neuropathy", "diabetic neuropathy"; "Nausea, with vomiting"); any other
 * connective ("due to", "in") ends the chain.
 */
export function indexForms(rows: Iterable<{ level: number; term: string; see: string; modifiers: string; code: string }>): IndexForm[] {
  const out: IndexForm[] = [];
  const stack: Node[] = [];
  const pathCode = new Map<string, string>();
  const pathOf: string[] = [];
  const pending: { forms: readonly string[]; see: string; level: number }[] = [];
  for (const row of rows) {
    const level = row.level;
    const term = plain(row.term);
    pathOf.length = level;
    pathOf.push((level === 0 ? term.split(',')[0]! : term).trim().toLowerCase());
    stack.length = level;
    const parent = level === 0 ? undefined : stack[level - 1];
    let forms: string[] = [];
    let ok = false;
    if (level === 0) {
      const parts = term.split(',').map((s) => s.trim()).filter((s) => s !== '');
      const head = parts[0] ?? '';
      ok = head !== '' && !CONNECTIVE.test(head);
      let adjectives: string[] = [];
      if (ok) {
        const stem = head.slice(0, 4).toLowerCase();
        const inflections = parts.slice(1).filter((p) => p.toLowerCase().startsWith(stem) && !p.includes(' '));
        if (inflections.length === parts.length - 1) {
          forms = [head, ...inflections];
          adjectives = inflections.filter((p) => ADJECTIVE.test(p));
        } else if (parts.length === 2 && usable(parts[1]!)) forms = [`${parts[1]!} ${head}`];
        else ok = false;
      }
      stack.push({ forms, usable: ok, adjectives });
    } else if (parent !== undefined && level <= 3 && (parent.usable || parent.withOf !== undefined)) {
      const withSub = /^with\s+(.+)$/i.exec(term);
      if (parent.withOf !== undefined) {
        // A complication under "with": read with the term; the chain ends here.
        if (usable(term)) for (const alt of alternatives(term)) forms.push(...withForms(parent.withOf, alt));
        ok = forms.length > 0;
        stack.push({ forms, usable: false });
      } else if (term.toLowerCase() === 'with') {
        stack.push({ forms: [], usable: false, withOf: { forms: parent.forms, adjectives: parent.adjectives ?? [] } });
      } else if (withSub !== null && usable(withSub[1]!)) {
        for (const alt of alternatives(withSub[1]!)) {
          forms.push(...withForms({ forms: parent.forms, adjectives: parent.adjectives ?? [] }, alt));
          // Directly under a main term, "X and Y" is how notes write what the index lists as "X, with Y"
          // ("nausea and vomiting" R11.2): the classification links conditions listed under "with".
          if (level === 1) for (const f of parent.forms) forms.push(`${f} and ${alt}`);
        }
        ok = forms.length > 0;
        stack.push({ forms, usable: false });
      } else {
        ok = usable(term);
        // A subterm's own modifiers complete it ("mitral (valve)" → "mitral valve prolapse").
        const subs = ok ? alternatives(term).flatMap((alt) => [alt, ...modifiers(row.modifiers).map((m) => `${alt} ${m}`)]) : [];
        const heads = parent.siteGroupOf === undefined ? parent.forms : [...parent.forms, ...parent.siteGroupOf];
        for (const alt of subs) for (const f of heads) forms.push(AFTER_HEAD.test(alt) ? `${f} ${alt}` : `${alt} ${f}`);
        const siteGroupOf = ok && level === 1 && SITE_GROUPS.has(term.toLowerCase()) ? parent.forms : undefined;
        stack.push(siteGroupOf === undefined ? { forms, usable: ok } : { forms, usable: ok, siteGroupOf });
      }
    } else {
      stack.push({ forms, usable: false });
    }
    const code = cleanIcd10Code(row.code);
    if (code !== undefined) {
      pathCode.set(pathOf.join('|'), code);
      if (ok) for (const f of level === 0 ? withModifiers(forms, row.modifiers) : forms) out.push({ form: f, code, level });
    } else if (ok && row.see.trim() !== '') {
      pending.push({ forms, see: row.see, level });
    }
  }
  // "see" references: "Insufficiency, mitral" is the path insufficiency > mitral.
  for (const p of pending) {
    const path = plain(p.see).split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '');
    const code = pathCode.get(path.join('|'));
    if (code !== undefined) for (const f of p.forms) out.push({ form: f, code, level: p.level });
  }
  return out;
}

function withModifiers(forms: readonly string[], raw: string): string[] {
  const out = [...forms];
  for (const m of modifiers(raw)) {
    for (const f of forms) {
      // Nouns in brackets follow the term ("diabetes (mellitus)"), adjectives precede it ("(essential) hypertension").
      out.push(/(itis|ia|us|um|osis|ism|y|s)$/i.test(m) && !/ous$/i.test(m) ? `${f} ${m}` : `${m} ${f}`);
    }
  }
  return out;
}

export function readIndexForms(mirror: string): IndexForm[] {
  const rows = csvRows(readSourceText(join(mirror, ICD10CM_FILES.index)));
  return indexForms(rows.map((r) => ({ level: Number(r.Level ?? '0'), term: r.Term ?? '', see: r.See ?? '', modifiers: r.NonEssModif ?? '', code: r.Code ?? '' })));
}

export function readTabular(mirror: string): Icd10Tabular {
  return icd10Tabular(readSourceText(join(mirror, ICD10CM_FILES.codes)));
}

/** Columns of the neoplasm table, in its order (builders/neoplasm-table.ts reads the same file for the cancer annotator). */
const BEHAVIOUR_COLUMNS = ['MalignantPrimary', 'MalignantSecondary', 'CaInSitu', 'Benign', 'UncertainBehavior', 'UnspecifiedBehavior'] as const;
const BEHAVIOUR_OF: Readonly<Record<string, number>> = { malignant: 0, 'in situ': 2, benign: 3, 'uncertain behavior': 4, 'unspecified behavior': 5 };

/**
 * A neoplasm's code by its site and morphology, as a coder reads "pituitary adenoma": the index sends the
 * morphology to a behaviour ("Adenoma — see also Neoplasm, benign, by site"), the table gives the site's code of
 * that behaviour (pituitary, benign → D35.2).
 */
export interface NeoplasmCoding {
  /** Lower-case morphology word (and its plural) → behaviour column. */
  readonly morphologies: ReadonlyMap<string, number>;
  /** Lower-case site words → codes per behaviour column ('' where the row has none); '' is the unspecified site. */
  readonly sites: ReadonlyMap<string, readonly string[]>;
}

export function neoplasmCoding(indexRows: Iterable<{ level: number; term: string; see: string; seeAlso: string }>, tableCsv: string): NeoplasmCoding {
  const morphologies = new Map<string, number>();
  for (const row of indexRows) {
    if (row.level !== 0) continue;
    const target = `${row.see} ${row.seeAlso}`.replace(/\s+/g, ' ').toLowerCase();
    const m = /neoplasm, (?:by site, )?(malignant|benign|in situ|uncertain behavior|unspecified behavior)\b/.exec(target);
    const head = plain(row.term).toLowerCase();
    if (m === null || !/^[a-z]+$/.test(head)) continue;
    morphologies.set(head, BEHAVIOUR_OF[m[1]!]!);
    morphologies.set(`${head}s`, BEHAVIOUR_OF[m[1]!]!);
  }
  const sites = new Map<string, string[]>();
  for (const r of csvRows(tableCsv)) {
    const codes = BEHAVIOUR_COLUMNS.map((c) => cleanIcd10Code(r[c] ?? '') ?? '');
    if (codes.every((c) => c === '')) continue;
    if (r.Level === '0') sites.set('', codes);
    if (r.Level !== '1') continue;
    const parts = (r.Term ?? '').split(',').map((t) => t.replace(/\b(NEC|NOS)\b/g, '').trim().toLowerCase()).filter((t) => t !== '');
    const first = parts[0];
    if (first === undefined) continue;
    const names = [first, ...parts.slice(1).filter((p) => p.slice(0, 4) === first.slice(0, 4))];
    for (const m of (r.NonEssModif ?? '').matchAll(/\(([a-z]+)\)/g)) names.push(`${first} ${m[1]!}`);
    for (const n of names) if (!sites.has(n)) sites.set(n, codes);
  }
  return { morphologies, sites };
}

/** The code of "<site> <morphology>" (or the morphology alone: the unspecified site); undefined when either is unknown. */
export function neoplasmCode(coding: NeoplasmCoding, name: string): string | undefined {
  const words = name.toLowerCase().split(/[\s-]+/).filter((w) => w !== '');
  const column = coding.morphologies.get(words[words.length - 1] ?? '');
  if (column === undefined) return undefined;
  const code = coding.sites.get(words.slice(0, -1).join(' '))?.[column];
  return code === undefined || code === '' ? undefined : code;
}

export function readNeoplasmCoding(mirror: string): NeoplasmCoding {
  const rows = csvRows(readSourceText(join(mirror, ICD10CM_FILES.index)));
  return neoplasmCoding(rows.map((r) => ({ level: Number(r.Level ?? '0'), term: r.Term ?? '', see: r.See ?? '', seeAlso: r.SeeAlso ?? '' })), readSourceText(join(mirror, 'icd10cm/ICD10CM_2025_neoplasms.csv')));
}
