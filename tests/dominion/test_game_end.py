"""End of game (RULES §5), scoring and tie-breaks (§6, §7), the turn cap, the guard."""
import pytest

from ..helpers import scaled
from .helpers import Table, bot
from simulator.dominion import engine as E
from simulator.dominion.game import make_match, play

BUY_PROVINCE = "buy: [Province, Duchy, Estate, Curse, Copper]\nguard: false"
NOTHING = "buy: []"


def test_game_ends_at_end_of_the_turn_the_last_province_is_bought():
    t = Table([BUY_PROVINCE, NOTHING]).stack(0, hand=["Gold"] * 3, draw=["Copper"] * 5)
    t.set_supply("Province", 1)
    t.play(turns=5)
    assert t.gs(E.G_ENDED) == E.END_PROVINCES
    assert t.st.ps(0, E.PS_TURNS) == 1 and t.st.ps(1, E.PS_TURNS) == 0  # no extra round
    assert t.tally().ending.tolist() == [1, 0, 0]


def test_game_does_not_end_while_provinces_remain_and_fewer_than_three_piles_are_empty():
    t = Table([NOTHING, NOTHING]).stack(0, hand=["Copper"] * 5, draw=["Copper"] * 5)
    t.set_supply("Curse", 0).set_supply("Copper", 0)
    t.play(turns=1)
    assert t.gs(E.G_ENDED) == 0 and t.gs(E.G_CUR) == 1


def test_three_empty_piles_end_the_game_and_curse_and_copper_piles_count():
    t = Table(["buy: [Curse]\nguard: false", NOTHING]).stack(0, hand=["Estate"] * 5, draw=["Copper"] * 5)
    t.set_supply("Copper", 0).set_supply("Estate", 0).set_supply("Curse", 1)
    t.play(turns=1)
    assert t.gs(E.G_ENDED) == E.END_PILES
    assert t.tally().ending.tolist() == [0, 1, 0]


def test_a_kingdom_pile_counts_for_the_pile_ending():
    t = Table(["buy: [Smithy]\nguard: false", NOTHING]).stack(0, hand=["Silver", "Silver"], draw=["Copper"] * 5)
    t.set_supply("Smithy", 1).set_supply("Curse", 0).set_supply("Duchy", 0)
    t.play(turns=1)
    assert t.gs(E.G_ENDED) == E.END_PILES


def _three_piles_nearly_empty(bot0, players, rules):
    t = Table([bot0] + [NOTHING] * (players - 1), rules=rules)
    t.stack(0, hand=["Estate"] * 5, draw=["Copper"] * 5)
    t.stack(1, hand=["Copper"] * 5, discard=["Province"])  # seat 1 leads on VP
    t.set_supply("Copper", 0).set_supply("Estate", 0).set_supply("Curse", 1)
    return t


@pytest.mark.parametrize("players,piles", [(2, 3), (3, 3), (4, 4)])
def test_end_piles_4_applies_only_to_four_player_games(players, piles):
    t = _three_piles_nearly_empty("buy: [Curse]\nguard: false", players, {"end_piles": 4})
    t.play(turns=1)
    assert t.gs(E.G_EMPTY) == 3
    assert t.gs(E.G_ENDED) == (E.END_PILES if piles == 3 else 0)
    if piles == 4:
        t.set_supply("Duchy", 0)
        t.play(turns=1)
        assert t.gs(E.G_ENDED) == E.END_PILES


@pytest.mark.parametrize("players,piles", [(2, 3), (3, 3), (4, 4)])
def test_gains_to_end_and_the_guard_count_the_same_piles_as_the_game_end(players, piles):
    t = _three_piles_nearly_empty("buy: [Curse]", players, {"end_piles": 4})
    # the last Curse is one gain from the end only where 3 piles end the game
    assert (E.gains_to_end(t.st.S) == 1) == (piles == 3)
    t.play(turns=1)
    # the guard refuses the game-ending Curse of a player who is behind, and only then
    assert t.supply("Curse") == (1 if piles == 3 else 0)
    assert bool(t.events(E.EV_GUARD)) == (piles == 3)


def _tie_game(tiebreak):
    # player 0 buys the last Province and ties player 1 on VP with one turn more
    t = Table([BUY_PROVINCE, NOTHING], rules={"tiebreak": tiebreak})
    t.stack(0, hand=["Gold"] * 3, draw=["Copper"] * 5, discard=[])
    t.stack(1, hand=["Copper"] * 5, draw=["Copper"] * 5, discard=["Province"])
    t.set_turns(0, 4).set_turns(1, 4).set_supply("Province", 1)
    t.play(turns=1)
    return t


def test_tiebreak_turns_the_player_with_fewer_turns_wins():
    t = _tie_game("turns")
    assert t.vp(0) == t.vp(1) == 6
    tb = t.tally().bot
    assert tb[0, E.TB_LOSSES] == 1 and tb[1, E.TB_WINS] == 1 and tb[1, E.TB_W12] == 12


def test_tiebreak_shared_both_tied_players_share_the_win():
    t = _tie_game("shared")
    tb = t.tally().bot
    assert tb[0, E.TB_TIES] == 1 and tb[1, E.TB_TIES] == 1
    assert tb[0, E.TB_W12] == 6 and tb[1, E.TB_W12] == 6


def test_tie_with_equal_turns_is_shared_even_under_turns_tiebreak():
    t = Table([NOTHING, BUY_PROVINCE])
    t.st.S[E.G_CUR] = 1
    t.stack(1, hand=["Gold"] * 3, draw=["Copper"] * 5)
    t.stack(0, discard=["Province"])
    t.set_turns(0, 5).set_turns(1, 4).set_supply("Province", 1)
    t.play(turns=1)
    tb = t.tally().bot
    assert tb[0, E.TB_TIES] == 1 and tb[1, E.TB_TIES] == 1 and tb[:, E.TB_W12].tolist()[:2] == [6, 6]


def test_turn_cap_ends_the_game_as_capped_after_the_last_seat():
    t = Table([NOTHING, NOTHING], rules={"turn_cap": 3}).stack(0, hand=["Copper"] * 5, draw=["Copper"] * 5)
    t.play(turns=5)
    assert t.gs(E.G_ENDED) == 0
    t.play(turns=1)
    assert t.gs(E.G_ENDED) == E.END_CAP
    assert t.st.ps(0, E.PS_TURNS) == 3 and t.st.ps(1, E.PS_TURNS) == 3
    assert t.tally().ending.tolist() == [0, 0, 1]


def test_guard_refuses_a_losing_last_province_and_falls_through():
    guarded = "buy: [Province, Gold]"
    t = Table([guarded, NOTHING]).stack(0, hand=["Gold"] * 3, draw=["Copper"] * 5)
    t.stack(1, discard=["Province", "Province"])
    t.set_supply("Province", 1)
    t.through_buys()
    assert t.discard(0) == ["Gold"]
    assert [c for _, _, c, _ in t.events(E.EV_GUARD)] == ["Province"]


def test_guard_refuses_a_last_province_that_loses_by_one_vp():
    t = Table(["buy: [Province, Gold]", NOTHING]).stack(0, hand=["Gold"] * 3, draw=["Copper"] * 5)
    t.stack(1, discard=["Province", "Estate"])  # 7 VP against the 6 the Province would give
    t.set_supply("Province", 1)
    t.through_buys()
    assert t.discard(0) == ["Gold"] and t.supply("Province") == 1


def test_guard_takes_a_winning_last_province():
    t = Table(["buy: [Province, Gold]", NOTHING]).stack(0, hand=["Gold"] * 3, draw=["Copper"] * 5,
                                                        discard=["Estate"])
    t.stack(1, discard=["Province"])
    t.set_supply("Province", 1)
    t.through_buys()
    assert t.discard(0) == ["Estate", "Province"]


def test_guard_false_takes_the_losing_province():
    t = Table(["buy: [Province, Gold]\nguard: false", NOTHING]).stack(0, hand=["Gold"] * 3, draw=["Copper"] * 5)
    t.stack(1, discard=["Province", "Province"])
    t.set_supply("Province", 1)
    t.through_buys()
    assert t.discard(0) == ["Province"]


def test_guard_counts_the_tiebreak_a_tie_with_fewer_turns_opponent_loses():
    # equal VP after the buy, opponent has fewer turns: under 'turns' that is a loss
    t = Table(["buy: [Province, Gold]", NOTHING]).stack(0, hand=["Gold"] * 3, draw=["Copper"] * 5)
    t.stack(1, discard=["Province"]).set_turns(0, 3).set_turns(1, 3)
    t.set_supply("Province", 1)
    t.through_buys()
    assert t.discard(0) == ["Gold"]
    t2 = Table(["buy: [Province, Gold]", NOTHING], rules={"tiebreak": "shared"})
    t2.stack(0, hand=["Gold"] * 3, draw=["Copper"] * 5).stack(1, discard=["Province"])
    t2.set_turns(0, 3).set_turns(1, 3).set_supply("Province", 1)
    t2.through_buys()
    assert t2.discard(0) == ["Province"]


def test_many_games_all_end_with_consistent_tallies():
    b = bot("buy: [Province, Gold, Silver]")
    m = make_match([b, b, b], check=True)
    n = scaled(3000)
    tally, rec = play(m, 11, 0, n, records=True)
    assert tally.ending.sum() == n and tally.length.sum() == n
    assert tally.bot[:, E.TB_GAMES].tolist() == [n] * 3
    # win shares add up to one per game
    assert tally.bot[:, E.TB_W12].sum() == 12 * n
    assert (rec[:, E.GR_ENDING] > 0).all()
