// `clinical-annotator kb build|info|lookup`: build the default open knowledge base, show its header, or look
// a term up. Calls the same functions the service uses at start (src/knowledge/build-default.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { umlsMetaDir } from '../knowledge/builders/umls-rrf.js';
import { buildUmlsKnowledgeBase } from '../knowledge/build-umls.js';
import { buildDefaultKnowledgeBase, knowledgeBaseDir, prepareKnowledgeBase } from '../knowledge/build-default.js';
import { writeSpellTablesOf } from '../engine/annotators/spell-checker/spell-tables.js';
import { CODE_FIELDS, type KnowledgeBase } from '../knowledge/kb.js';
import { checkKnowledgeBase, loadKnowledgeBase } from '../knowledge/loader.js';
import type { CliCommand } from './main.js';

const HELP = `Usage: clinical-annotator kb <build|info|lookup> [options]

  ensure [--mirror DIR] [--out DIR]  Build the knowledge base only when it is missing or stale (what the service
                                     does at start); prints its directory
  build [--mirror DIR] [--out DIR]   Build the default open knowledge base from the sources in the mirror
                                     (default: $KB_MIRROR, else ../shared/vocab next to the repository; without a
                                     mirror the sources are downloaded into <data dir>/sources), verify checksums,
                                     write it to --out (default: <data dir>/kb) and print the one-line report
  build --umls DIR [--out DIR]       Build from a licensed UMLS release instead (MRCONSO.RRF, MRSTY.RRF, MRSAB.RRF
        [--umls-sources A,B]         in DIR or DIR/META), streamed; optional source (SAB) allow-list, languages
        [--umls-languages ENG]       (default ENG) and --umls-include-suppressed. The service and batch use the
        [--umls-include-suppressed]  result as they use the open build (KB_DIR or <data dir>/kb)
  info [--out DIR]                   Print the header of the compiled knowledge base (version, build id, counts)
  lookup <term> [--out DIR]          Print the concepts whose normalised name equals <term>

Options:
  --data-dir DIR   data directory (default: $DATA_DIR or ./data)
  -h, --help       show this help

Exit codes: 0 ok, 2 usage, 4 nothing found (lookup), 6 knowledge base missing or stale.
`;

interface Output {
  out(text: string): void;
  err(text: string): void;
}

const STDIO: Output = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };

/** The spell checker's tables of a fresh build, beside it (the service would build them on its first start). */
function writeBuiltSpellTables(kb: KnowledgeBase, dir: string, io: Output): void {
  const started = Date.now();
  const header = writeSpellTablesOf(kb, dir);
  io.err(`[kb] spell tables: ${header.words.toLocaleString('en-US')} words in ${Date.now() - started} ms\n`);
}

export async function runKbCommand(argv: readonly string[], io: Output = STDIO): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        mirror: { type: 'string' }, out: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' },
        umls: { type: 'string' }, 'umls-sources': { type: 'string' }, 'umls-languages': { type: 'string' }, 'umls-include-suppressed': { type: 'boolean' },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [sub, ...rest] = positionals;
  if (values.help === true || sub === 'help') {
    io.out(HELP);
    return 0;
  }
  const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './data';
  const dir = values.out ?? knowledgeBaseDir(dataDir);
  switch (sub) {
    case 'build': {
      if (values.umls !== undefined) {
        const list = (s: string | undefined): string[] | undefined => s?.split(',').map((x) => x.trim()).filter((x) => x !== '');
        if (!existsSync(join(umlsMetaDir(values.umls), 'MRCONSO.RRF'))) {
          io.err(`no MRCONSO.RRF in ${values.umls} or ${join(values.umls, 'META')}\n`);
          return 2;
        }
        const sources = list(values['umls-sources']);
        const languages = list(values['umls-languages']);
        const umls = await buildUmlsKnowledgeBase({
          dir: values.umls, outDir: dir, onProgress: (m) => io.err(`[kb] ${m}\n`),
          ...(sources === undefined ? {} : { sources }), ...(languages === undefined ? {} : { languages }),
          includeSuppressed: values['umls-include-suppressed'] === true,
        });
        writeBuiltSpellTables(umls.kb, dir, io);
        io.out(`${umls.reportLine}\n`);
        return 0;
      }
      const result = await buildDefaultKnowledgeBase({
        mirror: values.mirror,
        cacheDir: `${dataDir}/sources`,
        outDir: dir,
        onProgress: (m) => io.err(`[kb] ${m}\n`),
      });
      writeBuiltSpellTables(result.kb, dir, io);
      io.out(`${result.reportLine}\n`);
      return 0;
    }
    case 'ensure': {
      // What the service does at start: build only when missing or stale, then report where it is.
      await prepareKnowledgeBase(dataDir, { kbDir: dir, ...(values.mirror === undefined ? {} : { mirror: values.mirror }), onProgress: (m) => io.err(`[kb] ${m}\n`) });
      io.out(`${dir}\n`);
      return 0;
    }
    case 'info': {
      const status = await checkKnowledgeBase(dir);
      if (status.state === 'missing') {
        io.err(`no knowledge base in ${dir} (${status.reason}); run "clinical-annotator kb build"\n`);
        return 6;
      }
      io.out(`${JSON.stringify(status.header, null, 2)}\n`);
      if (status.state === 'stale') {
        io.err(`stale: ${status.reason}\n`);
        return 6;
      }
      return 0;
    }
    case 'lookup': {
      const term = rest.join(' ');
      if (term === '') {
        io.err(`lookup needs a term\n\n${HELP}`);
        return 2;
      }
      const kb = await loadKnowledgeBase(dir);
      const found = kb.lookup(term);
      if (found.length === 0) {
        io.err(`no concept named "${term}" (key "${kb.normalizer.termKey(term)}")\n`);
        return 4;
      }
      for (const i of found) {
        const c = kb.concept(i);
        const codes = CODE_FIELDS.filter((f) => (c.codes[f]?.length ?? 0) > 0).map((f) => `${f}=${c.codes[f]!.join(',')}`).join(' ');
        io.out(`${c.cui}\t${c.preferredName}\t${c.semanticTypes.join(',')}\t${c.vocabs.join(',')}\t${codes}\t${c.xrefs.join(',')}\n`);
      }
      return 0;
    }
    default:
      io.err(sub === undefined ? HELP : `Unknown subcommand: ${sub}\n\n${HELP}`);
      return 2;
  }
}

export const kbCommand: CliCommand = {
  name: 'kb',
  summary: 'Build (kb build [--mirror DIR] [--out DIR]), inspect (kb info) or query (kb lookup <term>) the knowledge base',
  run: (argv) => runKbCommand(argv),
};
