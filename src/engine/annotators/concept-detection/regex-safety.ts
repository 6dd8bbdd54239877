// Dictionary regexes come from tenants' cartridges and run over every analysed text. A pattern that repeats
// a group which itself repeats without bound (`(a+)+`, `(\w+\s?)*`, `(?:x*y){2,}`) backtracks exponentially
// on a near-miss ("aaaa…a!"): one request then holds an analysis worker until its time budget runs out.
// This scanner finds that shape (star height > 1) without running the pattern. It does not prove a pattern
// safe: overlapping alternatives under one quantifier (`(a|a)*`) are not detected.

/** Where a quantifier starting at `i` ends, and whether it is unbounded (`*`, `+`, `{n,}`). */
function readQuantifier(source: string, i: number): { end: number; unbounded: boolean } | undefined {
  const c = source[i];
  let end: number;
  let unbounded: boolean;
  if (c === '*' || c === '+') [end, unbounded] = [i + 1, true];
  else if (c === '?') [end, unbounded] = [i + 1, false];
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i, i + 24));
    if (m === null) return undefined; // a literal brace
    [end, unbounded] = [i + m[0].length, m[2] !== undefined && m[3] === ''];
  } else return undefined;
  // A lazy (`?`) or Java possessive (`+`) marker belongs to the quantifier.
  if (source[end] === '?' || source[end] === '+') end += 1;
  return { end, unbounded };
}

/** Index just past the character class that opens at `i` (`[`). */
function skipClass(source: string, i: number): number {
  let j = i + 1;
  if (source[j] === '^') j += 1;
  if (source[j] === ']') j += 1; // a leading `]` is a literal
  while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
  return j + 1;
}

/** True when an unbounded quantifier applies to a group that contains an unbounded quantifier. */
export function hasNestedUnboundedQuantifier(source: string): boolean {
  // One entry per open group: whether an unbounded quantifier occurs inside it.
  const groups: boolean[] = [false];
  let i = 0;
  const markUnbounded = (): void => {
    groups[groups.length - 1] = true;
  };
  while (i < source.length) {
    const c = source[i];
    if (c === '(') {
      groups.push(false);
      i += 1;
      if (source[i] === '?') i += 1; // (?: (?= (?! (?<= (?<! (?<name> (?i): the `?` is syntax, not a quantifier
      continue;
    }
    let atomEnd: number;
    let inner = false;
    if (c === ')') {
      inner = groups.length > 1 ? (groups.pop() as boolean) : false;
      atomEnd = i + 1;
    } else if (c === '[') atomEnd = skipClass(source, i);
    else if (c === '\\') atomEnd = i + 2;
    else atomEnd = i + 1;
    const quantifier = readQuantifier(source, atomEnd);
    if (quantifier?.unbounded === true && inner) return true;
    if (inner || quantifier?.unbounded === true) markUnbounded();
    i = quantifier?.end ?? atomEnd;
  }
  return false;
}
