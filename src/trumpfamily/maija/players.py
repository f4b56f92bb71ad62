"""Built-in bots for the Maija games: :class:`MaijaRandomPlayer` and
:class:`MaijaRuleOfThumbPlayer`, through the library's ``choose(view)`` interface
(:class:`trumpfamily.players.Player`): they read only the seat's
:class:`~trumpfamily.maija.MaijaView`.

The rule of thumb (MAIJA.md §S): lead the Queen of Spades whenever she can be led (the next
player must take her up), else the longest run of low plain cards, keeping trumps; beat
cheaply (the lowest card of the suit that will do, a trump only when cheap or the stock is
out); in Kitumaija cover with the cheapest card and add the Queen on a short pile or near
the end of the hand, else the highest club (only a higher club beats it). A view seen again
(a loop) gets the next choice down the order of preference.

>>> from trumpfamily.maija import MUSTAMAIJA, new_maija_hand
>>> from trumpfamily.maija.players import MaijaRuleOfThumbPlayer
>>> hand = new_maija_hand(MUSTAMAIJA, players=3, seed=5)
>>> str(MaijaRuleOfThumbPlayer().choose(hand.view(hand.to_act)))
'lead JC KC'
"""

from __future__ import annotations

import random

from ..cards import Card, Rank
from ..errors import InvalidArgumentError
from .actions import Beat, Cover, Lead, MaijaAction, TakeUp
from .engine import MaijaView
from .queen import is_maija

__all__ = ["MaijaRandomPlayer", "MaijaRuleOfThumbPlayer"]


def _mine(view: MaijaView) -> tuple[MaijaAction, ...]:
    if view.to_act != view.seat or not view.legal_actions:
        raise InvalidArgumentError(
            f"seat {view.seat} is asked to choose, but it is not its turn (to act: {view.to_act})")
    return view.legal_actions


class MaijaRandomPlayer:
    """Chooses uniformly among the legal actions (seeded: the same choices each run)."""

    def __init__(self, seed: int | str | bytes | None = None) -> None:
        """Raises: InvalidArgumentError: a seed that is not an int, str, bytes or None."""
        from ..dealing import seeded_random

        self._rng: random.Random = seeded_random(seed, "MaijaRandomPlayer: ")

    def choose(self, view: MaijaView) -> MaijaAction:
        """One of ``view.legal_actions``, at random."""
        return self._rng.choice(_mine(view))


#: A seat's choices without progress after which the rule of thumb chooses at random.
_PATIENCE = 200


class MaijaRuleOfThumbPlayer:
    """A sensible player of MAIJA.md §S (no search; it reads only the view).

    Its one memory is of the positions it has been asked about since the last progress
    (a card drawn, a card put out of the game, a seat out): a seat's view met for the
    ``k``-th time in that stretch (a loop: the same cards, pile, stock and hand sizes),
    ``k`` of 3 or more, is answered with its ``(k - 1)``-th choice down its order of
    preference, so that two rules of thumb do not pass the same cards round for ever
    (MAIJA.md D8). A view met once or twice (twice: an environment reset to the same
    deal replays it), or any view before the first draw, gets the first choice. The memory holds
    only views of the seats it plays, keyed by seat, and public progress marks: no card
    hidden from a seat can change its choice. After 200 of a seat's choices without
    progress (MAIJA.md D8: a whole pile passed round three seats need not repeat a
    position) it chooses at random, seeded by the position and the count.
    """

    def __init__(self) -> None:
        """A rule of thumb with nothing seen yet."""
        self._seen: dict[tuple[object, ...], int] = {}
        self._mark: tuple[object, ...] = ()
        self._since: dict[int, int] = {}  # each seat's choices since the last progress

    def choose(self, view: MaijaView) -> MaijaAction:
        """The rule of thumb's choice among ``view.legal_actions``."""
        ranked = self._ranked(_mine(view), view)
        # Progress (a draw, a card out of the game, a seat out) or a new hand: a loop
        # cannot span it, so the positions seen before are forgotten.
        mark = (view.stock, len(view.out_of_play), view.out)
        if mark != self._mark:
            self._seen.clear()
            self._mark = mark
            self._since.clear()
        v = view.variant
        dealt = v.deck_size - v.hand_size * view.players - (1 if v.form == "pile" else 0)
        if view.stock >= dealt:
            return ranked[0]  # nobody has drawn yet: the hand has just begun
        key = (view.seat, view.phase, view.hand, view.hand_sizes, view.trump, view.table,
               view.beaten, view.pile)
        times = self._seen.get(key, 0)
        self._seen[key] = times + 1
        since = self._since[view.seat] = self._since.get(view.seat, 0) + 1
        if since > _PATIENCE:
            # No progress for long (three seats passing a whole pile round, K8, need not
            # repeat a position exactly): choose at random, seeded by the position and the
            # count, so that the same position and count get the same answer and the hand
            # ends (random play ends a Maija hand with probability 1).
            return ranked[random.Random(f"{key!r}/{since}").randrange(len(ranked))]
        return ranked[max(0, times - 1) % len(ranked)]  # once again may be a reset: allowed

    def _ranked(self, legal: tuple[MaijaAction, ...], view: MaijaView
                ) -> list[MaijaAction]:
        """The legal actions, the rule of thumb's first choice first."""
        if view.phase == "lead" or view.phase == "start":
            leads = [a for a in legal if isinstance(a, Lead)]
            leads.sort(key=lambda a: -self._lead_value(a, view))
            return list(leads)
        if view.phase == "cover":
            return self._cover(legal, view)
        first = self._defend(legal, view)
        return [first, *(a for a in legal if a != first)]

    @staticmethod
    def _cost(card: Card, view: MaijaView) -> int:
        """How dear a card is to give up: rank, and trumps far dearer."""
        return int(card.rank) + (20 if card.suit is view.trump else 0)

    def _lead_value(self, lead: Lead, view: MaijaView) -> float:
        cards = lead.cards
        if view.stock == 0 and len(cards) == len(view.hand):
            return 2000.0  # the whole hand: out of the hand
        if any(is_maija(c) for c in cards):
            return 1000.0 + len(cards)
        if view.phase == "start":
            return -self._cost(cards[0], view)
        return len(cards) * 10 - sum(self._cost(c, view) for c in cards) / len(cards)

    def _defend(self, legal: tuple[MaijaAction, ...], view: MaijaView) -> MaijaAction:
        beats = [a for a in legal if isinstance(a, Beat)]
        if not beats:
            return TakeUp()
        best = min(beats, key=lambda a: self._cost(a.pairs[0][0], view) - int(a.pairs[0][1].rank))
        beater = best.pairs[0][0]
        if beater.suit is view.trump and view.stock > 0 and beater.rank > Rank.TEN:
            return TakeUp()
        return best

    def _cover(self, legal: tuple[MaijaAction, ...], view: MaijaView) -> list[MaijaAction]:
        """Covers best first, then taking up (K6-K8).

        The free card: the Queen of Spades on a pile of one card (the next player takes
        her up with the whole pile of three and his turn ends, K7, K8: on a longer pile he
        would go on and lay her straight back, and the two would pass her round for ever;
        a pile of up to three was measured slower to finish) or when at most two cards are left after the cover (she is dead weight:
        she can leave a hand only as a free card); else a high club (only a higher club
        beats it), else a low card. The Queen otherwise only when she is the one free card.
        """
        covers = [a for a in legal if isinstance(a, Cover)]

        def value(a: Cover) -> float:
            free = a.free
            bonus = 0.0
            if free is not None:
                if is_maija(free):
                    short = len(view.pile) <= 1 or len(view.hand) <= 4
                    bonus = 100.0 if short else -1000.0
                elif free.suit is view.variant.invulnerable:
                    bonus = int(free.rank) / 2
                else:
                    bonus = -self._cost(free, view) / 4
            return bonus - self._cost(a.beat, view)

        return [*sorted(covers, key=lambda a: -value(a)), TakeUp()]
