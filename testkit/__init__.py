"""The test kit: what the tests and the benchmarks both drive the product with (the fake Bot
API and its fixtures, the harness, the drivers, clocks, the PostgreSQL test server, fuzzing,
faults, pictures). Neither owns it: it imports the product only, never `tests` or
`benchmarks`, and only they import it (tests/test_layers.py checks both)."""
