// Survey of what clinicians see first: the standard flow's attribute values and concepts over a fixed sample of
// ACI-Bench notes (valid.csv) and MTS-Dialog sections (validation set), one TSV line per entry:
// `source  doc  kind  name  coveredText  preferredName  cui  semanticType  section  begin  end`. Used to tally false positives by
// cause (docs/insights.md, "Precision survey"): `npx tsx eval/lib/attribute-survey.ts [kb-dir] > survey.tsv`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDefaultCartridgeArtifacts } from '../../src/cartridge/default-cartridge-artifacts.js';
import { analyzeRequest } from '../../src/engine/analyze.js';
import { loadKnowledgeBase } from '../../src/knowledge/loader.js';
import { parseCsv } from './csv.js';

interface Entry {
  readonly name?: string; readonly type?: string; readonly begin?: number; readonly end?: number; readonly coveredText?: string; readonly preferredName?: string;
  readonly cui?: string; readonly semanticType?: string; readonly sectionNormalizedName?: string; readonly negated?: boolean;
}

const evalDir = process.env.EVAL_DIR ?? '/work/shared/eval';
const kb = await loadKnowledgeBase(process.argv[2] ?? join(process.cwd(), '.cache/kb'));
const cartridge = await loadDefaultCartridgeArtifacts();
const docs: { source: string; id: string; text: string }[] = [];
for (const row of parseCsv(readFileSync(join(evalDir, 'aci-bench', 'valid.csv'), 'utf8'))) {
  docs.push({ source: 'aci-valid', id: row.encounter_id ?? '', text: row.note ?? '' });
}
for (const row of parseCsv(readFileSync(join(evalDir, 'mts-dialog', 'MTS_Dataset_ValidationSet.csv'), 'utf8'))) {
  docs.push({ source: 'mts-valid', id: row.ID ?? '', text: row.section_text ?? '' });
}
const clean = (s: string | undefined): string => (s ?? '').replace(/\s+/g, ' ');
for (const doc of docs) {
  const response = analyzeRequest({
    containers: [{ text: doc.text }], annotatorFlows: cartridge.standardFlow, profileResolver: (id) => cartridge.profiles[id],
    options: { returnAnalyzedText: false }, resources: { kb, artifacts: cartridge.artifacts },
  });
  const data = (response.unstructured[0]?.['data'] ?? {}) as { attributeValues?: Entry[]; concepts?: Entry[] };
  for (const [kind, list] of [['attribute', data.attributeValues ?? []], ['concept', data.concepts ?? []]] as const) {
    for (const e of list) {
      console.log([doc.source, doc.id, kind, kind === 'attribute' ? e.name : (e.negated === true ? 'negated' : ''), clean(e.coveredText),
        clean(e.preferredName), e.cui ?? '', e.semanticType ?? '', e.sectionNormalizedName ?? '', e.begin ?? '', e.end ?? ''].join('\t'));
    }
  }
}
