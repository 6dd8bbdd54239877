-- 0001 initial schema (SQLite). Append-only: never edit a released migration; add NNNN+1 instead.
-- Timestamps are ISO 8601 UTC text with milliseconds, so text order is time order.

CREATE TABLE artifacts (
  tenant         TEXT NOT NULL,
  kind           TEXT NOT NULL,
  id             TEXT NOT NULL,
  body           TEXT NOT NULL CHECK (json_valid(body)),
  published_date TEXT NOT NULL,
  cartridge_id   TEXT,
  PRIMARY KEY (tenant, kind, id)
) WITHOUT ROWID;

CREATE INDEX artifacts_cartridge_idx ON artifacts (tenant, cartridge_id);

CREATE TABLE deployments (
  tenant                 TEXT NOT NULL,
  id                     TEXT NOT NULL,
  state                  TEXT NOT NULL CHECK (state IN ('submitted', 'processing', 'completed', 'failed')),
  start_time             TEXT NOT NULL,
  end_time               TEXT,
  correlation_id         TEXT NOT NULL,
  artifact_response      TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(artifact_response)),
  artifact_response_code INTEGER NOT NULL DEFAULT 0,
  archive                BLOB,
  locked_by              TEXT,
  locked_until           TEXT,
  attempts               INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant, id)
);

CREATE INDEX deployments_runnable_idx ON deployments (state, start_time);
