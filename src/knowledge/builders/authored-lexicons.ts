// The authored lexicons that also name concepts of the knowledge base (issue 17): the lab tests, scores and vital
// signs of lab_value (resources/lab-value/labs.json: `AST`, `LFTs`, `ECOG`, `NYHA class`, named without a value in
// eligibility criteria and notes) as lab tests (`lbpr`, graded scales `clna`), and common implanted and external
// devices (resources/devices/en.json: pacemaker, IUD, CPAP, insulin pump) as `medd`. A lab entry joins the LOINC
// concept of its `loincId` when the LOINC source has that code (a LOINC code is never paired with a name of ours
// alone); a device entry joins the MeSH descriptor of its `meshId`. Entries marked `concept: "no"` (`stage`,
// `grade`: a name only with its class after it) stay lab_value's.
import labsFile from '../../../resources/lab-value/labs.json' with { type: 'json' };
import devicesFile from '../../../resources/devices/en.json' with { type: 'json' };
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../../engine/annotators/symptom-disease/lexicon-file.js';
import type { SourceName, SourceRecord } from './source-record.js';

export const LABS_LEXICON_FILE = 'resources/lab-value/labs.json';
export const DEVICES_LEXICON_FILE = 'resources/devices/en.json';

export const LAB_LEXICON_SCHEMA: LexiconSchema = {
  kind: 'lab-tests',
  required: { forms: 'strings', normalized: 'string' },
  optional: { loincId: 'string', valueKind: 'string', concept: 'string' },
  enums: { valueKind: ['number', 'ratio', 'class'], concept: ['yes', 'no'] },
};

export const DEVICE_LEXICON_SCHEMA: LexiconSchema = {
  kind: 'devices',
  required: { forms: 'strings', normalized: 'string' },
  optional: { meshId: 'string' },
};

/** All capitals and digits (`AST`, `IUD`, `CRT-D`): matched case-sensitively as an abbreviation. */
function isAcronym(form: string): boolean {
  return /[A-Z]/.test(form) && form === form.toUpperCase();
}

function names(forms: readonly string[], preferred: string): SourceName[] {
  return forms.filter((f) => f !== preferred).map((text) => ({ text, kind: isAcronym(text) ? 'abbreviation' : 'exact' }));
}

/** Lab test records; `loincIds`: the `LNC:` ids the LOINC source has (a code joins only a concept LOINC names). */
export function labLexiconRecords(loincIds: ReadonlySet<string>, body: unknown = labsFile, file = LABS_LEXICON_FILE): SourceRecord[] {
  const lexicon = parseLexiconFile(body, file, LAB_LEXICON_SCHEMA);
  const out: SourceRecord[] = [];
  for (const e of lexicon.entries) {
    if (stringField(e, 'concept') === 'no') continue;
    const preferred = stringField(e, 'normalized')!;
    const loinc = stringField(e, 'loincId');
    // Joined to a LOINC concept, the entry only adds names (the concept keeps LOINC's id, name and code).
    const ids = loinc !== undefined && loincIds.has(`LNC:${loinc}`) ? [`LNC:${loinc}`] : [`AUTHORED:lab:${e.id}`];
    out.push({ source: 'LAB_LEXICON', ids, preferredName: preferred, names: names(listField(e, 'forms'), preferred), semanticTypes: [stringField(e, 'valueKind') === 'class' ? 'clna' : 'lbpr'] });
  }
  return out;
}

/** Device records (`medd`), joined to the MeSH descriptor of their `meshId`. */
export function deviceLexiconRecords(body: unknown = devicesFile, file = DEVICES_LEXICON_FILE): SourceRecord[] {
  const lexicon = parseLexiconFile(body, file, DEVICE_LEXICON_SCHEMA);
  return lexicon.entries.map((e): SourceRecord => {
    const preferred = stringField(e, 'normalized')!;
    const mesh = stringField(e, 'meshId');
    return { source: 'DEVICE_LEXICON', ids: [`AUTHORED:device:${e.id}`, ...(mesh === undefined ? [] : [`MESH:${mesh}`])], preferredName: preferred, names: names(listField(e, 'forms'), preferred), semanticTypes: ['medd'] };
  });
}
