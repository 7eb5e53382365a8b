-- Shared walks (issue 29): a whole-list read that one station made serves every station of
-- the floor, with its age ("counted 4 min ago at Desk 1"), instead of each station walking the
-- account again. Only the working state the issue names: the supervisor's exceptions walk,
-- the stock list read for sorting (per filter set) and the pack stations' orders index.
-- `body` is the walk's answer as gzipped JSON; the API key is never part of it.
CREATE TABLE floor_walks (
  account text NOT NULL CHECK (length(account) BETWEEN 1 AND 300),
  kind text NOT NULL CHECK (kind IN ('inventory-exceptions', 'stock-list', 'order-index')),
  -- What the walk covered beyond its kind (a stock list's filters); '' for the whole list.
  scope text NOT NULL DEFAULT '' CHECK (length(scope) <= 500),
  body bytea,
  raw_bytes integer CHECK (raw_bytes IS NULL OR raw_bytes >= 0),
  counted_at timestamptz,
  counted_by text CHECK (counted_by IS NULL OR length(counted_by) <= 80),
  -- The station walking now, until when (a station killed mid-walk lets go by itself).
  walking_by text CHECK (walking_by IS NULL OR length(walking_by) <= 80),
  walking_since timestamptz,
  walking_until timestamptz,
  PRIMARY KEY (account, kind, scope)
);
