import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { createDocument } from '../../create-document.js';
import type { Document } from '../../document.js';
import { headingSpans, inHeading } from './headings.js';
import { annotateSections, compileBuiltInSections, sectionParams, type SectionParams } from './section.js';

const compiled = compileBuiltInSections();
const defaults = Value.Default(sectionParams, {}) as SectionParams;

function withSections(text: string): Document {
  const doc = createDocument(text);
  doc.layers.set('sections', [...(annotateSections(doc, compiled, defaults).add?.sections ?? [])]);
  return doc;
}

const texts = (doc: Document): string[] => headingSpans(doc).map((h) => `${h.kind}:${doc.text.slice(h.begin, h.end)}`);

describe('headings', () => {
  test('section header titles come from the sections layer', () => {
    const doc = withSections('HISTORY OF PRESENT ILLNESS\n\nShe has had a viral illness.\n\nFamily history: none.');
    assert.deepEqual(texts(doc), ['section-title:HISTORY OF PRESENT ILLNESS', 'section-title:Family history']);
    const illness = doc.text.indexOf('ILLNESS');
    assert.equal(inHeading(doc, illness, illness + 7), true);
    const viral = doc.text.indexOf('illness.');
    assert.equal(inHeading(doc, viral, viral + 7), false);
  });

  test('organ-system labels: bulleted, numbered, after a full stop, several adjectives', () => {
    const doc = createDocument([
      '• Psychiatric: Endorses depression.',
      '•\u202fCardiovascular:\u202f Denies chest pain.',
      '2. Allergic/Immunologic: Denies hives.',
      'Neurological: Negative. Psychiatric: anxious.',
      'Gastrointestinal and genitourinary: negative.',
    ].join('\n'));
    assert.deepEqual(texts(doc), [
      'system-label:Psychiatric', 'system-label:Cardiovascular', 'system-label:Allergic/Immunologic',
      'system-label:Neurological', 'system-label:Psychiatric', 'system-label:Gastrointestinal and genitourinary',
    ]);
  });

  test('noun labels, lower-case words, labels without a colon and adjectives in sentences are not headings', () => {
    const doc = createDocument([
      'Hypertension: well controlled.',
      'psychiatric: see below.',
      'Psychiatric review was normal.',
      'He had a psychiatric admission: in 2019.',
      'Allergic to penicillin.',
    ].join('\n'));
    assert.deepEqual(texts(doc), []);
  });
});
