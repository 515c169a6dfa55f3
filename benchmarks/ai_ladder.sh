#!/bin/sh
# Strength and speed figures of the computer levels (docs/ai.md, "The arena and the
# ladder"). One core, low priority: every arena is single-threaded (bgsage's search runs
# with one thread).
# Usage: sh benchmarks/ai_ladder.sh short|long|all [GAMES] >> benchmarks/arena_results.jsonl
# The long rows compare the new network with the previously shipped one, which is taken
# from git (commit 12d0f36 shipped it) into $PREV_LONG; the 138,000-game one (61d06d8)
# into $PREV_138K.
set -e
WHICH=${1:-all}
GAMES=${2:-1000}
PY=${PYTHON:-python}
PREV_LONG=${PREV_LONG:-/tmp/nard_long_shipped_12d0f36.npz}
PREV_138K=${PREV_138K:-/tmp/nard_long_138k_61d06d8.npz}
# JOBS=2 shares each arena's pairs between two processes (the same figures).
arena() { OMP_NUM_THREADS=1 nice -n 10 "$PY" -m ai.arena --jobs "${JOBS:-1}" "$@"; }
ladder() {
  arena --variant "$1" --a casual --b beginner --games "$GAMES" --seed 1
  arena --variant "$1" --a intermediate --b casual --games "$GAMES" --seed 2
  arena --variant "$1" --a strong --b intermediate --games "$GAMES" --seed 3
}
if [ "$WHICH" = short ] || [ "$WHICH" = all ]; then
  arena --variant short --a network --b pubeval --games 4000 --seed 6
  ladder short
  arena --variant short --a master --b strong --games "$GAMES" --seed 4
  arena --variant short --a master --b network --games 400 --seed 7
fi
if [ "$WHICH" = long ] || [ "$WHICH" = all ]; then
  git show 12d0f36:ai/weights/long.npz > "$PREV_LONG"
  git show 61d06d8:ai/weights/long.npz > "$PREV_138K"
  arena --variant long --a network --b network --b-weights "$PREV_LONG" --games 2000 --seed 8
  arena --variant long --a network --b network --b-weights "$PREV_138K" --games 2000 --seed 9
  arena --variant long --a network --b heuristic --games "$GAMES" --seed 5
  ladder long
  arena --variant long --a master --b strong --games 2000 --seed 4
fi
