-- The floor's core (issue 29): who is on the floor, what changed (pushed live), and what
-- the stations' offline queues already wrote. Later steps (0002 pack, 0003 work, 0004
-- budget, 0005 walks) build on these tables.

-- Each console that joined the floor: its id is made once per station and kept on it; its
-- name and location come from the station profile (Settings → Station) and follow it.
CREATE TABLE floor_stations (
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
  name text NOT NULL CHECK (length(name) <= 80),
  location_id integer,
  joined_at timestamptz NOT NULL DEFAULT now(),
  -- Refreshed by the station's heartbeat: "online" is seen within the last 30 s.
  last_seen timestamptz NOT NULL DEFAULT now(),
  app_version text
);

-- Who is signed in where: an open row (signed_out_at null) per station at most.
CREATE TABLE floor_signins (
  id bigserial PRIMARY KEY,
  station_id text NOT NULL REFERENCES floor_stations (id),
  packer text NOT NULL CHECK (length(packer) BETWEEN 1 AND 80),
  signed_in_at timestamptz NOT NULL DEFAULT now(),
  signed_out_at timestamptz
);
CREATE UNIQUE INDEX floor_signins_open ON floor_signins (station_id) WHERE signed_out_at IS NULL;

-- What changed on the floor, in order: a row here is pushed to every station by NOTIFY on
-- the channel floor_events, and a station that was away catches up by id.
CREATE TABLE floor_events (
  id bigserial PRIMARY KEY,
  topic text NOT NULL CHECK (topic ~ '^[a-z][a-z0-9._-]{0,63}$'),
  station_id text,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX floor_events_at ON floor_events (at);

-- NOTIFY's payload is limited to 8000 bytes: a big payload is left out of the notice and the
-- station reads the row by id. The notice is sent at commit, so a rolled-back change is
-- never pushed.
CREATE FUNCTION floor_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('floor_events', json_build_object(
    'id', NEW.id,
    'topic', NEW.topic,
    'station', NEW.station_id,
    'payload', CASE WHEN octet_length(NEW.payload::text) <= 7000 THEN NEW.payload END
  )::text);
  RETURN NEW;
END $$;
CREATE TRIGGER floor_events_notify AFTER INSERT ON floor_events
  FOR EACH ROW EXECUTE FUNCTION floor_events_notify();

-- For SQL that wants to push a change in the same transaction as the change itself.
CREATE FUNCTION floor_publish(p_topic text, p_payload jsonb, p_station text) RETURNS bigint
LANGUAGE sql AS $$
  INSERT INTO floor_events (topic, payload, station_id) VALUES (p_topic, p_payload, p_station)
  RETURNING id
$$;

-- The offline queue's idempotency keys: an action written once is recorded here in the same
-- transaction, so a second try (after a drop, a restart, a budget given up) does nothing.
CREATE TABLE floor_applied (
  key text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 200),
  kind text NOT NULL,
  station_id text,
  queued_at timestamptz,
  applied_at timestamptz NOT NULL DEFAULT now()
);

-- What the offline queue found in conflict when the floor came back (e.g. one order packed
-- at two stations while offline): kept for the supervisor, never merged silently.
CREATE TABLE floor_conflicts (
  id bigserial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  kind text NOT NULL,
  station_id text,
  summary text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  found_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by text
);
