-- 0002 (SQLite): a deployment's archive moves to a table of its own. SQLite rewrites a whole row, overflow
-- pages included, on any UPDATE: with the archive (a few MB) in the deployments row, every claim, lease
-- renewal and state change of a job rewrote it. Now those updates touch a row of a few hundred bytes; the
-- archive is written once (submission) and deleted once (the job finished). A rowid table: SQLite advises
-- against WITHOUT ROWID for rows larger than a twentieth of a page.

CREATE TABLE deployment_archives (
  tenant  TEXT NOT NULL,
  id      TEXT NOT NULL,
  archive BLOB NOT NULL,
  PRIMARY KEY (tenant, id),
  FOREIGN KEY (tenant, id) REFERENCES deployments (tenant, id) ON DELETE CASCADE
);

INSERT INTO deployment_archives (tenant, id, archive) SELECT tenant, id, archive FROM deployments WHERE archive IS NOT NULL;

ALTER TABLE deployments DROP COLUMN archive;
