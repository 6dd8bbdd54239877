// Benchmark input: the clinical notes of ACI-Bench (the `note` column of train.csv and valid.csv), cut
// into notes of about 2,000 characters at a line or word boundary, so every figure is "per 2,000-char note".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../../eval/lib/csv.js';

export const NOTE_CHARS = 2000;

export function loadAciBenchNotes(evalDir: string): string[] {
  const notes: string[] = [];
  for (const file of ['train.csv', 'valid.csv']) {
    for (const row of parseCsv(readFileSync(join(evalDir, 'aci-bench', file), 'utf8'))) {
      const note = row.note ?? '';
      if (note.trim() !== '') notes.push(note);
    }
  }
  return notes;
}

/** Cuts each text into chunks of at most `size` characters, at the last newline or space before the limit. */
export function chunkTexts(texts: readonly string[], size = NOTE_CHARS): string[] {
  const out: string[] = [];
  for (const text of texts) {
    let start = 0;
    while (start < text.length) {
      let end = Math.min(text.length, start + size);
      if (end < text.length) {
        const nl = text.lastIndexOf('\n', end);
        const sp = text.lastIndexOf(' ', end);
        const cut = nl > start + size / 2 ? nl : sp > start + size / 2 ? sp : end;
        end = cut;
      }
      const chunk = text.slice(start, end);
      if (chunk.trim() !== '') out.push(chunk);
      start = end;
    }
  }
  return out;
}
