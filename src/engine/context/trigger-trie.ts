// The trigger matcher, compiled once (STYLE.md §5): every rule's literal or token pattern is expanded into
// token sequences, tokenized with the same tokenizer as the text, and stored in a trie keyed by the shared
// lexicon key ids of the token texts (text/token-keys.ts: a Document's token ids are taken once and read by
// every trie of the flow). Matching is a greedy longest-match walk over a token range: no regex in the loop.
import { DomainError } from '../../errors.js';
import type { Token } from '../document.js';
import type { ContextRule } from './context-rule.js';
import { lexiconKeyCount, lexiconKeyId, tokenKeyIds } from '../text/token-keys.js';

export type TokenizeFn = (text: string) => readonly Pick<Token, 'lower'>[];

interface TrieNode {
  /** Children by lexicon key id of the next token's text. */
  readonly next: Map<number, TrieNode>;
  /** Rules whose full sequence ends here (several categories may share one surface form). */
  rules: ContextRule[];
}

export interface TriggerTrie {
  readonly root: TrieNode;
  /** The root's children by key id in an array (most tokens start no trigger: one read settles them). */
  readonly first: readonly (TrieNode | undefined)[];
  /** Longest sequence, in tokens. */
  readonly maxLength: number;
  readonly sequenceCount: number;
}

export interface TriggerMatch {
  /** Every rule that ends on the longest match (one per category at most in a curated lexicon). */
  readonly rules: readonly ContextRule[];
  /** Token indices into Document.tokens, end exclusive. */
  readonly tokenBegin: number;
  readonly tokenEnd: number;
  /** Character offsets into Document.text, end exclusive. */
  readonly begin: number;
  readonly end: number;
}

/** Expansion guard: a pattern that expands to more sequences than this is a lexicon bug. */
export const MAX_SEQUENCES_PER_RULE = 20_000;

/** Token text as the matcher compares it: the tokenizer's lower case, typographic apostrophes folded. */
export function normalizeToken(lower: string): string {
  let out = lower;
  if (out.includes('\u2019') || out.includes('\u02bc') || out.includes('\u2018')) {
    out = out.replaceAll('\u2019', "'").replaceAll('\u02bc', "'").replaceAll('\u2018', "'");
  }
  return out;
}

function apostropheVariants(word: string): string[] {
  if (!word.includes("'")) return [word];
  return [word, word.replaceAll("'", '\u2019'), word.replaceAll("'", '\u02bc'), word.replaceAll("'", '\u2018')];
}

function tokenizePhrase(phrase: string, tokenize: TokenizeFn): string[] {
  return tokenize(phrase).map((t) => normalizeToken(t.lower));
}

/** All token sequences a rule matches (its pattern, or its literal when it has none). */
export function expandRule(rule: ContextRule, tokenize: TokenizeFn): string[][] {
  if (rule.pattern === undefined) {
    const seq = tokenizePhrase(rule.literal, tokenize);
    return seq.length === 0 ? [] : [seq];
  }
  let sequences: string[][] = [[]];
  for (const element of rule.pattern) {
    const alternatives = element.in.map((alt) => tokenizePhrase(alt, tokenize)).filter((s) => s.length > 0);
    if (element.optional) alternatives.push([]);
    const grown: string[][] = [];
    for (const prefix of sequences) {
      for (const alt of alternatives) grown.push([...prefix, ...alt]);
    }
    if (grown.length > MAX_SEQUENCES_PER_RULE) {
      throw new DomainError('INTERNAL', `context rule "${rule.id}" expands to more than ${MAX_SEQUENCES_PER_RULE} token sequences`);
    }
    sequences = grown;
  }
  return sequences.filter((s) => s.length > 0);
}

export function compileTriggerTrie(rules: readonly ContextRule[], tokenize: TokenizeFn): TriggerTrie {
  const root: TrieNode = { next: new Map(), rules: [] };
  let maxLength = 0;
  let sequenceCount = 0;
  for (const rule of rules) {
    for (const seq of expandRule(rule, tokenize)) {
      let node = root;
      for (const word of seq) {
        let child = node.next.get(lexiconKeyId(word));
        if (child === undefined) {
          child = { next: new Map(), rules: [] };
          // typographic apostrophes lead to the same node, so matching needs no normalisation
          for (const key of apostropheVariants(word)) node.next.set(lexiconKeyId(key), child);
        }
        node = child;
      }
      if (!node.rules.includes(rule)) node.rules.push(rule);
      maxLength = Math.max(maxLength, seq.length);
      sequenceCount += 1;
    }
  }
  const first = new Array<TrieNode | undefined>(lexiconKeyCount()).fill(undefined);
  for (const [id, child] of root.next) first[id] = child;
  return { root, first, maxLength, sequenceCount };
}

/**
 * Greedy, left-to-right, longest-match triggers over tokens[from, to). Matches never overlap: a pseudo
 * trigger such as `no change` therefore hides the `no` inside it.
 */
export function matchTriggers(tokens: readonly Token[], from: number, to: number, trie: TriggerTrie): TriggerMatch[] {
  const out: TriggerMatch[] = [];
  const ids = tokenKeyIds(tokens);
  const first = trie.first;
  const end = Math.min(to, tokens.length);
  let i = from;
  while (i < end) {
    const id = ids[i]!;
    let node = id >= 0 && id < first.length ? first[id] : undefined;
    if (node === undefined) {
      i += 1;
      continue;
    }
    let bestEnd = node.rules.length > 0 ? i + 1 : -1;
    let bestRules = node.rules;
    // A node without children (a trigger's last word, one in nine lookups) needs no lookup.
    for (let j = i + 1; j < end && node.next.size > 0; j++) {
      const next = ids[j]!;
      node = next < 0 ? undefined : node.next.get(next);
      if (node === undefined) break;
      if (node.rules.length > 0) {
        bestEnd = j + 1;
        bestRules = node.rules;
      }
    }
    if (bestEnd > i) {
      const firstToken = tokens[i] as Token;
      const last = tokens[bestEnd - 1] as Token;
      out.push({ rules: bestRules, tokenBegin: i, tokenEnd: bestEnd, begin: firstToken.begin, end: last.end });
      i = bestEnd;
    } else {
      i += 1;
    }
  }
  return out;
}
