-- 0002-pack: the floor's pack claims, pack log and printed marks (issue 29).
--
-- Every row names the API account it belongs to (`account`: the floor's name for the
-- connection, never the API key), so one database may serve the floors of several accounts.
-- Times are the database's own clock where the floor decides by them (claims' idle time), so
-- stations whose clocks disagree still agree on which claim is live.

-- One live claim per order, enforced here: the order is the key, and a claim is granted by one
-- conditional upsert (pack-floor-store.ts), so two stations scanning within milliseconds cannot
-- both win. A claim ends by deleting its row (packed, released); an idle one is replaced.
CREATE TABLE pack_claims (
  account    text        NOT NULL CHECK (length(account) BETWEEN 1 AND 200),
  order_id   bigint      NOT NULL CHECK (order_id > 0),
  order_name text        NOT NULL CHECK (length(order_name) BETWEEN 1 AND 80),
  station    text        NOT NULL CHECK (length(station) BETWEEN 1 AND 80),
  packer     text        NOT NULL CHECK (length(packer) BETWEEN 1 AND 80),
  since      timestamptz NOT NULL DEFAULT now(),
  touched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account, order_id)
);

-- Takeovers of a live claim: an explicit override with a reason, kept for the supervisor.
CREATE TABLE pack_claim_takeovers (
  id           bigserial   PRIMARY KEY,
  account      text        NOT NULL,
  order_id     bigint      NOT NULL,
  order_name   text        NOT NULL,
  from_station text        NOT NULL,
  from_packer  text        NOT NULL,
  from_since   timestamptz NOT NULL,
  to_station   text        NOT NULL,
  to_packer    text        NOT NULL,
  reason       text        NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
  at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pack_claim_takeovers_at ON pack_claim_takeovers (account, at);

-- The floor's pack log: every pack at every station, one row each. `pack_key` is made by the
-- station when the last unit is verified, so a queued pack written twice is still one row.
CREATE TABLE pack_log (
  pack_key   text        PRIMARY KEY CHECK (length(pack_key) BETWEEN 8 AND 80),
  account    text        NOT NULL,
  order_id   bigint      NOT NULL CHECK (order_id > 0),
  order_name text        NOT NULL,
  station    text        NOT NULL,
  packer     text        NOT NULL,
  packed_at  timestamptz NOT NULL,
  lines      jsonb       NOT NULL DEFAULT '[]'::jsonb,
  -- Gates passed on purpose: [{gate, reason, at}].
  overrides  jsonb       NOT NULL DEFAULT '[]'::jsonb,
  -- Packed while the floor was offline (claims were local only), written from the queue.
  offline    boolean     NOT NULL DEFAULT false,
  written_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pack_log_order ON pack_log (account, order_id, packed_at DESC);
CREATE INDEX pack_log_day ON pack_log (account, packed_at);

-- Printed marks: a label or slip printed anywhere (a pack station, the office desk's batch)
-- is printed everywhere. One row per order and job; reprints are the rows past the first.
CREATE TABLE printed_marks (
  account    text        NOT NULL,
  order_id   bigint      NOT NULL CHECK (order_id > 0),
  -- 'labels' or 'documents', as the console's printed marks say.
  what       text        NOT NULL CHECK (what IN ('labels', 'documents')),
  -- The document printed: 'shipping_label', 'packing_slip', … (a batch's: its `what`).
  kind       text        NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  station    text        NOT NULL,
  printer    text        NOT NULL,
  job_id     text        NOT NULL CHECK (length(job_id) BETWEEN 1 AND 64),
  printed_at timestamptz NOT NULL,
  PRIMARY KEY (account, station, job_id, order_id, kind)
);
CREATE INDEX printed_marks_order ON printed_marks (account, order_id, what, printed_at DESC);

-- Double packs found when packs are written (the same order packed at two stations while the
-- floor was offline): listed for the supervisor, never merged.
CREATE TABLE pack_conflicts (
  id          bigserial   PRIMARY KEY,
  account     text        NOT NULL,
  order_id    bigint      NOT NULL,
  order_name  text        NOT NULL,
  first_key   text        NOT NULL REFERENCES pack_log (pack_key),
  second_key  text        NOT NULL UNIQUE REFERENCES pack_log (pack_key),
  found_at    timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by text,
  note        text
);
CREATE INDEX pack_conflicts_open ON pack_conflicts (account) WHERE resolved_at IS NULL;

-- Live: every change is pushed to the stations listening on `floor_pack` (LISTEN/NOTIFY), so
-- another station's screen follows within a second without polling. The payload names what
-- changed, not the data: a station reads what it shows.
CREATE FUNCTION pack_floor_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  PERFORM pg_notify('floor_pack', json_build_object(
    'table', TG_TABLE_NAME,
    'op', lower(TG_OP),
    'account', row_data.account,
    'orderId', row_data.order_id
  )::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER pack_claims_notify AFTER INSERT OR DELETE ON pack_claims
  FOR EACH ROW EXECUTE FUNCTION pack_floor_notify();
-- A touch (a scan on the open order) changes only the idle clock: nothing to show elsewhere.
CREATE TRIGGER pack_claims_changed AFTER UPDATE ON pack_claims
  FOR EACH ROW WHEN (OLD.station IS DISTINCT FROM NEW.station
                  OR OLD.packer IS DISTINCT FROM NEW.packer
                  OR OLD.since IS DISTINCT FROM NEW.since)
  EXECUTE FUNCTION pack_floor_notify();
CREATE TRIGGER pack_claim_takeovers_notify AFTER INSERT ON pack_claim_takeovers
  FOR EACH ROW EXECUTE FUNCTION pack_floor_notify();
CREATE TRIGGER pack_log_notify AFTER INSERT OR UPDATE OR DELETE ON pack_log
  FOR EACH ROW EXECUTE FUNCTION pack_floor_notify();
CREATE TRIGGER printed_marks_notify AFTER INSERT OR UPDATE OR DELETE ON printed_marks
  FOR EACH ROW EXECUTE FUNCTION pack_floor_notify();
CREATE TRIGGER pack_conflicts_notify AFTER INSERT OR UPDATE ON pack_conflicts
  FOR EACH ROW EXECUTE FUNCTION pack_floor_notify();
