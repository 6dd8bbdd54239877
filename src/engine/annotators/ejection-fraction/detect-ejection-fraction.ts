// ejection_fraction's algorithm (reference §4.4 EjectionFraction): an EF term (`EF`, `LVEF`, `ejection
// fraction`) followed in its sentence by at most four connector words and a percentage value (`55%`), a
// range (`35-40%`, `35 to 40 %`, `35%-40%`) or a qualitative value (`preserved`, `severely reduced`);
// the measurement method (`echo`, ...) when its sentence names one. Terms and words:
// resources/ejection-fraction/en.json; numbers and units: lab-value/measurement.ts.
import efFile from '../../../../resources/ejection-fraction/en.json' with { type: 'json' };
import type { Annotation, Document } from '../../document.js';
import { compileUnits, scanMeasuredValue, type UnitTrie } from '../lab-value/measurement.js';
import { listField, parseLexiconFile, stringField, type LexiconSchema } from '../symptom-disease/lexicon-file.js';
import { compileTermLexicon, matchTermAt, scanTerms, type TermLexicon } from '../symptom-disease/term-lexicon.js';

export const EF_FILE = 'resources/ejection-fraction/en.json';
export const EJECTION_FRACTION_KEY = 'EjectionFractionInd';
const MAX_CONNECTORS = 4;

const EF_SCHEMA: LexiconSchema = {
  kind: 'ejection-fraction-terms',
  required: { forms: 'strings', role: 'string', normalized: 'string' },
  enums: { role: ['ef-term', 'connector', 'alphabetic', 'method'] },
};

interface EfWord {
  readonly role: 'ef-term' | 'connector' | 'alphabetic' | 'method';
  readonly normalized: string;
}

export interface EjectionFractionCompiled {
  readonly words: TermLexicon<EfWord>;
  readonly units: UnitTrie;
}

export function compileEjectionFraction(body: unknown = efFile, file = EF_FILE): EjectionFractionCompiled {
  const lexicon = parseLexiconFile(body, file, EF_SCHEMA);
  const words = compileTermLexicon(lexicon.entries.map((e) => [listField(e, 'forms'), { role: stringField(e, 'role') as EfWord['role'], normalized: stringField(e, 'normalized') as string }] as const));
  return { words, units: compileUnits() };
}

function roleOf(values: readonly EfWord[], role: EfWord['role']): EfWord | undefined {
  return values.find((v) => v.role === role);
}

function plausible(n: string): boolean {
  const v = Number(n.split(',').join(''));
  return Number.isFinite(v) && v > 0 && v <= 100;
}

export function detectEjectionFractions(doc: Document, compiled: EjectionFractionCompiled): Annotation[] {
  const { text, tokens } = doc;
  const out: Annotation[] = [];
  for (const s of doc.sentences) {
    const matches = scanTerms(compiled.words, text, tokens, s.tokenStart, s.tokenEnd);
    const method = matches.map((m) => ({ m, w: roleOf(m.values, 'method') })).find((x) => x.w !== undefined);
    let usedUpTo = s.tokenStart;
    for (const term of matches) {
      const ef = roleOf(term.values, 'ef-term');
      if (ef === undefined || term.tokenStart < usedUpTo) continue;
      let i = term.tokenEnd;
      let found: Record<string, string> | undefined;
      let end = term.end;
      for (let n = 0; n <= MAX_CONNECTORS && i < s.tokenEnd; n++) {
        const t = tokens[i]!;
        if (t.kind === 'number') {
          const value = scanMeasuredValue(tokens, i, s.tokenEnd, text, compiled.units);
          if (value === undefined || value.kind === 'ratio' || (value.unit !== undefined && value.unit.unit.id !== 'percent')) break;
          if (!plausible(value.first.text) || (value.second !== undefined && !plausible(value.second.text))) break;
          if (value.unit === undefined && value.kind === 'single' && tokens[i + 1] !== undefined && tokens[i + 1]!.kind === 'word' && i + 1 < s.tokenEnd && compiled.units.matchAt(tokens, i + 1, s.tokenEnd) !== undefined) break;
          end = value.unit !== undefined && value.unit.end > value.end ? value.unit.end : value.end;
          found = { firstValue: value.first.text, ...(value.second === undefined ? {} : { secondValue: value.second.text }), isRange: value.kind === 'range' ? 'true' : 'false' };
          i = value.tokenEnd;
          break;
        }
        const w = matchTermAt(compiled.words, text, tokens, i, s.tokenEnd);
        if (w === undefined) break;
        const alpha = roleOf(w.values, 'alphabetic');
        if (alpha !== undefined) {
          end = w.end;
          found = { isRange: 'false', efAlphabeticValueSurfaceForm: text.slice(w.begin, w.end), efAlphabeticValueNormalizedName: alpha.normalized };
          i = w.tokenEnd;
          break;
        }
        if (roleOf(w.values, 'connector') === undefined && roleOf(w.values, 'method') === undefined) break;
        i = w.tokenEnd;
      }
      if (found === undefined) continue;
      usedUpTo = i;
      out.push({
        type: 'aci.EjectionFractionInd',
        begin: term.begin,
        end,
        coveredText: text.slice(term.begin, end),
        ...found,
        efTermSurfaceForm: text.slice(term.begin, term.end),
        efTermNormalizedName: ef.normalized,
        ...(method === undefined ? {} : {
          measurementMethod: method.w!.normalized,
          ...(method.w!.normalized === 'echo' ? { echocardiogramSurfaceForm: text.slice(method.m.begin, method.m.end), echocardiogramNormalizedName: 'echocardiogram' } : {}),
        }),
      });
    }
  }
  return out;
}
