"""The jitted core of the batch simulator: whole hands on card ids and card masks.

Internal. Every rule here mirrors the reference engine (:mod:`trumpfamily.engine`, with
:mod:`~trumpfamily.robbing`, :mod:`~trumpfamily.jinking`, :mod:`~trumpfamily.scoring`,
:mod:`~trumpfamily.fiving` and :mod:`~trumpfamily.dealing`) step for step, and the card
decisions mirror :func:`trumpfamily.tables.legal_mask` and
:func:`trumpfamily.tables.winner_index`. Nothing about the card order is known here: the
tables come from :func:`trumpfamily.mask_table`, compiled by
:mod:`trumpfamily.batch._rules`, and ``tests/test_batch.py`` binds every hand to the
engine action by action.

Conventions:

* A card is its id, ``Card.index`` (``0..52``, the joker 52); a set of cards is an int64
  mask of ``1 << id``.
* An action is its id, :func:`trumpfamily.action_id`. The legal actions of a step are two
  masks: ``plays`` (bit ``c``: ``Play`` of card ``c``, action id ``c``) and ``other`` (bit
  ``b``: action id ``53 + b``; bits 0..52 are the ``Rob`` discards, bit 53 ``DeclineRob``,
  54 ``Pass``, 55 ``Claim``, 56 ``Jink``, 57 ``AskFive``, 58 ``AcceptFive``, 59
  ``RefuseFive``).
* Tables are indexed ``[demoted, trump]``: ``demoted`` 1 for the table with the Ace of
  trumps demoted (RULES.md §1.5), ``trump`` the suit index in ``C D H S`` order.
* Random numbers: splitmix64, one stream per hand seeded from the batch key and the
  hand's number, so a hand does not depend on the chunk that plays it.
* The whole hand is one loop in :func:`run`, with the engine's status as plain locals,
  and the table look-ups of :func:`~trumpfamily.tables.legal_mask`,
  :func:`~trumpfamily.tables.winner_index` and of the rule-of-thumb policy written out in
  it, each marked with the function it mirrors: a helper given an array costs two atomic
  reference-count operations per call, more than the rules themselves. The helpers take
  and return scalars only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numba
import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba.core import types
from numba.extending import intrinsic

# -- parameter slots (the int64 array ``P``; filled by _rules.compile_rules) -----------
P_PLAYERS = 0
P_DECK = 1  # cards in the deck (52, or 53 with the joker)
P_TURN_UP_AT = 2  # deck position of the turn-up (Seating.turn_up_at)
P_POOL = 3  # scoring="pool"
P_NEEDED = 4  # tricks that win the pool (Seating.needed)
P_JINKING = 5  # Seating.jinking (pool games with jinking on)
P_ROBBING = 6  # option robbing
P_BEFORE_LEAD = 7  # rob_timing="before-lead"
P_HOLDER_MAY_PASS = 8  # holder_rob="may": the holder may pass the prompt in silence
P_HOLDER_MAY_DECLINE = 9  # may_decline(dealer=False)
P_DEALER_MAY_DECLINE = 10  # may_decline(dealer=True)
P_DEMOTE_SILENT = 11  # unrobbed_penalty(announced=False)[0]
P_DEMOTE_ANNOUNCED = 12  # unrobbed_penalty(announced=True)[0]
P_BAR = 13  # pool game and unrobbed_penalty(...)[1] (cannot win)
P_FIVING = 14  # Seating.fiving
P_PROMPT_FIRST = 15  # fiving.prompt_first(robbing)
P_PLAIN_LEAD = 16  # MaskTable.plain_lead
P_TRUMP_LEAD_FREE = 17  # MaskTable.trump_lead_free
P_HIGHEST = 18  # MaskTable.highest
P_MULTI_ALL = 19  # MaskTable.multi_all
P_PER_TRICK = 20  # points_per_trick (points games)
P_BEST_RULE = 21  # best_trump_bonus: 0 none, 1 "any", 2 "top-four"
P_FIVE_BONUS = 22  # five_tricks_bonus(scoring)
P_JINK_BONUS = 23  # jink_bonus(jinking, scoring)
P_SIDES = 24  # number of sides
P_MAX_ACTIONS = 25  # columns of the actions array
P_AH = 26  # the Ace of Hearts' id
P_JOKER = 27  # the joker's id
P_SIZE = 28

# obligation codes of trumpfamily.tables (checked against it in _rules)
FREE = 0
FOLLOW_OR_TRUMP = 1

# -- hand state codes ----------------------------------------------------------------
PH_ROB = 0
PH_FIVE = 1
PH_PLAY = 2
PH_CLAIM = 3
PH_OVER = 4

K_NONE = 0  # no chance to rob
K_JOKER = 1  # RobKind.JOKER
K_ACE = 2  # RobKind.ACE
K_HOLDER = 3  # RobKind.HOLDER

D_NONE = 0  # the chance to rob not used yet
D_ROBBED = 1
D_DECLINED = 2
D_SILENT = 3

F_NONE = 0
F_OPEN = 1
F_ASKED = 2

# HandEnd by its position in the enum (checked in _rules); -1 while the hand runs
E_WIN = 0
E_CLAIM = 1
E_JINK = 2
E_JINK_FAILED = 3
E_SPOIL = 4
E_POINTS = 5

# action ids (trumpfamily.actions; checked in _rules)
A_ROB = 53
A_DECLINE = 106
A_PASS = 107
A_CLAIM = 108
A_JINK = 109
A_ASK = 110
A_ACCEPT = 111
A_REFUSE = 112

# their bits in the ``other`` mask (action id - 53)
B_DECLINE = np.int64(1) << np.int64(A_DECLINE - A_ROB)
B_PASS = np.int64(1) << np.int64(A_PASS - A_ROB)
B_CLAIM = np.int64(1) << np.int64(A_CLAIM - A_ROB)
B_JINK = np.int64(1) << np.int64(A_JINK - A_ROB)
B_ASK = np.int64(1) << np.int64(A_ASK - A_ROB)
B_ACCEPT = np.int64(1) << np.int64(A_ACCEPT - A_ROB)
B_REFUSE = np.int64(1) << np.int64(A_REFUSE - A_ROB)
CARD_BITS = (np.int64(1) << np.int64(53)) - np.int64(1)

POLICY_RANDOM = 0
POLICY_RULE_OF_THUMB = 1

HAND_SIZE = 5

# -- random numbers: splitmix64 --------------------------------------------------------
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_HAND_SALT = np.uint64(0xD1B54A32D192ED03)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)

# The helpers take and return scalars only: an array passed to a jitted function costs
# two atomic reference-count operations, which in the loop below would cost more than the
# rules themselves. The code that reads the tables is written out in ``run``.


@numba.njit(inline="always")
def mix64(z: np.uint64) -> np.uint64:
    """The splitmix64 finaliser (a bijection of 64-bit words)."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@numba.njit(inline="always")
def below(state: np.uint64, bound: int) -> tuple[Any, np.uint64]:
    """A uniform int in ``0 .. bound - 1`` (``bound`` from 1 to 2**32) from the splitmix64
    stream at ``state``, and the new state (Lemire's method: exactly uniform)."""
    m = np.uint64(bound)
    state += _GOLDEN
    prod = (mix64(state) >> _S32) * m
    low = prod & _LOW32
    if low < m:
        floor = (_TWO32 - m) % m
        while low < floor:
            state += _GOLDEN
            prod = (mix64(state) >> _S32) * m
            low = prod & _LOW32
    return np.int64(prod >> _S32), state


@intrinsic
def _popcount(typingctx: Any, x: Any) -> Any:
    """The number of set bits of an int64 (LLVM ``ctpop``)."""
    if x != types.int64:
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


@intrinsic
def _low_bit(typingctx: Any, x: Any) -> Any:
    """The index of the lowest set bit of a non-zero int64 (LLVM ``cttz``)."""
    if x != types.int64:
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return types.int64(types.int64), codegen


#: The intrinsics, typed for callers (numba resolves the same objects).
popcount = cast(Callable[[Any], Any], _popcount)
low_bit = cast(Callable[[Any], Any], _low_bit)


@numba.njit(inline="always")
def nth_bit(x: Any, k: Any) -> Any:
    """The index of the ``k``-th set bit of ``x``, counting from 0 at the lowest."""
    for _ in range(k):
        x &= x - np.int64(1)
    return low_bit(x)


# -- whole hands -------------------------------------------------------------------------


@numba.njit(cache=True, nogil=True)
def run(first, count, dealer0, key, policy, P, printed, is_ace, ace_of, top4,  # type: ignore[no-untyped-def]
        dealpos, side_of, stakes, suit_of, power, suit_masks, withhold, above, hearts,
        ah_heart, decks, actions, legal, tricks, played_out, end_out, winner_out, trump_out,
        robbed_out, announced_out, barred_out, score, pool_out, best_out, best_trick_out):
    """Play hands ``first .. first + count - 1`` and write row ``j`` of every output for
    hand ``first + j``. ``decks``, ``actions`` and ``legal`` have 0 rows when not kept."""
    n = P[P_PLAYERS]
    size = P[P_DECK]
    turn_up_at = P[P_TURN_UP_AT]
    joker = P[P_JOKER]
    joker_bit = np.int64(1) << joker
    ah = P[P_AH]
    max_actions = P[P_MAX_ACTIONS]
    sides = P[P_SIDES]
    pool = P[P_POOL] != 0
    needed = P[P_NEEDED]
    jinking = P[P_JINKING] != 0
    robbing = P[P_ROBBING] != 0
    before_lead_timing = P[P_BEFORE_LEAD] != 0
    holder_may_pass = P[P_HOLDER_MAY_PASS] != 0
    holder_may_decline = P[P_HOLDER_MAY_DECLINE] != 0
    dealer_may_decline = P[P_DEALER_MAY_DECLINE] != 0
    demote_silent = P[P_DEMOTE_SILENT] != 0
    demote_announced = P[P_DEMOTE_ANNOUNCED] != 0
    bar = P[P_BAR] != 0
    fiving = P[P_FIVING] != 0
    prompt_first = P[P_PROMPT_FIRST] != 0
    plain_lead = P[P_PLAIN_LEAD]
    trump_lead_free = P[P_TRUMP_LEAD_FREE] != 0
    highest = P[P_HIGHEST] != 0
    multi_all = P[P_MULTI_ALL] != 0
    keep_decks = decks.shape[0] > 0
    keep_actions = actions.shape[0] > 0
    trace = legal.shape[0] > 0
    rule_of_thumb = policy == POLICY_RULE_OF_THUMB

    deck = np.empty(size, dtype=np.int64)
    pos = np.zeros(64, dtype=np.int64)  # each card's deck position: hand order
    hands = np.zeros(n, dtype=np.int64)
    counts = np.zeros(n, dtype=np.int64)
    trick = np.zeros(n, dtype=np.int64)
    cards_of = np.zeros((HAND_SIZE, n), dtype=np.int64)  # the completed tricks
    won_by = np.zeros(HAND_SIZE, dtype=np.int64)
    side_tricks = np.zeros(n, dtype=np.int64)
    side_free = np.zeros(n, dtype=np.int64)

    for j in range(count):
        number = first + j
        dealer = (dealer0 + number) % n
        eldest = dealer + 1 if dealer + 1 < n else 0
        state = mix64(key ^ mix64(np.uint64(number) * _HAND_SALT))

        # the shuffle (Fisher-Yates), then the deal in packets from eldest
        # (dealing.Seating: the positions of each seat's cards, per dealer)
        for k in range(size):
            deck[k] = k
        for k in range(size - 1, 0, -1):
            r, state = below(state, k + 1)
            c = deck[k]
            deck[k] = deck[r]
            deck[r] = c
        for k in range(size):
            pos[deck[k]] = k
        if keep_decks:
            for k in range(size):
                decks[j, k] = deck[k]
        for s in range(n):
            h = np.int64(0)
            for k in range(HAND_SIZE):
                h |= np.int64(1) << deck[dealpos[dealer, s, k]]
            hands[s] = h
            counts[s] = 0

        # the status of the deal (engine._Status) as plain locals
        five = F_OPEN if fiving else F_NONE
        joker_discard = -1
        joker_wait = False
        robbed_by = -1
        announced = -1
        barred = -1
        jinker = -1
        rob_kind = K_NONE
        rob_seat = -1
        before_lead = False
        prompt_all = False
        rob_done = D_NONE
        ctx_t = 0  # the table of play: 1 once the Ace of trumps is demoted
        forget_t = 0  # the table of a holder who lets his chance to rob pass
        trump = 0
        turn_up = -1
        stock_at = 0
        phase = PH_PLAY
        to_act = eldest
        leader = eldest
        tlen = 0
        played = 0
        end = -1
        winner = -1
        up = deck[turn_up_at]
        pending_open = True  # engine._opening for ``open_card`` is due
        pending_start = False  # engine._start is due
        open_card = up
        open_stock = turn_up_at + 1
        if up == joker:
            # the dealer takes the joker and discards before the next card is turned
            # (RULES.md §1.5, §2.8, EX-53; engine.new_hand)
            pending_open = False
            turn_up = deck[turn_up_at + 1]
            trump = printed[turn_up]
            stock_at = turn_up_at + 2
            rob_kind = K_JOKER
            rob_seat = dealer
            before_lead = True
            joker_wait = True
            phase = PH_ROB
            to_act = dealer
        nact = 0

        while True:
            if pending_open:  # engine._opening: a card is turned up for trumps
                pending_open = False
                joker_wait = False
                turn_up = open_card
                stock_at = open_stock
                trump = printed[turn_up]
                ctx_t = 0
                forget_t = 0
                rob_done = D_NONE
                robbed_by = -1
                announced = -1
                barred = -1
                jinker = -1
                rob_kind = K_NONE
                rob_seat = -1
                before_lead = False
                prompt_all = False
                if robbing:  # robbing.rob_chance
                    if is_ace[turn_up]:
                        rob_kind = K_ACE
                        rob_seat = dealer
                        before_lead = True
                    else:
                        ace_bit = np.int64(1) << ace_of[trump]
                        holder = -1
                        for s in range(n):
                            if hands[s] & ace_bit:
                                holder = s
                                break
                        if before_lead_timing:
                            rob_kind = K_HOLDER
                            rob_seat = holder
                            before_lead = True
                            prompt_all = True
                        elif holder >= 0:
                            rob_kind = K_HOLDER
                            rob_seat = holder
                if rob_kind == K_HOLDER and rob_seat >= 0 and demote_silent:
                    forget_t = 1
                if rob_kind == K_ACE:
                    phase = PH_ROB
                    to_act = dealer
                elif five == F_OPEN and prompt_first:
                    phase = PH_FIVE
                    to_act = eldest
                else:
                    pending_start = True
            if pending_start:  # engine._start: the rob prompt before the lead, if any
                pending_start = False
                if rob_kind == K_NONE or not before_lead or rob_done != D_NONE:
                    phase = PH_PLAY
                    to_act = eldest
                elif prompt_all:
                    phase = PH_ROB
                    to_act = eldest
                else:
                    phase = PH_ROB
                    to_act = rob_seat
            if phase == PH_OVER:
                break

            # -- the legal actions (engine.HandState._compute_legal) ----------------
            seat = to_act
            hand = hands[seat]
            plays = np.int64(0)
            other = np.int64(0)
            own_chance = rob_kind != K_NONE and rob_seat == seat and rob_done == D_NONE
            t_play = -1  # the table the seat plays under, -1: no card to play now
            if phase == PH_PLAY and five == F_NONE and not own_chance:
                t_play = ctx_t  # the common case: a card to play and nothing else
            else:
                if (rob_kind != K_NONE and rob_done == D_NONE) or five != F_NONE:
                    may_rob_now = phase == PH_ROB or (phase == PH_PLAY and not before_lead)
                    if own_chance and may_rob_now:
                        other |= hand & ~joker_bit if joker_discard >= 0 else hand  # Rob
                        if rob_kind != K_JOKER and (
                            dealer_may_decline if rob_kind == K_ACE else holder_may_decline
                        ):
                            other |= B_DECLINE
                    if (
                        fiving
                        and joker_discard < 0
                        and robbed_by < 0
                        and rob_done != D_DECLINED
                        and five == F_OPEN
                        and seat == eldest
                        and phase != PH_ROB
                    ):
                        other |= B_ASK
                    if five == F_ASKED:
                        other |= B_ACCEPT | B_REFUSE
                if phase == PH_CLAIM:
                    other |= B_CLAIM | B_JINK
                elif phase == PH_FIVE:
                    if five == F_OPEN:
                        other |= B_PASS  # eldest's fiving prompt
                elif phase == PH_ROB:
                    # the round of rob prompts: the holder passes only if he may keep
                    # silent
                    if prompt_all and (not own_chance or holder_may_pass):
                        other |= B_PASS
                elif phase == PH_PLAY:
                    t_play = forget_t if own_chance else ctx_t
            if t_play >= 0:
                # tables.legal_mask, line for line (RULES.md §1.4)
                if tlen == 0:
                    plays = hand  # a lead is free
                else:
                    lead = trick[0]
                    led = suit_of[t_play, trump, lead]
                    trumps = hand & suit_masks[t_play, trump, trump]
                    if led != trump:
                        if plain_lead == FREE:
                            plays = hand
                        else:
                            follow = hand & suit_masks[t_play, trump, led]
                            if follow == 0:
                                plays = hand
                            elif plain_lead == FOLLOW_OR_TRUMP:
                                plays = follow | trumps
                            else:
                                plays = follow
                    elif trump_lead_free:
                        plays = hand
                    elif trumps == 0:
                        plays = hand
                        if ah_heart[t_play, trump] and lead == ah:
                            held = hand & hearts[t_play, trump]
                            if held != 0:
                                plays = held
                    else:
                        plays = trumps
                        if multi_all or (trumps & (trumps - np.int64(1))) == 0:
                            if highest:
                                top = -1
                                for k in range(tlen):
                                    c = trick[k]
                                    if suit_of[t_play, trump, c] == trump:
                                        top = max(top, power[t_play, trump, c])
                                keep = above[t_play, trump, top]
                            else:
                                keep = withhold[t_play, trump, lead]
                            if trumps & ~keep == 0:
                                plays = hand  # every trump held may renege
            if nact >= max_actions or (plays | other) == 0:
                raise RuntimeError("batch core: no legal action, or too many (a bug)")
            if trace:
                legal[j, nact, 0] = plays
                legal[j, nact, 1] = other

            # -- the policy ---------------------------------------------------------------
            if not rule_of_thumb:  # uniform among the legal actions
                n_plays = popcount(plays)
                total = n_plays + popcount(other)
                r = 0
                if total > 1:
                    r, state = below(state, total)
                if r < n_plays:
                    action = nth_bit(plays, r)
                else:
                    action = A_ROB + nth_bit(other, r - n_plays)
            else:
                # players.RuleOfThumbPlayer.choose; "strength" is the power in the deal's
                # table, and min()/max() keep the first of equals in hand order, which is
                # deck order (a card joining a hand comes from deeper in the deck)
                robs = other & CARD_BITS
                pick = np.int64(0)  # choose among these cards...
                strongest = False  # ...the weakest, or the strongest
                base = 0  # action id of card 0
                action = -1
                if joker_wait:
                    # view.trump is None: legal[0], the Rob of the first card in hand order
                    first_card = -1
                    x = robs
                    while x:
                        c = low_bit(x)
                        x &= x - np.int64(1)
                        if first_card < 0 or pos[c] < pos[first_card]:
                            first_card = c
                    action = A_ROB + first_card
                elif other & B_CLAIM:
                    action = A_CLAIM
                elif robs:
                    pick = robs
                    base = A_ROB
                else:
                    has_trump = (hand & suit_masks[ctx_t, trump, trump]) != 0
                    if other & B_ASK and not has_trump:
                        action = A_ASK
                    elif other & B_ACCEPT:
                        action = A_REFUSE if has_trump else A_ACCEPT
                    elif plays == 0:  # legal[0], in the engine's order
                        if other & B_DECLINE:
                            action = A_DECLINE
                        elif other & B_ASK:
                            action = A_ASK
                        elif other & B_REFUSE:
                            action = A_REFUSE
                        elif other & B_JINK:
                            action = A_JINK
                        else:
                            action = A_PASS
                    elif tlen == 0:
                        pick = plays  # leading: the strongest card
                        strongest = True
                    else:
                        # following: the weakest card that beats the trick so far, else
                        # the weakest (also when the partner is winning)
                        pick = plays
                        led = suit_of[ctx_t, trump, trick[0]]
                        top = power[ctx_t, trump, trick[0]]
                        at = 0
                        for i in range(1, tlen):  # tables.winner_index
                            c = trick[i]
                            if power[ctx_t, trump, c] > top:
                                s = suit_of[ctx_t, trump, c]
                                if s == led or s == trump:
                                    top = power[ctx_t, trump, c]
                                    at = i
                        winning = leader + at if leader + at < n else leader + at - n
                        if side_of[winning] != side_of[seat]:
                            beaters = np.int64(0)
                            x = plays
                            while x:
                                c = low_bit(x)
                                x &= x - np.int64(1)
                                s = suit_of[ctx_t, trump, c]
                                if power[ctx_t, trump, c] > top and (s == led or s == trump):
                                    beaters |= np.int64(1) << c
                            if beaters:
                                pick = beaters
                if action < 0:
                    best = -1
                    x = pick
                    while x:
                        c = low_bit(x)
                        x &= x - np.int64(1)
                        if best < 0:
                            best = c
                            continue
                        pc = power[ctx_t, trump, c]
                        pb = power[ctx_t, trump, best]
                        if (pc > pb if strongest else pc < pb) or (pc == pb and pos[c] < pos[best]):
                            best = c
                    action = base + best
            if keep_actions:
                actions[j, nact] = action
            nact += 1

            # -- apply it (engine.HandState.apply) --------------------------------------
            if action < A_ROB:  # Play (engine._play)
                if own_chance:
                    # the holder played without robbing: "forgetting" (engine._silent)
                    rob_done = D_SILENT
                    ctx_t = forget_t
                    if bar:
                        barred = seat
                five = F_NONE
                hands[seat] = hand & ~(np.int64(1) << action)
                trick[tlen] = action
                tlen += 1
                if tlen < n:
                    to_act = seat + 1 if seat + 1 < n else 0
                    continue
                # the trick is complete: tables.winner_index on the deal's table now
                led = suit_of[ctx_t, trump, trick[0]]
                top = power[ctx_t, trump, trick[0]]
                at = 0
                for i in range(1, n):
                    c = trick[i]
                    if power[ctx_t, trump, c] > top:
                        s = suit_of[ctx_t, trump, c]
                        if s == led or s == trump:
                            top = power[ctx_t, trump, c]
                            at = i
                w = leader + at if leader + at < n else leader + at - n
                counts[w] += 1
                for k in range(n):
                    cards_of[played, k] = trick[k]
                won_by[played] = w
                played += 1
                tlen = 0
                leader = w
                side = side_of[w]
                # engine._trick_result, on the bars every seat knows of: a silent
                # holder's bar is his secret while he holds the Ace of trumps
                # (robbing.known_bars)
                secret = (
                    barred >= 0 and rob_done == D_SILENT
                    and (hands[barred] >> ace_of[trump]) & np.int64(1) != 0
                )
                if not pool:
                    if played == HAND_SIZE:
                        end = E_POINTS
                elif jinker >= 0:  # jinking.jink_result
                    may_win = True
                    if barred >= 0 and not secret:
                        may_win = False
                        for s in range(n):
                            if side_of[s] == jinker and s != barred:
                                may_win = True
                    if side != jinker or not may_win:
                        end = E_JINK_FAILED
                    elif played == HAND_SIZE:
                        end = E_JINK
                        winner = side
                else:
                    # scoring.pool_tricks, then scoring.pool_result
                    for s in range(sides):
                        side_tricks[s] = 0
                        side_free[s] = 0
                    for s in range(n):
                        side_tricks[side_of[s]] += counts[s]
                        if s != barred or secret:
                            side_free[side_of[s]] = 1
                    swept = side_tricks[side] == played
                    most = -99
                    for s in range(sides):
                        if not side_free[s]:
                            side_tricks[s] = -99  # scoring.NO_CLAIM
                        most = max(most, side_tricks[s])
                    if side_tricks[side] >= needed:
                        if not (jinking and played < HAND_SIZE and swept):
                            end = E_WIN
                            winner = side
                    elif played == HAND_SIZE or most + HAND_SIZE - played < needed:
                        end = E_SPOIL
                    # jinking.claim_due: the side has just reached the target with
                    # every trick so far (its pool tricks, a barred side's -99)
                    if end < 0 and jinking and played < HAND_SIZE:
                        mine = side_tricks[side]
                        if mine >= needed and mine == played:
                            phase = PH_CLAIM
                            to_act = w
                            continue
                if end >= 0:
                    phase = PH_OVER
                else:
                    phase = PH_PLAY
                    to_act = w
            elif action < A_DECLINE:  # Rob (engine._rob)
                discard = np.int64(1) << (action - A_ROB)
                if rob_kind == K_JOKER:
                    # no rob of the trump card: the next card is turned now
                    hands[seat] = (hand & ~discard) | joker_bit
                    joker_discard = action - A_ROB
                    five = F_NONE  # the joker exchange ends fiving
                    pending_open = True
                    open_card = turn_up
                    open_stock = stock_at
                    continue
                hands[seat] = (hand & ~discard) | (np.int64(1) << turn_up)
                rob_done = D_ROBBED
                robbed_by = seat
                five = F_NONE
                if phase == PH_ROB:
                    to_act = eldest
                phase = PH_PLAY
            elif action == A_DECLINE:  # engine._decline
                rob_done = D_DECLINED
                announced = seat
                five = F_NONE
                if rob_kind == K_HOLDER:
                    if demote_announced:
                        ctx_t = 1
                    if bar:
                        barred = seat
                if phase == PH_ROB:
                    to_act = eldest
                phase = PH_PLAY
            elif action == A_PASS:  # engine._pass
                if phase == PH_FIVE:
                    five = F_NONE
                    pending_start = True
                    continue
                if own_chance:  # a silent not-robbing (engine._silent)
                    rob_done = D_SILENT
                    ctx_t = forget_t
                    if bar:
                        barred = seat
                if seat == dealer:  # the round is over: eldest leads
                    phase = PH_PLAY
                    to_act = eldest
                else:
                    to_act = seat + 1 if seat + 1 < n else 0
            elif action == A_CLAIM:
                end = E_CLAIM
                winner = side_of[seat]
                phase = PH_OVER
            elif action == A_JINK:
                jinker = side_of[seat]
                phase = PH_PLAY
            elif action == A_ASK:
                five = F_ASKED
                phase = PH_FIVE
                to_act = dealer
            elif action == A_REFUSE:
                five = F_NONE
                pending_start = True
            else:  # AcceptFive: fiving.turn_until_new_suit, then a new turn-up
                k = stock_at
                c = deck[k]
                while c == joker or printed[c] == trump:
                    k += 1
                    c = deck[k]
                five = F_NONE
                pending_open = True
                open_card = c
                open_stock = k + 1

        # -- the outcome (engine._make_outcome), and chips or points ---------------------
        if keep_actions:
            for k in range(nact, max_actions):
                actions[j, k] = -1
        if trace:
            for k in range(nact, max_actions):
                legal[j, k, 0] = 0
                legal[j, k, 1] = 0
        for s in range(n):
            tricks[j, s] = counts[s]
            score[j, s] = 0
        if pool and winner >= 0 and barred >= 0:
            # scoring.pool_winner: a side with no seat that may win takes nothing (a
            # bar that was a silent holder's secret, settled at the end)
            settled = False
            for s in range(n):
                if side_of[s] == winner and s != barred:
                    settled = True
            if not settled:
                winner = -1
        played_out[j] = played
        end_out[j] = end
        winner_out[j] = winner
        trump_out[j] = trump
        robbed_out[j] = robbed_by
        announced_out[j] = announced
        barred_out[j] = barred
        best_out[j] = -1
        best_trick_out[j] = -1
        pool_out[j] = 0
        if pool:
            # a fresh pool: scoring.antes, scoring.settle_pool, jinking.jink_payments
            amount = 0
            for s in range(n):
                score[j, s] = -stakes[dealer, s]
                amount += stakes[dealer, s]
            left = amount
            if winner >= 0:
                winners = 0
                in_side = 0
                for s in range(n):
                    if side_of[s] == winner:
                        in_side += 1
                        if s != barred:
                            winners += 1
                if winners > 0:
                    share = amount // winners
                    left = amount - share * winners
                    bonus = P[P_JINK_BONUS] if end == E_JINK else 0
                    paid = bonus * (n - in_side)
                    bonus_share = paid // winners
                    left += paid - bonus_share * winners
                    for s in range(n):
                        if side_of[s] != winner:
                            score[j, s] -= bonus
                        elif s != barred:
                            score[j, s] += share + bonus_share
            pool_out[j] = left
        else:
            # scoring.best_trump_trick and scoring.trick_points, on the deal's table
            rule = P[P_BEST_RULE]
            bonus_trick = -1
            best_card = -1
            if rule != 0:
                top = -1
                top_played = False
                for i in range(played):
                    for k in range(n):
                        c = cards_of[i, k]
                        if suit_of[ctx_t, trump, c] == trump:
                            if power[ctx_t, trump, c] > top:
                                top = power[ctx_t, trump, c]
                                bonus_trick = i
                                best_card = c
                            if top4[trump] & (np.int64(1) << c):
                                top_played = True
                if rule == 2 and not top_played:
                    bonus_trick = -1
                    best_card = -1
            per = P[P_PER_TRICK]
            for i in range(played):
                score[j, won_by[i]] += 2 * per if i == bonus_trick else per
            best_out[j] = best_card
            best_trick_out[j] = bonus_trick
