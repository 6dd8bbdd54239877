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
  CharClass, Code, charWidth, classify, codePointAt, isApostrophe, isAsciiDigit, isEmojiModifier, isRegionalIndicator,
} from './char-class.js';

/** Chars whose immediate repetitions form one token (`...`, `---`, `===`). */
function isRunChar(c: number): boolean {
  return c === Code.Period || c === Code.Hyphen || c === 0x3d || c === Code.Asterisk || c === 0x5f || c === 0x7e || c === 0x23 || c === 0x2b;
}

const MAX_ABBREVIATION_SEGMENTS = 8;

export function tokenize(text: string, abbreviations: AbbreviationTable = ABBREVIATIONS): Token[] {
  const n = text.length;
  const tokens: Token[] = [];
  let pos = 0;
  let newline = false;

  function classAt(i: number): CharClass {
    return i < n ? classify(codePointAt(text, i)) : CharClass.Space;
  }

  function widthAt(i: number): number {
    return charWidth(codePointAt(text, i));
  }

  function isWordClass(c: CharClass): boolean {
    return c === CharClass.Letter || c === CharClass.Digit || c === CharClass.Mark;
  }

  function push(begin: number, end: number, kind: TokenKind): void {
    tokens.push({ begin, end, kind, lower: text.slice(begin, end).toLowerCase(), newlineBefore: newline });
    newline = false;
  }

  /** `'s` followed by a non-word char, at i (the apostrophe). */
  function isClitic(i: number): boolean {
    if (!isApostrophe(text.charCodeAt(i))) return false;
    const s = text.charCodeAt(i + 1);
    return (s === 0x73 || s === 0x53) && !isWordClass(classAt(i + 2));
  }

  function skipMarks(i: number): number {
    while (i < n) {
      const c = classAt(i);
      if (c !== CharClass.Mark && c !== CharClass.Joiner) break;
      i += widthAt(i);
    }
    return i;
  }

  function scanWord(start: number): number {
    let i = start;
    while (i < n) {
      const c = classAt(i);
      if (isWordClass(c) || c === CharClass.Joiner) {
        i += widthAt(i);
        continue;
      }
      if (isApostrophe(text.charCodeAt(i)) && classAt(i + 1) === CharClass.Letter && !isClitic(i)) {
        i += 1;
        continue;
      }
      // A decimal inside a word: `R9.2`, `L10.0cm`, `V1.5`.
      if (text.charCodeAt(i) === Code.Period && i > start && classAt(i - 1) === CharClass.Digit && classAt(i + 1) === CharClass.Digit) {
        i += 1;
        continue;
      }
      break;
    }
    return i;
  }

  /** End of the longest abbreviation starting at `start` whose first word ends at `wordEnd` (a period), or -1. */
  function matchAbbreviation(start: number, wordEnd: number): number {
    let best = -1;
    let singleLetters = wordEnd - start === 1 || (wordEnd - start === 2 && codePointAt(text, start) > 0xffff);
    let segments = 1;
    let j = wordEnd;
    while (j < n && text.charCodeAt(j) === Code.Period && segments <= MAX_ABBREVIATION_SEGMENTS) {
      const candidateEnd = j + 1;
      // `mg...` is the word then an ellipsis, not an abbreviation.
      if (text.charCodeAt(candidateEnd) === Code.Period) break;
      // A word in capitals is an acronym, not an abbreviation (`CF.` is cystic fibrosis, not `cf.`).
      if (candidateEnd - start <= abbreviations.maxLength && !(segments === 1 && isUpperWord(start, j))) {
        const candidate = text.slice(start, candidateEnd).toLowerCase();
        if (abbreviations.nonTerminal.has(candidate) || abbreviations.terminal.has(candidate)) best = candidateEnd;
      }
      if (singleLetters && segments >= 2) best = candidateEnd;
      let k = candidateEnd;
      while (k < n && classAt(k) === CharClass.Letter) k += widthAt(k);
      if (k === candidateEnd) break;
      if (k - candidateEnd !== widthAt(candidateEnd)) singleLetters = false;
      segments++;
      j = k;
    }
    return best;
  }

  /** [start, end) has two or more letters, all upper case. */
  function isUpperWord(start: number, end: number): boolean {
    if (end - start < 2) return false;
    const word = text.slice(start, end);
    return word === word.toUpperCase() && word !== word.toLowerCase();
  }

  function scanDigits(i: number): number {
    while (i < n && classAt(i) === CharClass.Digit) i += widthAt(i);
    return i;
  }

  function threeDigitsAt(i: number): boolean {
    return isAsciiDigit(text.charCodeAt(i)) && isAsciiDigit(text.charCodeAt(i + 1)) && isAsciiDigit(text.charCodeAt(i + 2))
      && classAt(i + 3) !== CharClass.Digit;
  }

  function scanNumber(start: number): number {
    let i = scanDigits(start);
    let groupLength = i - start;
    let decimal = false;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === Code.Period && classAt(i + 1) === CharClass.Digit) {
        i = scanDigits(i + 1);
        decimal = true;
      } else if (c === Code.Comma && !decimal && groupLength <= 3 && threeDigitsAt(i + 1)) {
        i += 4;
        groupLength = 3;
      } else if (c === Code.Slash && classAt(i + 1) === CharClass.Digit) {
        const after = i + 1;
        i = scanDigits(after);
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
      && !isWordClass(classAt(i + 2))) {
      i += 2;
    }
    return i;
  }

  function scanSymbol(start: number, cp: number): number {
    let i = start + charWidth(cp);
    if (isRegionalIndicator(cp) && i < n && isRegionalIndicator(codePointAt(text, i))) i += 2;
    while (i < n) {
      const next = codePointAt(text, i);
      const c = classify(next);
      if (c === CharClass.Mark || isEmojiModifier(next)) {
        i += charWidth(next);
      } else if (c === CharClass.Joiner && i + 1 < n && classAt(i + 1) === CharClass.Symbol) {
        i += 1 + widthAt(i + 1);
      } else {
        break;
      }
    }
    return i;
  }

  /** Combining marks / joiners right after a token belong to it. */
  function extendLast(end: number): void {
    const last = tokens[tokens.length - 1] as Token;
    tokens[tokens.length - 1] = { ...last, end, lower: text.slice(last.begin, end).toLowerCase() };
  }

  while (pos < n) {
    const cp = codePointAt(text, pos);
    const width = charWidth(cp);
    switch (classify(cp)) {
      case CharClass.Space:
        pos += width;
        break;
      case CharClass.Newline:
        newline = true;
        pos += width;
        break;
      case CharClass.Letter: {
        let end = scanWord(pos);
        if (text.charCodeAt(end) === Code.Period) {
          const abbreviationEnd = matchAbbreviation(pos, end);
          if (abbreviationEnd > 0) end = abbreviationEnd;
        }
        push(pos, end, 'word');
        pos = end;
        break;
      }
      case CharClass.Digit: {
        const end = scanNumber(pos);
        push(pos, end, 'number');
        pos = end;
        break;
      }
      case CharClass.Ideograph: {
        const end = skipMarks(pos + width);
        push(pos, end, 'word');
        pos = end;
        break;
      }
      case CharClass.Mark:
      case CharClass.Joiner: {
        const end = skipMarks(pos);
        const last = tokens[tokens.length - 1];
        if (last !== undefined && last.end === pos) extendLast(end);
        else push(pos, end, 'symbol');
        pos = end;
        break;
      }
      case CharClass.Punct: {
        const last = tokens[tokens.length - 1];
        if (isClitic(pos) && last !== undefined && last.end === pos && last.kind === 'word') {
          push(pos, pos + 2, 'word');
          pos += 2;
          break;
        }
        const before = pos > 0 ? classify(codePointAt(text, pos - 1)) : CharClass.Space;
        if (cp === Code.Period && classAt(pos + 1) === CharClass.Digit && !isWordClass(before)) {
          const end = scanNumber(pos + 1);
          push(pos, end, 'number');
          pos = end;
          break;
        }
        let end = pos + width;
        if (isRunChar(cp)) while (text.charCodeAt(end) === cp) end++;
        end = skipMarks(end);
        push(pos, end, 'punct');
        pos = end;
        break;
      }
      default: {
        let end: number;
        if (isRunChar(cp)) {
          end = pos + 1;
          while (text.charCodeAt(end) === cp) end++;
          end = skipMarks(end);
        } else {
          end = scanSymbol(pos, cp);
        }
        push(pos, end, 'symbol');
        pos = end;
        break;
      }
    }
  }
  return tokens;
}
