"""Pillow pictures: boards, replays, charts."""
