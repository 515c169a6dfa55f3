#!/bin/sh
# Strength and speed figures of the computer levels (README "AI"), cheapest first. One core,
# low priority: every arena is single-threaded (bgsage's search runs with one thread).
# Usage: sh benchmarks/ai_ladder.sh [GAMES] > benchmarks/arena_results.jsonl
set -e
GAMES=${1:-1000}
PY=${PYTHON:-python}
arena() { OMP_NUM_THREADS=1 nice -n 10 "$PY" -m ai.arena "$@"; }
arena --variant short --a network --b pubeval --games 2000 --seed 6
arena --variant long --a network --b heuristic --games "$GAMES" --seed 5
for v in short long; do
  arena --variant $v --a casual --b beginner --games "$GAMES" --seed 1
  arena --variant $v --a intermediate --b casual --games "$GAMES" --seed 2
  arena --variant $v --a strong --b intermediate --games "$GAMES" --seed 3
done
arena --variant long --a master --b strong --games "$GAMES" --seed 4
arena --variant short --a master --b strong --games "$GAMES" --seed 4
arena --variant short --a master --b network --games 400 --seed 7
