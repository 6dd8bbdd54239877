// The child process of prepareSpellTablesInChild: loads the knowledge base in `dir`, builds the spell
// checker's tables from it and the English word list, and writes them beside its files; then exits (and
// with it, the heap the build used). Arguments: <knowledge base dir>.
import { writeSpellTablesOf } from '../engine/annotators/spell-checker/spell-tables.js';
import { loadKnowledgeBase } from '../knowledge/loader.js';

const [dir] = process.argv.slice(2);
if (dir === undefined) {
  process.stderr.write('usage: spell-tables-child <knowledge base dir>\n');
  process.exitCode = 2;
} else {
  try {
    writeSpellTablesOf(await loadKnowledgeBase(dir), dir);
  } catch (error) {
    process.stderr.write(`[spell] spell tables not written: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
