"""Computer opponents: evaluators, levels, training, arena."""
