"""A worked example for every refusal code (:data:`~trumpfamily.errors.REFUSAL_CODES`).

Each example is a short snippet of Python that the library refuses with that code; the
reference page of refusal codes is built from these at documentation time (the message
shown there is the library's own), and the test suite runs every one of them.

>>> from trumpfamily.refusals import EXAMPLES, refusal_of
>>> err = refusal_of(EXAMPLES["must-follow-or-trump"])
>>> err.code, err.rule, err.sources
('must-follow-or-trump', 'RULES.md §1.4.2', ('FOS', 'EB11', 'MAW'))
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from .errors import IllegalActionError, IllegalPlayError

__all__ = ["EXAMPLES", "refusal_of"]

# Deals used below (every hand given in full, so that each example means what it says).
_EX20 = '''deck = tf.stacked_deck(tf.SPOIL_FIVE, players=3, dealer=2, turn_up="2S",
    hands={0: "9D 4C QC JC TC", 1: "3D KC 7S AH 2H", 2: "8D 8C 9C 6H 7H"})
state = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=2, deck=deck)
'''
_HOLDER = '''deck = tf.stacked_deck(tf.SPOIL_FIVE, players=3, dealer=2, turn_up="2S",
    hands={0: "9D 4C QC JC TC", 1: "3D KC AS 6H 2H", 2: "8D 8C 9C 7S 7H"})
state = tf.new_hand(tf.SPOIL_FIVE, players=3, dealer=2, deck=deck)
'''
_ACE_UP = '''deck = tf.stacked_deck(tf.SPOIL_FIVE, players=2, dealer=1, turn_up="AC",
    hands={0: "2H 3H 4H 5H 6H", 1: "7H 8H 9H TH JH"})
state = tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=1, deck=deck)
'''
_JOKER_UP = '''variant = tf.FORTY_FIVE.with_options(joker="third")
deck = tf.stacked_deck(variant, players=2, dealer=1, turn_up="JK", stock="AC",
    hands={0: "2D 3D 4D 6D 7D", 1: "2H 3H 4H 6H 7H"})
state = tf.new_hand(variant, players=2, dealer=1, deck=deck)
'''
_TWO = '''deck = tf.stacked_deck(tf.SPOIL_FIVE, players=2, dealer=1, turn_up="9C",
    hands={0: "2H 3H 4H 5H 6H", 1: "7H 8H 9H TH JH"})
state = tf.new_hand(tf.SPOIL_FIVE, players=2, dealer=1, deck=deck)
'''
_ROUND = '''deck = tf.stacked_deck(tf.TWENTY_FIVE, players=3, dealer=2, turn_up="2S",
    hands={0: "AS 4C QC JC TC", 1: "3D KC 7S 6H 2H", 2: "8D 8C 9C 9D 7H"})
state = tf.new_hand(tf.TWENTY_FIVE, players=3, dealer=2, deck=deck)
'''

_EXAMPLES: dict[str, str] = {
    "must-follow-or-trump": 'tf.check_play("KC", "3D KC 7S AH 2H", "9D", trump="S", '
                            'variant=tf.SPOIL_FIVE)  # EX-20',
    "must-follow-suit": 'tf.check_play("7S", "3D 7S KC", "9D", trump="S", '
                        'variant=tf.SPOIL_FIVE.with_options(plain_lead="follow"))',
    "must-play-trump": 'tf.check_play("KD", "JS 7S KD", "3S", trump="S", '
                       'variant=tf.SPOIL_FIVE)',
    "renege-not-privileged": 'tf.check_play("KD", "JS KD 2C", "5S", trump="S", '
                             'variant=tf.SPOIL_FIVE)  # the Five led: EX-27',
    "must-play-heart": 'tf.check_play("9D", "KH 9D 3S", "AH", trump="C", '
                       'variant=tf.FORTY_FIVE)  # EX-33',
    "card-not-held": _EX20 + 'state.apply(tf.Play("5C"))',
    "card-not-in-deck": _EX20 + 'state.apply(tf.Play("JK"))  # no joker in Spoil Five',
    "not-an-action": _EX20 + 'state.apply("9D")',
    "not-a-seat": _EX20 + 'state.apply(tf.Play("9D"), seat="0")',
    "out-of-turn": _EX20 + 'state.apply(tf.Play("8D"), seat=2)',
    "hand-over": _EX20 + '''while not state.is_over:
    state = state.apply(state.legal_actions()[0])
state.apply(tf.Play("2C"))''',
    "game-over": '''game = tf.new_game(tf.FORTY_FIVE, players=2, seed=1, hands=1)
while not game.is_over:
    game = game.apply(game.legal_actions()[0])
game.apply(tf.Play("2C"))''',
    "wrong-phase": _ROUND + 'state.apply(tf.Play("4C"))  # every seat answers the rob prompt first',
    "robbing-off": '''deck = tf.stacked_deck(tf.MAW, players=3, dealer=2, turn_up="2S",
    hands={0: "AS 4C QC JC TC", 1: "3D KC 7S 6H 2H", 2: "8D 8C 9C 9D 7H"})
state = tf.new_hand(tf.MAW, players=3, dealer=2, deck=deck)
state.apply(tf.Rob("4C"))''',
    "already-robbed": _ACE_UP + 'state = state.apply(tf.Rob("7H"))\nstate.apply(tf.Rob("2H"))',
    "rob-chance-passed": _HOLDER + '''state = state.apply(tf.Play("9D")).apply(tf.DeclineRob())
state.apply(tf.Rob("2H"))  # seat 1 announced the Ace instead of robbing''',
    "rob-without-ace": _EX20 + 'state.apply(tf.Rob("9D"))',
    "discard-not-held": _HOLDER + 'state = state.apply(tf.Play("9D"))\nstate.apply(tf.Rob("9C"))',
    "keep-taken-joker": _JOKER_UP + '''state = state.apply(tf.Rob("2H"))  # the dealer takes the joker
state.apply(tf.Rob("JK"))  # and must rob the Ace turned after it''',
    "no-rob-to-decline": _EX20 + 'state.apply(tf.DeclineRob())',
    "must-take-joker": _JOKER_UP + 'state.apply(tf.DeclineRob())',
    "rob-compulsory": '''deck = tf.stacked_deck(tf.FORTY_FIVE, players=2, dealer=1, turn_up="AC",
    hands={0: "2H 3H 4H 5H 6H", 1: "7H 8H 9H TH JH"})
state = tf.new_hand(tf.FORTY_FIVE, players=2, dealer=1, deck=deck)
state.apply(tf.DeclineRob())  # Forty-Five: the dealer must rob a turned Ace''',
    "must-announce": _ROUND + 'state.apply(tf.Pass())  # seat 0 holds AS',
    "answer-five-first": _TWO + 'state = state.apply(tf.AskFive())\nstate.apply(tf.Pass())',
    "no-claim-now": _EX20 + 'state.apply(tf.Claim())',
    "no-fiving": _EX20 + 'state.apply(tf.AskFive())  # three players',
    "five-after-joker": '''variant = tf.SPOIL_FIVE.with_options(joker="third")
deck = tf.stacked_deck(variant, players=2, dealer=1, turn_up="JK", stock="7C",
    hands={0: "2D 3D 4D 6D 8D", 1: "2H 3H 4H 6H 7H"})
state = tf.new_hand(variant, players=2, dealer=1, deck=deck).apply(tf.Rob("2H"))
state.apply(tf.AskFive())''',
    "five-after-rob": _ACE_UP + 'state = state.apply(tf.Rob("7H"))\nstate.apply(tf.AskFive())',
    "five-not-now": _TWO + 'state = state.apply(tf.Play("2H"))\nstate.apply(tf.AskFive())',
    "no-five-asked": _TWO + 'state.apply(tf.AcceptFive())',
    "nothing-to-pass": _EX20 + 'state.apply(tf.Pass())',
}

#: Refusal code -> a snippet of Python (``tf`` is ``trumpfamily``) whose last line is
#: refused with that code. Read-only.
EXAMPLES: Final[Mapping[str, str]] = MappingProxyType(_EXAMPLES)


def refusal_of(snippet: str) -> IllegalActionError | IllegalPlayError:
    """Run ``snippet`` (one of :data:`EXAMPLES`) and return the refusal it raises.

    Args:
        snippet: Python source using ``tf`` for :mod:`trumpfamily`.

    Returns:
        The :class:`~trumpfamily.errors.IllegalActionError` or
        :class:`~trumpfamily.errors.IllegalPlayError` raised.

    Raises:
        AssertionError: the snippet ran without a refusal (a broken example).
    """
    import trumpfamily as tf  # the snippets use the public names

    try:
        exec(snippet, {"tf": tf})  # noqa: S102 - the library's own examples
    except (IllegalActionError, IllegalPlayError) as err:
        return err
    raise AssertionError(f"the example was not refused:\n{snippet}")
