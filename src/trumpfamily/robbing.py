"""Robbing the turn-up: the rule component and its options (RULES.md §1.5, §3 rows 9–14).

If the turn-up is an Ace, the dealer may (or must) take it, discarding one card face down;
otherwise the player dealt the Ace of trumps may (or must) exchange a card for the turn-up.
The trump suit never changes. The holder of an Ace of trumps who does not rob may be
penalised (``unrobbed_ace``, :func:`unrobbed_penalty`): his Ace demoted to the lowest trump
(and, for the Ace of Hearts, stripped of its reneging privilege), unless he announced it
(``"lowest-unless-announced"``) or even if he did (``"lowest"``); or he is barred from
winning the pool, whether he announced the Ace or forgot to rob (``"cannot-win"``); or
both (``"lowest-and-cannot-win"``: announcing escapes only the demotion).

A penalty taken in silence (the holder let his chance pass with neither a rob nor a
word) is his secret until he plays the Ace of trumps; the hand must not go otherwise
because of it while no other seat can know of it. :func:`known_bars` says which bars the
whole table knows of: the ones the course of a hand may read. A secret bar is settled
when it comes out (:func:`~trumpfamily.scoring.pool_winner`).
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence
from typing import Literal, TypeAlias

import attrs

from ._options import choice, flag
from .cards import Card, Rank, canonical

__all__ = [
    "DealerRob",
    "HolderRob",
    "RobChance",
    "RobKind",
    "RobTiming",
    "Robbing",
    "UnrobbedAce",
    "known_bars",
    "may_decline",
    "rob_chance",
    "unrobbed_bar",
    "unrobbed_penalty",
]


#: The values of option ``holder_rob``, whether the holder of the Ace of trumps may or
#: must rob (:attr:`Robbing.holder_rob`).
HolderRob: TypeAlias = Literal["may-announce", "may", "must"]

#: The values of option ``dealer_rob``, whether the dealer must take an Ace turned up
#: (:attr:`Robbing.dealer_rob`).
DealerRob: TypeAlias = Literal["must", "may"]

#: The values of option ``unrobbed_ace``, the penalty for an Ace of trumps not robbed
#: (:attr:`Robbing.unrobbed_ace`).
UnrobbedAce: TypeAlias = Literal["lowest-unless-announced", "lowest", "cannot-win",
                                 "lowest-and-cannot-win", "none"]

#: The values of option ``rob_timing``, when the holder of the Ace of trumps robs
#: (:attr:`Robbing.rob_timing`).
RobTiming: TypeAlias = Literal["own-first-turn", "before-lead"]


@attrs.frozen(cache_hash=True)
class Robbing:
    """The robbing rule component.

    Attributes:
        robbing: whether robbing is played at all (RULES.md §1.5; Maw's house rule 3).
        holder_rob: the holder of the Ace of trumps ``"may-announce"`` (may rob; if not,
            must announce the Ace: FOS, BIC45, W25), ``"may"`` (WFF, W45, MAW) or ``"must"``
            (EB11, PEEL, OW45).
        dealer_rob: with an Ace turned up, the dealer ``"must"`` take it (EB11, W45, MAW) or
            ``"may"`` decline and "play these" (FOS, W25, BIC45).
        unrobbed_ace: the penalty on the holder of the Ace of trumps who does not rob,
            whether he declines openly (``DeclineRob()``, announcing the Ace) or forgets
            (lets his chance pass with neither: by playing a card at his first turn with
            ``rob_timing="own-first-turn"``, or by a silent ``Pass()`` before the lead,
            which only ``holder_rob="may"`` allows): ``"lowest-unless-announced"`` (A1: FOS,
            BIC45): the Ace is demoted unless announced; ``"lowest"`` (A2: WFF, P52):
            demoted whenever not robbed; ``"cannot-win"`` (B: PEEL, MAW, EB11): the holder
            is barred from the pool whenever he does not rob, announced or not;
            ``"lowest-and-cannot-win"`` (W25 lists both): barred whenever he does not rob,
            and the Ace demoted unless announced; or ``"none"``. A demoted Ace ranks below
            every other trump for the deal and loses any reneging privilege (RULES.md §3
            rows 11, 33). See the function
            :func:`trumpfamily.robbing.unrobbed_penalty`. A penalty taken by forgetting
            is the holder's secret until he plays the Ace: the hand goes on as if there
            were none, and a bar is settled when it comes out (:func:`known_bars`).
        rob_timing: ``"own-first-turn"`` (at the holder's first turn to play to trick 1;
            FOS, PEEL) or ``"before-lead"`` (before eldest leads; EB11, MAW).
    """

    robbing: bool = flag(True, doc="robbing is played at all (§1.5)")
    holder_rob: HolderRob = choice("may-announce", "may-announce", "may", "must",
                                   doc="holder of the Ace of trumps (§3 row 9)")
    dealer_rob: DealerRob = choice("may", "must", "may", doc="dealer with an Ace turned up (§3 row 10)")
    unrobbed_ace: UnrobbedAce = choice("lowest-unless-announced", "lowest-unless-announced", "lowest",
                                       "cannot-win", "lowest-and-cannot-win", "none",
                                       doc="penalty for an Ace of trumps not robbed (§3 rows 11, 33)")
    rob_timing: RobTiming = choice("own-first-turn", "own-first-turn", "before-lead",
                                   doc="when the holder robs (§3 row 12)")


def unrobbed_penalty(robbing: Robbing, *, announced: bool) -> tuple[bool, bool]:
    """The ``unrobbed_ace`` penalty on the holder of the Ace of trumps who did not rob.

    Args:
        robbing: the robbing rule component.
        announced: ``True`` when the holder declined openly (the engine's
            ``DeclineRob()``: announcing the Ace, or "I play these"), ``False`` when he
            played to trick 1 with neither a rob nor an announcement ("forgetting",
            RULES.md §2.2.5).

    Returns:
        ``(demote, cannot_win)``: whether the Ace of trumps becomes the lowest trump for
        the deal (losing any reneging privilege; EX-17, EX-43), and whether its holder is
        barred from winning the pool this deal (EX-51).

    The reading of RULES.md §1.5 and §3 rows 11, 33 (an open point: the sources do not
    separate declining from forgetting, except by the announcement):

    * ``"lowest-unless-announced"`` (A1: FOS, BIC45): demoted unless announced.
    * ``"lowest"`` (A2: WFF, P52): demoted whenever not robbed; announcing is no escape.
    * ``"cannot-win"`` (B: PEEL, EB11, MAW): barred whenever not robbed. PEEL and EB11
      make robbing compulsory, and MAW's "forgetting" cannot be told from not robbing,
      as Maw has no announcement.
    * ``"lowest-and-cannot-win"`` (W25): "an unannounced Ace ranks lowest" (demoted
      unless announced) and "a player who fails to rob cannot win" (barred whenever not
      robbed).
    * ``"none"``: no penalty.

    >>> from trumpfamily.robbing import Robbing, unrobbed_penalty
    >>> unrobbed_penalty(Robbing(unrobbed_ace="lowest-unless-announced"), announced=False)
    (True, False)
    >>> unrobbed_penalty(Robbing(unrobbed_ace="lowest-unless-announced"), announced=True)
    (False, False)
    >>> unrobbed_penalty(Robbing(unrobbed_ace="lowest"), announced=True)
    (True, False)
    >>> unrobbed_penalty(Robbing(unrobbed_ace="cannot-win"), announced=True)
    (False, True)
    >>> unrobbed_penalty(Robbing(unrobbed_ace="lowest-and-cannot-win"), announced=True)
    (False, True)
    >>> unrobbed_penalty(Robbing(unrobbed_ace="lowest-and-cannot-win"), announced=False)
    (True, True)
    """
    rule = robbing.unrobbed_ace
    demote = rule == "lowest" or (
        not announced and rule in ("lowest-unless-announced", "lowest-and-cannot-win"))
    cannot_win = rule in ("cannot-win", "lowest-and-cannot-win")
    return demote, cannot_win


def may_decline(robbing: Robbing, *, dealer: bool) -> bool:
    """Whether the player entitled to rob may keep his hand instead (``DeclineRob()``).

    Args:
        robbing: the robbing rule component.
        dealer: ``True`` for the dealer with an Ace turned up (option ``dealer_rob``),
            ``False`` for the holder of the Ace of trumps (option ``holder_rob``).

    Returns:
        ``False`` when the option is ``"must"`` (RULES.md §1.5, §3 rows 9 and 10).

    >>> from trumpfamily.robbing import Robbing, may_decline
    >>> may_decline(Robbing(dealer_rob="must"), dealer=True), may_decline(Robbing(), dealer=False)
    (False, True)
    """
    return (robbing.dealer_rob if dealer else robbing.holder_rob) != "must"


class RobKind(enum.StrEnum):
    """Who may rob, and why (RULES.md §1.5, §2.8). The value is a plain string.

    * ``JOKER``: the joker was turned up; the dealer must take it, discarding face down,
      before the next card is turned for trumps (§2.8, EX-53).
    * ``ACE``: an Ace was turned up; the dealer may or must rob it (``dealer_rob``).
    * ``HOLDER``: the player dealt the Ace of trumps may or must rob (``holder_rob``).
    """

    JOKER = "joker"
    ACE = "ace"
    HOLDER = "holder"


@attrs.frozen
class RobChance:
    """The chance to rob a turn-up, as the deal sets it up (RULES.md §1.5).

    Attributes:
        kind: the :class:`RobKind`.
        seat: the seat that may rob; ``None`` in a round of rob prompts when nobody was
            dealt the Ace of trumps (it is in the stock).
        before_lead: the rob is made before eldest leads (``ACE``, ``JOKER``, and
            ``HOLDER`` under ``rob_timing="before-lead"``); otherwise at the holder's first
            turn to play to trick 1.
        prompt_all: every seat from eldest is asked in turn, so that the prompt reveals
            nothing (the holder's rob before the lead: being asked by name would tell the
            table who holds the Ace, and no prompt at all that nobody does).
    """

    kind: RobKind
    seat: int | None
    before_lead: bool
    prompt_all: bool = False


def rob_chance(
    robbing: Robbing, turn_up: Card, hands: Sequence[Sequence[Card]], dealer: int
) -> RobChance | None:
    """Who may rob ``turn_up`` and when (RULES.md §1.5, §3 rows 9, 10, 12).

    Args:
        robbing: the robbing rule component.
        turn_up: the card turned up for trumps (not the joker: see :class:`RobKind`).
        hands: each seat's dealt cards.
        dealer: the dealer's seat.

    Returns:
        ``None`` when nobody may rob (robbing off, or the Ace of trumps not dealt and no
        round of prompts); else the :class:`RobChance`. An Ace turned up gives the dealer
        the rob, before the lead. Otherwise the holder of the Ace of trumps robs at his
        first turn (``rob_timing="own-first-turn"``) or before the lead
        (``"before-lead"``). Before the lead every seat is prompted in turn from eldest
        (``prompt_all``), whether or not anybody holds the Ace: a prompt by name would
        tell the table who holds it before he has said a word, and ``holder_rob="may"``
        lets him keep silent (the library's reading of RULES.md §1.5, which is silent on
        how the question is put; at a real table every player may speak up before the
        lead, and silence says nothing about any one hand).

    >>> from trumpfamily import SPOIL_FIVE, Card, parse_cards
    >>> from trumpfamily.robbing import rob_chance
    >>> hands = [parse_cards("2C 3C 4C 6C 7C"), parse_cards("AS 2D 3D 4D 6D")]
    >>> rob_chance(SPOIL_FIVE.robbing, Card.parse("TS"), hands, dealer=0)
    RobChance(kind=<RobKind.HOLDER: 'holder'>, seat=1, before_lead=False, prompt_all=False)
    >>> rob_chance(SPOIL_FIVE.robbing, Card.parse("AD"), hands, dealer=0).kind
    <RobKind.ACE: 'ace'>
    """
    if not robbing.robbing:
        return None
    if turn_up.rank is Rank.ACE:
        return _chance(RobKind.ACE, dealer, True, False)
    assert turn_up.suit is not None
    ace = canonical(Rank.ACE, turn_up.suit)
    holder = None
    for seat, hand in enumerate(hands):
        if ace in hand:
            holder = seat
            break
    if robbing.rob_timing == "before-lead":
        return _chance(RobKind.HOLDER, holder, True, True)
    if holder is None:
        return None
    return _chance(RobKind.HOLDER, holder, False, False)


_CHANCES: dict[tuple[RobKind, int | None, bool, bool], RobChance] = {}


def _chance(kind: RobKind, seat: int | None, before: bool, prompt_all: bool) -> RobChance:
    """The shared :class:`RobChance` value (few distinct ones; made once each)."""
    key = (kind, seat, before, prompt_all)
    found = _CHANCES.get(key)
    if found is None:
        found = _CHANCES[key] = RobChance(kind, seat, before, prompt_all)
    return found


def unrobbed_bar(robbing: Robbing, seat: int, ace: Card, *, announced: bool) -> str | None:
    """Why the holder of the Ace of trumps who did not rob may not win the pool, or
    ``None`` when the ``unrobbed_ace`` penalty does not bar him (RULES.md §1.5, EX-51).

    Args:
        robbing: the robbing rule component.
        seat: the holder's seat.
        ace: the Ace of trumps.
        announced: he declined aloud (``DeclineRob()``), rather than letting the chance
            pass in silence.

    Returns:
        The reason, with the option and source, for a :class:`~trumpfamily.outcomes.Barred`.

    >>> from trumpfamily import MAW, Card
    >>> from trumpfamily.robbing import unrobbed_bar
    >>> unrobbed_bar(MAW.robbing, 2, Card.parse("AS"), announced=True)
    "seat 2 held the Ace of trumps (AS) and declined to rob it (option unrobbed_ace='cannot-win'; RULES.md §1.5, EX-51)"
    """
    if not unrobbed_penalty(robbing, announced=announced)[1]:
        return None
    how = "declined to rob" if announced else "neither robbed nor announced"
    return (
        f"seat {seat} held the Ace of trumps ({ace}) and {how} it "
        f"(option unrobbed_ace={robbing.unrobbed_ace!r}; RULES.md §1.5, EX-51)"
    )


def known_bars(
    barred: Collection[int], silent_holder: int | None, *, ace_held: bool
) -> frozenset[int]:
    """The seats that every seat knows are barred from the pool (RULES.md §1.5, EX-51).

    A holder of the Ace of trumps barred for declining aloud (``DeclineRob()``) is barred
    in public from that moment. One who let his chance pass in silence (he played to
    trick 1, or passed the rob prompt, with neither a rob nor a word) is the only one who
    knows it, until he plays the Ace of trumps: then every seat has seen that he held it
    and did not rob. Until then his bar is his secret, and nothing in the course of the
    hand may depend on it: not whether a side must claim or jink, nor whether play stops
    because nobody may still win the pool (:func:`~trumpfamily.scoring.pool_result`,
    :func:`~trumpfamily.jinking.claim_due`, :func:`~trumpfamily.jinking.jink_result`
    read these seats only). The secret bar still holds: it is settled when it comes out,
    when his side claims or reaches the tricks that win, or at the end of the hand
    (:func:`~trumpfamily.scoring.pool_winner`). The rules digest never says how a
    forgotten rob is found out; this is the library's reading [I]: at a real table the
    others learn it when they see the Ace, or when he claims and must show it.

    Args:
        barred: every seat barred from the pool this deal (the whole truth).
        silent_holder: the holder whose chance to rob passed in silence, if any.
        ace_held: whether ``silent_holder`` still holds the Ace of trumps (has not played
            it).

    Returns:
        The seats of ``barred`` the table knows of: all of them but a silent holder who
        still holds the Ace.

    >>> from trumpfamily.robbing import known_bars
    >>> sorted(known_bars({2}, 2, ace_held=True)), sorted(known_bars({2}, 2, ace_held=False))
    ([], [2])
    >>> sorted(known_bars({2}, None, ace_held=True))  # he declined aloud: public at once
    [2]
    """
    if silent_holder is not None and ace_held and silent_holder in barred:
        return frozenset(s for s in barred if s != silent_holder)
    return frozenset(barred)
