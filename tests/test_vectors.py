"""Golden vectors: 2,000 positions under the standard rules (RULES.md §1.2–1.4).

``tests/data/spoil-five-standard.jsonl`` is a copy of ``/work/shared/vectors`` (see its README):
each line has a trump letter, a trick so far and a hand with its ``legal`` cards (hand order),
and a separate ``full_trick`` with the 0-based ``winner``. The answers were produced by two
independent implementations. They hold for ``SPOIL_FIVE`` and for ``TWENTY_FIVE``, whose
ranking and following options are the same (OPTIONS.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import trumpfamily as tf
from trumpfamily import Card, Suit

DATA = Path(__file__).parent / "data" / "spoil-five-standard.jsonl"
VECTORS: list[dict[str, Any]] = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
IDS = [f"line{n:04d}" for n in range(1, len(VECTORS) + 1)]
VARIANTS = pytest.mark.parametrize("variant", [tf.SPOIL_FIVE, tf.TWENTY_FIVE], ids=["SPOIL_FIVE", "TWENTY_FIVE"])


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def test_vector_file_is_complete() -> None:
    """The README promises 2,000 positions."""
    assert len(VECTORS) == 2000
    assert all(set(v) == {"trump", "trick", "hand", "legal", "full_trick", "winner"} for v in VECTORS)


@VARIANTS
@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_vector_legal(variant: Any, vector: dict[str, Any]) -> None:
    """RULES §1.4: ``legal_moves`` equals the vector's ``legal`` (in hand order)."""
    got = tf.legal_moves(cards(vector["hand"]), cards(vector["trick"]), trump=Suit(vector["trump"]), variant=variant)
    assert " ".join(map(str, got)) == vector["legal"]


@VARIANTS
@pytest.mark.parametrize("vector", VECTORS, ids=IDS)
def test_vector_winner(variant: Any, vector: dict[str, Any]) -> None:
    """RULES §1.3: ``trick_winner`` of ``full_trick`` equals the vector's ``winner``."""
    got = tf.trick_winner(cards(vector["full_trick"]), trump=Suit(vector["trump"]), variant=variant)
    assert got == vector["winner"]
