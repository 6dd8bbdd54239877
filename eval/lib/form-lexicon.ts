// The training lexicon's surface forms and the ids they name, per training corpus (the table the default build
// writes beside the compiled knowledge base: src/knowledge/builders/corpus-lexicon.ts, CORPUS_LEXICON_TABLE).
// Forms are keyed by the knowledge base's own term key (case, plural, spelling variants folded), so a matched
// span is looked up exactly as the matcher matched it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_LEXICON_TABLE, NOT_A_MENTION, parseCorpusLexiconTable, type CorpusEntityClass, type CorpusLexiconEntry } from '../../src/knowledge/builders/corpus-lexicon.js';

/** Ids as the corpora write them: `MESH:D003920` → `D003920`; `OMIM:…` kept. */
export function bareId(id: string): string {
  return id.startsWith('MESH:') ? id.slice(5) : id;
}

export class FormLexicon {
  /** `${cls}\t${key}` → source → ids. */
  private readonly byKey = new Map<string, Map<string, Set<string>>>();

  constructor(entries: readonly CorpusLexiconEntry[], private readonly termKey: (text: string) => string) {
    for (const e of entries) {
      const key = termKey(e.form);
      if (key === '') continue;
      const k = `${e.cls}\t${key}`;
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
