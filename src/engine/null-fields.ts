// "Null means absent": ACD treats a JSON null in a request body as a field that was not sent, and the
// official Python SDK sends `"parameters": null, "configurations": null` for every annotator it builds
// (also null `profile`, `async`, `description`, `publish`, container `id`). Profiles, flows and analysis
// requests pass through dropNullFields before they are validated, so every validator sees the field as
// absent and nothing stores or echoes the null.
//
// Not entered: the contents of `configurations` and `globalConfigurations` (filter conditions and other
// annotator configuration are the annotator's own data, checked by its own rules), and array items (a null
// item of a list is not an absent field: it stays and its validator names it).

/** Keys whose value is kept as sent (only a null value itself is dropped). */
const OPAQUE_KEYS: ReadonlySet<string> = new Set(['configurations', 'globalConfigurations']);

const MAX_DEPTH = 64;
/** Marks a null field to leave out. */
const DROP = Symbol('drop');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `value` without its null-valued object fields, at any depth up to 64 levels. Returns the same object
 * (or array) when nothing was dropped beneath it, so a request without nulls is neither copied nor
 * changed (the analysis fast path compares the flows by identity).
 */
export function dropNullFields<T>(value: T): T {
  return strip(value, 0) as T;
}

function strip(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return value; // deeper bodies are refused by their validators
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const stripped = strip(item, depth + 1);
      if (stripped !== item) {
        copy ??= value.slice();
        copy[i] = stripped;
      }
    }
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  // First pass: the stripped value of each field, remembered only once one differs (most bodies have no null).
  let changed: Map<string, unknown> | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const field = value[key];
    const stripped = field === null ? DROP : OPAQUE_KEYS.has(key) ? field : strip(field, depth + 1);
    if (stripped !== field) (changed ??= new Map()).set(key, stripped);
  }
  if (changed === undefined) return value;
  // A fresh object built by definition (no `delete`, which slows objects down; a key such as `__proto__`
  // stays an own field instead of setting the prototype).
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const next = changed.has(key) ? changed.get(key) : value[key];
    if (next === DROP) continue;
    if (key === '__proto__') Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
    else copy[key] = next;
  }
  return copy;
}
