-- The process posting a tournament's final announcement (its presence name:
-- storage/presence.py; NULL: nobody, or unnamed): a post held by a process that is gone is
-- taken over at once instead of when its claim ends. Twin of sqlite/0017_message_senders.sql.
ALTER TABLE tournament_messages ADD COLUMN claimed_by TEXT;
