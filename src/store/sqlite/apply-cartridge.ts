// The SQLite transaction of Store.applyCartridge, on a given connection: the store's own (small cartridges)
// or its writer thread's (large ones, writer-thread.ts), so both write the same rows the same way.
import type Database from 'better-sqlite3';
import { assertArtifactKind, nowIso, sqliteBodyOf } from '../rows.js';
import type { EncodedArtifact, NewArtifact } from '../store.js';

/** The job whose lease fences the write (it must still hold the deployment), if any. */
export type JobFence = { readonly id: string; readonly owner: string } | undefined;

export type ApplyCartridge = (tenant: string, cartridgeId: string, artifacts: readonly (NewArtifact | EncodedArtifact)[], job: JobFence) => boolean;

/** Throws TypeError when an artifact names another tenant or an unknown kind (checked before anything is written). */
export function checkCartridgeArtifacts(tenant: string, artifacts: readonly (NewArtifact | EncodedArtifact)[]): void {
  for (const a of artifacts) {
    if (a.tenant !== tenant) throw new TypeError(`artifact ${a.kind}/${a.id} names tenant '${a.tenant}', expected '${tenant}'`);
    assertArtifactKind(a.kind);
  }
}

/**
 * Upserts every artifact and deletes the cartridge's artifacts that it no longer has, in one transaction;
 * false (nothing written) when `job` no longer holds its deployment. Call it with `.immediate(...)`.
 */
export function applyCartridgeTransaction(db: Database.Database): Database.Transaction<ApplyCartridge> {
  const held = db.prepare(`SELECT 1 FROM deployments WHERE tenant = ? AND id = ? AND locked_by = ? AND state = 'processing'`);
  // CAST: a body given as UTF-8 bytes is bound as a BLOB and stored as the TEXT those bytes spell.
  const upsert = db.prepare(`INSERT INTO artifacts (tenant, kind, id, body, published_date, cartridge_id) VALUES (?, ?, ?, CAST(? AS TEXT), ?, ?)
    ON CONFLICT (tenant, kind, id) DO UPDATE SET body = excluded.body, published_date = excluded.published_date, cartridge_id = excluded.cartridge_id`);
  const owned = db.prepare('SELECT kind, id FROM artifacts WHERE tenant = ? AND cartridge_id = ?');
  const remove = db.prepare('DELETE FROM artifacts WHERE tenant = ? AND kind = ? AND id = ?');
  return db.transaction((tenant, cartridgeId, artifacts, job) => {
    if (job !== undefined && held.get(tenant, job.id, job.owner) === undefined) return false;
    checkCartridgeArtifacts(tenant, artifacts);
    const keep = new Set<string>();
    for (const a of artifacts) {
      upsert.run(tenant, a.kind, a.id, sqliteBodyOf(a), nowIso(), cartridgeId);
      keep.add(`${a.kind}\u0000${a.id}`);
    }
    for (const o of owned.all(tenant, cartridgeId) as { kind: string; id: string }[]) if (!keep.has(`${o.kind}\u0000${o.id}`)) remove.run(tenant, o.kind, o.id);
    return true;
  });
}
