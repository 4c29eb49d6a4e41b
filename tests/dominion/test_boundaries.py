"""Each documented boundary of a Dominion decision default (docs/bots.md), on both of its
sides, and the turn rules the fuzz and golden tests alone used to check: attacks from the
last seat, the reshuffle's shuffle, nothing of a turn carried into the next, seat order.
Stacked tables, the engine's own state."""
import numpy as np
import pytest

from .helpers import Table
from simulator.dominion import engine as E

NOTHING = "buy: []"


def plays(*cards, extra=""):
    buy = "" if "buy:" in extra else "buy: []\n"
    return buy + "play: [" + ", ".join(cards) + "]\n" + extra


def trashed(t):
    return [c for _, _, c, _ in t.events(E.EV_TRASH)]


# ---------------------------------------------------------------- Chapel
# "Estates while Provinces are plentiful (more than 4)", "Coppers while the deck keeps over 6 money"
@pytest.mark.parametrize("provinces,gone", [(5, ["Estate"]), (4, [])])
def test_chapel_trashes_estates_only_with_more_than_four_provinces(provinces, gone):
    t = Table([plays("Chapel"), NOTHING]).stack(0, hand=["Chapel", "Estate", "Silver"], discard=["Copper"] * 3)
    t.set_supply("Province", provinces)
    t.actions_only()
    assert trashed(t) == gone


@pytest.mark.parametrize("money,gone", [(7, ["Copper"]), (6, [])])
def test_chapel_trashes_coppers_only_while_the_deck_keeps_over_six_money(money, gone):
    t = Table([plays("Chapel"), NOTHING]).stack(0, hand=["Chapel", "Copper"], discard=["Copper"] * (money - 1))
    assert t.st.ps(0, E.PS_MONEY) == money
    t.actions_only()
    assert trashed(t) == gone


# ---------------------------------------------------------------- Cellar
# "Coppers while the draw pile gives more than $1 each"
@pytest.mark.parametrize("draw,discards", [(["Silver", "Estate"], False), (["Silver", "Copper"], True),
                                           (["Copper", "Copper"], False)])
def test_cellar_discards_coppers_only_when_the_draw_pile_is_richer_than_one_coin_a_card(draw, discards):
    t = Table([plays("Cellar"), NOTHING]).stack(0, hand=["Cellar", "Copper"], draw=draw)
    t.actions_only()
    assert (t.discard(0) == ["Copper"]) is discards and (t.hand(0) == ["Copper"]) is not discards


# ---------------------------------------------------------------- Remodel
@pytest.mark.parametrize("provinces,trades", [(5, True), (4, False)])
def test_remodel_trades_an_estate_only_while_provinces_are_plentiful(provinces, trades):
    t = Table([plays("Remodel", extra="buy: [Silver]"), NOTHING]).stack(0, hand=["Remodel", "Estate"])
    t.set_supply("Province", provinces)
    t.actions_only()
    assert (trashed(t) == ["Estate"]) is trades
    assert (t.owned(0, "Silver") == 1) is trades
    assert ("Remodel" in t.hand(0)) is not trades  # no worthwhile trade: not played


@pytest.mark.parametrize("gains", ["Estate", "Copper", "Curse"])
def test_remodel_never_trades_a_card_into_itself_a_copper_or_a_curse(gains):
    t = Table([plays("Remodel", extra=f"buy: [{gains}]"), NOTHING]).stack(0, hand=["Remodel", "Estate"])
    t.actions_only()
    assert trashed(t) == [] and "Remodel" in t.hand(0) and t.owned(0, "Estate") == 1


@pytest.mark.parametrize("provinces,trades", [(4, True), (5, False)])
def test_remodel_turns_gold_into_province_late_only(provinces, trades):
    t = Table([plays("Remodel", extra='buy: ["Province: total_money > 30", Gold, Silver]'), NOTHING])
    t.stack(0, hand=["Remodel", "Gold"])
    t.set_supply("Province", provinces)
    t.actions_only()
    assert (trashed(t) == ["Gold"] and t.owned(0, "Province") == 1) is trades
    assert ("Remodel" in t.hand(0)) is not trades


# ---------------------------------------------------------------- Harbinger: "never junk"
@pytest.mark.parametrize("discard,top", [(["Estate", "Copper", "Curse"], None),
                                         (["Estate", "Silver", "Copper"], "Silver"),
                                         (["Silver", "Smithy", "Copper"], "Smithy"),
                                         (["Silver", "Smithy", "Gold"], "Gold")])
def test_harbinger_topdecks_gold_else_an_action_else_a_treasure_above_copper_never_junk(discard, top):
    t = Table([plays("Harbinger"), NOTHING], kingdom=["Smithy"]).stack(0, hand=["Harbinger"], draw=["Copper"],
                                                                        discard=discard)
    t.actions_only()
    assert t.draw_pile(0) == ([top] if top else [])
    assert sorted(t.discard(0)) == sorted(c for c in discard if c != top) + ([] if top else [])


# ---------------------------------------------------------------- forced discards with junk only, or treasure only
@pytest.mark.parametrize("hand,kept", [
    (["Province", "Duchy", "Estate", "Curse", "Duchy"], ["Duchy", "Duchy", "Province"]),
    (["Gold", "Silver", "Copper", "Silver", "Copper"], ["Gold", "Silver", "Silver"]),
    (["Smithy", "Smithy", "Smithy", "Village", "Copper"], ["Smithy", "Smithy", "Village"]),
])
def test_a_militia_victim_drops_curses_then_the_cheapest_victory_then_the_least_coins(hand, kept):
    t = Table([plays("Militia"), NOTHING], kingdom=["Smithy", "Village"]).stack(0, hand=["Militia"])
    t.stack(1, hand=hand)
    t.actions_only()
    assert sorted(t.hand(1)) == kept


def test_past_its_own_discard_list_a_victim_drops_the_cheapest_victory_cards():
    # its list names none of them: the least wanted go, the cheapest Victory card first
    t = Table([plays("Militia"), "buy: []\ndiscard: [Silver]"]).stack(0, hand=["Militia"])
    t.stack(1, hand=["Province", "Duchy", "Estate", "Duchy", "Gold"])
    t.actions_only()
    assert sorted(t.hand(1)) == ["Duchy", "Gold", "Province"]


def test_a_bureaucrat_victim_puts_back_its_cheapest_victory_card():
    t = Table([plays("Bureaucrat"), NOTHING]).stack(0, hand=["Bureaucrat"])
    t.stack(1, hand=["Province", "Duchy", "Estate", "Copper"], draw=["Gold"])
    t.actions_only()
    assert t.draw_pile(1) == ["Estate", "Gold"] and sorted(t.hand(1)) == ["Copper", "Duchy", "Province"]


def test_mine_upgrades_silver_before_copper():
    t = Table([plays("Mine"), NOTHING]).stack(0, hand=["Mine", "Copper", "Silver", "Copper"])
    t.actions_only()
    assert trashed(t) == ["Silver"] and sorted(t.hand(0)) == ["Copper", "Copper", "Gold"]


def test_sentry_puts_both_back_with_the_costlier_on_top():
    t = Table([plays("Sentry"), NOTHING]).stack(0, hand=["Sentry"], draw=["Copper", "Silver", "Gold"])
    t.actions_only()
    assert t.hand(0) == ["Copper"] and t.draw_pile(0) == ["Gold", "Silver"] and t.discard(0) == []


# ---------------------------------------------------------------- turn rules
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_an_attack_from_any_seat_hits_every_other_player(seat):
    bots = [NOTHING] * 3
    bots[seat] = plays("Militia")
    t = Table(bots, kingdom=["Militia"])
    for p in range(3):
        t.stack(p, hand=["Militia"] if p == seat else ["Gold", "Estate", "Copper", "Curse", "Silver"])
    t.st.S[E.G_CUR] = seat
    t.actions_only()
    for p in range(3):
        if p != seat:
            assert sorted(t.hand(p)) == ["Copper", "Gold", "Silver"], p


def test_the_reshuffle_shuffles():
    cards = ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", "Smithy", "Village", "Militia"]
    orders = set()
    for seed in range(6):
        t = Table([NOTHING, NOTHING], kingdom=["Smithy", "Village", "Militia"])
        t.stack(0, hand=[], draw=[], discard=cards)
        t.st.R[:] = np.uint64(12345 + 1000 * seed)
        t.play(1)  # cleanup draws 5 from the reshuffled discard pile
        got = t.hand(0) + t.draw_pile(0)
        assert sorted(got) == sorted(cards)
        orders.add(tuple(got))
    assert len(orders) == 6 and tuple(cards) not in orders


def test_nothing_of_a_turn_is_carried_into_the_next():
    # player 0 ends its turn with 5 coins unspent, a Buy and Actions unused, a Merchant's
    # bonus unclaimed; player 1 then has only its own 2 coins: no Silver (3)
    t = Table([plays("Merchant", extra="buy: [Province]"), "buy: [Silver]"], kingdom=["Merchant", "Woodcutter"])
    t.stack(0, hand=["Merchant", "Copper", "Copper", "Copper", "Copper"], draw=["Copper", "Copper"])
    t.stack(1, hand=["Silver"], draw=[])
    t.play(1)
    assert t.gs(E.G_CUR) == 1
    t.through_buys()
    assert t.owned(1, "Silver") == 1 and t.coins == 2 and t.buys == 1  # bought nothing: coins left, Buy unused


def test_players_take_turns_in_seat_order():
    t = Table([NOTHING] * 4, players=4)
    for p in range(4):
        t.stack(p, hand=["Copper"] * 5, draw=["Copper"] * 5)
    seen = []
    for _ in range(6):
        seen.append(t.gs(E.G_CUR))
        t.play(1)
    assert seen == [0, 1, 2, 3, 0, 1]


# ---------------------------------------------------------------- the end-game guard at its edges
def _last_province(guarded_seat, p0_hand, p1_hand, turns=(3, 3), kingdom=("Gardens",)):
    bots = [NOTHING, NOTHING]
    bots[guarded_seat] = "buy: [Province, Silver]"
    t = Table(bots, kingdom=list(kingdom))
    t.stack(0, hand=p0_hand, draw=["Copper"] * 5)
    t.stack(1, hand=p1_hand, draw=["Copper"] * 5)
    t.set_supply("Province", 1)
    t.set_turns(0, turns[0]).set_turns(1, turns[1])
    t.st.S[E.G_CUR] = guarded_seat
    return t


def test_the_guard_counts_the_card_being_gained_towards_gardens():
    # 9 cards and a Gardens: the Province is the 10th card, so the Gardens is worth 1 and
    # 7 VP beats the opponent's 6; without that card counted it would be a lost tie
    t = _last_province(0, ["Gold", "Gold", "Silver", "Gardens"], ["Province"], turns=(4, 3))
    assert t.vp(0) == 0 and t.vp(1) == 6 and t.st.ps(0, E.PS_CARDS) == 9
    t.through_buys()
    assert t.owned(0, "Province") == 1


def test_the_guard_takes_a_tie_it_shares():
    # the second seat, on its turn, has had as many turns as the first: a tie is shared
    t = _last_province(1, ["Province"], ["Gold", "Gold", "Silver"], turns=(3, 2))
    t.through_buys()
    assert t.owned(1, "Province") == 1


def test_the_guard_refuses_a_tie_the_other_player_wins_on_turns():
    t = _last_province(0, ["Gold", "Gold", "Silver"], ["Province"], turns=(4, 3))
    t.through_buys()
    assert t.owned(0, "Province") == 0 and t.owned(0, "Silver") == 2  # its next rule instead


def test_a_compulsory_gain_that_ends_the_game_losing_is_still_gained_when_nothing_else_is_left():
    t = Table([plays("Workshop"), NOTHING], kingdom=["Workshop"])
    t.stack(0, hand=["Workshop"]).stack(1, hand=["Province"])
    for card, n in (("Copper", 0), ("Curse", 0), ("Silver", 1), ("Estate", 1), ("Workshop", 1)):
        t.set_supply(card, n)
    t.actions_only()
    assert t.owned(0, "Silver") == 1 and t.supply("Silver") == 0  # every gain ends it: a Treasure first


# ---------------------------------------------------------------- more defaults at their edges
@pytest.mark.parametrize("money,trade", [(7, ("Copper", "Moat")), (6, ("Silver", "Laboratory"))])
def test_remodel_prefers_a_copper_only_while_the_deck_keeps_over_six_money(money, trade):
    t = Table([plays("Remodel", extra="buy: [Laboratory, Moat]"), NOTHING], kingdom=["Moat", "Remodel", "Laboratory"])
    t.stack(0, hand=["Remodel", "Silver", "Copper"], discard=["Copper"] * (money - 3))
    assert t.st.ps(0, E.PS_MONEY) == money
    t.actions_only()
    assert trashed(t) == [trade[0]] and t.owned(0, trade[1]) == 1


def test_artisan_keeps_a_playable_action_and_topdecks_a_spare_treasure():
    t = Table([plays("Village", "Artisan", "Smithy"), NOTHING], kingdom=["Village", "Artisan", "Smithy"])
    t.stack(0, hand=["Village", "Artisan", "Smithy", "Silver"], draw=["Copper"])
    t.actions_only()
    # after Village and Artisan an Action is left: the Smithy stays and is played
    assert "Smithy" in t.in_play(0) and t.events(E.EV_TOPDECK)[0][2] == "Silver"


def test_a_forced_discard_counts_only_real_villages_for_a_second_terminal():
    t = Table([plays("Militia"), NOTHING], kingdom=["Smithy", "Laboratory", "Militia"]).stack(0, hand=["Militia"])
    t.stack(1, hand=["Smithy", "Smithy", "Laboratory", "Copper", "Copper"])
    t.actions_only()
    assert sorted(t.hand(1)) == ["Copper", "Laboratory", "Smithy"]  # a Laboratory gives no Action to spare


def test_harbinger_topdecks_the_costliest_action():
    t = Table([plays("Harbinger"), NOTHING], kingdom=["Smithy", "Village"])
    t.stack(0, hand=["Harbinger"], draw=["Copper"], discard=["Village", "Smithy", "Copper"])
    t.actions_only()
    assert t.draw_pile(0) == ["Smithy"]


@pytest.mark.parametrize("provinces,gone", [(5, ["Estate"]), (4, [])])
def test_the_default_trash_list_takes_estates_only_with_more_than_four_provinces(provinces, gone):
    t = Table([plays("Sentry"), NOTHING], kingdom=["Sentry"]).stack(0, hand=["Sentry"],
                                                                   draw=["Copper", "Estate", "Gold"])
    t.set_supply("Province", provinces)
    t.actions_only()
    assert trashed(t) == gone


def test_vassal_moves_the_action_it_plays_out_of_the_discard_pile():
    t = Table([plays("Vassal", "Smithy"), NOTHING], kingdom=["Vassal", "Smithy"])
    t.stack(0, hand=["Vassal"], draw=["Smithy", "Copper", "Copper", "Copper"], discard=["Estate"])
    t.actions_only()
    assert t.discard(0) == ["Estate"] and t.in_play(0) == ["Vassal", "Smithy"]


def test_library_draws_seven_into_hand_not_counting_the_set_aside_actions():
    t = Table([plays("Library"), NOTHING], kingdom=["Library", "Smithy"])
    t.stack(0, hand=["Library", "Copper", "Copper", "Copper"], draw=["Smithy", "Copper", "Copper", "Copper", "Copper",
                                                                     "Gold"])
    t.actions_only()
    assert sorted(t.hand(0)) == ["Copper"] * 7 and t.draw_pile(0) == ["Gold"] and t.discard(0) == ["Smithy"]


#: every base card's printed cost (RULES.md's card list)
COSTS = {"Copper": 0, "Curse": 0, "Estate": 2, "Silver": 3, "Duchy": 5, "Gold": 6, "Province": 8, "Cellar": 2,
         "Chapel": 2, "Moat": 2, "Harbinger": 3, "Merchant": 3, "Vassal": 3, "Village": 3, "Workshop": 3,
         "Chancellor": 3, "Woodcutter": 3, "Bureaucrat": 4, "Gardens": 4, "Militia": 4, "Moneylender": 4,
         "Poacher": 4, "Remodel": 4, "Smithy": 4, "Throne Room": 4, "Feast": 4, "Spy": 4, "Thief": 4, "Bandit": 5,
         "Council Room": 5, "Festival": 5, "Laboratory": 5, "Library": 5, "Market": 5, "Mine": 5, "Sentry": 5,
         "Witch": 5, "Artisan": 6, "Adventurer": 6}


def test_every_card_costs_what_is_printed_and_one_coin_less_buys_something_else():
    from simulator.dominion.cards import BY_NAME
    assert {name: BY_NAME[name].cost for name in COSTS} == COSTS
    for name, cost in COSTS.items():
        if name in ("Copper", "Curse") or cost > 8:
            continue
        kingdom = [name] if BY_NAME[name].kingdom else []
        hand = ["Gold"] * ((cost - 1) // 3) + ["Copper"] * ((cost - 1) % 3)
        t = Table([f"buy: ['{name}', Copper]", NOTHING], kingdom=kingdom).stack(0, hand=hand)
        t.through_buys()
        assert t.owned(0, name) == hand.count(name) and t.owned(0, "Copper") == hand.count("Copper") + 1, name
