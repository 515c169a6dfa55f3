"""Rules of short and long nard: positions, dice, legal moves, games, matches, cube.

Pure standard library, no I/O.
"""
