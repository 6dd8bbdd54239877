// The wire shape of one MedicationInd (reference §4.4, §5.3), built from a drug mention and its signature
// elements. ACD fields: type, begin, end, coveredText, cui, rxNormID, administration[] (aci.SubstanceAdministration:
// dosageValue, frequencyValue, route[] aci.DrugRoute {normalized}, duration[] aci.Duration), drug[] (aci.Ind_Drug:
// complex, cui, name1[] aci.DrugName {drugSurfaceForm, drugNormalizedName, cui, rxNormID}), dateInMilliseconds.
// Extensions on the administration (documented in README.md beside this file): dosage[] (aci.Dosage {value, unit,
// role}), frequency[] (aci.Frequency {normalized}), form[] (aci.DrugForm {normalized}), doseChange {direction,
// from, to, by, trigger}. Internal fields (`_`-prefixed, never serialised) keep the annotator and rule ids.
import type { Annotation } from '../../document.js';
import type { AttachedMedication } from './administration.js';
import type { SigPart } from './sig-scanner.js';

export const MEDICATION_TYPE = 'aci.MedicationInd';

interface Span {
  readonly begin: number;
  readonly end: number;
}

function spanFields(text: string, s: Span): { begin: number; end: number; coveredText: string } {
  return { begin: s.begin, end: s.end, coveredText: text.slice(s.begin, s.end) };
}

/** Adjacent frequency elements (`q4h prn`, `once daily in the morning`) form one frequency. */
function mergeFrequencies(parts: readonly SigPart[]): SigPart[] {
  const out: SigPart[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (p.kind === 'frequency' && last !== undefined && last.kind === 'frequency' && last.tokenEnd === p.tokenStart) {
      out[out.length - 1] = { ...last, end: p.end, tokenEnd: p.tokenEnd, ruleId: `${last.ruleId}+${p.ruleId}`, normalized: `${last.normalized ?? ''}, ${p.normalized ?? ''}` };
    } else out.push(p);
  }
  return out;
}

export interface AdministrationExtent {
  readonly begin: number;
  readonly end: number;
}

function administration(text: string, parts: readonly SigPart[], extent: AdministrationExtent): Annotation {
  const doses = parts.filter((p) => p.kind === 'dose');
  const frequencies = parts.filter((p) => p.kind === 'frequency');
  const routes = parts.filter((p) => p.kind === 'route');
  const durations = parts.filter((p) => p.kind === 'duration');
  const forms = parts.filter((p) => p.kind === 'form');
  const change = parts.find((p) => p.kind === 'doseChange');
  // The dose given: the `to` dose of a change, else the first numeric dose, else the first dose without a role.
  const current = doses.find((d) => d.role === 'to') ?? doses.find((d) => d.role === undefined && d.unit !== undefined) ?? doses.find((d) => d.role === undefined) ?? doses.find((d) => d.role !== 'from' && d.role !== 'by');
  const out: Annotation = { type: 'aci.SubstanceAdministration', ...spanFields(text, extent) };
  if (current !== undefined) out.dosageValue = text.slice(current.begin, current.end);
  if (frequencies.length > 0) out.frequencyValue = frequencies.map((f) => text.slice(f.begin, f.end)).join(', ');
  if (routes.length > 0) out.route = routes.map((r) => ({ type: 'aci.DrugRoute', ...spanFields(text, r), normalized: r.normalized }));
  if (durations.length > 0) out.duration = durations.map((d) => ({ type: 'aci.Duration', ...spanFields(text, d), value: d.value, unit: d.unit }));
  if (doses.length > 0) {
    out.dosage = doses.map((d) => ({ type: 'aci.Dosage', ...spanFields(text, d), value: d.value, unit: d.unit, ...(d.role === undefined ? {} : { role: d.role }) }));
  }
  if (frequencies.length > 0) out.frequency = frequencies.map((f) => ({ type: 'aci.Frequency', ...spanFields(text, f), normalized: f.normalized }));
  if (forms.length > 0) out.form = forms.map((f) => ({ type: 'aci.DrugForm', ...spanFields(text, f), normalized: f.normalized }));
  if (change !== undefined) {
    const pick = (role: 'from' | 'to' | 'by'): string | undefined => {
      const d = doses.find((x) => x.role === role);
      return d === undefined ? undefined : text.slice(d.begin, d.end);
    };
    const from = pick('from');
    const to = pick('to');
    const by = pick('by');
    out.doseChange = {
      direction: change.direction,
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
      ...(by === undefined ? {} : { by }),
      trigger: { type: 'aci.DoseChangeTrigger', ...spanFields(text, change) },
    };
  }
  return out;
}

/** End of the tokens a part consumed; the part's own end when it stops inside its last token (`mg.` → `mg`). */
function extentEnd(p: SigPart, tokens: readonly { begin: number; end: number }[]): number {
  const last = tokens[p.tokenEnd - 1]!;
  return p.end > last.begin && p.end < last.end ? p.end : last.end;
}

/** The MedicationInd annotation of one drug with its attached signature elements. */
export function medicationAnnotation(text: string, attached: AttachedMedication, tokens: readonly { begin: number; end: number }[]): Annotation {
  const { drug } = attached;
  const parts = mergeFrequencies(attached.parts);
  let begin = drug.begin;
  let end = drug.end;
  let admin: Annotation | undefined;
  if (parts.length > 0) {
    const extent = {
      begin: Math.min(...parts.map((p) => tokens[p.tokenStart]!.begin)),
      end: Math.max(...parts.map((p) => extentEnd(p, tokens))),
    };
    admin = administration(text, parts, extent);
    begin = Math.min(begin, extent.begin);
    end = Math.max(end, extent.end);
  }
  // Fields are written in their wire order; optional ones only when present.
  const drugText = text.slice(drug.begin, drug.end);
  const name: Annotation = { type: 'aci.DrugName', begin: drug.begin, end: drug.end, coveredText: drugText, drugSurfaceForm: drugText, drugNormalizedName: drug.normalizedName };
  if (drug.cui !== undefined) name.cui = drug.cui;
  if (drug.rxNormId !== undefined) name.rxNormID = drug.rxNormId;
  const out: Annotation = { type: MEDICATION_TYPE, begin, end, coveredText: text.slice(begin, end) };
  if (drug.cui !== undefined) out.cui = drug.cui;
  if (drug.rxNormId !== undefined) out.rxNormID = drug.rxNormId;
  if (admin !== undefined) out.administration = [admin];
  const indDrug: Annotation = { type: 'aci.Ind_Drug', begin: drug.begin, end: drug.end, coveredText: drugText, complex: 'false' };
  if (drug.cui !== undefined) indDrug.cui = drug.cui;
  indDrug.name1 = [name];
  out.drug = [indDrug];
  out.dateInMilliseconds = ' ';
  out._annotator = 'medication';
  out._ruleIds = [drug.ruleId, ...parts.map((p) => p.ruleId)];
  return out;
}
