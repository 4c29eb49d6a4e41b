"""Every value a Dominion bot's condition can read, each on its own stacked table, read
through the engine's own interpreter (``cond_ok``): the exact number, at states where a
slightly wrong kernel (one off, the wrong player, the wrong zone, the player counted
among its opponents) reads another; and every operator of the language with operands
that tell their order apart."""
import numpy as np
import pytest

from .helpers import Table
from simulator.lang import expr
from simulator.dominion import engine as E

OTHER = "buy: []"


def value(t: Table, p: int = 0, rule: int = 0) -> float:
    """The value of the left side of rule ``rule``'s condition ``VALUE == 0`` for player
    p, as the engine computes it: the constant 0 is replaced by each candidate in turn
    until the engine's own interpreter says the two are equal."""
    T, F = t.st.T, t.st.F
    ro = int(T[E.TH_RULES]) + rule * E.RW
    pc, n = int(T[ro + E.R_CODE]), int(T[ro + E.R_NCODE])
    code = [(int(T[int(T[E.TH_CODE]) + 2 * i]), int(T[int(T[E.TH_CODE]) + 2 * i + 1])) for i in range(pc, pc + n)]
    assert code[-1][0] == expr.OP_EQ and code[-2][0] == expr.OP_CONST, code
    slot = E.F_STK + code[-2][1]
    hits = []
    for v in np.arange(-120, 121, 0.25):
        F[slot] = v
        if E.cond_ok(t.st.S, T, F, rule, p):
            hits.append(float(v))
    F[slot] = 0.0
    assert len(hits) == 1, hits
    return hits[0]


def table(text: str, players: int = 2, kingdom=("Smithy", "Gardens", "Militia", "Village"), **rules) -> Table:
    """A table whose first bot's rule 0 is ``Copper: (text) == 0``."""
    bots = [f'buy:\n  - "Copper: ({text}) == 0"'] + [OTHER] * (players - 1)
    return Table(bots, kingdom=list(kingdom), rules=rules)


# ---------------------------------------------------------------- the language's operators
@pytest.mark.parametrize("text,want", [
    ("7 - 2", 5), ("2 - 7", -5), ("7 - 2 - 1", 4), ("8 / 2", 4), ("2 / 8", 0.25), ("12 / 3 / 2", 2),
    ("3 * 4", 12), ("2 + 3 * 4", 14), ("(2 + 3) * 4", 20), ("-3 + 1", -2), ("-(3 - 5)", 2),
    ("min(7, -2, 3)", -2), ("max(7, -2, 3)", 7), ("min(3, 9)", 3), ("max(3, 9)", 9), ("(2 - 2) / (2 - 2)", 0),
])
def test_each_arithmetic_operator_on_operands_that_tell_their_order_apart(text, want):
    assert value(table(text)) == want


def holds(text: str) -> bool:
    t = Table([f'buy:\n  - "Copper: {text}"', OTHER])
    return bool(E.cond_ok(t.st.S, t.st.T, t.st.F, 0, 0))


@pytest.mark.parametrize("text,want", [
    ("3 < 3", False), ("3 <= 3", True), ("4 < 3", False), ("2 < 3", True), ("3 > 3", False), ("3 >= 3", True),
    ("2 > 3", False), ("4 > 3", True), ("2 >= 3", False), ("4 <= 3", False), ("3 == 3", True), ("3 == 4", False),
    ("3 != 3", False), ("3 != 4", True), ("not 2 > 1", False), ("not 1 > 2", True), ("1 > 2 or 2 > 1", True),
    ("1 > 2 or 1 > 3", False), ("2 > 1 or 1 > 2", True), ("2 > 1 and 1 > 2", False), ("1 > 2 and 2 > 1", False),
    ("2 > 1 and 3 > 2", True), ("1 < 2 and 2 > 1 or 1 > 2", True), ("1 > 2 and 2 > 1 or 3 > 2", True),
    ("1 < 2 < 3", True), ("1 < 3 < 2", False), ("3 > 2 > 1", True), ("2 < 1 < 3", False),
    ("(1 - 3) / (2 - 2) < -1000", True), ("(3 - 1) / (2 - 2) > 1000", True), ("true", True), ("false", False),
    ("not true or false", False), ("not (true and false)", True),
])
def test_each_comparison_and_logical_operator(text, want):
    assert holds(text) is want


# ---------------------------------------------------------------- the variables
def test_total_money_cards_and_the_piles():
    t = table("total_money")
    t.stack(0, hand=["Copper", "Silver", "Militia"], draw=["Gold", "Estate"], discard=["Copper", "Village"])
    t.stack(1, hand=["Gold", "Gold"], draw=["Copper"], discard=[])
    assert value(t) == 1 + 2 + 2 + 3 + 1 and value(t, 1) == 7
    for text, want in (("cards", 7), ("draw_pile", 2), ("discard_pile", 2), ("hand_size", 3)):
        t = table(text)
        t.stack(0, hand=["Copper", "Silver", "Militia"], draw=["Gold", "Estate"], discard=["Copper", "Village"])
        t.stack(1, hand=["Copper"] * 4, draw=["Copper"], discard=[])
        assert value(t) == want, text
        assert value(t, 1) == {"cards": 5, "draw_pile": 1, "discard_pile": 0, "hand_size": 4}[text], text


@pytest.mark.parametrize("name,key", [("coins", E.G_COINS), ("buys", E.G_BUYS), ("actions", E.G_ACTIONS)])
def test_coins_buys_and_actions_of_the_turn(name, key):
    t = table(name)
    t.st.S[key] = 3
    assert value(t) == 3
    t.st.S[key] = 0
    assert value(t) == 0


def test_turn_on_the_bots_own_turn_and_on_anothers():
    t = table("turn", players=3)
    t.set_turns(0, 4).set_turns(1, 3).set_turns(2, 3)
    t.st.S[E.G_CUR] = 0
    assert value(t, 0) == 4      # its own turn being played: its 4th
    assert value(t, 1) == 4      # read on player 0's turn (a Moat, a Militia): its next, the 4th
    t.st.S[E.G_CUR] = 1
    t.set_turns(1, 4)
    assert value(t, 1) == 4 and value(t, 0) == 5 and value(t, 2) == 4


def test_turn_read_by_a_victims_list_during_an_attack():
    # the victim discards by its list: 'Gold: turn >= 4' means Gold goes only from its 4th turn on
    attacker = "buy: []\nplay: [Militia]"
    victim = 'buy: []\ndiscard: ["Gold: turn >= 4", Copper]'
    for turns_done, kept_then in ((2, ["Gold", "Silver", "Silver"]), (3, ["Estate", "Silver", "Silver"])):
        t = Table([attacker, victim], kingdom=["Militia"])
        t.stack(0, hand=["Militia", "Copper", "Copper", "Copper", "Copper"], draw=["Copper"] * 5)
        t.stack(1, hand=["Gold", "Copper", "Estate", "Silver", "Silver"])
        t.set_turns(0, turns_done + 1).set_turns(1, turns_done)   # player 1's next turn: turns_done + 1
        t.actions_only()
        assert sorted(t.hand(1)) == kept_then, turns_done  # then Copper, then the default (Victory cards)


def _vp_table(text, players=3):
    t = table(text, players=players)
    t.stack(0, hand=["Province", "Duchy"])                 # 9
    t.stack(1, hand=["Duchy", "Estate"])                   # 4
    if players > 2:
        t.stack(2, hand=["Province", "Curse"])             # 5
    return t


def test_vp_opp_vp_and_vp_lead_when_the_bot_leads_and_when_it_trails():
    assert value(_vp_table("vp")) == 9
    t = _vp_table("opp_vp")
    assert value(t, 0) == 5 and value(t, 1) == 9 and value(t, 2) == 9   # the most of the others, never its own
    t = _vp_table("vp_lead")
    assert value(t, 0) == 4 and value(t, 1) == -5 and value(t, 2) == -4
    assert value(_vp_table("opp_vp", players=2), 0) == 4


def test_empty_piles_players_and_gains_to_end():
    t = table("empty_piles")
    t.set_supply("Smithy", 0).set_supply("Village", 0)
    assert value(t) == 2
    assert value(table("players", players=3)) == 3
    t = table("gains_to_end")
    t.set_supply("Smithy", 1).set_supply("Curse", 2).set_supply("Gardens", 2).set_supply("Province", 6)
    assert value(t) == 5                      # the three smallest piles: 1 + 2 + 2
    t.set_supply("Province", 4)
    assert value(t) == 4                      # fewer Provinces than that
    t = table("gains_to_end", players=4, end_piles=4)
    for card, n in (("Smithy", 1), ("Curse", 2), ("Gardens", 2), ("Village", 3)):
        t.set_supply(card, n)
    assert value(t) == 8                      # four piles end a 4-player game under end_piles: 4
    t = table("gains_to_end", players=3, end_piles=4)
    for card, n in (("Smithy", 1), ("Curse", 2), ("Gardens", 2), ("Village", 3)):
        t.set_supply(card, n)
    assert value(t) == 5                      # but three with fewer players


# ---------------------------------------------------------------- the functions
def _zones(t):
    t.stack(0, hand=["Copper", "Smithy", "Estate"], draw=["Copper", "Gold"], discard=["Silver", "Smithy"],
            play=["Village", "Copper"])
    t.stack(1, hand=["Smithy"] * 3, draw=["Militia"], discard=[])
    return t


@pytest.mark.parametrize("text,p0,p1", [
    ("count(Copper)", 3, 0), ("count(Smithy)", 2, 3), ("count(Treasure)", 5, 0), ("count(Action)", 3, 4),
    ("count(Victory)", 1, 0), ("count(Attack)", 0, 1),
    ("in_hand(Copper)", 1, 0), ("in_hand(Smithy)", 1, 3), ("in_hand(Action)", 1, 3), ("in_hand(Treasure)", 1, 0),
    ("in_play(Copper)", 1, 0), ("in_play(Village)", 1, 0), ("in_play(Action)", 1, 0), ("in_play(Treasure)", 1, 0),
    ("opp_count(Smithy)", 3, 2), ("opp_count(Copper)", 0, 3), ("opp_count(Action)", 4, 3),
    ("opp_count(Treasure)", 0, 5),
])
def test_counts_by_name_and_type_in_each_zone_and_of_the_opponents(text, p0, p1):
    t = _zones(table(text))
    assert (value(t, 0), value(t, 1)) == (p0, p1)


def test_opp_count_is_the_most_of_any_one_opponent_not_the_sum():
    t = table("opp_count(Smithy)", players=3)
    t.stack(0, hand=["Smithy"] * 4)
    t.stack(1, hand=["Smithy"] * 2)
    t.stack(2, hand=["Smithy"] * 3)
    assert [value(t, p) for p in range(3)] == [3, 4, 4]


def test_supply_of_a_pile_and_of_a_card_not_in_the_game():
    t = table("supply(Smithy)")
    assert value(t) == 10
    t.set_supply("Smithy", 3)
    assert value(t) == 3
    assert value(table("supply(Province)")) == 8 and value(table("supply(Province)", players=3)) == 12
    assert value(table("supply(Witch)")) == 0  # not in this game
