"""Splendor's rules at their edges, through the decisions of bots (their lists and the
defaults), not only the list of legal actions a random bot picks from: two of a colour
needs 4 in the bank, three reserved cards are the most, the turn cap ends the game at
its round. Known boards, the engine's own state."""
import pytest

from simulator.splendor import layout as E
from .helpers import GOLD, W, bot, card, one_level_board, state, turns

FOUR_GREEN = card(1, W, 1, [0, 0, 4, 0, 0])   # lacks only green, 4 of it


@pytest.mark.parametrize("green,two", [(4, True), (3, False)])
def test_a_take_lists_two_needs_four_in_the_bank(green, two):
    st = state(bots=[bot("take: ['two level 1']"), bot("", "o")])
    one_level_board(st, [FOUR_GREEN])
    st.set_tokens(1, [0, 0, 4 - green, 0, 0, 0])  # the bank keeps the other green
    turns(st)
    t = st.tokens(0)
    if two:
        assert t == [0, 0, 2, 0, 0, 0]
    else:  # the rule does not apply: the default takes three colours, green first
        assert t[2] == 1 and sum(t) == 3 and max(t) == 1
    assert st.conserved() == 0


@pytest.mark.parametrize("green,two", [(4, True), (3, False)])
def test_the_default_takes_two_only_from_four(green, two):
    st = state()
    one_level_board(st, [FOUR_GREEN])
    st.set_tokens(1, [0, 0, 4 - green, 0, 0, 0])
    turns(st)
    t = st.tokens(0)
    assert (t == [0, 0, 2, 0, 0, 0]) is two and st.conserved() == 0
    if not two:
        assert t[2] == 1 and sum(t) == 3


def _three_reserved(st, p=0):
    st.set_reserved(p, [st.board(3)[0], st.board(3)[1], st.board(3)[2]])
    st.set_board(3, [st.deck(3)[-1], st.deck(3)[-2], st.deck(3)[-3], st.board(3)[3]])


def test_a_reserve_list_never_takes_a_fourth_card():
    st = state(bots=[bot("reserve: ['any', 'deck level 1']"), bot("", "o")])
    _three_reserved(st)
    turns(st)
    assert len(st.reserved(0)) == 3 and st.tokens(0)[GOLD] == 0 and sum(st.tokens(0)) >= 2  # it took gems instead


def test_the_default_never_reserves_a_fourth_card():
    st = state()
    _three_reserved(st)
    st.set_bank([0, 0, 0, 0, 0, 5])   # no gem to take, nothing affordable: reserving is all that is left
    turns(st)
    assert len(st.reserved(0)) == 3 and st.tokens(0)[GOLD] == 0
    assert st.events()[-1][0] == E.EV_PASS or st.ps(0, E.PS_TURNS) == 1


def test_with_two_reserved_the_default_reserves_a_third():
    st = state()
    st.set_reserved(0, [st.board(3)[0], st.board(3)[1]])
    st.set_board(3, [st.deck(3)[-1], st.deck(3)[-2], *st.board(3)[2:]])
    st.set_bank([0, 0, 0, 0, 0, 5])
    turns(st)
    assert len(st.reserved(0)) == 3 and st.tokens(0)[GOLD] == 1


@pytest.mark.parametrize("cap", [1, 2, 5])
def test_the_turn_cap_ends_the_game_after_that_many_rounds(cap):
    st = state(turn_cap=cap)
    st.run(E.MODE_RESUME, max_turns=2 * cap + 6)
    assert st.S[E.G_ENDED] == E.END_CAP
    assert st.ps(0, E.PS_TURNS) == st.ps(1, E.PS_TURNS) == cap
    assert st.tally(1).ending[E.END_CAP - 1] == 1


@pytest.mark.parametrize("held,returned", [(7, 0), (8, 1)])
def test_tokens_go_back_only_over_ten(held, returned):
    st = state(bots=[bot("take: ['level 3']"), bot("", "o")])
    one_level_board(st, [card(3, W, 4)], 3)   # nothing affordable: the bot takes three
    st.set_tokens(0, [held - 3 * (held // 3), held // 3, held // 3, held // 3, 0, 0])
    before = sum(st.tokens(0))
    turns(st)
    assert sum(st.tokens(0)) == min(10, before + 3) and before + 3 - sum(st.tokens(0)) == returned
    assert st.conserved() == 0
