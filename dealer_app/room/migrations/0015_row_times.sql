-- The paged hand list (room/hand_pages.py) reads each table's hands in the order they were
-- dealt (row_id, newest first), not by (session, hand_no): a table deals on in an older
-- session after opening a newer one. This index keeps each page a bounded index range.
CREATE INDEX IF NOT EXISTS log_hand_start ON room.log (table_id, row_id) WHERE kind = 'hand_start';
