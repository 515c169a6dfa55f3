"""`Once`: the first caller with a key gets True, later callers False (within a bounded
memory of recent keys). The new-game menu uses it so that 50 taps on its last button start
one game: the first tap finishes the menu, the others are answered quietly."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

RECENT = 10_000


class Once:
    def __init__(self, size: int = RECENT) -> None:
        self.size = size
        self._seen: OrderedDict[Hashable, None] = OrderedDict()

    def first(self, key: Hashable) -> bool:
        if key in self._seen:
            self._seen.move_to_end(key)
            return False
        self._seen[key] = None
        while len(self._seen) > self.size:
            self._seen.popitem(last=False)
        return True

    def __len__(self) -> int:
        return len(self._seen)
