"""The test kit's own tests (testkit/ is the kit: the fake Bot API and the other helpers)."""
