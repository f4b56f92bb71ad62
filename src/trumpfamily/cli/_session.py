"""A game being played by ``trumpfamily play``: the state, the players, the narration.

The game moves only by :meth:`GameState.apply <trumpfamily.game.GameState.apply>`; what
is printed is the :class:`~trumpfamily.narrate.Narrator`'s reading of the events each new
state returns, told to the human's seat when there is one, and counted from the game's
own standings (:meth:`Narrator.for_game <trumpfamily.narrate.Narrator.for_game>`), so a
resumed game is told its true scores or chips.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

import attrs

from ..bidding.engine import BiddingHand, new_bidding_hand
from ..engine import HandState, new_hand
from ..events import AntesPaid, AnyEvent, Dealt
from ..game import GameState
from ..narrate import Narrator
from ..players import Player
from ._words import terminal_width, wrap_all
from .prompt import Prompt

__all__ = ["Session", "hand_so_far"]


def hand_so_far(state: GameState) -> list[AnyEvent]:
    """The events of the current hand from its antes and deal to now, as the game told
    them: the hand dealt again from its deck by :func:`~trumpfamily.engine.new_hand` (a
    bidding game's with the scores before it:
    :func:`~trumpfamily.bidding.engine.new_bidding_hand`) and its actions applied again
    (for a game resumed in the middle of a hand)."""
    hand = state.hand
    events: list[AnyEvent] = []
    if state.variant.scoring.scoring == "pool":
        events.append(AntesPaid(state.stakes, state.pool))
    replayed: HandState | BiddingHand
    if isinstance(hand, BiddingHand):  # dealt with the scores before it (near-end rules)
        replayed = new_bidding_hand(state.variant, players=state.players, dealer=hand.dealer,
                                    deck=hand.deck, scores=hand.scores)
    else:
        replayed = new_hand(state.variant, players=state.players, dealer=hand.dealer,
                            deck=hand.deck)
    events += [attrs.evolve(e, hand_number=state.hand_number) if isinstance(e, Dealt) else e
               for e in replayed.events]
    for action in hand.actions:
        replayed = replayed.apply(action)
        events += replayed.events
    return events


class Session:
    """A game being played: the state, the players, the narration and the human's prompt.

    Args:
        state: the game to play on from.
        bots: one player per seat (the human's seat is asked through ``prompt``).
        narrator: tells the events.
        prompt: the human's prompt, or ``None`` when bots play every seat.
        human: the human's seat, or ``None``.
        out: where the story is printed: on a terminal each line is wrapped on words to
            its width (:func:`~trumpfamily.cli._words.terminal_width`), else printed whole.
    """

    def __init__(self, state: GameState, bots: Sequence[Player], narrator: Narrator,
                 prompt: Prompt | None, human: int | None, out: TextIO) -> None:
        self.state, self.bots, self.narrator = state, bots, narrator
        self.prompt, self.human, self.out = prompt, human, out

    def say(self, lines: Sequence[str]) -> None:
        """Print ``lines``, wrapped to the terminal's width."""
        for line in wrap_all(lines, terminal_width(self.out)):
            print(line, file=self.out)

    def tell(self, events: Sequence[AnyEvent]) -> None:
        """Print what ``events`` say."""
        self.say(self.narrator.lines(events))

    def play(self, first: Sequence[AnyEvent]) -> None:
        """Tell ``first`` (the events so far), then play to the end of the game.

        Raises:
            Abandoned: the human left (``quit``, or the end of standard input).
        """
        self.tell(first)
        while not self.state.is_over:
            self.step()

    def step(self) -> None:
        """One action by the seat to act, told."""
        state = self.state
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        if seat == self.human and self.prompt is not None:
            action = self.prompt.ask(state.hand, view)
        else:
            action = self.bots[seat].choose(view)
        self.state = state.apply(action, seat)
        self.tell(self.state.events)
