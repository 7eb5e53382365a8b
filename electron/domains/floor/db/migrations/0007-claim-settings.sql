-- 0007-claim-settings: the floor's claim rules, set in Settings → Floor (issue 29, floor-claims).
--
-- How long a pack claim lives with no sign of work before another station may take it without
-- an override is one rule for the whole floor: if each station kept its own, a station set to
-- 60 minutes and one set to 5 would disagree about the same claim. One row per API account
-- (the floor's name for it, never the key); no row: the console's default (15 minutes).
CREATE TABLE floor_claim_settings (
  account            text        PRIMARY KEY CHECK (length(account) BETWEEN 1 AND 200),
  -- Bounds as the form's (shared/contract/floor-claim-settings.ts): a row changed by hand
  -- into nonsense is refused here rather than read as a claim that never ends.
  claim_idle_minutes integer     NOT NULL CHECK (claim_idle_minutes BETWEEN 1 AND 720),
  changed_by         text        NOT NULL CHECK (length(changed_by) BETWEEN 1 AND 80),
  changed_at         timestamptz NOT NULL DEFAULT now()
);
