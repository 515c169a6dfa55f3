"""`python -m bot --local`: the real bot against an in-process Bot API, in the browser."""
