"""trumpfamily.envs.encoding: the observation vector, the action mask, the discard built
card by card, and the re-deal test on the encoded bytes (issue 12, point 2)."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import biddingkit
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hidden import random_hand, redeal, seen_cards, silent_bar
from test_stateful import _players_for, game_variants

import trumpfamily as tf
from trumpfamily.envs import encoding as E

C = tf.Card.parse
ALL_PRESETS = (*tf.VARIANTS.values(), *tf.BIDDING_VARIANTS.values())


def _bytes(view: Any, pending: tuple[tf.Card, ...] = ()) -> tuple[bytes, bytes]:
    return E.encode(view, pending).tobytes(), E.action_mask(view, pending).tobytes()


def _some_pending(view: Any, rng: random.Random) -> tuple[tf.Card, ...]:
    """A random prefix of a legal discard built card by card ((): not a discard step)."""
    pending: tuple[tf.Card, ...] = ()
    while True:
        ids = [int(i) for i in np.flatnonzero(E.action_mask(view, pending))]
        cards = [i for i in ids if i in E.DISCARD_IDS]
        if not cards or rng.random() < 0.3:
            return pending
        pending = E.resolve(view, rng.choice(cards), pending).pending


# -- the re-deal test on the encoding itself --------------------------------------------


def _redeal_turn_up(variant: tf.Variant, players: int, seed: int, tries: int = 2) -> int:
    line = random_hand(variant, players, seed)
    rng = random.Random(seed)
    prefixes = sorted({0, *rng.sample(range(len(line)), min(4, len(line)))})
    compared = 0
    for k in prefixes:
        state = line[k][0]
        if state.is_over and silent_bar(state):
            continue  # the settled bar shows where the Ace of trumps lay
        actions = [a for _, a in line[:k]]
        for seat in range(players):
            keep = seen_cards(line, k, seat)
            expected = _bytes(state.view(seat))
            for _ in range(tries):
                other = tf.new_hand(variant, players=players, dealer=state.dealer,
                                    deck=redeal(state.deck, keep, rng))
                try:
                    for action in actions:
                        other = other.apply(action)
                except tf.IllegalActionError:
                    continue  # the public history rules this deal out
                if other.is_over and silent_bar(other):
                    continue
                assert _bytes(other.view(seat)) == expected, (seat, k, actions)
                compared += 1
    return compared


def _redeal_bidding(variant: tf.Variant, players: int, seed: int, tries: int = 2) -> int:
    line = biddingkit.random_hand(variant, players, seed)
    rng = random.Random(seed)
    prefixes = sorted({0, *rng.sample(range(len(line)), min(5, len(line)))})
    compared = 0
    for k in prefixes:
        state = line[k][0]
        actions = [a for _, a in line[:k]]
        for seat in range(players):
            keep = biddingkit.seen_cards(line, k, seat)
            view = state.view(seat)
            pending = _some_pending(view, rng) if view.to_act == seat else ()
            expected = _bytes(view, pending)
            for _ in range(tries):
                other = tf.new_bidding_hand(variant, players=players, dealer=state.dealer,
                                            deck=biddingkit.redeal(state.deck, keep, rng))
                try:
                    other = biddingkit.act(other, *actions)
                except tf.IllegalActionError:
                    continue
                assert _bytes(other.view(seat), pending) == expected, (seat, k, actions)
                compared += 1
    return compared


@pytest.mark.parametrize("variant", ALL_PRESETS, ids=lambda v: v.name)
def test_every_preset_encodes_the_same_bytes_under_every_redeal(variant: tf.Variant) -> None:
    """Each preset as published, every seat, the deal and random points of random hands:
    the encoded observation and mask are byte for byte the same when the cards the seat
    cannot see are re-dealt (and the same actions replayed)."""
    compared = 0
    for seed in range(3):
        if variant.bidding is None:
            players = _players_for(variant)[seed % 3]
            compared += _redeal_turn_up(variant, players, seed)
        else:
            players = biddingkit.players_for(variant)[seed % 2]
            compared += _redeal_bidding(variant, players, seed)
    assert compared >= 6


@settings(max_examples=60)
@given(variant=game_variants(), data=st.data())
def test_redeal_turn_up_games_with_random_options(variant: tf.Variant,
                                                  data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    _redeal_turn_up(variant, players, seed)


@settings(max_examples=60)
@given(variant=biddingkit.bidding_variants(), data=st.data())
def test_redeal_bidding_games_with_random_options(variant: tf.Variant,
                                                  data: st.DataObject) -> None:
    counts = biddingkit.players_for(variant)
    if not counts:
        return
    players = data.draw(st.sampled_from(counts), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    _redeal_bidding(variant, players, seed)


# -- the layout and the values ----------------------------------------------------------


@pytest.mark.parametrize("variant", ALL_PRESETS, ids=lambda v: v.name)
def test_the_layout_tiles_the_vector(variant: tf.Variant) -> None:
    for players in (2, variant.table.max_players):
        lay = E.layout(variant, players)
        end = 0
        for name, start, rows, cols in lay.sections:
            assert start == end and lay[name] == slice(start, start + rows * cols)
            end = start + rows * cols
        assert end == lay.size == E.observation_size(variant.name, players)
        assert ("bids" in lay.names) == (variant.bidding is not None)
        state = tf.new_hand(variant, players=players, seed=1)
        assert E.encode(state.view(0)).shape == (lay.size,)


def test_sizes_are_the_documented_ones() -> None:
    """The module's tables: the turn-up games 396 + 128 n entries, the bidding games
    354 + 137 n."""
    assert E.observation_size(tf.SPOIL_FIVE, 3) == 396 + 128 * 3 == 780
    assert E.observation_size(tf.SPOIL_FIVE, 2) == 396 + 128 * 2
    assert E.observation_size(tf.MAW, 10) == 396 + 128 * 10
    assert E.observation_size(tf.AUCTION_45, 4) == 354 + 137 * 4 == 902
    lay = E.layout(tf.FORTY_FIVE, 4)
    assert lay.shape("trick") == (4, 53) and lay.shape("trick_winners") == (5, 4)
    assert lay.shape("calls") == (1, 4)


def test_a_turn_up_position_encodes_as_documented() -> None:
    """Forty-Five, 3 players, dealer 2: seat 0 leads 5H, seat 1 follows KH; seat 1's view,
    its own seat first, then seat 2 on its left, then seat 0."""
    deck = tf.stacked_deck(tf.FORTY_FIVE, players=3, dealer=2, turn_up="2S",
                           hands={0: "5H 2C 3C 4C 6C", 1: "KH 2D 3D 4D 6D",
                                  2: "9H 2H 3H 4H 6H"})
    state = tf.new_hand(tf.FORTY_FIVE, players=3, dealer=2, deck=deck)
    state = state.apply(tf.Play("5H")).apply(tf.Play("KH"))
    view = state.view(1)
    x = E.encode(view)
    lay = E.layout(tf.FORTY_FIVE, 3)

    def cards(name: str, row: int = 0) -> list[str]:
        return [str(tf.tables.CARDS[i]) for i in np.flatnonzero(lay.rows(x, name)[row])]

    assert cards("hand") == ["2D", "3D", "4D", "6D"]
    assert cards("turn_up") == ["2S"] == cards("turned_up")
    assert lay.rows(x, "trump").tolist() == [[0, 0, 0, 1]]
    assert cards("trick", 0) == ["KH"] and cards("trick", 1) == [] and cards("trick", 2) == ["5H"]
    assert lay.rows(x, "to_act").tolist() == [[0, 1, 0]]  # seat 2, on seat 1's left
    assert lay.rows(x, "dealer").tolist() == [[0, 1, 0]]
    assert lay.rows(x, "leader").tolist() == [[0, 0, 1]]  # seat 0
    assert lay.rows(x, "partners").tolist() == [[1, 0, 0]]
    assert x[lay["phase"]].tolist() == [float(p is tf.Phase.PLAY) for p in tf.Phase]
    assert not x[lay["played"]].any() and not x[lay["game"]].any()
    state = state.apply(tf.Play("9H"))  # seat 2 completes the first trick
    view = state.view(1)
    x = E.encode(view)
    winner = state.tricks[0].winner
    assert cards("played", (0 - 1) % 3) == ["5H"] and cards("played", 0) == ["KH"]
    assert lay.rows(x, "trick_winners")[0].tolist() == [float((winner - 1) % 3 == r)
                                                         for r in range(3)]
    assert x[lay["played_when"]][C("KH").index] == pytest.approx(0.2)
    assert lay.rows(x, "trick_counts")[0, (winner - 1) % 3] == pytest.approx(0.2)


def test_a_game_view_carries_the_game_context() -> None:
    """A pool game (Spoil Five): the game section, the chips and the pool (÷ 10)."""
    game = tf.new_game(tf.SPOIL_FIVE, players=3, seed=4)
    view = game.view(0)
    assert view.game is not None
    x = E.encode(view)
    lay = E.layout(tf.SPOIL_FIVE, 3)
    assert x[lay["game"]].tolist()[:3] == [1.0, 0.0, 1.0]
    assert x[lay["game"]][3] == pytest.approx(view.game.hand_number / 100)
    assert x[lay["game_pool"]][0] == pytest.approx(view.game.pool / 10)
    chips = view.game.chips
    assert x[lay["game_chips"]].tolist() == pytest.approx([chips[s] / 10 for s in (0, 1, 2)])


def test_a_bidding_position_encodes_as_documented() -> None:
    """Auction 45, 4 players, dealer 3: seat 0 bids 20, seat 1 passes; seat 2's view."""
    hand = tf.new_bidding_hand(tf.AUCTION_45, players=4, dealer=3, seed=1)
    hand = hand.apply(tf.Bid(20)).apply(tf.Pass())
    x = E.encode(hand.view(2))
    lay = E.layout(tf.AUCTION_45, 4)
    bids = lay.rows(x, "bids")
    assert bids[2].tolist() == [0, 0, 0, 1, 0, 0, 0, 0]  # seat 0: two seats on from seat 2
    assert bids[3].tolist() == [0] * 7 + [1]  # seat 1: passed
    assert not bids[0].any() and not bids[1].any()
    assert lay.rows(x, "high_bid")[0].tolist() == [0, 0, 0, 1, 0, 0, 0]
    assert lay.rows(x, "high_bidder")[0].tolist() == [0, 0, 1, 0]
    assert not x[lay["contract"]].any() and not x[lay["bidder"]].any()
    assert x[lay["stock_size"]][0] == pytest.approx(len(hand.stock) / 53)


# -- the action mask and the discard card by card ----------------------------------------


@pytest.mark.parametrize("variant", ALL_PRESETS, ids=lambda v: v.name)
def test_the_mask_is_the_legal_actions_outside_discard_steps(variant: tf.Variant) -> None:
    rng = random.Random(3)
    state = tf.new_hand(variant, players=3, seed=3)
    while not state.is_over:
        for seat in range(3):
            view = state.view(seat)
            mask = E.action_mask(view)
            assert mask.dtype == np.int8 and mask.shape == (tf.actions.ACTION_COUNT,)
            legal = view.legal_actions
            if legal and isinstance(legal[0], tf.Discard):
                continue
            assert sorted(int(i) for i in np.flatnonzero(mask)) == sorted(
                tf.action_id(a) for a in legal)
            assert (seat == state.to_act) == bool(mask.any())
        state = state.apply(rng.choice(state.legal_actions()))


def _sequences(view: Any) -> list[tuple[tf.Discard, int]]:
    """Every discard reachable card by card, with the number of id choices it took."""
    out = []
    todo: list[tuple[tf.Card, ...]] = [()]
    while todo:
        pending = todo.pop()
        for i in np.flatnonzero(E.action_mask(view, pending)):
            got = E.resolve(view, int(i), pending)
            if got.action is not None:
                assert int(i) == E.DISCARD_DONE and got.pending == ()
                out.append((got.action, len(pending) + 1))
            else:
                assert list(got.pending[:-1]) == list(pending)
                todo.append(got.pending)
    return out


def _discard_views(per_variant: int) -> list[Any]:
    """Up to ``per_variant`` discard steps (the kitty, the draw) of each bidding preset."""
    found = []
    for variant in tf.BIDDING_VARIANTS.values():
        mine: list[Any] = []
        for seed in range(40):
            rng = random.Random(seed)
            state = tf.new_hand(variant, players=4 if variant.table.max_players >= 4 else 2,
                                seed=seed)
            while not state.is_over and len(mine) < per_variant:
                legal = state.legal_actions()
                if isinstance(legal[0], tf.Discard):
                    mine.append(state.view(state.to_act))
                state = state.apply(rng.choice([a for a in legal if a != tf.Pass()] or legal))
        found += mine
    return found


def test_every_legal_discard_is_built_by_exactly_one_sequence() -> None:
    """In a discard step the card-by-card ids reach each legal discard once (rising card
    order, then DISCARD_DONE), and nothing else."""
    views = _discard_views(6)
    assert len(views) >= 30
    kitty = 0
    for view in views:
        reached = _sequences(view)
        discards = [d for d, _ in reached]
        assert sorted(discards, key=str) == sorted(view.legal_actions, key=str)
        assert len(set(discards)) == len(discards)
        assert all(steps == len(d.cards) + 1 for d, steps in reached)
        kitty += view.phase is tf.Phase.KITTY
    assert kitty >= 1


def test_a_kitty_discard_card_by_card() -> None:
    """Auction 45: the bidder holds eight cards and discards at least three; adding a card
    below a pending one is refused, DISCARD_DONE comes only once three are chosen."""
    for view in _discard_views(20):
        if view.phase is tf.Phase.KITTY and len(view.hand) == 8:
            break
    else:  # pragma: no cover - the search above always finds one
        pytest.fail("no kitty discard found")
    fewest = min(len(d.cards) for d in view.legal_actions)
    hand = sorted(view.hand, key=lambda c: c.index)
    pending: tuple[tf.Card, ...] = ()
    for card in hand[:fewest]:
        mask = E.action_mask(view, pending)
        assert not mask[E.DISCARD_DONE]
        pending = E.resolve(view, tf.action_id(tf.Discard((card,))), pending).pending
    assert E.action_mask(view, pending)[E.DISCARD_DONE] == 1
    with pytest.raises(tf.IllegalActionError, match="rising card-id order"):
        E.resolve(view, tf.action_id(tf.Discard((hand[0],))), pending[1:])
    done = E.resolve(view, E.DISCARD_DONE, pending)
    assert done == E.Resolved(tf.Discard(hand[:fewest]), ())
    # the encoding shows the pending cards to their owner, and only they differ
    lay = E.layout(view.variant, view.players)
    a, b = E.encode(view), E.encode(view, pending)
    assert [tf.tables.CARDS[i] for i in np.flatnonzero(b[lay["pending"]])] == list(pending)
    assert np.flatnonzero(a != b).tolist() == [lay["pending"].start + c.index for c in pending]


# -- refusals -----------------------------------------------------------------------------


def test_bad_input_is_refused_clearly() -> None:
    state = tf.new_hand(tf.SPOIL_FIVE, players=3, seed=2)
    view = state.view(state.to_act)
    with pytest.raises(tf.InvalidArgumentError, match="SeatView or a BiddingView"):
        E.encode(state)  # type: ignore[arg-type]
    with pytest.raises(tf.InvalidArgumentError, match="float32 numpy array of shape"):
        E.encode_into(view, np.zeros(10, dtype=np.float32))
    with pytest.raises(tf.InvalidArgumentError, match="float32"):
        E.encode_into(view, np.zeros(780, dtype=np.float64))
    with pytest.raises(tf.InvalidArgumentError, match="bidding games' discard"):
        E.encode(view, pending=[view.hand[0]])
    with pytest.raises(tf.PlayerCountError, match="2 to 10"):
        E.layout(tf.SPOIL_FIVE, 11)
    with pytest.raises(tf.UnknownVariantError):
        E.layout("no such game", 3)
    with pytest.raises(tf.InvalidArgumentError, match="no section 'kitty'"):
        E.layout(tf.SPOIL_FIVE, 3)["kitty"]
    not_legal = next(i for i in range(tf.actions.ACTION_COUNT)
                     if tf.action_from_id(i) not in view.legal_actions)
    with pytest.raises(tf.IllegalActionError, match=f"action id {not_legal}"):
        E.resolve(view, not_legal)
    with pytest.raises(tf.InvalidArgumentError, match="not an action id"):
        E.resolve(view, 230)
    bidding = tf.new_hand(tf.AUCTION_45, players=4, seed=2)
    bview = bidding.view(bidding.to_act)
    with pytest.raises(tf.InvalidArgumentError, match="not in a discard step"):
        E.action_mask(bview, pending=[bview.hand[0]])
    held = {str(c) for c in bview.hand}
    stranger = next(c for c in ("2C", "3C", "4C", "5C", "6C", "7C") if c not in held)
    with pytest.raises(tf.InvalidArgumentError, match="must be one of seat"):
        E.encode(bview, pending=[stranger])


def test_every_entry_is_within_the_layouts_bounds() -> None:
    """Layout.bounds (the environments' Box): 0..1 but for the game's scores and chips,
    the pool and the discard counts; a whole game of each preset stays inside."""
    for variant in ALL_PRESETS:
        game = tf.new_game(variant, players=4, seed=6, hands=3)
        low, high = E.layout(variant, 4).bounds()
        rng = random.Random(6)
        while not game.is_over:
            x = E.encode(game.view(rng.randrange(4)))
            assert (low <= x).all() and (x <= high).all(), variant.name
            game = game.apply(rng.choice(game.legal_actions()))
    lay = E.layout(tf.SPOIL_FIVE, 3)
    low, high = lay.bounds()
    assert low[lay["game_chips"]].tolist() == [-np.inf] * 3 and high[lay["hand"]].min() == 1


def _in_bounds(game: Any, lay: Any, rng: random.Random) -> int:
    """Play ``game`` out at random, encoding a random seat's view (with a random pending
    discard on its turn) at every step; assert every entry within ``lay.bounds()``.
    Returns the number of views encoded."""
    low, high = lay.bounds()
    encoded = 0
    while not game.is_over:
        seat = rng.randrange(game.players)
        view = game.view(seat)
        x = E.encode(view, _some_pending(view, rng) if view.to_act == seat else ())
        outside = [(name, float(x[i])) for name, start, rows, cols in lay.sections
                   for i in range(start, start + rows * cols)
                   if not low[i] <= x[i] <= high[i]]
        assert not outside, (game.variant.options(), outside)
        encoded += 1
        game = game.apply(rng.choice(game.legal_actions()))
    return encoded


@settings(max_examples=80)
@given(variant=game_variants(), data=st.data())
def test_turn_up_observations_lie_within_the_bounds_under_random_options(
        variant: tf.Variant, data: st.DataObject) -> None:
    """Layout.bounds() is the environments' declared space (a Gymnasium Box): every entry
    of every view of random games with random house rules lies within it."""
    players = data.draw(st.sampled_from(_players_for(variant)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    game = tf.new_game(variant, players=players, seed=seed, hands=2)
    assert _in_bounds(game, E.layout(variant, players), random.Random(seed)) > 0


@settings(max_examples=80)
@given(variant=biddingkit.bidding_variants(), data=st.data())
def test_bidding_observations_lie_within_the_bounds_under_random_options(
        variant: tf.Variant, data: st.DataObject) -> None:
    """As above for the bidding games, the kitty drawn over the whole range of the option
    the rules accept for the variant (0..10, BIDDING.md §7 K1: a kitty above 5 once gave
    an entry over 1), with or without extra cards."""
    spec = tf.variants.BIDDING_OPTION_SPECS["kitty"][1]
    extra = data.draw(st.sampled_from((0, 0, 1, 2)), label="extra_cards")
    kitties: list[tf.Variant] = []
    for kitty in range(spec.minimum, spec.maximum + 1):
        try:
            kitties.append(variant.with_options(kitty=kitty, extra_cards=extra))
        except tf.InvalidVariantError:
            continue  # too few cards for the draws at some table size
    if not kitties:
        return
    variant = data.draw(st.sampled_from(kitties), label="with kitty")
    players = data.draw(st.sampled_from(biddingkit.players_for(variant)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    game = tf.new_game(variant, players=players, seed=seed, hands=2)
    assert _in_bounds(game, E.layout(variant, players), random.Random(seed)) > 0


def test_a_big_kitty_is_within_the_bounds() -> None:
    """The adversarial case: Newfoundland 120s with a kitty of 6 (the option allows
    0..10) encodes the kitty's size as 6/10, inside the Box of the environments."""
    variant = tf.NEWFOUNDLAND_120S.with_options(kitty=6)
    view = tf.new_hand(variant, players=4, seed=0).view(0)
    lay = E.layout(variant, 4)
    x = E.encode(view)
    assert x[lay["kitty_size"]].tolist() == [pytest.approx(0.6)]
    low, high = lay.bounds()
    assert (low <= x).all() and (x <= high).all()
    full = tf.NOVA_SCOTIA_45.with_options(kitty=10)  # the most the option allows
    assert E.encode(tf.new_hand(full, players=4, seed=0).view(1))[lay["kitty_size"]] == 1.0


def test_encode_into_fills_a_reused_buffer_like_encode() -> None:
    rng = random.Random(5)
    state = tf.new_hand(tf.SPOIL_FIVE, players=4, seed=5)
    buffer = np.full(E.observation_size(tf.SPOIL_FIVE, 4), 7.0, dtype=np.float32)
    while not state.is_over:
        view = state.view(state.to_act)
        E.encode_into(view, buffer)
        assert np.array_equal(buffer, E.encode(view))
        state = state.apply(rng.choice(state.legal_actions()))
