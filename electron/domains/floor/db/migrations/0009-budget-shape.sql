-- The shared budget's shape follows the floor (issue 29, stations bench): the interactive
-- reserve is sized from the floor's recent interactive rate, background leases are one token
-- while a person's request waits, and after a 429 the rate climbs back to what it was before
-- the cut within seconds. The rules are electron/domains/floor/budget/bucket.ts's.
ALTER TABLE floor_budget
  -- Interactive tokens per second lately: a decaying average (bucket.ts SCAN_TAU_MS).
  ADD COLUMN scan_rate double precision NOT NULL DEFAULT 0,
  -- The rate before the last cut, which the rate climbs back to (0: none).
  ADD COLUMN peak_rate double precision NOT NULL DEFAULT 0,
  -- When a person's request last found too few tokens (ms since the epoch, server clock).
  ADD COLUMN waited_at_ms double precision NOT NULL DEFAULT 0;
