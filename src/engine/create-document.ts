// Builds the Document every pipeline starts from: the text, its tokens and sentences, no layers yet.
import type { Document } from './document.js';
import { splitSentences } from './text/sentences.js';
import { tokenize } from './text/tokenize.js';

export function createDocument(text: string): Document {
  const tokens = tokenize(text);
  return { text, tokens, sentences: splitSentences(text, tokens), layers: new Map(), derived: new Map() };
}
