// Writes the unindexed-forms side table (builders/corpus-lexicon.ts unindexedForms) beside a compiled knowledge
// base: the training splits' words that name a disorder or chemical concept of the knowledge base but are seldom
// annotated as such a mention there. The text is matched as concept_detection matches it (longest spans).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_LEXICON_FILES, unindexedForms, unindexedFormsTable, UNINDEXED_FORMS_TABLE, type CorpusEntityClass, type NameSpan } from './builders/corpus-lexicon.js';
import { readSourceText } from './builders/text-files.js';
import type { CompiledKnowledgeBase } from './kb.js';
import { createMatcher } from './matcher.js';
import { semanticTypes } from './semantic-types.js';

const CLASS_OF_GROUP: Readonly<Record<string, CorpusEntityClass>> = { DISO: 'disease', CHEM: 'chemical' };

/** Writes the table into `outDir`; returns a report line. */
export function writeUnindexedForms(kb: CompiledKnowledgeBase, corporaDir: string, outDir: string): string {
  const matcher = createMatcher(kb, { longestSpan: true });
  const types = semanticTypes();
  const classes = new Map<number, CorpusEntityClass[]>();
  const classesOf = (concept: number): CorpusEntityClass[] => {
    let list = classes.get(concept);
    if (list === undefined) {
      list = [];
      for (const t of kb.concept(concept).semanticTypes) {
        const cls = CLASS_OF_GROUP[types.byAbbreviation(t)?.group ?? ''];
        if (cls !== undefined && !list.includes(cls)) list.push(cls);
      }
      classes.set(concept, list);
    }
    return list;
  };
  const names = (text: string): NameSpan[] => matcher.match(text, []).map((m) => {
    const set = new Set<CorpusEntityClass>();
    for (const c of m.concepts) for (const cls of classesOf(c)) set.add(cls);
    return { begin: m.begin, end: m.end, classes: [...set] };
  });
  const forms = unindexedForms(CORPUS_LEXICON_FILES.map((file) => ({ file, text: readSourceText(join(corporaDir, file.path)) })), names);
  writeFileSync(join(outDir, UNINDEXED_FORMS_TABLE), unindexedFormsTable(forms));
  return `unindexed forms of the training splits: ${forms.length}`;
}
