"""Every value a Splendor bot's condition can read, each on its own known board, read
through the engine's own interpreter: the exact number, at states where a slightly wrong
kernel (one off, one gem short, the player counted among its opponents, the wrong level)
reads another."""
import numpy as np
import pytest

from simulator.splendor import engine as K
from simulator.splendor import layout as E
from simulator.splendor.cards import CARDS
from .helpers import B, G, R, U, W, bot, card, noble, state


def value(st, p: int = 0, rule: int = 0) -> float:
    """The left side of rule ``rule``'s condition ``VALUE == 0`` for player p, as the
    engine computes it (the constant 0 replaced by each candidate until they are equal)."""
    T, F = st.T, st.F
    ro = int(T[E.TH_RULES]) + rule * E.RW
    pc, n = int(T[ro + E.R_CODE]), int(T[ro + E.R_NCODE])
    co = int(T[E.TH_CODE])
    code = [(int(T[co + 2 * i]), int(T[co + 2 * i + 1])) for i in range(pc, pc + n)]
    slot = E.F_STK + code[-2][1]
    hits = []
    for v in np.arange(-120, 121, 1.0):
        F[slot] = v
        if K.cond_ok(st.S, T, F, rule, p):
            hits.append(float(v))
    F[slot] = 0.0
    assert len(hits) == 1, hits
    return hits[0]


def table(text: str, players: int = 2, **rules):
    bots = [bot(f"buy:\n  - 'any: ({text}) == 0'", "p0")] + [bot("", f"p{i}") for i in range(1, players)]
    return state(players, bots=bots, **rules)


def cards_of(level, colour, n, start=0):
    return [c.id for c in CARDS if c.level == level and c.bonus == colour][start:start + n]


def test_points_opp_points_and_lead_when_leading_and_trailing():
    for text, want in (("points", [4, 3, 1]), ("opp_points", [3, 4, 4]), ("lead", [1, -1, -3])):
        st = table(text, players=3)
        st.give_card(0, card(3, G, 4))
        st.give_card(1, card(2, R, 3))
        st.give_card(2, card(2, B, 1))
        assert [value(st, p) for p in range(3)] == want, text


def test_tokens_gold_cards_reserved_and_nobles():
    for text, want in (("tokens", (9, 2)), ("gold", (2, 0)), ("cards", (3, 1)), ("reserved", (2, 0)),
                       ("nobles", (1, 0))):
        st = table(text)
        st.set_tokens(0, [1, 2, 0, 3, 1, 2])
        st.set_tokens(1, [0, 0, 2, 0, 0, 0])
        for c in cards_of(1, W, 3):
            st.give_card(0, c)
        st.give_card(1, cards_of(1, U, 1)[0])
        st.set_reserved(0, [card(3, G, 4), card(2, R, 3)])
        st.S[st.o(0, E.PS_NOBLES)] = 1
        assert (value(st, 0), value(st, 1)) == want, text


def test_turn_is_the_players_own_turn_number():
    st = table("turn")
    st.S[st.o(0, E.PS_TURNS)] = 0
    assert value(st, 0) == 1
    st.S[st.o(0, E.PS_TURNS)] = 6
    st.S[st.o(1, E.PS_TURNS)] = 5
    assert (value(st, 0), value(st, 1)) == (7, 6)


def test_turn_read_in_a_real_game_counts_the_bots_turns():
    # 'reserve: deck level 1: turn == 3': the bot reserves on its third turn, not its second or fourth
    b = bot("reserve: ['deck level 1: turn == 3']\ntake: ['level 3']", "r")
    st = state(bots=[b, bot("", "o")])
    for k in range(1, 5):
        before = len(st.reserved(0))
        st.run(E.MODE_RESUME, max_turns=1)  # player 0's turn k
        assert (len(st.reserved(0)) - before == 1) is (k == 3), k
        st.run(E.MODE_RESUME, max_turns=1)  # player 1's


def test_players_and_target():
    assert value(table("players", players=3)) == 3
    assert value(table("target")) == 15 and value(table("target", target=21)) == 21


def test_nobles_in_reach_counts_the_nobles_three_cards_or_fewer_away():
    st = table("nobles_in_reach")
    st.set_nobles([noble([4, 4, 0, 0, 0]), noble([0, 4, 4, 0, 0]), noble([3, 3, 3, 0, 0])])
    for c in cards_of(1, W, 4) + cards_of(1, U, 2):
        st.give_card(0, c)
    # gaps: [4,4,0,0,0] 2 away, [0,4,4,0,0] 6 away, [3,3,3,0,0] 4 away
    assert value(st, 0) == 1 and value(st, 1) == 0
    st.give_card(0, cards_of(1, G, 1)[0])   # now 2, 5 and 3 away
    assert value(st, 0) == 2
    st.set_nobles([noble([4, 4, 0, 0, 0]), -1, noble([3, 3, 3, 0, 0])])  # a noble already gone
    assert value(st, 0) == 2


@pytest.mark.parametrize("fn,colour,want", [
    ("tokens", "red", (3, 0)), ("tokens", "gold", (2, 1)), ("tokens", "white", (1, 0)),
    ("bonus", "white", (3, 0)), ("bonus", "blue", (0, 2)), ("bonus", "red", (0, 0)),
    ("bank", "red", (1, 1)), ("bank", "gold", (2, 2)), ("bank", "white", (3, 3)),
    ("opp_bonus", "blue", (2, 0)), ("opp_bonus", "white", (0, 3)),
])
def test_the_colour_functions(fn, colour, want):
    st = table(f"{fn}({colour})")
    st.set_tokens(0, [1, 0, 0, 3, 0, 2])
    st.set_tokens(1, [0, 0, 0, 0, 0, 1])
    st.set_bank([3, 4, 4, 1, 4, 2])
    for c in cards_of(1, W, 3):
        st.give_card(0, c)
    for c in cards_of(1, U, 2):
        st.give_card(1, c)
    assert (value(st, 0), value(st, 1)) == want


def _one_board(st, level_cards: dict):
    for lv in (1, 2, 3):
        st.set_board(lv, list(level_cards.get(lv, [])) + [-1] * (4 - len(level_cards.get(lv, []))))


def test_short_and_can_buy_by_level_one_gem_apart():
    l1 = card(1, U, 0, [0, 0, 0, 0, 3])        # 3 black
    l2 = next(c.id for c in CARDS if c.level == 2 and c.cost == (0, 0, 0, 5, 0))  # 5 red
    for text, want, after in (("short(level1)", 1, 0), ("can_buy(level1)", 0, 1), ("short(level2)", 4, 3),
                              ("can_buy(level2)", 0, 0), ("short(any_level)", 1, 0), ("can_buy(any_level)", 0, 1),
                              ("short(level3)", 99, 99), ("can_buy(level3)", 0, 0)):
        st = table(text)
        _one_board(st, {1: [l1], 2: [l2]})
        st.set_tokens(0, [0, 0, 0, 1, 2, 0])    # one black short of l1, 4 red short of l2
        assert value(st) == want, text
        st.set_tokens(0, [0, 0, 0, 1, 2, 1])    # a gold: l1 now affordable, l2 3 short
        assert value(st) == after, text


def test_short_and_can_buy_see_reserved_cards_and_bonuses():
    l2 = next(c.id for c in CARDS if c.level == 2 and c.cost == (0, 0, 0, 5, 0))
    st = table("short(level2)")
    _one_board(st, {})
    st.set_reserved(0, [l2])
    st.set_tokens(0, [0, 0, 0, 2, 0, 0])
    for c in cards_of(1, R, 2):
        st.give_card(0, c)                      # two red bonuses: 5 - 2 - 2 = 1 short
    assert value(st) == 1


@pytest.mark.parametrize("level,want", [("level1", 36), ("level2", 26), ("level3", 16), ("any_level", 78)])
def test_deck_counts_the_cards_left_in_a_levels_deck(level, want):
    st = table(f"deck({level})")
    assert value(st) == want
    st.set_deck_top(2, st.board(2)[0])          # one card more in level 2's deck
    assert value(st) == want + (level in ("level2", "any_level"))
