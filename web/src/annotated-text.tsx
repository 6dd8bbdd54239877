// The analysed text with every visible annotation as layered marks: one <mark> per covering span in
// each segment (outermost lane outside), coloured by category, negated ones struck through,
// hypothetical ones dash-underlined with a badge. The first segment of each annotation is a tab stop
// (role=button); click or Enter/Space selects the innermost annotation under the pointer.
import type { JSX } from 'preact';
import { useMemo } from 'preact/hooks';
import type { ViewAnnotation } from './annotations.js';
import { assignLanes, toSegments } from './segments.js';

const MAX_LANES = 10;

interface Props {
  readonly text: string;
  readonly annotations: readonly ViewAnnotation[];
  readonly selected: string | undefined;
  readonly onSelect: (key: string) => void;
}

export function AnnotatedText({ text, annotations, selected, onSelect }: Props): JSX.Element {
  const layout = useMemo(() => {
    const lanes = assignLanes(annotations);
    const laneByKey = new Map(annotations.map((a, i) => [a.key, Math.min(lanes[i] ?? 0, MAX_LANES - 1)]));
    const laneOf = (a: ViewAnnotation): number => laneByKey.get(a.key) ?? 0;
    const segments = toSegments(text.length, annotations, laneOf);
    const firstSegment = new Map<string, number>();
    const lastSegment = new Map<string, number>();
    segments.forEach((s, i) => {
      for (const a of s.spans) {
        if (!firstSegment.has(a.key)) firstSegment.set(a.key, i);
        lastSegment.set(a.key, i);
      }
    });
    const maxLane = Math.max(0, ...laneByKey.values());
    return { segments, laneOf, firstSegment, lastSegment, maxLane };
  }, [text, annotations]);

  const activate = (key: string) => (event: JSX.TargetedKeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      onSelect(key);
    }
  };

  const style = { '--lanes': String(layout.maxLane + 1) } as JSX.CSSProperties;
  return (
    <div class="annotated-text" style={style} aria-label="Analysed text with annotations">
      {layout.segments.map((segment, index) => {
        const plain = text.slice(segment.begin, segment.end);
        let inner: JSX.Element | string = plain;
        // spans are outermost first; wrap from the innermost outwards
        for (let i = segment.spans.length - 1; i >= 0; i -= 1) {
          const a = segment.spans[i]!;
          const first = layout.firstSegment.get(a.key) === index;
          const last = layout.lastSegment.get(a.key) === index;
          const classes = ['ann', `cat-${a.category}`];
          if (a.negated) classes.push('is-negated');
          if (a.hypothetical) classes.push('is-hypothetical');
          if (a.key === selected) classes.push('is-selected');
          const markStyle = { '--lane': String(layout.laneOf(a)) } as JSX.CSSProperties;
          inner = (
            <mark
              class={classes.join(' ')}
              style={markStyle}
              data-key={a.key}
              data-category={a.category}
              title={`${a.type}: ${a.coveredText}`}
              {...(first ? { tabIndex: 0, role: 'button', 'aria-label': `${a.type} ${a.coveredText}${a.negated ? ' (negated)' : ''}${a.hypothetical ? ' (hypothetical)' : ''}`, 'aria-pressed': a.key === selected, onKeyDown: activate(a.key) } : {})}
              onClick={(event: MouseEvent) => {
                event.stopPropagation();
                onSelect(a.key);
              }}
            >
              {inner}
              {last && a.category === 'hypothetical' ? <span class="badge badge-hyp" aria-hidden="true">hyp</span> : null}
            </mark>
          );
        }
        return <span key={`${segment.begin}-${segment.end}`} class="seg">{inner}</span>;
      })}
    </div>
  );
}
