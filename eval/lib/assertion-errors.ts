// Diagnostics: the negated/uncertain disagreements of the standard flow on MACCROBAT's development half, per
// category, with the sentence around each (what entities-eval.ts counts as assertion fp/fn).
// `npx tsx eval/lib/assertion-errors.ts [category...] [--flag negated|uncertain]`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadDefaultCartridgeArtifacts } from '../../src/cartridge/default-cartridge-artifacts.js';
import { analyzeRequest } from '../../src/engine/analyze.js';
import { ensureKnowledgeBase } from '../../src/knowledge/build-default.js';
import { readBratDocument } from './brat.js';
import { maccrobatGold, mergeMentions, predictedMentions, type Mention } from './entity-categories.js';

const args = process.argv.slice(2);
const at = args.indexOf('--flag');
const flag = (at >= 0 ? args[at + 1] : 'negated') as 'negated' | 'uncertain';
const categories = args.filter((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
const dir = join(process.env.EVAL_DIR ?? '/work/shared/eval', 'maccrobat2020', 'brat');
const kb = await ensureKnowledgeBase('.cache');
const cartridge = await loadDefaultCartridgeArtifacts();
const touches = (a: Mention, b: Mention): boolean => a.fragments.some((x) => b.fragments.some((y) => x.begin < y.end && y.begin < x.end));
for (const id of readdirSync(dir).filter((f) => f.endsWith('.ann')).map((f) => f.slice(0, -4)).sort()) {
  const doc = readBratDocument(dir, id);
  const response = analyzeRequest({
    containers: [{ text: doc.text }], annotatorFlows: cartridge.standardFlow, profileResolver: (p) => cartridge.profiles[p],
    options: { returnAnalyzedText: false }, resources: { kb, artifacts: cartridge.artifacts },
  });
  // MACCROBAT labels lab test names Diagnostic_procedure: predicted lab tests count as procedures (as entities-eval.ts).
  const predicted = mergeMentions(predictedMentions((response.unstructured[0]?.['data'] ?? {}) as Record<string, unknown>, doc.text)
    .map((m): Mention => (m.category === 'lab test' ? { ...m, category: 'procedure' } : m)));
  for (const m of maccrobatGold(doc).mentions) {
    if (categories.length > 0 && !categories.includes(m.category)) continue;
    const hits = predicted.filter((q) => q.category === m.category && touches(q, m));
    if (hits.length === 0) continue;
    const p = hits.some((q) => q[flag]);
    if (p === m[flag]) continue;
    const f = m.fragments[0]!;
    const from = Math.max(doc.text.lastIndexOf('.', f.begin - 1) + 1, f.begin - 160);
    const to = Math.min(doc.text.indexOf('.', f.end) < 0 ? doc.text.length : doc.text.indexOf('.', f.end) + 1, f.end + 160);
    const context = `${doc.text.slice(from, f.begin)}[[${doc.text.slice(f.begin, f.end)}]]${doc.text.slice(f.end, to)}`.replace(/\s+/g, ' ').trim();
    console.log(`${p ? 'FP' : 'FN'} ${m.category} ${id}: ${context}`);
  }
}
