"""aiosqlite storage: schema, migrations, repositories, ratings, leaderboards."""
