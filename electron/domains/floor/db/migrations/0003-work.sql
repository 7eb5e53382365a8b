-- The floor's work (issue 29, floor-work): review marks on returns, pending order creates and
-- print batches, shared by every station of one API account. Every change is pushed to the
-- other stations through the core's floor_events (topics work.reviews, work.creates and
-- work.batches, payload {"key": ...}), so a mark made at one bench is on the others' screens
-- within a second, without polling.
-- Holds no API data beyond what the issue names: a pending create's body (the lookup needs
-- the recipient it was sent with) and a batch's order ids and names. Never the API key.

-- One review mark per return. A clear is kept as a row with cleared_at set (not deleted), so
-- a station coming back online with an older change cannot bring a cleared mark back: every
-- write carries its time, and an older write than the row's loses (see floor-review-marks.ts).
CREATE TABLE floor_review_marks (
  return_id    bigint      PRIMARY KEY,
  rma_number   text        CHECK (rma_number IS NULL OR length(rma_number) <= 64),
  reviewed_by  text        NOT NULL CHECK (length(reviewed_by) BETWEEN 1 AND 80),
  reviewed_at  timestamptz NOT NULL,
  note         text        NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
  station      text        NOT NULL,
  changed_at   timestamptz NOT NULL,
  cleared_at   timestamptz
);

-- A create registered before its request leaves. The primary key is what keeps two consoles
-- from sending one draft twice: only one INSERT of a reference wins; the other console waits
-- for that create's outcome. Removed once the outcome is known.
CREATE TABLE floor_pending_creates (
  reference  text        PRIMARY KEY CHECK (length(reference) BETWEEN 1 AND 64),
  sent_at    timestamptz NOT NULL,
  body       jsonb       NOT NULL,
  station    text        NOT NULL
);

-- A print batch, journalled before its first job. `holder` is the station printing it now;
-- who may print is decided by a session advisory lock on the batch (floor-batches.ts), which
-- the server drops the moment that station's connection dies (kill -9 included), so a dead
-- station never keeps a batch's rest from the others, and two live ones never both print it.
CREATE TABLE floor_batches (
  id          text        PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 80),
  title       text        NOT NULL,
  what        text        NOT NULL CHECK (what IN ('labels', 'documents')),
  orders      jsonb       NOT NULL,
  total       integer     NOT NULL CHECK (total >= 0),
  state       text        NOT NULL CHECK (state IN ('running', 'finished', 'stopped', 'cancelled', 'dismissed')),
  reason      text,
  station     text        NOT NULL,
  started_by  text        NOT NULL,
  holder      text,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);

-- What each order of a batch came to (an order reached is never printed again by "the rest").
CREATE TABLE floor_batch_orders (
  batch_id  text        NOT NULL REFERENCES floor_batches (id) ON DELETE CASCADE,
  order_id  bigint      NOT NULL,
  outcome   text        NOT NULL CHECK (outcome IN ('queued', 'no_label', 'not_found', 'refused')),
  station   text        NOT NULL,
  at        timestamptz NOT NULL,
  PRIMARY KEY (batch_id, order_id)
);

-- Pushed through the core's floor_events (0001-core.sql: floor_publish, NOTIFY at commit, a
-- station that was away catches up by id), so FloorSession.subscribe('work.*') hears them.
CREATE FUNCTION floor_work_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_key text;
  topic text;
BEGIN
  IF TG_TABLE_NAME = 'floor_review_marks' THEN
    row_key := COALESCE(NEW.return_id, OLD.return_id)::text;
    topic := 'work.reviews';
  ELSIF TG_TABLE_NAME = 'floor_pending_creates' THEN
    row_key := COALESCE(NEW.reference, OLD.reference);
    topic := 'work.creates';
  ELSIF TG_TABLE_NAME = 'floor_batch_orders' THEN
    row_key := COALESCE(NEW.batch_id, OLD.batch_id);
    topic := 'work.batches';
  ELSE
    row_key := COALESCE(NEW.id, OLD.id);
    topic := 'work.batches';
  END IF;
  PERFORM floor_publish(topic, jsonb_build_object('key', row_key), NULL);
  RETURN NULL;
END;
$$;

CREATE TRIGGER floor_review_marks_notify AFTER INSERT OR UPDATE OR DELETE ON floor_review_marks
  FOR EACH ROW EXECUTE FUNCTION floor_work_notify();
CREATE TRIGGER floor_pending_creates_notify AFTER INSERT OR UPDATE OR DELETE ON floor_pending_creates
  FOR EACH ROW EXECUTE FUNCTION floor_work_notify();
CREATE TRIGGER floor_batches_notify AFTER INSERT OR UPDATE OR DELETE ON floor_batches
  FOR EACH ROW EXECUTE FUNCTION floor_work_notify();
CREATE TRIGGER floor_batch_orders_notify AFTER INSERT OR UPDATE ON floor_batch_orders
  FOR EACH ROW EXECUTE FUNCTION floor_work_notify();
