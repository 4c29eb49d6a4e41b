"""Every card without choices, as printed: stacked hand and draw pile, exact outcome."""
import pytest

from .helpers import Table
from simulator.dominion import engine as E

NOTHING = "buy: []"


def player(play):
    return f"buy: []\nplay: [{play}]"


def test_copper_silver_gold_give_1_2_3():
    t = Table([NOTHING, NOTHING]).stack(0, hand=["Copper", "Silver", "Gold", "Estate", "Curse"])
    t.through_buys()
    assert t.coins == 6


def test_victory_and_curse_cards_do_nothing_in_hand_and_score():
    t = Table([NOTHING, NOTHING]).stack(0, hand=["Estate", "Duchy", "Province", "Curse", "Curse"], draw=[])
    assert t.vp(0) == 1 + 3 + 6 - 2
    t.through_buys()
    assert t.coins == 0


def test_the_score_follows_the_cards_gained_and_trashed():
    """The engine keeps each player's VP as cards come and go: a Duchy bought, a Curse
    given by Witch, an Estate trashed by Chapel (the VP of each from the card table)."""
    t = Table(["buy: [Duchy]\nplay: [Witch]", "buy: []\nplay: [Chapel]"])
    t.stack(0, hand=["Witch", "Gold", "Silver"], draw=["Copper", "Copper"])
    t.stack(1, hand=["Estate", "Chapel"], draw=["Copper"] * 5)
    assert (t.vp(0), t.vp(1)) == (0, 1)
    t.play(1)
    assert (t.vp(0), t.vp(1)) == (3, 0)
    t.play(1)  # player 1: Chapel trashes the Estate (the Curse is in the discard pile)
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Estate"] and t.vp(1) == -1


def test_village_draws_one_and_gives_two_actions_then_smithy_and_smithy():
    t = Table(["buy: []\nplay: [Village, Smithy]", NOTHING]).stack(
        0, hand=["Village", "Smithy", "Smithy", "Copper", "Copper"],
        draw=["Estate", "Gold", "Silver", "Copper", "Duchy", "Province", "Curse", "Silver"])
    t.actions_only()
    assert t.in_play(0) == ["Village", "Smithy", "Smithy"]
    # Village draws Estate; Smithy: Gold, Silver, Copper; Smithy: Duchy, Province, Curse
    assert t.hand(0) == ["Copper", "Copper", "Estate", "Gold", "Silver", "Copper", "Duchy", "Province", "Curse"]
    assert t.actions == 0
    assert t.draw_pile(0) == ["Silver"]


def test_smithy_is_terminal():
    t = Table([player("Smithy"), NOTHING]).stack(0, hand=["Smithy", "Smithy"], draw=["Copper"] * 6)
    t.actions_only()
    assert t.in_play(0) == ["Smithy"]
    assert t.hand(0) == ["Smithy", "Copper", "Copper", "Copper"]


def test_laboratory_draws_two_and_keeps_the_action():
    t = Table([player("Laboratory"), NOTHING]).stack(0, hand=["Laboratory", "Laboratory"],
                                                     draw=["Copper", "Silver", "Gold", "Estate"])
    t.actions_only()
    assert t.in_play(0) == ["Laboratory", "Laboratory"]
    assert t.hand(0) == ["Copper", "Silver", "Gold", "Estate"]
    assert t.actions == 1


def test_festival_gives_actions_buy_and_coins():
    t = Table(["buy: [Silver]\nplay: [Festival]", NOTHING]).stack(0, hand=["Festival", "Copper", "Copper", "Copper"],
                                                                 draw=["Gold"])
    t.through_buys()
    # 2 + 3 = 5 coins and 2 buys: a Silver (3), then 2 coins buy nothing
    assert t.discard(0) == ["Silver"] and t.coins == 2 and t.buys == 1


def test_festival_exact_counters():
    t = Table([player("Festival"), NOTHING]).stack(0, hand=["Festival"], draw=["Gold"])
    t.actions_only()
    assert (t.actions, t.buys, t.coins) == (2, 2, 2)
    assert t.hand(0) == []  # Festival draws nothing


def test_market():
    t = Table([player("Market"), NOTHING]).stack(0, hand=["Market"], draw=["Gold", "Silver"])
    t.actions_only()
    assert (t.actions, t.buys, t.coins) == (1, 2, 1)
    assert t.hand(0) == ["Gold"]


def test_woodcutter_two_buys_two_coins():
    t = Table(["buy: [Silver]\nplay: [Woodcutter]", NOTHING]).stack(0, hand=["Woodcutter", "Copper", "Copper",
                                                                             "Estate", "Estate"])
    t.through_buys()
    # 2 + 2 coins, 2 buys: Silver (3), then 1 coin left: nothing
    assert t.discard(0) == ["Silver"] and t.coins == 1 and t.buys == 1


def test_council_room_draws_four_plus_buy_and_each_other_player_draws_one_in_turn_order():
    t = Table([player("Council Room"), NOTHING, NOTHING], players=3)
    t.stack(0, hand=["Council Room"], draw=["Copper", "Silver", "Gold", "Estate", "Duchy"])
    t.stack(1, hand=[], draw=["Gold", "Silver"])
    t.stack(2, hand=["Copper"], draw=["Province", "Duchy"])
    t.actions_only()
    assert t.hand(0) == ["Copper", "Silver", "Gold", "Estate"]
    assert t.buys == 2
    assert t.hand(1) == ["Gold"] and t.hand(2) == ["Copper", "Province"]  # one card each, no more
    assert t.draw_pile(1) == ["Silver"] and t.draw_pile(2) == ["Duchy"]
    draws = [(p, c) for _, p, c, _ in t.events(E.EV_DRAW)]
    assert draws[-2:] == [(1, "Gold"), (2, "Province")]


def test_moat_draws_two():
    t = Table([player("Moat"), NOTHING]).stack(0, hand=["Moat"], draw=["Gold", "Silver", "Copper"])
    t.actions_only()
    assert t.hand(0) == ["Gold", "Silver"] and t.actions == 0


def test_witch_draws_two_and_curses_each_other_player():
    t = Table([player("Witch"), NOTHING, NOTHING], players=3)
    t.stack(0, hand=["Witch"], draw=["Gold", "Silver", "Copper"])
    t.actions_only()
    assert t.hand(0) == ["Gold", "Silver"]
    assert t.discard(1) == ["Curse"] and t.discard(2) == ["Curse"]
    assert t.supply("Curse") == 18
    assert t.vp(1) == -1


def test_moat_in_hand_blocks_witch_and_stays_in_hand():
    t = Table([player("Witch"), NOTHING, NOTHING], players=3, kingdom=["Moat"])
    t.stack(0, hand=["Witch"], draw=["Gold", "Silver"])
    t.stack(1, hand=["Moat", "Copper"])
    t.actions_only()
    assert t.discard(1) == [] and t.hand(1) == ["Moat", "Copper"]
    assert t.discard(2) == ["Curse"]
    assert [(p, c) for _, p, c, _ in t.events(E.EV_REACT)] == [(1, "Moat")]


@pytest.mark.parametrize("players", [3, 4])
def test_witch_with_one_curse_left_gives_it_to_the_next_player_in_turn_order(players):
    t = Table([player("Witch")] * players, players=players)
    t.st.S[E.G_CUR] = 1  # the second player plays Witch: victims in order are 2, 3, ..., 0
    t.stack(1, hand=["Witch"], draw=["Gold", "Silver"])
    t.set_supply("Curse", 1)
    t.actions_only()
    assert t.hand(1) == ["Gold", "Silver"]  # Witch still draws
    assert t.discard(2) == ["Curse"]
    assert all(t.discard(q) == [] for q in range(players) if q not in (1, 2))
    assert t.supply("Curse") == 0 and t.gs(E.G_EMPTY) == 1


def test_witch_with_no_curses_left_still_draws():
    t = Table([player("Witch"), NOTHING]).stack(0, hand=["Witch"], draw=["Gold", "Silver"])
    t.set_supply("Curse", 0)
    t.actions_only()
    assert t.hand(0) == ["Gold", "Silver"] and t.discard(1) == []


def test_merchant_twice_with_two_silvers():
    t = Table(["buy: []\nplay: [Merchant]", NOTHING]).stack(
        0, hand=["Merchant", "Merchant", "Silver", "Silver", "Copper"], draw=["Copper", "Estate"])
    t.through_buys()
    # Silvers 2+2, Coppers 1+1, and +1 per Merchant on the first Silver only: 6 + 2
    assert t.coins == 8
    assert t.in_play(0)[:2] == ["Merchant", "Merchant"]


def test_merchant_without_silver_gives_nothing():
    t = Table([player("Merchant"), NOTHING]).stack(0, hand=["Merchant", "Gold"], draw=["Copper"])
    t.through_buys()
    assert t.coins == 4


def test_gardens_is_worth_one_per_ten_cards_rounded_down():
    t = Table([NOTHING, NOTHING], kingdom=["Gardens"])
    t.stack(0, hand=["Gardens", "Gardens"], draw=["Copper"] * 27, discard=[])
    assert t.vp(0) == 2 * 2  # 29 cards
    t.stack(0, discard=["Copper"])
    assert t.vp(0) == 2 * 3  # 30 cards
