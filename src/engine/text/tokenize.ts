// The tokenizer: one hand-written pass over charCodeAt (STYLE.md §5). Offsets are UTF-16 indices into
// the original text, exact for any Unicode. Clinical conventions:
// - words: letters, digits and combining marks (`B12`, `HbA1c`, `naïve` in NFD, `R9.2`); an apostrophe
//   inside a word stays (`don't`, `O'Brien`) except the clitic `'s`, which is its own token (`Crohn`, `'s`);
// - abbreviations written with periods are one token (`b.i.d.`, `Dr.`, `e.g.`, `mg.`): the listed ones
//   (resources/text/abbreviations.json; a word in capitals such as `CF.` is not one) and any run of
//   single letters each followed by a period;
// - numbers: decimals `12.2`, `.5`, thousands `100,000`, ratios / fractions / dates `120/80`, `5/10`,
//   `01/02/2020`, ordinals `2nd`; `400mg` is the number `400` then the word `mg`;
// - hyphens, slashes and other punctuation are their own tokens (runs of `.`, `-`, `=`, `*`, `_`, `~`,
//   `#`, `+` are one token, e.g. `...`, `---`);
// - Han, Hiragana and Katakana characters are one word token each; emoji (with modifiers, ZWJ
//   sequences, flags) are one symbol token; combining marks always stay with the character before.
import type { Token, TokenKind } from '../document.js';
import { ABBREVIATIONS, type AbbreviationTable } from './abbreviations.js';
import {
  CharClass, Code, charWidth, classAtIndex, classify, codePointAt, isApostrophe, isAsciiDigit, isEmojiModifier, isRegionalIndicator,
  widthAtIndex,
} from './char-class.js';

/** Chars whose immediate repetitions form one token (`...`, `---`, `===`). */
function isRunChar(c: number): boolean {
  return c === Code.Period || c === Code.Hyphen || c === 0x3d || c === Code.Asterisk || c === 0x5f || c === 0x7e || c === 0x23 || c === 0x2b;
}

function isWordClass(c: CharClass): boolean {
  return c === CharClass.Letter || c === CharClass.Digit || c === CharClass.Mark;
}

const MAX_ABBREVIATION_SEGMENTS = 8;

/** The ASCII letters and digits (the word characters the scanner meets most): 2 for capitals, 1 for the others. */
const ASCII_WORD: Uint8Array = (() => {
  const table = new Uint8Array(0x80);
  for (let c = 0; c < 0x80; c++) {
    if (classify(c) === CharClass.Letter || classify(c) === CharClass.Digit) table[c] = c >= 0x41 && c <= 0x5a ? 2 : 1;
  }
  return table;
})();

/** text.slice(begin, end).toLowerCase(), without the case conversion when the slice has no capital (ASCII). */
function lowerSlice(text: string, begin: number, end: number): string {
  for (let i = begin; i < end; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x41 && c <= 0x5a) || c >= 0x80) return text.slice(begin, end).toLowerCase();
  }
  return text.slice(begin, end);
}


export function tokenize(text: string, abbreviations: AbbreviationTable = ABBREVIATIONS): Token[] {
  return new Scanner(text, abbreviations).run();
}

/** One tokenizer pass: the text, the position and the tokens so far (methods instead of per-call closures). */
class Scanner {
  private readonly n: number;
  private readonly tokens: Token[] = [];
  private newline = false;
  /** The last scanWord met a capital or a non-ASCII character (its lower-case form may differ). */
  private wordHasCase = false;

  constructor(private readonly text: string, private readonly abbreviations: AbbreviationTable) {
    this.n = text.length;
  }

  private classAt(i: number): CharClass {
    return classAtIndex(this.text, i);
  }

  private push(begin: number, end: number, kind: TokenKind): void {
    this.pushLower(begin, end, kind, lowerSlice(this.text, begin, end));
  }

  private pushLower(begin: number, end: number, kind: TokenKind, lower: string): void {
    this.tokens.push({ begin, end, kind, lower, newlineBefore: this.newline });
    this.newline = false;
  }

  /** `'s` followed by a non-word char, at i (the apostrophe). */
  private isClitic(i: number): boolean {
    const text = this.text;
    if (!isApostrophe(text.charCodeAt(i))) return false;
    const s = text.charCodeAt(i + 1);
    return (s === 0x73 || s === 0x53) && !isWordClass(this.classAt(i + 2));
  }

  private skipMarks(i: number): number {
    while (i < this.n) {
      const c = this.classAt(i);
      if (c !== CharClass.Mark && c !== CharClass.Joiner) break;
      i += widthAtIndex(this.text, i);
    }
    return i;
  }

  private scanWord(start: number): number {
    const text = this.text;
    const n = this.n;
    let i = start;
    let hasCase = false;
    while (i < n) {
      const code0 = text.charCodeAt(i);
      // ASCII letters and digits: one table read.
      if (code0 < 0x80) {
        const w = ASCII_WORD[code0] as number;
        if (w !== 0) {
          if (w === 2) hasCase = true;
          i += 1;
          continue;
        }
      } else {
        hasCase = true;
      }
      const c = classAtIndex(text, i);
      if (c === CharClass.Letter || c === CharClass.Digit || c === CharClass.Mark || c === CharClass.Joiner) {
        i += widthAtIndex(text, i);
        continue;
      }
      const code = text.charCodeAt(i);
      if (isApostrophe(code) && this.classAt(i + 1) === CharClass.Letter && !this.isClitic(i)) {
        i += 1;
        continue;
      }
      // A decimal inside a word: `R9.2`, `L10.0cm`, `V1.5`.
      if (code === Code.Period && i > start && this.classAt(i - 1) === CharClass.Digit && this.classAt(i + 1) === CharClass.Digit) {
        i += 1;
        continue;
      }
      break;
    }
    this.wordHasCase = hasCase;
    return i;
  }

  /** End of the longest abbreviation starting at `start` whose first word ends at `wordEnd` (a period), or -1. */
  private matchAbbreviation(start: number, wordEnd: number): number {
    const { text, n, abbreviations } = this;
    let best = -1;
    let singleLetters = wordEnd - start === 1 || (wordEnd - start === 2 && codePointAt(text, start) > 0xffff);
    let segments = 1;
    let j = wordEnd;
    while (j < n && text.charCodeAt(j) === Code.Period && segments <= MAX_ABBREVIATION_SEGMENTS) {
      const candidateEnd = j + 1;
      // `mg...` is the word then an ellipsis, not an abbreviation.
      if (text.charCodeAt(candidateEnd) === Code.Period) break;
      // A word in capitals is an acronym, not an abbreviation (`CF.` is cystic fibrosis, not `cf.`).
      if (candidateEnd - start <= abbreviations.maxLength && !(segments === 1 && this.isUpperWord(start, j))) {
        const candidate = text.slice(start, candidateEnd).toLowerCase();
        if (abbreviations.nonTerminal.has(candidate) || abbreviations.terminal.has(candidate)) best = candidateEnd;
      }
      if (singleLetters && segments >= 2) best = candidateEnd;
      let k = candidateEnd;
      while (k < n && this.classAt(k) === CharClass.Letter) k += widthAtIndex(text, k);
      if (k === candidateEnd) break;
      if (k - candidateEnd !== widthAtIndex(text, candidateEnd)) singleLetters = false;
      segments++;
      j = k;
    }
    return best;
  }

  /** [start, end) has two or more letters, all upper case. */
  private isUpperWord(start: number, end: number): boolean {
    if (end - start < 2) return false;
    const text = this.text;
    // ASCII: no lower-case letter and at least one capital (what the case conversions below tell), without them.
    let upper = false;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) {
        const word = text.slice(start, end);
        return word === word.toUpperCase() && word !== word.toLowerCase();
      }
      if (c >= 0x61 && c <= 0x7a) return false;
      if (c >= 0x41 && c <= 0x5a) upper = true;
    }
    return upper;
  }

  private scanDigits(i: number): number {
    while (i < this.n && this.classAt(i) === CharClass.Digit) i += widthAtIndex(this.text, i);
    return i;
  }

  private threeDigitsAt(i: number): boolean {
    const text = this.text;
    return isAsciiDigit(text.charCodeAt(i)) && isAsciiDigit(text.charCodeAt(i + 1)) && isAsciiDigit(text.charCodeAt(i + 2))
      && this.classAt(i + 3) !== CharClass.Digit;
  }

  private scanNumber(start: number): number {
    const text = this.text;
    let i = this.scanDigits(start);
    let groupLength = i - start;
    let decimal = false;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === Code.Period && this.classAt(i + 1) === CharClass.Digit) {
        i = this.scanDigits(i + 1);
        decimal = true;
      } else if (c === Code.Comma && !decimal && groupLength <= 3 && this.threeDigitsAt(i + 1)) {
        i += 4;
        groupLength = 3;
      } else if (c === Code.Slash && this.classAt(i + 1) === CharClass.Digit) {
        const after = i + 1;
        i = this.scanDigits(after);
        groupLength = i - after;
        decimal = false;
      } else {
        break;
      }
    }
    // Ordinals: 1st, 2nd, 3rd, 4th.
    const a = text.charCodeAt(i) | 0x20;
    const b = text.charCodeAt(i + 1) | 0x20;
    if (((a === 0x73 && b === 0x74) || (a === 0x6e && b === 0x64) || (a === 0x72 && b === 0x64) || (a === 0x74 && b === 0x68))
      && !isWordClass(this.classAt(i + 2))) {
      i += 2;
    }
    return i;
  }

  private scanSymbol(start: number, cp: number): number {
    const { text, n } = this;
    let i = start + charWidth(cp);
    if (isRegionalIndicator(cp) && i < n && isRegionalIndicator(codePointAt(text, i))) i += 2;
    while (i < n) {
      const next = codePointAt(text, i);
      const c = classify(next);
      if (c === CharClass.Mark || isEmojiModifier(next)) {
        i += charWidth(next);
      } else if (c === CharClass.Joiner && i + 1 < n && this.classAt(i + 1) === CharClass.Symbol) {
        i += 1 + widthAtIndex(text, i + 1);
      } else {
        break;
      }
    }
    return i;
  }

  /** Combining marks / joiners right after a token belong to it. */
  private extendLast(end: number): void {
    const tokens = this.tokens;
    const last = tokens[tokens.length - 1] as Token;
    tokens[tokens.length - 1] = { ...last, end, lower: lowerSlice(this.text, last.begin, end) };
  }

  run(): Token[] {
    const { text, n, tokens } = this;
    let pos = 0;
    while (pos < n) {
      // The plain space, the most frequent character between tokens.
      if (text.charCodeAt(pos) === Code.Space) {
        pos += 1;
        continue;
      }
      const cp = codePointAt(text, pos);
      const width = charWidth(cp);
      switch (classify(cp)) {
        case CharClass.Space:
          pos += width;
          break;
        case CharClass.Newline:
          this.newline = true;
          pos += width;
          break;
        case CharClass.Letter: {
          const wordEnd = this.scanWord(pos);
          let end = wordEnd;
          if (text.charCodeAt(end) === Code.Period) {
            const abbreviationEnd = this.matchAbbreviation(pos, end);
            if (abbreviationEnd > 0) end = abbreviationEnd;
          }
          // A plain word (no abbreviation periods after it) without capitals is its own lower case.
          if (end === wordEnd && !this.wordHasCase) this.pushLower(pos, end, 'word', text.slice(pos, end));
          else this.push(pos, end, 'word');
          pos = end;
          break;
        }
        case CharClass.Digit: {
          const end = this.scanNumber(pos);
          this.push(pos, end, 'number');
          pos = end;
          break;
        }
        case CharClass.Ideograph: {
          const end = this.skipMarks(pos + width);
          this.push(pos, end, 'word');
          pos = end;
          break;
        }
        case CharClass.Mark:
        case CharClass.Joiner: {
          const end = this.skipMarks(pos);
          const last = tokens[tokens.length - 1];
          if (last !== undefined && last.end === pos) this.extendLast(end);
          else this.push(pos, end, 'symbol');
          pos = end;
          break;
        }
        case CharClass.Punct: {
          const last = tokens[tokens.length - 1];
          if (this.isClitic(pos) && last !== undefined && last.end === pos && last.kind === 'word') {
            this.push(pos, pos + 2, 'word');
            pos += 2;
            break;
          }
          const before = pos > 0 ? classify(codePointAt(text, pos - 1)) : CharClass.Space;
          if (cp === Code.Period && this.classAt(pos + 1) === CharClass.Digit && !isWordClass(before)) {
            const end = this.scanNumber(pos + 1);
            this.push(pos, end, 'number');
            pos = end;
            break;
          }
          let end = pos + width;
          if (isRunChar(cp)) while (text.charCodeAt(end) === cp) end++;
          end = this.skipMarks(end);
          this.push(pos, end, 'punct');
          pos = end;
          break;
        }
        default: {
          let end: number;
          if (isRunChar(cp)) {
            end = pos + 1;
            while (text.charCodeAt(end) === cp) end++;
            end = this.skipMarks(end);
          } else {
            end = this.scanSymbol(pos, cp);
          }
          this.push(pos, end, 'symbol');
          pos = end;
          break;
        }
      }
    }
    return tokens;
  }
}
