"""Robbing the turn-up: the rule component and its options (RULES.md §1.5, §3 rows 9–14).

If the turn-up is an Ace, the dealer may (or must) take it, discarding one card face down;
otherwise the player dealt the Ace of trumps may (or must) exchange a card for the turn-up.
The trump suit never changes. The holder of an Ace of trumps who does not rob may be
penalised (``unrobbed_ace``, :func:`unrobbed_penalty`): his Ace demoted to the lowest trump
(and, for the Ace of Hearts, stripped of its reneging privilege), unless he announced it
(``"lowest-unless-announced"``) or even if he did (``"lowest"``); or he is barred from
winning the pool, whether he announced the Ace or forgot to rob (``"cannot-win"``); or
both (``"lowest-and-cannot-win"``: announcing escapes only the demotion).
"""

from __future__ import annotations

import attrs

from ._options import choice, flag

__all__ = ["Robbing", "may_decline", "unrobbed_penalty"]


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
            (plays his first card with neither): ``"lowest-unless-announced"`` (A1: FOS,
            BIC45): the Ace is demoted unless announced; ``"lowest"`` (A2: WFF, P52):
            demoted whenever not robbed; ``"cannot-win"`` (B: PEEL, MAW, EB11): the holder
            is barred from the pool whenever he does not rob, announced or not;
            ``"lowest-and-cannot-win"`` (W25 lists both): barred whenever he does not rob,
            and the Ace demoted unless announced; or ``"none"``. A demoted Ace ranks below
            every other trump for the deal and loses any reneging privilege (RULES.md §3
            rows 11, 33). See :func:`unrobbed_penalty`.
        rob_timing: ``"own-first-turn"`` (at the holder's first turn to play to trick 1;
            FOS, PEEL) or ``"before-lead"`` (before eldest leads; EB11, MAW).
    """

    robbing: bool = flag(True, doc="robbing is played at all (§1.5)")
    holder_rob: str = choice("may-announce", "may-announce", "may", "must",
                             doc="holder of the Ace of trumps (§3 row 9)")
    dealer_rob: str = choice("may", "must", "may", doc="dealer with an Ace turned up (§3 row 10)")
    unrobbed_ace: str = choice("lowest-unless-announced", "lowest-unless-announced", "lowest",
                               "cannot-win", "lowest-and-cannot-win", "none",
                               doc="penalty for an Ace of trumps not robbed (§3 rows 11, 33)")
    rob_timing: str = choice("own-first-turn", "own-first-turn", "before-lead",
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
