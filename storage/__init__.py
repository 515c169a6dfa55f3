"""aiosqlite storage: schema, migrations, repositories, ratings, leaderboards.

Never imports aiogram or `engine`: the engine's state is an opaque JSON text.
"""

from storage.db import Database
from storage.errors import MigrationError, StorageError

__all__ = ["Database", "MigrationError", "StorageError"]
