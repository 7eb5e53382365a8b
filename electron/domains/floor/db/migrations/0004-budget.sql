-- The account's shared rate budget (issue 29): one token bucket per API account, filled at the
-- floor's learnt rate, from which every station takes its requests in small leases. The rules
-- live in one place, electron/domains/floor/budget/bucket.ts: a station locks the row, applies
-- them with the database's clock (so the stations' clocks do not matter) and writes it back.
-- The burst and the interactive reserve follow from the rate, so they are not stored.
-- `account` names the account (the connection's address and account id), never its key.
CREATE TABLE floor_budget (
  account text PRIMARY KEY CHECK (length(account) BETWEEN 1 AND 300),
  -- Tokens per second granted to the whole floor.
  rate double precision NOT NULL CHECK (rate > 0),
  tokens double precision NOT NULL,
  -- When `tokens` was counted, and the last cut for a 429 (ms since the epoch, server clock).
  at_ms double precision NOT NULL,
  cut_at_ms double precision NOT NULL DEFAULT 0,
  -- Congestion 429s reported by the stations (each cut at most once per event).
  refusals bigint NOT NULL DEFAULT 0,
  leases bigint NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0,
  -- The station that last changed the row, by its name (for the supervisor).
  updated_by text NOT NULL DEFAULT ''
);
