// What one selected annotation carries: codes with their systems, semantic type, section, context
// flags, values and the raw JSON of the element as the service returned it.
import type { JSX } from 'preact';
import { detailsOf, type ViewAnnotation } from './annotations.js';

function Rows({ title, rows }: { title: string; rows: readonly (readonly [string, string])[] }): JSX.Element | null {
  if (rows.length === 0) return null;
  return (
    <section class="detail-group">
      <h4>{title}</h4>
      <dl>
        {rows.map(([k, v]) => (
          <div class="row" key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function DetailsPanel({ annotation, onClose }: { annotation: ViewAnnotation | undefined; onClose: () => void }): JSX.Element {
  if (annotation === undefined) {
    return (
      <aside class="details" aria-label="Annotation details" id="details">
        <p class="hint">Select a highlighted span (click, or Tab to it and press Enter) to see its details.</p>
      </aside>
    );
  }
  const d = detailsOf(annotation);
  return (
    <aside class="details" aria-label="Annotation details" id="details" aria-live="polite">
      <header class="details-head">
        <h3>
          <span class={`swatch cat-${annotation.category}`} aria-hidden="true" /> {annotation.type}
        </h3>
        <button type="button" class="link" onClick={onClose} aria-label="Close details">×</button>
      </header>
      <p class="covered">
        “{annotation.coveredText}” <span class="muted">[{annotation.begin}, {annotation.end}) · {annotation.dataKey}</span>
      </p>
      {d.codes.length > 0 ? (
        <section class="detail-group">
          <h4>Codes</h4>
          <table class="codes">
            <thead><tr><th scope="col">System</th><th scope="col">Field</th><th scope="col">Code</th></tr></thead>
            <tbody>
              {d.codes.map((c) => <tr key={c.field}><td>{c.system}</td><td><code>{c.field}</code></td><td><code>{c.value}</code></td></tr>)}
            </tbody>
          </table>
        </section>
      ) : null}
      <Rows title="Semantic type" rows={d.semantic} />
      <Rows title="Section" rows={d.section} />
      <Rows title="Context" rows={d.flags} />
      <Rows title="Values" rows={d.values} />
      <details class="raw" open>
        <summary>Raw JSON</summary>
        <pre class="json" data-testid="annotation-json">{JSON.stringify(annotation.raw, null, 2)}</pre>
      </details>
    </aside>
  );
}
