-- 0002 (PostgreSQL): a deployment's archive moves to a table of its own (as in SQLite, where every update
-- of the deployments row rewrote the archive with it): claims, lease renewals and state changes update a
-- small row; the archive is written once (submission) and deleted once (the job finished).

CREATE TABLE deployment_archives (
  tenant  text NOT NULL,
  id      text NOT NULL,
  archive bytea NOT NULL,
  PRIMARY KEY (tenant, id),
  FOREIGN KEY (tenant, id) REFERENCES deployments (tenant, id) ON DELETE CASCADE
);

INSERT INTO deployment_archives (tenant, id, archive) SELECT tenant, id, archive FROM deployments WHERE archive IS NOT NULL;

ALTER TABLE deployments DROP COLUMN archive;
