"""The core's tests' table: the core assembled on the test's database, with a recording
door (`testkit.core_door`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from testkit.core_door import Table, assembled


@pytest_asyncio.fixture
async def table(database_url: str) -> AsyncIterator[Table]:
    async with assembled(database_url) as t:
        yield t
