"""`Once`: the first caller with a key gets True, later callers False (within a bounded
memory of recent keys). The new-game menu uses it so that 50 taps on its last button start
one game: the first tap finishes the menu, the others are answered quietly."""

from __future__ import annotations

from collections.abc import Hashable

from cachetools import LRUCache

RECENT = 10_000


class Once:
    def __init__(self, size: int = RECENT) -> None:
        self.size = size
        self._seen: LRUCache[Hashable, None] = LRUCache(size)

    def first(self, key: Hashable) -> bool:
        if key in self._seen:
            self._seen.get(key)  # a read: the key is the most recent again
            return False
        self._seen[key] = None
        return True

    def __len__(self) -> int:
        return len(self._seen)
