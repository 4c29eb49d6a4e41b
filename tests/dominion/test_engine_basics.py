"""Setup, drawing, reshuffling, the turn, buying, cleanup: stacked decks, exact outcomes."""
import numpy as np
import pytest

from ..helpers import JIT
from .helpers import Table, bot
from simulator.dominion import engine as E
from simulator.dominion.cards import BY_NAME
from simulator.dominion.game import State, make_match, play
from simulator.dominion.setup import supply_sizes

BM = "buy: [Province, Gold, Silver]\nguard: false"
NOTHING = "buy: []"


@pytest.mark.parametrize("players,copper,victory,curse", [(2, 46, 8, 10), (3, 39, 12, 20), (4, 32, 12, 30)])
def test_supply_sizes(players, copper, victory, curse):
    sup = supply_sizes([BY_NAME["Smithy"], BY_NAME["Gardens"]], players)
    assert sup[E.COPPER] == copper and sup[E.SILVER] == 40 and sup[E.GOLD] == 30
    assert sup[E.ESTATE] == sup[E.DUCHY] == sup[E.PROVINCE] == victory
    assert sup[E.CURSE] == curse
    assert sup[E.SMITHY] == 10 and sup[E.GARDENS] == victory
    assert sup[E.WITCH] == -1  # not in the game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fresh_game_setup(players):
    m = make_match([bot(NOTHING)] * players)
    st = State(m)
    with np.errstate(over="ignore"):  # splitmix64 wraps around on purpose
        E.seed_streams(st.R, np.uint64(5), 0)
        E.setup_game(st.S, st.R, st.T)
    for p in range(players):
        hand, draw = st.zone(p, E.Z_HAND), st.zone(p, E.Z_DRAW)
        assert len(hand) == 5 and len(draw) == 5 and st.zone(p, E.Z_DISC) == []
        assert sorted(hand + draw) == [E.COPPER] * 7 + [E.ESTATE] * 3
        assert st.ps(p, E.PS_MONEY) == 7 and st.ps(p, E.PS_CARDS) == 10
    for p in range(players, 4):
        assert st.zone(p, E.Z_HAND) == []


def test_turn_plays_treasures_buys_and_cleans_up():
    t = Table([BM, NOTHING]).stack(0, hand=["Copper"] * 3 + ["Silver", "Estate"],
                                   draw=["Gold", "Copper", "Copper", "Estate", "Estate", "Silver"])
    t.through_buys()
    assert t.coins == 2  # 5 coins: no Gold (6), a Silver (3), 2 left
    assert t.discard(0) == ["Silver"]
    assert sorted(t.in_play(0)) == ["Copper", "Copper", "Copper", "Silver"]
    assert t.hand(0) == ["Estate"]


def test_cleanup_discards_everything_and_draws_five_without_shuffling_early():
    t = Table([BM, NOTHING]).stack(0, hand=["Copper"] * 5, draw=["Gold", "Estate", "Copper", "Copper", "Silver"],
                                   discard=["Province"])
    t.play(1)
    # 5 coins: Silver; the draw pile had exactly 5 cards: no shuffle, discard keeps the rest
    assert t.hand(0) == ["Gold", "Estate", "Copper", "Copper", "Silver"]
    assert sorted(t.discard(0)) == sorted(["Province"] + ["Copper"] * 5 + ["Silver"])
    assert t.draw_pile(0) == []
    assert not t.events(E.EV_SHUFFLE)


def test_reshuffle_only_when_the_draw_pile_is_empty():
    t = Table([NOTHING, NOTHING]).stack(0, hand=["Estate"] * 5, draw=["Gold", "Silver"], discard=["Copper"] * 4)
    t.play(1)
    # cleanup: hand (5 Estates) goes to discard first, then 2 drawn, shuffle of 9, 3 more drawn
    hand = t.hand(0)
    assert hand[:2] == ["Gold", "Silver"]
    assert len(hand) == 5
    assert len(t.draw_pile(0)) == 6
    assert t.discard(0) == []
    shuffles = t.events(E.EV_SHUFFLE)
    assert shuffles == [(E.EV_SHUFFLE, 0, None, 9)]


def test_drawing_from_empty_draw_and_discard_draws_nothing():
    t = Table(["buy: []\nplay: [Smithy]", NOTHING]).stack(0, hand=["Smithy"], draw=["Gold"], discard=[])
    t.actions_only()
    assert t.hand(0) == ["Gold"]


def test_buy_rules_conditions_and_multiple_buys_share_coins():
    b = """
buy:
  - Province: total_money > 100
  - Gold
  - Silver: coins >= 3
  - Estate
play: [Woodcutter]
guard: false
"""
    t = Table([b, NOTHING]).stack(0, hand=["Woodcutter", "Gold", "Silver", "Silver", "Copper"])
    t.through_buys()
    # 2 + 3 + 2 + 2 + 1 = 10 coins, 2 buys: Province refused by its condition; Gold (6), then 4 left: Silver
    assert sorted(t.discard(0)) == ["Gold", "Silver"]
    assert t.coins == 1 and t.buys == 0


def test_buying_is_optional_and_empty_piles_cannot_be_bought():
    t = Table(["buy: [Gold, Silver]", NOTHING]).stack(0, hand=["Gold", "Gold", "Copper", "Estate", "Estate"])
    t.set_supply("Gold", 0).set_supply("Silver", 0)
    t.through_buys()
    assert t.discard(0) == [] and t.coins == 7


def test_every_game_has_a_result_and_cards_are_conserved():
    m = make_match([bot(BM), bot(BM)], check=True)
    tally, _ = play(m, 3, 0, 500)
    assert tally.bot[:, 0].tolist() == [500, 500]
    assert tally.ending.sum() == 500
    assert (tally.bot[:, 1] + tally.bot[:, 2] + tally.bot[:, 3] == 500).all()


@pytest.mark.skipif(not JIT, reason="a compiler setting: nothing to check with the JIT off")
def test_numba_code_outside_the_kernels_keeps_negative_indices():
    """The kernels compile without Python's negative-index wraparound (jit.kernel_codegen);
    any other numba function compiled afterwards keeps it."""
    from numba import njit
    E.compile_kernels()

    @njit
    def last(a, i):
        return a[i]

    assert last(np.arange(5), -1) == 4


@pytest.mark.skipif(not JIT, reason="a compiler setting: nothing to check with the JIT off")
def test_kernels_pass_an_array_as_its_data_and_shape():
    """jit.lean_arrays: while the kernels compile, an array argument is two values (data,
    shape), and the callee rebuilds the rest (size, strides: a 2-D array is read right);
    outside, numba's seven again."""
    from numba import njit, types
    from numba.core.datamodel import default_manager
    from numba.core.datamodel.packer import ArgPacker
    from simulator.kernels import jit

    grid, flat = types.int32[:, ::1], types.int64[::1]

    def arity(t):
        return len(ArgPacker(default_manager, [t])._be_args)

    with jit.lean_arrays([grid, flat]):
        assert arity(grid) == 3 and arity(flat) == 2

        @njit(no_cpython_wrapper=True, _nrt=False)
        def weigh(g, out):
            s = 0
            for i in range(g.shape[0]):
                for j in range(g.shape[1]):
                    s += g[i, j] * (10 * i + j)
            out[0] = g.size
            out[1] = g.strides[0]
            return s

        @njit(_nrt=False)
        def call(g, out):
            return weigh(g, out)

        g = np.arange(12, dtype=np.int32).reshape(3, 4)
        out = np.zeros(2, np.int64)
        assert call(g, out) == sum(int(g[i, j]) * (10 * i + j) for i in range(3) for j in range(4))
        assert out.tolist() == [12, 16]
    assert arity(grid) == 9 and arity(flat) == 7
