// The training lexicon's surface forms and the ids they name, per training corpus (the table the default build
// writes beside the compiled knowledge base: src/knowledge/builders/corpus-lexicon.ts, CORPUS_LEXICON_TABLE).
// Forms are keyed by the knowledge base's own term key (case, plural, spelling variants folded), so a matched
// span is looked up exactly as the matcher matched it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledKnowledgeBase } from '../../src/knowledge/kb.js';
import { CORPUS_LEXICON_TABLE, NOT_A_MENTION, parseCorpusLexiconTable, type CorpusEntityClass, type CorpusLexiconEntry } from '../../src/knowledge/builders/corpus-lexicon.js';

/** Ids as the corpora write them: `MESH:D003920` → `D003920`; `OMIM:…` kept. */
export function bareId(id: string): string {
  return id.startsWith('MESH:') ? id.slice(5) : id;
}

export class FormLexicon {
  /** `${cls}\t${key}` → source → ids. */
  private readonly byKey = new Map<string, Map<string, Set<string>>>();
  /** `${cls}\t${key}` → the first spelling of the form in the table. */
  private readonly spellings = new Map<string, { cls: CorpusEntityClass; form: string }>();

  constructor(entries: readonly CorpusLexiconEntry[], private readonly termKey: (text: string) => string) {
    for (const e of entries) {
      const key = termKey(e.form);
      if (key === '') continue;
      const k = `${e.cls}\t${key}`;
      if (!this.spellings.has(k)) this.spellings.set(k, { cls: e.cls, form: e.form });
      let bySource = this.byKey.get(k);
      if (bySource === undefined) this.byKey.set(k, (bySource = new Map()));
      let ids = bySource.get(e.source);
      if (ids === undefined) bySource.set(e.source, (ids = new Set()));
      ids.add(bareId(e.id));
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The forms of `cls` (one spelling per term key), in table order. */
  forms(cls: CorpusEntityClass): string[] {
    return [...this.spellings.values()].filter((f) => f.cls === cls).map((f) => f.form);
  }

  /**
   * The ids the training lexicon gives the text as a form of `cls`: those of `source` (the corpus's own
   * training split) when it has the form, else those of the other training corpora; undefined when none has it;
   * empty when the own training split has the form in its text but never annotates it (NOT_A_MENTION).
   */
  ids(cls: CorpusEntityClass, text: string, source?: string): string[] | undefined {
    const bySource = this.byKey.get(`${cls}\t${this.termKey(text)}`);
    if (bySource === undefined) return undefined;
    const own = source === undefined ? undefined : bySource.get(source);
    if (own !== undefined) return own.has(NOT_A_MENTION) ? [] : [...own];
    const all = new Set<string>();
    for (const [, ids] of bySource) for (const id of ids) if (id !== NOT_A_MENTION) all.add(id);
    return all.size > 0 ? [...all] : undefined;
  }
}

/** The lexicon table of a compiled knowledge base directory, when it has one. */
export function loadFormLexicon(kbDir: string, termKey: (text: string) => string): FormLexicon | undefined {
  const path = join(kbDir, CORPUS_LEXICON_TABLE);
  if (!existsSync(path)) return undefined;
  return new FormLexicon(parseCorpusLexiconTable(readFileSync(path, 'utf8')), termKey);
}

/**
 * Concept → the ids the training lexicon gives the concept's names (every lexicon form of `cls` the knowledge
 * base matches as a whole name, with the ids `ids(cls, form, source)` gives it), for concepts matched at a
 * span that carry no id of their own (concepts-eval.ts normalisedSpans).
 */
export function conceptLexiconIds(kb: CompiledKnowledgeBase, lexicon: FormLexicon, cls: CorpusEntityClass, source?: string): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const form of lexicon.forms(cls)) {
    const ids = lexicon.ids(cls, form, source);
    if (ids === undefined || ids.length === 0) continue;
    for (const i of kb.lookup(form)) {
      const cui = kb.concept(i).cui;
      let set = out.get(cui);
      if (set === undefined) out.set(cui, (set = new Set()));
      for (const id of ids) set.add(id);
    }
  }
  return new Map([...out].map(([cui, ids]) => [cui, [...ids]]));
}
