"""Robbing the turn-up: the rule component and its options (RULES.md §1.5, §3 rows 9–14).

If the turn-up is an Ace, the dealer may (or must) take it, discarding one card face down;
otherwise the player dealt the Ace of trumps may (or must) exchange a card for the turn-up.
The trump suit never changes. An Ace of trumps that is not robbed may be penalised
(``unrobbed_ace``): demoted to the lowest trump (and, for the Ace of Hearts, stripped of
its reneging privilege), or its holder barred from winning the pool.
"""

from __future__ import annotations

import attrs

from ._options import choice, flag

__all__ = ["Robbing", "unrobbed_penalty", "may_decline"]


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
        unrobbed_ace: the penalty when the Ace of trumps is not robbed:
            ``"lowest-unless-announced"`` (A1: FOS, BIC45), ``"lowest"`` (A2: WFF, P52),
            ``"cannot-win"`` (B: PEEL, MAW, EB11), ``"lowest-and-cannot-win"`` (W25 lists
            both) or ``"none"``. A demoted Ace ranks below every other trump for the deal
            and loses any reneging privilege (RULES.md §3 rows 11, 33).
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
        announced: ``True`` when the holder announced the Ace instead of robbing (the
            engine's ``DeclineRob()``), ``False`` when he played to trick 1 with neither a
            rob nor an announcement ("forgetting", RULES.md §2.2.5).

    Returns:
        ``(demote, cannot_win)``: whether the Ace of trumps becomes the lowest trump for
        the deal (losing any reneging privilege; EX-17, EX-43), and whether its holder is
        barred from winning the pool this deal (EX-51). ``"lowest"`` (A2) demotes whether
        or not he announced; the other penalties fall only on a holder who forgot
        (RULES.md §1.5, §3 rows 11 and 33).

    >>> unrobbed_penalty(Robbing(unrobbed_ace="lowest-unless-announced"), announced=False)
    (True, False)
    >>> unrobbed_penalty(Robbing(unrobbed_ace="lowest-unless-announced"), announced=True)
    (False, False)
    >>> unrobbed_penalty(Robbing(unrobbed_ace="lowest"), announced=True)
    (True, False)
    >>> unrobbed_penalty(Robbing(unrobbed_ace="lowest-and-cannot-win"), announced=False)
    (True, True)
    """
    rule = robbing.unrobbed_ace
    if rule == "lowest":
        return True, False
    if announced or rule == "none":
        return False, False
    if rule == "lowest-unless-announced":
        return True, False
    if rule == "cannot-win":
        return False, True
    return True, True  # "lowest-and-cannot-win"


def may_decline(robbing: Robbing, *, dealer: bool) -> bool:
    """Whether the player entitled to rob may keep his hand instead (``DeclineRob()``).

    Args:
        robbing: the robbing rule component.
        dealer: ``True`` for the dealer with an Ace turned up (option ``dealer_rob``),
            ``False`` for the holder of the Ace of trumps (option ``holder_rob``).

    Returns:
        ``False`` when the option is ``"must"`` (RULES.md §1.5, §3 rows 9 and 10).

    >>> may_decline(Robbing(dealer_rob="must"), dealer=True), may_decline(Robbing(), dealer=False)
    (False, True)
    """
    return (robbing.dealer_rob if dealer else robbing.holder_rob) != "must"
