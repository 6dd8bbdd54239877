import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDomainError } from '../errors.js';
import type { SourceRecord } from './builders/source-record.js';
import { acronymVariants, adjectiveVariants, caseArtifacts, compileKnowledge, headWord, nameVariants, writeKnowledgeBase } from './compile.js';
import { checkKnowledgeBase, loadKnowledgeBase } from './loader.js';
import { createMatcher } from './matcher.js';
import { NORMALIZER_VERSION } from './normalize.js';
import { compileTestKb, TEST_RECORDS } from './test-kb.js';
import { DEFAULT_KB_VERSION, ensureKnowledgeBase, knowledgeBaseDir, prepareKnowledgeBaseInChild } from './build-default.js';
import { loadManifest } from './fetch-sources.js';
import { loadDefaultStopList } from './stoplist.js';

const NOTE = 'Pt with T2DM, MS and regional enteritis; oedema of legs. Lung cancer, NSCLC. Glucophage 500 mg. headaches';

describe('compiled knowledge base', () => {
  test('write → load round trip gives the same concepts, lookups and matches', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kb-'));
    try {
      const kb = compileTestKb();
      await writeKnowledgeBase(kb, join(dir, 'kb'));
      const loaded = await loadKnowledgeBase(join(dir, 'kb'));
      assert.deepEqual(loaded.info, kb.info);
      assert.equal(loaded.conceptCount, kb.conceptCount);
      for (let i = 0; i < kb.conceptCount; i++) assert.deepEqual(loaded.concept(i), kb.concept(i));
      const a = createMatcher(kb).match(NOTE, []);
      const b = createMatcher(loaded).match(NOTE, []);
      assert.deepEqual(b, a);
      assert.ok(a.length >= 7, `expected the note's mentions, got ${a.length}`);
      assert.deepEqual(loaded.lookup('Oedema').map((i) => loaded.concept(i).cui), ['C0013604']); // spelling table travelled
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('concepts carry cui, names, types, source, version, vocabs, codes and xrefs', () => {
    const kb = compileTestKb();
    const [i] = kb.lookup('type 2 diabetes mellitus');
    assert.deepEqual(kb.concept(i!), {
      cui: 'C0011860',
      preferredName: 'type 2 diabetes mellitus',
      semanticTypes: ['dsyn'],
      source: 'test-kb',
      sourceVersion: 'fixture-1',
      vocabs: ['DOID', 'ICD10CM', 'MSH'],
      codes: { icd10Code: ['E11'], meshId: ['D003924'] },
      xrefs: ['DOID:9352', 'ICD10CM:E11', 'MESH:D003924', 'UMLS:C0011860'],
    });
    assert.equal(kb.info.conceptCount, kb.conceptCount);
    assert.equal(kb.info.normalizerVersion, NORMALIZER_VERSION);
    assert.match(kb.info.buildId, /^[0-9a-f]{16}$/);
  });

  test('concepts are found by code and by identifier', () => {
    const kb = compileTestKb();
    const byMesh = kb.conceptsByCode('meshId', 'D003920').map((i) => kb.concept(i).cui);
    assert.deepEqual(byMesh, ['C0011849']);
    assert.deepEqual(kb.conceptsByCode('meshId', 'D000000'), []);
    assert.deepEqual(kb.conceptsById('DOID:2377').map((i) => kb.concept(i).cui), ['C0026769']);
    assert.deepEqual(kb.conceptsById('C0026769'), kb.conceptsById('UMLS:C0026769'));
    assert.deepEqual(kb.conceptsById('HP:0002315').map((i) => kb.concept(i).preferredName), ['Headache']);
  });

  test('the build id changes with the content', () => {
    const a = compileTestKb();
    const b = compileTestKb();
    assert.equal(a.info.buildId, b.info.buildId);
    const c = compileTestKbFrom([...TEST_RECORDS.slice(1)]);
    assert.notEqual(c.info.buildId, a.info.buildId);
  });

  test('a knowledge base built with another normaliser is reported stale and not loaded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kb-'));
    try {
      const kbDir = join(dir, 'kb');
      assert.equal((await checkKnowledgeBase(kbDir)).state, 'missing');
      await writeKnowledgeBase(compileTestKb(), kbDir);
      assert.equal((await checkKnowledgeBase(kbDir)).state, 'ok');
      const headerPath = join(kbDir, 'header.json');
      const header = JSON.parse(await readFile(headerPath, 'utf8'));
      header.info.normalizerVersion = 'norm-0';
      await writeFile(headerPath, JSON.stringify(header));
      const status = await checkKnowledgeBase(kbDir);
      assert.equal(status.state, 'stale');
      await assert.rejects(loadKnowledgeBase(kbDir), (e: unknown) => isDomainError(e) && e.kind === 'KNOWLEDGE_BASE_UNAVAILABLE');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('name variants: qualifier tags dropped, single-comma names inverted, NOS removed', () => {
    assert.deepEqual(nameVariants('leukemia (disease)'), ['leukemia (disease)', 'leukemia']);
    assert.deepEqual(nameVariants('blood (leukemia)'), ['blood (leukemia)']);
    assert.deepEqual(nameVariants('Diabetes Mellitus, Type 2'), ['Diabetes Mellitus, Type 2', 'Type 2 Diabetes Mellitus']);
    assert.deepEqual(nameVariants('Leukemia, NOS'), ['Leukemia, NOS', 'Leukemia']);
    assert.deepEqual(nameVariants('Anemia NOS'), ['Anemia NOS', 'Anemia']);
    // A bare NEC is an acronym (neuroendocrine carcinoma), only ", NEC" is "not elsewhere classified".
    assert.deepEqual(nameVariants('Gastric NEC'), ['Gastric NEC']);
    assert.deepEqual(nameVariants('Anemia, NEC'), ['Anemia, NEC', 'Anemia']);
  });

  test('name variants: "X deficiency" ↔ "deficiency of X", "X deficient", hyphenated eponyms alone', () => {
    assert.deepEqual(nameVariants('C5 deficiency'), ['C5 deficiency', 'deficiency of C5', 'C5 deficient']);
    assert.deepEqual(nameVariants('deficiency of factor VII'), ['deficiency of factor VII', 'factor VII deficiency']);
    assert.deepEqual(nameVariants('Lesch-Nyhan syndrome'), ['Lesch-Nyhan syndrome', 'Lesch-Nyhan']);
    assert.deepEqual(nameVariants('von Willebrand disease'), ['von Willebrand disease', 'von Willebrand']);
    assert.deepEqual(nameVariants('Down syndrome'), ['Down syndrome']);
  });

  test('a disorder does not lend its related synonyms, one word of its long label, nor the gene symbol its names modify, as names', () => {
    const kb = compileTestKbFrom([
      { source: 'NCI', ids: ['NCIT:C191619'], preferredName: 'Seizure Related to COVID-19', names: [{ text: 'Seizures', kind: 'exact' }, { text: 'COVID-19 seizure', kind: 'exact' }], semanticTypes: ['dsyn'] },
      { source: 'DOID', ids: ['DOID:2463'], preferredName: 'G6PD deficiency', names: [{ text: 'G6PD', kind: 'abbreviation' }, { text: 'favism', kind: 'exact' }], semanticTypes: ['dsyn'] },
      { source: 'RXNORM', ids: ['RXNORM:5856'], preferredName: 'insulin human regular', names: [{ text: 'insulin', kind: 'exact' }, { text: 'human insulin isophane', kind: 'related' }], semanticTypes: ['phsu'] },
      { source: 'DOID', ids: ['DOID:0050700'], preferredName: 'cardiomyopathy', names: [{ text: 'heart muscle disease', kind: 'related' }], semanticTypes: ['dsyn'] },
    ]);
    const cuis = (text: string): string[] => createMatcher(kb).match(text, []).flatMap((m) => m.concepts.map((i) => kb.concept(i).cui));
    assert.deepEqual(cuis('seizures'), []);
    assert.deepEqual(cuis('COVID-19 seizure'), ['NCIT:C191619']);
    assert.deepEqual(cuis('G6PD'), []);
    assert.deepEqual(cuis('G6PD deficiency'), ['DOID:2463']);
    assert.deepEqual(cuis('insulin'), ['RXNORM:5856']); // not a disorder: names kept
    assert.deepEqual(cuis('human insulin isophane'), ['RXNORM:5856']);
    assert.deepEqual(cuis('heart muscle disease'), []); // a related synonym of a disorder is another disorder
  });

  test('adjective variants of one-word disorder names, indexed only where no concept owns the key', () => {
    assert.deepEqual(['epilepsy', 'diabetes', 'hypertension', 'schizophrenia', 'acromegaly', 'atherosclerosis', 'nephrotoxicity'].map((w) => adjectiveVariants(w)[0]),
      ['epileptic', 'diabetic', 'hypertensive', 'schizophrenic', 'acromegalic', 'atherosclerotic', 'nephrotoxic']);
    assert.deepEqual(adjectiveVariants('fever'), []);
    assert.deepEqual(adjectiveVariants('lung cancer'), []);
    const kb = compileTestKbFrom([
      { source: 'DOID', ids: ['DOID:1826'], preferredName: 'epilepsy', names: [], semanticTypes: ['dsyn'] },
      { source: 'DOID', ids: ['DOID:9351'], preferredName: 'diabetes', names: [], semanticTypes: ['dsyn'] },
      { source: 'NCI', ids: ['NCIT:C1'], preferredName: 'Diabetic', names: [], semanticTypes: ['qlco'] },
      { source: 'RXNORM', ids: ['RXNORM:1'], preferredName: 'anesthesia', names: [], semanticTypes: ['topp'] },
    ]);
    const cuis = (text: string): string[] => createMatcher(kb).match(text, []).flatMap((m) => m.concepts.map((i) => kb.concept(i).cui));
    assert.deepEqual(cuis('epileptic'), ['DOID:1826']);
    assert.deepEqual(cuis('diabetic'), ['NCIT:C1']); // a real name wins over a derived adjective
    assert.deepEqual(cuis('anesthetic'), []); // not a disorder
  });

  test('organism functions (states) are named by their adjective too: pregnant, lactating, postmenopausal', () => {
    const kb = compileTestKbFrom([
      { source: 'MSH', ids: ['MESH:D011247'], preferredName: 'Pregnancy', names: [], semanticTypes: ['orgf'] },
      { source: 'MSH', ids: ['MESH:D007774'], preferredName: 'Lactation', names: [], semanticTypes: ['orgf'] },
      { source: 'MSH', ids: ['MESH:D017698'], preferredName: 'Postmenopause', names: [], semanticTypes: ['orgf'] },
      { source: 'RXNORM', ids: ['RXNORM:2'], preferredName: 'Fluoridation', names: [], semanticTypes: ['topp'] },
    ]);
    const cuis = (text: string): string[] => createMatcher(kb).match(text, []).flatMap((m) => m.concepts.map((i) => kb.concept(i).cui));
    assert.deepEqual(cuis('pregnant'), ['MESH:D011247']);
    assert.deepEqual(cuis('lactating'), ['MESH:D007774']);
    assert.deepEqual(cuis('postmenopausal'), ['MESH:D017698']);
    assert.deepEqual(cuis('fluoridating'), []); // not a state
  });
});

describe('short names whose case carries their meaning', () => {
  test('lower-case copies of a concept\'s acronyms, and capitalised symbols of substances, are case artifacts', () => {
    const names = (...list: [string, SourceRecord['names'][number]['kind']][]) => list.map(([text, kind]) => ({ text, kind }));
    assert.deepEqual([...caseArtifacts(names(['PIE', 'exact'], ['pie', 'exact'], ['pulmonary interstitial emphysema', 'preferred']), false)], ['pie']);
    assert.deepEqual([...caseArtifacts(names(['Met', 'exact'], ['M', 'exact'], ['methionine', 'preferred']), true)], ['Met']);
    assert.deepEqual([...caseArtifacts(names(['Met', 'exact']), false)], [], 'not a substance: a capitalised word stays ("Gut", "Sad")');
    assert.deepEqual([...caseArtifacts(names(['Flu', 'exact'], ['flu', 'exact']), true)], [], 'spelled in lower case too: a word');
    assert.deepEqual([...caseArtifacts(names(['pie', 'preferred'], ['PIE', 'exact'], ['Met', 'attested']), true)], [], 'preferred and attested forms are kept');
    assert.deepEqual([...caseArtifacts(names(['COPD', 'exact'], ['copd', 'exact']), false)], [], 'longer than three letters');
  });

  test('compiled: the acronym matches in capitals only, the symbol not at all, other concepts\' lower-case names still do', () => {
    const kb = compileTestKbFrom([
      { source: 'MONDO', ids: ['MONDO:1'], preferredName: 'pulmonary interstitial emphysema', names: [{ text: 'PIE', kind: 'exact' }, { text: 'pie', kind: 'exact' }], semanticTypes: ['dsyn'] },
      { source: 'DRUGBANK', ids: ['DRUGBANK:DB00134'], preferredName: 'methionine', names: [{ text: 'Met', kind: 'exact' }], semanticTypes: ['aapp'] },
      { source: 'SYMP', ids: ['SYMP:1'], preferredName: 'tics', names: [{ text: 'tic', kind: 'exact' }], semanticTypes: ['sosy'] },
    ]);
    const cuis = (text: string): string[] => createMatcher(kb).match(text, []).flatMap((m) => m.concepts.map((i) => kb.concept(i).cui));
    assert.deepEqual(cuis('history of PIE'), ['MONDO:1']);
    assert.deepEqual(cuis('ate a pie'), []);
    assert.deepEqual(cuis('goals were met'), []);
    assert.deepEqual(cuis('methionine'), ['DRUGBANK:DB00134']);
    assert.deepEqual(cuis('motor tic'), ['SYMP:1']);
  });
});

test('the head noun of a multi-word anatomical label is a name of that part only when no concept is labelled with it', () => {
  assert.equal(headWord(['bladder', 'neck']), 'neck');
  assert.equal(headWord(['neck', 'of', 'the', 'pancreas']), 'neck');
  const kb = compileTestKbFrom([
    { source: 'NCI', ids: ['NCIT:C1'], preferredName: 'Neck', names: [], semanticTypes: ['bpoc'] },
    { source: 'NCI', ids: ['NCIT:C2'], preferredName: 'Bladder Neck', names: [{ text: 'Neck', kind: 'exact' }, { text: 'Neck of Bladder', kind: 'exact' }], semanticTypes: ['bpoc'] },
    { source: 'UBERON', ids: ['UBERON:1'], preferredName: 'palatine uvula', names: [{ text: 'uvula', kind: 'exact' }], semanticTypes: ['bpoc'] },
    { source: 'NCI', ids: ['NCIT:C3'], preferredName: 'Musculoskeletal System', names: [{ text: 'Musculoskeletal', kind: 'exact' }], semanticTypes: ['bpoc'] },
  ]);
  const cuis = (text: string): string[] => createMatcher(kb).match(text, []).flatMap((m) => m.concepts.map((i) => kb.concept(i).cui));
  assert.deepEqual(cuis('neck'), ['NCIT:C1']);
  assert.deepEqual(cuis('neck of bladder'), ['NCIT:C2']);
  assert.deepEqual(cuis('uvula'), ['UBERON:1'], 'no concept is labelled "uvula": the part keeps the word');
  assert.deepEqual(cuis('musculoskeletal'), ['NCIT:C3'], 'a modifier, not the head');
});

test('a disorder\'s synonym that names an anatomical structure is not a name of the disorder', () => {
  const kb = compileTestKbFrom([
    { source: 'MONDO', ids: ['MONDO:1'], preferredName: 'hypophysitis', names: [{ text: 'pituitary gland', kind: 'exact' }, { text: 'pituitary', kind: 'exact' }, { text: 'pituitary gland inflammation', kind: 'exact' }], semanticTypes: ['dsyn'] },
    { source: 'UBERON', ids: ['UBERON:7'], preferredName: 'pituitary gland', names: [{ text: 'pituitary', kind: 'exact' }, { text: 'hypophysis cerebri', kind: 'related' }], semanticTypes: ['bpoc'] },
    { source: 'MONDO', ids: ['MONDO:2'], preferredName: 'cerebral hypophysis syndrome', names: [{ text: 'hypophysis cerebri', kind: 'exact' }], semanticTypes: ['dsyn'] },
  ]);
  const cuis = (text: string): string[] => createMatcher(kb).match(text, []).flatMap((m) => m.concepts.map((i) => kb.concept(i).cui));
  assert.deepEqual(cuis('pituitary gland'), ['UBERON:7']);
  assert.deepEqual(cuis('pituitary'), ['UBERON:7']);
  assert.deepEqual(cuis('pituitary gland inflammation'), ['MONDO:1']);
  assert.ok(cuis('hypophysis cerebri').includes('MONDO:2'), 'only preferred and exact anatomical names count');
});

test('a disorder name that begins with a listed expansion is indexed with the short form in its place', () => {
  const acronyms = { version: 't', entries: new Map([['CKD', 'chronic kidney disease'], ['AS', 'aortic stenosis (disambiguated in context)']]) };
  const kb = compileKnowledge([
    { source: 'NCI', ids: ['NCIT:C80389'], preferredName: 'Chronic Kidney Disease, Stage 3', names: [], semanticTypes: ['dsyn'] },
    { source: 'NCI', ids: ['NCIT:1'], preferredName: 'chronic kidney disease', names: [], semanticTypes: ['dsyn'] },
    { source: 'NCI', ids: ['NCIT:2'], preferredName: 'chronic kidney disease clinic', names: [], semanticTypes: ['hcro'] },
  ], { name: 't', version: '1', sourceVersion: 'x', builtAt: '2026-01-01T00:00:00.000Z', acronyms });
  const cuis = (text: string): string[] => createMatcher(kb).match(text, []).flatMap((m) => m.concepts.map((i) => kb.concept(i).cui));
  assert.deepEqual(cuis('CKD stage 3'), ['NCIT:C80389']);
  // The expansion alone is the acronym's own business (the curated short-acronym policy); other kinds keep their names only.
  assert.deepEqual(cuis('CKD'), []);
  assert.deepEqual(cuis('CKD clinic'), []);
  assert.deepEqual(acronymVariants('Chronic kidney disease stage 3', new Map([['chronic', [['chronic kidney disease', 'CKD']]]])), ['CKD stage 3']);
  assert.deepEqual(acronymVariants('chronic kidney diseases', new Map([['chronic', [['chronic kidney disease', 'CKD']]]])), []);
  assert.deepEqual(acronymVariants('Chronic Kidney Disease, Stage 4', new Map([['chronic', [['chronic kidney disease', 'CKD']]]])), ['CKD, Stage 4']);
});

test('names an attached code gives yield to concepts owning them (a code that lumps several disorders)', () => {
  const kb = compileTestKbFrom([
    { source: 'DOID', ids: ['DOID:1', 'ICD10CM:Q93.88'], preferredName: 'Miller-Dieker lissencephaly syndrome', names: [] },
    { source: 'DOID', ids: ['DOID:2', 'ICD10CM:Q93.5'], preferredName: 'Smith-Magenis syndrome', names: [] },
    { source: 'ICD10CM', ids: ['ICD10CM:Q93.88'], preferredName: 'Other microdeletions', names: [{ text: 'Smith-Magenis syndrome', kind: 'exact' }, { text: 'Miller-Dieker syndrome', kind: 'exact' }] },
  ]);
  const cuis = (text: string): string[] => createMatcher(kb).match(text, []).flatMap((m) => m.concepts.map((i) => kb.concept(i).cui));
  assert.deepEqual(cuis('Smith-Magenis syndrome'), ['DOID:2']);
  assert.deepEqual(cuis('Miller-Dieker syndrome'), ['DOID:1'], 'a name only the code gives, nobody else owns: kept');
  assert.deepEqual(cuis('other microdeletions'), ['DOID:1']);
});

test('names told from another only by an optical-rotation sign are not indexed ("(−)-omeprazole" is esomeprazole)', () => {
  const kb = compileTestKbFrom([
    { source: 'DRUGBANK', ids: ['DRUGBANK:DB00338'], preferredName: 'omeprazole', names: [], semanticTypes: ['phsu'] },
    { source: 'DRUGBANK', ids: ['DRUGBANK:DB00736'], preferredName: 'esomeprazole', names: [{ text: '(\u2212)-omeprazole', kind: 'exact' }, { text: '(S)-omeprazole', kind: 'exact' }, { text: '(+/-)-x', kind: 'exact' }], semanticTypes: ['phsu'] },
  ]);
  const cuis = (text: string): string[] => createMatcher(kb).match(text, []).flatMap((m) => m.concepts.map((i) => kb.concept(i).cui));
  assert.deepEqual(cuis('omeprazole'), ['DRUGBANK:DB00338']);
  assert.deepEqual(cuis('S-omeprazole'), ['DRUGBANK:DB00736']);
});

function compileTestKbFrom(records: SourceRecord[]) {
  return compileKnowledge(records, { name: 'test-kb', version: '1', sourceVersion: 'fixture-1', builtAt: '2026-01-01T00:00:00.000Z' });
}

test('ensureKnowledgeBase loads a current knowledge base without rebuilding it', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'kb-data-'));
  try {
    const kb = compileKnowledge(TEST_RECORDS, {
      name: 'open-clinical', version: DEFAULT_KB_VERSION, sourceVersion: loadManifest().version, stopList: loadDefaultStopList(),
    });
    await writeKnowledgeBase(kb, knowledgeBaseDir(dataDir));
    const messages: string[] = [];
    const loaded = await ensureKnowledgeBase(dataDir, { onProgress: (m) => void messages.push(m) });
    assert.equal(loaded.info.buildId, kb.info.buildId);
    assert.equal(messages.length, 1);
    assert.match(messages[0]!, /^loaded open-clinical /);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('prepareKnowledgeBaseInChild: a current knowledge base is used as is; a failed build in the child is an error', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'kb-child-'));
  try {
    const kb = compileKnowledge(TEST_RECORDS, {
      name: 'open-clinical', version: DEFAULT_KB_VERSION, sourceVersion: loadManifest().version, stopList: loadDefaultStopList(),
    });
    const dir = knowledgeBaseDir(dataDir);
    await writeKnowledgeBase(kb, dir);
    const header = join(dir, 'header.json');
    const before = (await stat(header)).mtimeMs;
    assert.equal(await prepareKnowledgeBaseInChild(dataDir), dir);
    assert.equal((await stat(header)).mtimeMs, before, 'nothing rebuilt');

    // Missing, with a mirror that holds no sources: the child's build fails, and so does the call.
    const missing = join(dataDir, 'other-kb');
    await assert.rejects(prepareKnowledgeBaseInChild(dataDir, { kbDir: missing, mirror: join(dataDir, 'no-such-mirror') }), /building the knowledge base in .*other-kb failed \(the build process exited with 1/);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
