-- The floor's work rows name their API account (issue 29, floor-e2e): one database may serve
-- the floors of several accounts (as pack_log and pack_claims already do, 0002-pack.sql), and
-- a station on one account must never see, nor overwrite, another account's review marks,
-- pending creates or batches. `account` is the floor's name for the connection (the local
-- store's id of it), never the API key.
--
-- Rows written before this migration cannot say whose they were: they are given the account
-- '(unknown)', which no station uses, so they are kept (nothing deleted) but shown nowhere,
-- rather than guessed into one account's worklist.

ALTER TABLE floor_review_marks ADD COLUMN account text NOT NULL DEFAULT '(unknown)'
  CHECK (length(account) BETWEEN 1 AND 200);
ALTER TABLE floor_review_marks ALTER COLUMN account DROP DEFAULT;
-- The same return id may exist in two accounts: the mark is one per account and return.
ALTER TABLE floor_review_marks DROP CONSTRAINT floor_review_marks_pkey;
ALTER TABLE floor_review_marks ADD PRIMARY KEY (account, return_id);

ALTER TABLE floor_pending_creates ADD COLUMN account text NOT NULL DEFAULT '(unknown)'
  CHECK (length(account) BETWEEN 1 AND 200);
ALTER TABLE floor_pending_creates ALTER COLUMN account DROP DEFAULT;
-- A client reference is unique within an account, not across them.
ALTER TABLE floor_pending_creates DROP CONSTRAINT floor_pending_creates_pkey;
ALTER TABLE floor_pending_creates ADD PRIMARY KEY (account, reference);

-- A batch id is made by its station (unique enough to key the advisory lock and the batch's
-- orders), so it stays the key; the account scopes every read and write of it.
ALTER TABLE floor_batches ADD COLUMN account text NOT NULL DEFAULT '(unknown)'
  CHECK (length(account) BETWEEN 1 AND 200);
ALTER TABLE floor_batches ALTER COLUMN account DROP DEFAULT;
CREATE INDEX floor_batches_account ON floor_batches (account, state);

-- The push names the account too, so a station hears (and reads) only its own account's work.
CREATE OR REPLACE FUNCTION floor_work_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_key text;
  topic text;
  row_account text;
BEGIN
  IF TG_TABLE_NAME = 'floor_review_marks' THEN
    row_key := COALESCE(NEW.return_id, OLD.return_id)::text;
    row_account := COALESCE(NEW.account, OLD.account);
    topic := 'work.reviews';
  ELSIF TG_TABLE_NAME = 'floor_pending_creates' THEN
    row_key := COALESCE(NEW.reference, OLD.reference);
    row_account := COALESCE(NEW.account, OLD.account);
    topic := 'work.creates';
  ELSIF TG_TABLE_NAME = 'floor_batch_orders' THEN
    row_key := COALESCE(NEW.batch_id, OLD.batch_id);
    SELECT b.account INTO row_account FROM floor_batches b WHERE b.id = row_key;
    topic := 'work.batches';
  ELSE
    row_key := COALESCE(NEW.id, OLD.id);
    row_account := COALESCE(NEW.account, OLD.account);
    topic := 'work.batches';
  END IF;
  PERFORM floor_publish(topic, jsonb_build_object('key', row_key, 'account', row_account), NULL);
  RETURN NULL;
END;
$$;
