-- 0008-batch-kinds-pending: what a batch asked for, and the jobs on their way to a printer
-- (issue 29, batches).
--
-- `kinds`: the documents a documents batch asked for (packing slips, pick lists …), as the
-- station that started it chose them, so any station can print the rest of any batch with the
-- same documents. NULL for a labels batch, and for batches written before this migration (a
-- documents batch of those is refused in words, as before).
ALTER TABLE floor_batches ADD COLUMN kinds jsonb
  CHECK (kinds IS NULL OR (jsonb_typeof(kinds) = 'array' AND jsonb_array_length(kinds) BETWEEN 1 AND 16));

-- 'pending': the station is about to send a job with this order to its printer. Written before
-- the job is made, and turned into 'queued' once the job is on the station's disk; a station
-- killed in between leaves 'pending', which "Print the rest" at another station shows as "may
-- have printed: check" instead of printing it a second time or leaving it out unsaid.
ALTER TABLE floor_batch_orders DROP CONSTRAINT floor_batch_orders_outcome_check;
ALTER TABLE floor_batch_orders ADD CONSTRAINT floor_batch_orders_outcome_check
  CHECK (outcome IN ('pending', 'queued', 'no_label', 'not_found', 'refused'));
