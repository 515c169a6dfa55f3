import pytest

from ai import sage


@pytest.fixture
def no_bgsage():
    """Force the fallback path (as on a platform without bgsage wheels)."""
    was_available = sage.available()
    sage.set_disabled(True)
    yield
    sage.set_disabled(not was_available)
