// `expression` conditions of ACD attribute sets, e.g.
//   ${insightModelData.diagnosis.usage.explicitScore} + ${insightModelData.diagnosis.usage.patientReportedScore} >= 0.7
// A tiny, safe arithmetic language compiled once into a closure (no eval):
//   expr := or;  or := and ("||" and)*;  and := cmp ("&&" cmp)*;  cmp := sum (("<"|"<="|">"|">="|"=="|"!=") sum)?
//   sum := prod (("+"|"-") prod)*;  prod := unary (("*"|"/") unary)*;  unary := "-" unary | primary
//   primary := number | "${" dotted.path "}" | "(" expr ")"
// A field reads the first numeric value found at its path (arrays: any element); a missing or
// non-numeric field reads as 0. Comparisons give 1 or 0; the condition holds when the result is non-zero.

type Reader = (annotation: Readonly<Record<string, unknown>>) => number;

export type ExpressionCompileResult =
  | { readonly ok: true; readonly evaluate: (annotation: Readonly<Record<string, unknown>>) => boolean; readonly fields: readonly string[] }
  | { readonly ok: false; readonly error: string };

type Token = { kind: 'num'; value: number } | { kind: 'field'; path: string } | { kind: 'op'; op: string };

const MAX_EXPRESSION_LENGTH = 4_096;

/**
 * Compiles an expression; `readerFor(path)` gives the function that reads a field's number (called once per
 * field at compile time).
 */
export function compileExpression(source: string, readerFor: (path: string) => (annotation: Readonly<Record<string, unknown>>) => number | undefined): ExpressionCompileResult {
  if (source.length > MAX_EXPRESSION_LENGTH) return { ok: false, error: `expression longer than ${MAX_EXPRESSION_LENGTH} characters` };
  const tokens = tokenize(source);
  if (typeof tokens === 'string') return { ok: false, error: tokens };
  if (tokens.length === 0) return { ok: false, error: 'empty expression' };
  const fields: string[] = [];
  let pos = 0;
  const peekOp = (): string | undefined => {
    const t = tokens[pos];
    return t !== undefined && t.kind === 'op' ? t.op : undefined;
  };
  const binary = (next: () => Reader, ops: readonly string[]) => (): Reader => {
    let left = next();
    for (let op = peekOp(); op !== undefined && ops.includes(op); op = peekOp()) {
      pos++;
      left = combine(op, left, next());
    }
    return left;
  };
  const primary = (): Reader => {
    const t = tokens[pos++];
    if (t === undefined) throw new SyntaxError('unexpected end of expression');
    if (t.kind === 'num') {
      const v = t.value;
      return () => v;
    }
    if (t.kind === 'field') {
      fields.push(t.path);
      const read = readerFor(t.path);
      return (a) => read(a) ?? 0;
    }
    if (t.op === '-') {
      const inner = primary();
      return (a) => -inner(a);
    }
    if (t.op === '(') {
      const inner = orExpr();
      const close = tokens[pos++];
      if (close === undefined || close.kind !== 'op' || close.op !== ')') throw new SyntaxError('missing ")"');
      return inner;
    }
    throw new SyntaxError(`unexpected "${t.op}"`);
  };
  const product = binary(primary, ['*', '/']);
  const sum = binary(product, ['+', '-']);
  const comparison = binary(sum, ['<', '<=', '>', '>=', '==', '!=']);
  const andExpr = binary(comparison, ['&&']);
  const orExpr: () => Reader = binary(andExpr, ['||']);
  try {
    const root = orExpr();
    if (pos !== tokens.length) return { ok: false, error: 'unexpected trailing tokens' };
    return { ok: true, evaluate: (a) => truthy(root(a)), fields };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** The reader of `l op r`, the operator chosen once (both sides are always evaluated, left first). */
function combine(op: string, l: Reader, r: Reader): Reader {
  switch (op) {
    case '*': return (a) => l(a) * r(a);
    case '/': return (a) => l(a) / r(a);
    case '+': return (a) => l(a) + r(a);
    case '-': return (a) => l(a) - r(a);
    case '<': return (a) => (l(a) < r(a) ? 1 : 0);
    case '<=': return (a) => (l(a) <= r(a) ? 1 : 0);
    case '>': return (a) => (l(a) > r(a) ? 1 : 0);
    case '>=': return (a) => (l(a) >= r(a) ? 1 : 0);
    case '==': return (a) => (l(a) === r(a) ? 1 : 0);
    case '!=': return (a) => (l(a) !== r(a) ? 1 : 0);
    case '&&': return (a) => {
      const x = l(a);
      const y = r(a);
      return truthy(x) && truthy(y) ? 1 : 0;
    };
    default: return (a) => { // ||
      const x = l(a);
      const y = r(a);
      return truthy(x) || truthy(y) ? 1 : 0;
    };
  }
}

function truthy(v: number): boolean {
  return v !== 0 && !Number.isNaN(v);
}

const TWO_CHAR_OPS = new Set(['<=', '>=', '==', '!=', '&&', '||']);
const ONE_CHAR_OPS = new Set(['<', '>', '+', '-', '*', '/', '(', ')']);

function tokenize(s: string): Token[] | string {
  const out: Token[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    if (c === 36 /* $ */) {
      if (s.charCodeAt(i + 1) !== 123 /* { */) return `expected "{" after "$" at ${i}`;
      const end = s.indexOf('}', i + 2);
      if (end < 0) return `unterminated "\${" at ${i}`;
      const path = s.slice(i + 2, end).trim();
      if (path === '') return `empty field reference at ${i}`;
      out.push({ kind: 'field', path });
      i = end + 1;
      continue;
    }
    if ((c >= 48 && c <= 57) || c === 46 /* . */) {
      let j = i;
      while (j < s.length && ((s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) || s.charCodeAt(j) === 46)) j++;
      const value = Number(s.slice(i, j));
      if (!Number.isFinite(value)) return `bad number "${s.slice(i, j)}" at ${i}`;
      out.push({ kind: 'num', value });
      i = j;
      continue;
    }
    const two = s.slice(i, i + 2);
    if (TWO_CHAR_OPS.has(two)) {
      out.push({ kind: 'op', op: two });
      i += 2;
      continue;
    }
    const one = s[i] ?? '';
    if (ONE_CHAR_OPS.has(one)) {
      out.push({ kind: 'op', op: one });
      i++;
      continue;
    }
    return `unexpected character "${one}" at ${i}`;
  }
  return out;
}
