-- Redraws never go backwards (docs/architecture.md, "Boards are never left stale").
-- Before a board message is sent or edited, the sender claims the version it draws: the
-- claim succeeds only for a version at least as new as every version claimed or shown, and
-- only while no other send of the message may still be on its way (`sending_until`, a
-- lease in Unix seconds, renewed before each try). `sending_token` names the send holding
-- the lease (NULL: shared, or none). Messages stored before this migration are taken as
-- sent at the version they show.
ALTER TABLE board_messages ADD COLUMN sending_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE board_messages ADD COLUMN sending_until INTEGER;
ALTER TABLE board_messages ADD COLUMN sending_token TEXT;
UPDATE board_messages SET sending_version = shown_version;
