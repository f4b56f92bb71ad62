"""Why a move was refused, in words: a sentence and a worked example for every refusal
code (:data:`~trumpfamily.errors.REFUSAL_CODES`).

When the library refuses a move, the error's ``code`` says which rule refused it and its
``reason`` says so in a sentence, naming only what the acting seat may know. Every code
has a short example program that the library refuses with it (:data:`EXAMPLES`); the
documentation's list of every refusal code shows them with the library's own messages.

>>> import trumpfamily as tf
>>> from trumpfamily.refusals import EXAMPLES, refusal_of
>>> err = refusal_of(EXAMPLES["must-follow-or-trump"], tf)
>>> err.code, err.rule, err.sources
('must-follow-or-trump', 'RULES.md §1.4.2', ('FOS', 'EB11', 'MAW'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType, ModuleType
from typing import Final

import attrs

from .actions import ACTION_TYPES
from .cards import Card
from .errors import IllegalActionError, IllegalPlayError
from .outcomes import Phase
from .robbing import Robbing

__all__ = ["EXAMPLES", "PLAY_CODES", "RefusalFacts", "reason", "refusal_of"]

#: The codes of a card refused by the following rules (worded by the reneging module).
PLAY_CODES: Final = frozenset(
    {"must-follow-or-trump", "must-follow-suit", "must-play-trump", "renege-not-privileged",
     "must-play-heart"}
)


@attrs.frozen
class RefusalFacts:
    """What the wording of a refusal may name: only what the acting seat may know.

    Attributes:
        seat: the seat to act, ``None`` when the hand is over.
        hand: its cards.
        card: the card the action names (played or discarded), if any.
        is_rob: the action is a ``Rob``.
        claims: claiming and jinking are played (a pool game with ``jinking=True``).
        phase: the hand's phase.
        dealer: the dealer's seat.
        turn_up: the card turned for trumps.
        ace: the Ace of trumps.
        rob_kind: ``"joker"``, ``"ace"``, ``"holder"`` or ``None`` (the chance to rob).
        rob_seat: the seat with the chance to rob, if any.
        rob_done: ``"robbed"``, ``"declined"``, ``"silent"`` or ``None``.
        five_open: eldest may still ask to five.
        robbing: the robbing rule component.
        play_reason: for a card refused by the following rules, the reneging module's
            sentence (RULES.md §1.4).
    """

    seat: int | None
    hand: tuple[Card, ...]
    card: Card | None
    is_rob: bool
    claims: bool
    phase: Phase
    dealer: int
    turn_up: Card
    ace: Card
    rob_kind: str | None
    rob_seat: int | None
    rob_done: str | None
    five_open: bool
    robbing: Robbing
    play_reason: str | None

    @property
    def held(self) -> str:
        """The hand as text."""
        return " ".join(map(str, self.hand))


def _phase_text(f: RefusalFacts) -> str:
    if f.phase is Phase.ROB:
        return f"seat {f.seat} must first answer the rob prompt (RULES.md §1.5)"
    if f.phase is Phase.FIVE:
        if f.five_open:
            return f"seat {f.seat} must first ask to five or pass"
        return f"the dealer (seat {f.seat}) must answer the request to five"
    if f.phase is Phase.CLAIM:
        return f"seat {f.seat} must claim or jink (RULES.md §1.6)"
    return f"it is the {f.phase.value} phase"


def _not_in_deck(f: RefusalFacts) -> str:
    return f"the discard {f.card} is not in this variant's deck" if f.is_rob else (
        f"{f.card} is not in this variant's deck")


def _chance_passed(f: RefusalFacts) -> str:
    how = {"declined": "announced instead", "silent": "played or passed without robbing"}.get(
        f.rob_done or "", "let it pass")
    who = f.seat if f.rob_seat is None else f.rob_seat
    return (f"seat {who}'s chance to rob has passed: he {how} (RULES.md §1.5, "
            f"option rob_timing={f.robbing.rob_timing!r})")


def _without_ace(f: RefusalFacts) -> str:
    if f.rob_kind == "ace":
        why = f"the turn-up {f.turn_up} is an Ace, so only the dealer (seat {f.dealer}) may rob"
    elif f.rob_kind == "joker":
        why = f"the joker was turned up, so the dealer (seat {f.dealer}) takes it"
    else:
        why = (f"seat {f.seat} does not hold the Ace of trumps ({f.ace}) and the turn-up is "
               "not an Ace")
    return f"{why} (RULES.md §1.5; robbing without the Ace is an offence, EX-52)"


def _five_first(f: RefusalFacts) -> str:
    if f.five_open:
        return (f"seat {f.seat} must first ask to five or pass "
                "(RULES.md §2.1.7 (6): fiving settles trumps before any rob)")
    return "the dealer must first answer the request to five (RULES.md §2.1.7 (6))"


def _nothing_to_pass(f: RefusalFacts) -> str:
    alike = ("Pass() answers only a prompt that every seat gets alike: the round of rob "
             "prompts before the lead, or eldest's fiving prompt (RULES.md §1.5, §2.1.7 (6))")
    if f.phase is Phase.ROB and f.rob_kind in ("ace", "joker"):
        if f.rob_kind == "ace":
            whose = (f"the turn-up {f.turn_up} is an Ace, so the dealer (seat {f.dealer}) "
                     "robs it now: answer with Rob(a card to discard), or DeclineRob() where "
                     "the rules let him refuse")
        else:
            whose = (f"the joker was turned up, so the dealer (seat {f.dealer}) takes it "
                     "now: answer with Rob(a card to discard)")
        return f"there is nothing to pass: {whose}; {alike}"
    return f"there is nothing to pass: {_phase_text(f)}; {alike}"


_Words = Callable[[RefusalFacts], str]

_REASONS: dict[str, _Words] = {
    "not-an-action": lambda f: f"not an action: expected one of {', '.join(ACTION_TYPES)}",
    "bot-choice-not-legal": lambda f: (
        "the bot's choice is not one of the legal action ids of its seat now "
        "(FastBot.act must return one of spot.legal)"),
    "hand-over": lambda f: "the hand is over: nobody may act",
    "card-not-in-deck": _not_in_deck,
    "wrong-phase": lambda f: f"no card may be played now: {_phase_text(f)}",
    "card-not-held": lambda f: f"{f.card} is not in seat {f.seat}'s hand {f.held!r}",
    "robbing-off": lambda f: (
        "robbing is not played in this variant (option robbing=False; RULES.md §1.5)"),
    "already-robbed": lambda f: "the turn-up may be robbed only once a deal (RULES.md §1.5)",
    "rob-chance-passed": _chance_passed,
    "rob-without-ace": _without_ace,
    "discard-not-held": lambda f: f"the discard {f.card} is not in seat {f.seat}'s hand {f.held!r}",
    "keep-taken-joker": lambda f: (
        "the dealer keeps the turned-up joker he took: it may not be discarded (RULES.md §2.8)"),
    "no-rob-to-decline": lambda f: (
        f"seat {f.seat} has no rob to decline: only the holder of the Ace of trumps (or the "
        "dealer with an Ace turned up), at his chance to rob, may announce it (RULES.md §1.5)"),
    "must-take-joker": lambda f: "the dealer must take a turned-up joker (RULES.md §2.8, EX-53)",
    "rob-compulsory": lambda f: (
        f"the rob is compulsory here (option "
        f"{'dealer_rob' if f.rob_kind == 'ace' else 'holder_rob'}='must'; RULES.md §1.5)"),
    "must-announce": lambda f: (
        "the holder of the Ace of trumps must rob or announce it "
        "(option holder_rob='may-announce'; RULES.md §1.5)"),
    "answer-five-first": _five_first,
    "no-claim-now": lambda f: (
        "only a player who has won the first three tricks may claim or jink, at that moment "
        "(RULES.md §1.6)") if f.claims else (
        "nobody claims or jinks in this game: it is played for points, or with "
        "jinking=False (RULES.md §1.6)"),
    "no-fiving": lambda f: (
        "fiving is played only by two players with option fiving=True (RULES.md §2.1.7 (6))"),
    "five-after-joker": lambda f: (
        "the dealer took the turned-up joker before eldest's first turn, so there is no "
        "fiving this deal (RULES.md §2.8, §2.1.7 (6))"),
    "five-after-rob": lambda f: (
        "fiving settles trumps, so it may be asked only before anybody robs or declines a "
        "rob (RULES.md §2.1.7 (6), EX-56)"),
    "five-not-now": lambda f: (
        "only the non-dealer may ask to five, once, at his first turn (EX-56)"),
    "no-five-asked": lambda f: "nobody has asked to five (RULES.md §2.1.7 (6))",
    "nothing-to-pass": lambda f: _nothing_to_pass(f),
}


def reason(code: str, facts: RefusalFacts) -> str:
    """The sentence for refusal ``code`` (a key of
    :data:`~trumpfamily.errors.REFUSAL_CODES`), naming the rule and its source.

    Args:
        code: the refusal code the engine's check gave.
        facts: what the acting seat may know of the position.

    Returns:
        One sentence for :class:`~trumpfamily.errors.IllegalActionError`'s ``reason``.

    Raises:
        KeyError: ``code`` is not a code the engine words (``"out-of-turn"``,
            ``"not-a-seat"`` and ``"game-over"`` are worded where they arise).
    """
    if code in PLAY_CODES:
        assert facts.play_reason is not None
        return facts.play_reason
    return _REASONS[code](facts)

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

# The bidding games: hands of Auction Forty-Fives and Newfoundland 120s, with house rules.
_A45 = "state = tf.new_hand(tf.AUCTION_45, players=4, dealer=3, seed=1)\n"
_NL = "state = tf.new_hand(tf.NEWFOUNDLAND_120S, players=4, dealer=3, seed=1)\n"
_CALLS = "for action in ({}):\n    state = state.apply(action)\n"
_NEAR_END = '''state = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=1,
                            scores=(100, 95))  # P0's side is on 100
'''
_NO_HOLD = '''variant = tf.AUCTION_45.with_options(hold="none")
state = tf.new_hand(variant, players=4, dealer=3, seed=1)
'''
_CHECK_CALL = '''calls = tf.bidding.parse_auction("{}")
tf.bidding.check_call(tf.AUCTION_45.bidding, calls, tf.bidding.AuctionCall(3, {}, hold=True),
                      dealer=3, players=4)  # {}'''
_BAGGED = '''variant = tf.AUCTION_45.with_options(all_pass="bag-dealer", bag_bid=20, bag_raise=True)
state = tf.new_hand(variant, players=4, dealer=3, seed=1)
for action in (tf.Pass(), tf.Pass(), tf.Pass()):
    state = state.apply(action)
'''
_LIMIT4 = '''variant = tf.AUCTION_45.with_options(draw_limit={4: 4, 6: 3})  # IMP-ZB at four
state = tf.new_hand(variant, players=4, dealer=3, seed=1)
'''
_EX_K05 = '''variant = tf.NEWFOUNDLAND_120S.with_options(discard_trumps="last-resort")
deck = tf.stacked_bidding_deck(variant, players=4, dealer=3, hands={1: "JH AH KC 7S 3D"},
                               kitty="5H 9C 2D")
state = tf.new_hand(variant, players=4, dealer=3, deck=deck)
'''
_ROB_PACK = '''variant = tf.AUCTION_45.with_options(rob_pack=True)
state = tf.new_hand(variant, players=4, dealer=3, seed=1)
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
    "bot-choice-not-legal": '''class Stubborn:  # a fast bot that ignores spot.legal
    def act(self, spot):
        return 999
for outcome in tf.simulate(tf.SPOIL_FIVE, players=3, hands=1, seed=1, bots=[Stubborn()] * 3):
    pass''',
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
    # The bidding games (BIDDING.md): the auction (§2.3, §3.3), trumps, kitty and draw (§3.4).
    "auction-over": _A45 + _CALLS.format("tf.Bid(15), tf.Pass(), tf.Pass(), tf.Pass()")
    + "state.apply(tf.Bid(20))  # P0 won the auction at 15: he names trumps now",
    "not-a-bid": _A45 + "state.apply(tf.Bid(10))  # the ladder is 15, 20, 25, 30",
    "bid-too-low": _A45 + "state = state.apply(tf.Bid(20))\nstate.apply(tf.Bid(15))",
    "near-end-minimum": _NEAR_END + "state.apply(tf.Bid(15))  # EX-81: 20 at least",
    "no-hold": _NO_HOLD + _CALLS.format("tf.Bid(15), tf.Pass(), tf.Pass()")
    + "state.apply(tf.Bid(15))  # the dealer must outbid like anyone (IMP-PEI)",
    "hold-not-dealer": _A45 + "state = state.apply(tf.Bid(20))\nstate.apply(tf.Bid(20))",
    "nothing-to-hold": _CHECK_CALL.format(
        "P0 pass · P1 pass · P2 pass", 15, "the auction's own check: no bid to hold"),
    "hold-amount": _CHECK_CALL.format("P0 15 · P1 pass · P2 pass", 20,
                                      "a hold is at the standing 15"),
    "dealer-bagged": _BAGGED + "state.apply(tf.Pass())  # everybody else passed",
    "bag-minimum": _BAGGED + "state.apply(tf.Bid(15))  # bagged for 20 (MVMAG)",
    "no-turn-up": _A45 + 'state.apply(tf.Rob("2C"))  # trumps are named, never turned up',
    "no-trump-to-name": _A45 + 'state.apply(tf.NameTrump("H"))  # the auction comes first',
    "no-discard-now": _A45 + "state.apply(tf.Discard())  # the auction comes first",
    "discard-too-few": _NL + _CALLS.format("tf.Bid(20), tf.Pass(), tf.Pass(), tf.Pass()")
    + 'state = state.apply(tf.NameTrump("H"))\n'
    + "state.apply(tf.Discard())  # P0 holds 8 cards with the kitty: 3 at least go",
    "discard-too-many": _LIMIT4 + _CALLS.format(
        'tf.Bid(15), tf.Pass(), tf.Pass(), tf.Pass(), tf.NameTrump("S")')
    + "state.apply(tf.Discard(state.hands[0]))  # keep one card at least",
    "discard-trump": _EX_K05 + _CALLS.format(
        'tf.Pass(), tf.Bid(20), tf.Pass(), tf.Pass(), tf.NameTrump("H")')
    + 'state.apply(tf.Discard("JH KC 7S"))  # EX-K05: five non-trumps cover the three',
    "no-take-now": _A45 + 'state.apply(tf.Take("2C"))  # only the dealer robbing the pack takes',
    "take-not-in-stock": _ROB_PACK + _CALLS.format(
        'tf.Bid(15), tf.Pass(), tf.Pass(), tf.Pass(), tf.NameTrump("S"), '
        "tf.Discard(), tf.Discard(), tf.Discard()")
    + "state = state.apply(tf.Discard(state.hands[3][:1]))  # the dealer robs the pack\n"
    + "state.apply(tf.Take(state.hands[3][0]))  # a card of his own hand",
}

#: Refusal code -> a snippet of Python (``tf`` is ``trumpfamily``) whose last line is
#: refused with that code. Read-only.
EXAMPLES: Final[Mapping[str, str]] = MappingProxyType(_EXAMPLES)


def refusal_of(snippet: str, tf: ModuleType) -> IllegalActionError | IllegalPlayError:
    """Run ``snippet`` (one of :data:`EXAMPLES`) and return the refusal it raises.

    Args:
        snippet: Python source using ``tf`` for :mod:`trumpfamily`.
        tf: the :mod:`trumpfamily` package (passed in: nothing in the package imports
            the package root).

    Returns:
        The :class:`~trumpfamily.errors.IllegalActionError` or
        :class:`~trumpfamily.errors.IllegalPlayError` raised.

    Raises:
        AssertionError: the snippet ran without a refusal (a broken example).
    """
    try:
        exec(snippet, {"tf": tf})  # noqa: S102 - the library's own examples
    except (IllegalActionError, IllegalPlayError) as err:
        return err
    raise AssertionError(f"the example was not refused:\n{snippet}")
