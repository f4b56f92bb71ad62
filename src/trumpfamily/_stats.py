"""Student's t critical values for the confidence intervals of tournaments, ratings and the
search bots' reasons (internal; :func:`trumpfamily.tournament.t_critical` is the public
name)."""

from __future__ import annotations

import math
import statistics
from typing import Final

from .errors import InvalidArgumentError

__all__ = ["CONFIDENCE", "t_critical"]

#: The confidence level of every interval the tournaments report.
CONFIDENCE: Final = 0.95


def _two_sided(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with ``df`` degrees of freedom, exactly for an integer
    ``df`` (the finite series of Abramowitz and Stegun 26.7.3 and 26.7.4)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2:
        term = total = math.cos(theta)
        if df == 1:
            return 2 * theta / math.pi
        for j in range(1, (df - 1) // 2):
            term *= c2 * (2 * j) / (2 * j + 1)
            total += term
        return 2 / math.pi * (theta + math.sin(theta) * total)
    term = total = 1.0
    for j in range(1, df // 2):
        term *= c2 * (2 * j - 1) / (2 * j)
        total += term
    return math.sin(theta) * total


def t_critical(df: int, confidence: float = CONFIDENCE) -> float:
    """The two-sided critical value of Student's t distribution: ``t`` with
    ``P(|T| <= t) = confidence`` for ``df`` degrees of freedom (the half-width of a
    confidence interval is ``t * s / sqrt(n)``, with ``df = n - 1``).

    Up to 400 degrees of freedom by bisection on the exact distribution function; above,
    by the Cornish-Fisher expansion around the normal quantile (Abramowitz and Stegun
    26.7.5; its error there is below 1e-9).

    Args:
        df: degrees of freedom, an int from 1.
        confidence: the two-sided level, a float strictly between 0 and 1.

    Returns:
        The critical value (a float).

    Raises:
        InvalidArgumentError: ``df`` is not an int from 1, or ``confidence`` not in (0, 1).

    >>> from trumpfamily.tournament import t_critical
    >>> round(t_critical(1), 3), round(t_critical(10), 3), round(t_critical(10_000), 3)
    (12.706, 2.228, 1.96)
    """
    if type(df) is not int or df < 1:
        raise InvalidArgumentError(f"df={df!r}: degrees of freedom are an int from 1")
    if not isinstance(confidence, float | int) or not 0 < confidence < 1:
        raise InvalidArgumentError(f"confidence={confidence!r}: expected a level in (0, 1)")
    if df > 400:
        z = statistics.NormalDist().inv_cdf((1 + confidence) / 2)
        g1 = (z**3 + z) / 4
        g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
        g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
        g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
        return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
    low, high = 0.0, 1.0
    while _two_sided(high, df) < confidence:
        high *= 2
    for _ in range(200):
        mid = (low + high) / 2
        if mid in (low, high):
            break
        if _two_sided(mid, df) < confidence:
            low = mid
        else:
            high = mid
    return high
