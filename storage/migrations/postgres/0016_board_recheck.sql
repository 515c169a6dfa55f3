-- A board send taken over from a process that is gone (storage/presence.py): Telegram may
-- still carry out that process's older request until its lease would have ended, so the
-- message is sent again once then (`recheck_at`, Unix seconds; NULL: nothing to check).
-- Twin of sqlite/0016_board_recheck.sql.
ALTER TABLE board_messages ADD COLUMN recheck_at BIGINT;
