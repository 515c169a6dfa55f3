"""Telegram adapter: the only package that knows Telegram (aiogram) exists."""
