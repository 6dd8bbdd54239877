// Semantic types for open-ontology concepts, which carry no UMLS MRSTY assignment: decided from the
// ontology branch where one is known (DOID), otherwise from the label. UMLS abbreviations throughout.

const NEOPLASM_WORDS = /\b(cancer|carcinoma|carcinomas|neoplasm|neoplasms|neoplastic|tumou?rs?|sarcoma|lymphoma|leukaemia|leukemia|melanoma|adenoma|myeloma|glioma|blastoma|metastas[ie]s|malignan(t|cy))\b|[a-z]{3,}(blastoma|sarcoma|carcinoma|cytoma|thelioma|gioma|glioma|noma|lioma)\b/i;
const FINDING_WORDS = /^(abnormal|abnormality|increased|decreased|elevated|reduced|low|high|absent|aplasia|hypoplasia)\b|\b(level|levels|concentration|count|morphology|measurement)\b/i;

/**
 * Qualifiers, not disorders: a one-word adjective label (HPO's clinical modifiers "Prolonged", "Transient",
 * "Nocturnal"; MONDO's "acquired", "congenital") or a mode of inheritance ("Mitochondrial inheritance").
 * Typed `qlco` (Qualitative Concept) so disorder-typed uses of the knowledge base leave them out.
 */
const ADJECTIVE_WORD = /^[A-Za-z-]+(al|ed|ent|ive|ous|ary|ory|ic|ar|ant|ile)$/;
/** One-word labels with an adjective ending that are nouns ("Colic", "Eschar", "Withdrawal"). */
const NOUN_EXCEPTIONS = /^(colic|eschar|withdrawal|tic|panic|mental|cleft)$/i;
export function isQualifierLabel(label: string): boolean {
  const text = label.trim();
  if (/\binheritance$/i.test(text)) return true;
  return !text.includes(' ') && ADJECTIVE_WORD.test(text) && !NOUN_EXCEPTIONS.test(text);
}

/** `neop` when the label names a neoplasm, `qlco` for qualifier labels (isQualifierLabel), else `dsyn`. */
export function diseaseTypeFromLabel(label: string): string {
  if (isQualifierLabel(label)) return 'qlco';
  return NEOPLASM_WORDS.test(label) ? 'neop' : 'dsyn';
}

/**
 * HPO's history terms (its "Past medical history" branch: "Past medical history", "Family history", "Birth
 * history", "Family history of cancer", "History of vasectomy") record what is known about a patient's past, not a
 * phenotype the patient has nor a measurement taken: `inpr` (Intellectual Product, as UMLS types records), so
 * disorder-typed uses leave them out and they are not read as lab tests.
 */
const HISTORY_LABEL = /\bhistory\b/i;

/** HPO phenotypes: findings (`fndg`) for abnormal-measurement style labels, else signs and symptoms (`sosy`). */
export function phenotypeTypeFromLabel(label: string): string {
  if (isQualifierLabel(label)) return 'qlco';
  if (HISTORY_LABEL.test(label)) return 'inpr';
  if (NEOPLASM_WORDS.test(label)) return 'neop';
  return FINDING_WORDS.test(label) ? 'fndg' : 'sosy';
}

/** Labels whose head names a body substance (serum, whole blood, cerebrospinal fluid, pleural effusion). */
const BODY_SUBSTANCE_HEAD = /\b(serum|plasma|blood|urine|sputum|bile|saliva|semen|sweat|feces|faeces|stool|pus|mucus|lymph|milk|fluid|effusion|exudate|transudate|secretions?|excreta|cerumen|vomitus|meconium|colostrum|ascites)$/i;
/** Labels whose head names a cell or cells (T cell, hepatocyte, neutrophils, platelet). */
const CELL_HEAD = /(\bcells?|[a-z]{3,}cytes?|\bneutrophils?|\beosinophils?|\bbasophils?|\bplatelets?|\bmacrophages?|\bfibroblasts?|\bblasts?)$/i;

/**
 * Anatomy lexicon concepts (UBERON, NCIt): body substances are `bdsu` and cells `cell`, as UMLS types serum, blood
 * and lymphocytes; other structures `bpoc`. Text names a substance or a cell as a specimen or a count (`serum
 * creatinine`, `blood cultures`, `tumor cells`) far more often than as a body part.
 */
export function anatomyTypeFromLabel(label: string): string {
  const text = label.trim();
  if (BODY_SUBSTANCE_HEAD.test(text)) return 'bdsu';
  if (CELL_HEAD.test(text)) return 'cell';
  return 'bpoc';
}

/** ICD-10-CM chapter by code letter → semantic type; undefined for chapters not used as concepts (V–Z). */
export function icd10Type(code: string): string | undefined {
  const letter = code.charAt(0).toUpperCase();
  const two = Number.parseInt(code.slice(1, 3), 10);
  switch (letter) {
    case 'C':
      return 'neop';
    case 'D':
      return two <= 49 ? 'neop' : 'dsyn';
    case 'F':
      return 'mobd';
    case 'Q':
      return 'cgab';
    case 'R':
      return two >= 70 ? 'fndg' : 'sosy';
    case 'S':
    case 'T':
      return 'inpo';
    case 'V':
    case 'W':
    case 'X':
    case 'Y':
    case 'Z':
    case 'U':
      return undefined;
    default:
      return 'dsyn';
  }
}
