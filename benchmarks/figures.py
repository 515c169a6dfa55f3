"""The figures the benchmarks print: percentiles, by one definition for all of them."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def percentile(values: Sequence[float], share: float) -> float:
    """The `share` percentile of `values` (share in hundredths: 0.5, 0.95, 0.99), by
    `statistics.quantiles`' inclusive method: linear between the two nearest values, as
    numpy's default. One value is its own percentile; no values give NaN."""
    hundredths = round(share * 100)
    if not 1 <= hundredths <= 99 or abs(share * 100 - hundredths) > 1e-9:
        raise ValueError(f"a percentile in whole hundredths, not {share}")
    if not values:
        return float("nan")
    if len(values) == 1:
        return float(values[0])
    return statistics.quantiles(values, n=100, method="inclusive")[hundredths - 1]
