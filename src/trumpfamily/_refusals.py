"""Why an engine action is refused: the reasons in
:class:`~trumpfamily.errors.IllegalActionError`.

Private: the engine (:mod:`trumpfamily.engine`) calls these only when it refuses an action,
so they may take their time to name the rule and its source.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ACTION_TYPES, AskFive, Claim, DeclineRob, Jink, Play, Rob
from .cards import JK, Rank, canonical
from .outcomes import Phase
from .reneging import decide, explain

if TYPE_CHECKING:
    from .engine import HandState


def out_of_turn(state: HandState, seat: object) -> str:
    """Why ``seat`` may not act now (it is not its turn, or not a seat number)."""
    if type(seat) is not int:
        return (
            f"seat={seat!r} is not a seat number: seats are the ints 0..{state.players - 1} "
            f"(it is seat {state.to_act}'s turn)"
            if state.to_act is not None
            else f"seat={seat!r} is not a seat number, and the hand is over"
        )
    if state.to_act is None:
        return "the hand is over: nobody may act"
    return (
        f"it is seat {state.to_act}'s turn, not seat {seat}'s (RULES.md §1.3: play goes "
        "clockwise from eldest, the winner of each trick leads the next)"
    )


def refusal_reason(state: HandState, action: object) -> str:
    """Why ``action`` is not legal in ``state``: the rule, its source and the legal actions."""
    legal = state.legal_actions()
    offered = " ".join(repr(a) for a in legal)
    suffix = f" (legal: {offered})" if offered else ""
    if type(action) not in ACTION_TYPES.values():
        return f"not an action: expected one of {', '.join(ACTION_TYPES)}{suffix}"
    seat = state.to_act
    if seat is None:
        return "the hand is over: nobody may act"
    s, st = state._seating, state._status
    hand = state.hands[seat]
    phase = state.phase
    if isinstance(action, Play):
        card = action.card
        if card not in s.base_deck:  # e.g. JK in a game without the joker
            return f"{card} is not in this variant's deck{suffix}"
        if phase is not Phase.PLAY:
            return f"no card may be played now: {_phase_text(state)}{suffix}"
        if card not in hand:
            return f"{card} is not in seat {seat}'s hand {' '.join(map(str, hand))!r}{suffix}"
        ctx = st.forget_ctx if (st.rob_seat == seat and st.rob_done is None) else st.ctx
        _, code = decide(hand, state.current_trick, ctx)
        return explain(card, hand, state.current_trick, ctx, code) + suffix
    if isinstance(action, Rob):
        ace = canonical(Rank.ACE, st.trump)
        if not s.robbing and st.rob_kind != "joker":
            return "robbing is not played in this variant (option robbing=False; RULES.md §1.5)"
        if st.rob_done == "robbed" or (st.rob_kind is None and st.robbed_by is not None):
            return f"the turn-up may be robbed only once a deal (RULES.md §1.5){suffix}"
        # A forgotten rob is the holder's secret (HandState.view): only he hears about it.
        if st.rob_done == "declined" or (st.rob_done is not None and st.rob_seat == seat):
            how = "announced instead" if st.rob_done == "declined" else "played without robbing"
            return (
                f"seat {st.rob_seat}'s chance to rob has passed: he {how} (RULES.md §1.5, "
                f"option rob_timing={s.variant.robbing.rob_timing!r}){suffix}"
            )
        if st.rob_seat != seat:
            if st.rob_kind == "ace":
                why = (f"the turn-up {st.turn_up} is an Ace, so only the dealer "
                       f"(seat {s.dealer}) may rob")
            elif st.rob_kind == "joker":
                why = f"the joker was turned up, so the dealer (seat {s.dealer}) takes it"
            else:
                why = (f"seat {seat} does not hold the Ace of trumps ({ace}) and the turn-up "
                       "is not an Ace")
            return f"{why} (RULES.md §1.5; robbing without the Ace is an offence, EX-52){suffix}"
        if phase is Phase.FIVE:
            return f"the dealer must first answer the request to five{suffix}"
        if action.discard not in s.base_deck:
            return f"the discard {action.discard} is not in this variant's deck{suffix}"
        if action.discard not in hand:
            return (
                f"the discard {action.discard} is not in seat {seat}'s hand "
                f"{' '.join(map(str, hand))!r}{suffix}"
            )
        if action.discard is JK and st.joker_discard is not None:
            return ("the dealer keeps the turned-up joker he took: it may not be discarded "
                    f"(RULES.md §2.8){suffix}")
        return f"not now: {_phase_text(state)}{suffix}"  # pragma: no cover - defensive
    if isinstance(action, DeclineRob):
        if st.rob_seat != seat or st.rob_done is not None or phase not in (Phase.ROB, Phase.PLAY):
            return (
                f"seat {seat} has no rob to decline: only the holder of the Ace of trumps "
                f"(or the dealer with an Ace turned up) may announce it (RULES.md §1.5){suffix}"
            )
        if st.rob_kind == "joker":
            return f"the dealer must take a turned-up joker (RULES.md §2.8, EX-53){suffix}"
        option = "dealer_rob" if st.rob_kind == "ace" else "holder_rob"
        return f"the rob is compulsory here (option {option}='must'; RULES.md §1.5){suffix}"
    if isinstance(action, (Claim, Jink)):
        return (
            "only a player who has won the first three tricks may claim or jink, at that "
            f"moment (RULES.md §1.6){suffix}"
        )
    if isinstance(action, AskFive):
        if not s.fiving:
            return (
                "fiving is played only by two players with option fiving=True "
                f"(RULES.md §2.1.7 (6)){suffix}"
            )
        if st.joker_discard is not None:
            return (
                "the dealer took the turned-up joker before eldest's first turn, so there is "
                f"no fiving this deal (RULES.md §2.8, §2.1.7 (6)){suffix}"
            )
        if st.rob_done is not None or st.robbed_by is not None:
            return (
                "fiving settles trumps, so it may be asked only before anybody robs or "
                f"declines a rob (RULES.md §2.1.7 (6), EX-56){suffix}"
            )
        return f"only the non-dealer may ask to five, once, at his first turn (EX-56){suffix}"
    return f"nobody has asked to five (RULES.md §2.1.7 (6)){suffix}"


def _phase_text(state: HandState) -> str:
    phase, seat = state.phase, state.to_act
    if phase is Phase.ROB:
        return f"seat {seat} must first rob or decline (RULES.md §1.5)"
    if phase is Phase.FIVE:
        return f"the dealer (seat {seat}) must answer the request to five"
    if phase is Phase.CLAIM:
        return f"seat {seat} must claim or jink (RULES.md §1.6)"
    return f"it is the {phase.value} phase"
