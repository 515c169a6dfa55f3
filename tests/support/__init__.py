"""Test infrastructure: a fake Telegram Bot API server and its pytest fixtures."""
