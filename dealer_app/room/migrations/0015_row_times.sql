-- The paged hand list (room/hand_pages.py) reads each table's hands in the order they were
-- dealt (row_id, newest first), not by (session, hand_no): a table deals on in an older
-- session after opening a newer one. This index keeps each page a bounded index range.
CREATE INDEX IF NOT EXISTS log_hand_start ON room.log (table_id, row_id) WHERE kind = 'hand_start';

-- The watchdog (room/watchdog.py) also ends a transaction held open too long by a login that
-- keeps sending statements (each resets its idle time; the transaction still holds back vacuum).
ALTER TABLE room.watchdog_acts DROP CONSTRAINT watchdog_acts_why_check;
ALTER TABLE room.watchdog_acts ADD CONSTRAINT watchdog_acts_why_check
    CHECK (why IN ('statement', 'idle', 'transaction'));
