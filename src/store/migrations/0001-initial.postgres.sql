-- 0001 initial schema (PostgreSQL). Append-only: never edit a released migration; add NNNN+1 instead.
-- Bodies are json (not jsonb) so that key order is kept and both dialects serve identical documents.

CREATE TABLE artifacts (
  tenant         text NOT NULL,
  kind           text NOT NULL,
  id             text NOT NULL,
  body           json NOT NULL,
  published_date timestamptz NOT NULL,
  cartridge_id   text,
  PRIMARY KEY (tenant, kind, id)
);

CREATE INDEX artifacts_cartridge_idx ON artifacts (tenant, cartridge_id);

CREATE TABLE deployments (
  tenant                 text NOT NULL,
  id                     text NOT NULL,
  state                  text NOT NULL CHECK (state IN ('submitted', 'processing', 'completed', 'failed')),
  start_time             timestamptz NOT NULL,
  end_time               timestamptz,
  correlation_id         text NOT NULL,
  artifact_response      json NOT NULL DEFAULT '[]',
  artifact_response_code integer NOT NULL DEFAULT 0,
  archive                bytea,
  locked_by              text,
  locked_until           timestamptz,
  attempts               integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant, id)
);

CREATE INDEX deployments_runnable_idx ON deployments (start_time) WHERE state IN ('submitted', 'processing');
