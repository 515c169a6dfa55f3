-- Sends of a process that is gone (storage/presence.py) are taken over at once.
-- A board send taken over: Telegram may still carry out the dead process's older request
-- until its lease would have ended, so the message is sent again once then (`recheck_at`,
-- Unix seconds; NULL: nothing to check).
ALTER TABLE board_messages ADD COLUMN recheck_at INTEGER;
-- The process holding a notice's claim (its presence name; NULL: nobody, or unnamed).
ALTER TABLE outbox ADD COLUMN sender TEXT;
CREATE INDEX board_messages_by_recheck ON board_messages (recheck_at) WHERE recheck_at IS NOT NULL;
