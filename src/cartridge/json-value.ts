// Small, total helpers for reading untrusted JSON inside cartridges.

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type JsonParseResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

/** Parses UTF-8 JSON (a leading BOM is ignored). Never throws. */
export function parseJson(bytes: Buffer | string): JsonParseResult {
  let text = typeof bytes === 'string' ? bytes : bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

export function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Deepest nesting accepted in a stored body, from a cartridge or an HTTP write (the real ACD cartridge
 * needs 15); a few hundred levels already overflow the stack of JSON.stringify when the store writes it.
 */
export const MAX_BODY_DEPTH = 64;

/** True when arrays/objects nest deeper than `max` levels (iterative: safe on hostile input). */
export function jsonDepthExceeds(value: unknown, max: number): boolean {
  const stack: { v: unknown; d: number }[] = [{ v: value, d: 0 }];
  while (stack.length > 0) {
    const { v, d } = stack.pop() as { v: unknown; d: number };
    if (typeof v !== 'object' || v === null) continue;
    if (d >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push({ v: child, d: d + 1 });
    }
  }
  return false;
}
