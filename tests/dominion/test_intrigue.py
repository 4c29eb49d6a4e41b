"""Intrigue's cards, as printed: stacked hands and draw piles played by the engine, exact
outcomes; each card's default choice and the bot file's way to decide it."""
import pytest

from .helpers import Table, bot
from simulator.dominion import engine as E
from simulator.errors import InputError, InputErrors

NOTHING = "buy: []"


def plays(*cards, extra=""):
    """A bot that plays ``cards`` in that order (and buys nothing unless ``extra`` says)."""
    buy = "" if "buy:" in extra else "buy: []\n"
    return buy + "play: [" + ", ".join(cards) + "]\n" + extra


# ---------------------------------------------------------------- cards of the table alone
def test_great_hall_is_a_cantrip_worth_one_vp_and_an_action_victory_card():
    t = Table([plays("Great Hall"), NOTHING]).stack(0, hand=["Great Hall", "Copper"], draw=["Silver", "Gold"],
                                                    discard=[])
    assert t.vp(0) == 1
    t.actions_only()
    assert t.hand(0) == ["Copper", "Silver"] and t.actions == 1 and t.in_play(0) == ["Great Hall"]


def test_harem_is_a_treasure_of_two_coins_worth_two_vp():
    t = Table(["buy: [Silver]", NOTHING], kingdom=["Harem"]).stack(0, hand=["Harem", "Copper", "Harem"], draw=[])
    assert t.vp(0) == 4
    t.through_buys()
    assert t.in_play(0) == ["Harem", "Copper", "Harem"] and t.discard(0) == ["Silver"] and t.coins == 2


def test_duke_is_worth_a_vp_per_duchy_and_follows_the_duchies():
    t = Table(["buy: [Duchy]", NOTHING], kingdom=["Duke"]).stack(0, hand=["Gold", "Gold"], discard=["Duke", "Duke",
                                                                                                  "Duchy"])
    assert t.vp(0) == 3 + 2  # a Duchy, two Dukes worth one each
    t.through_buys()
    assert t.vp(0) == 6 + 4  # a second Duchy: each Duke worth two


@pytest.mark.parametrize("dukes, buys", [(5, True), (3, False)])
def test_the_end_game_guard_counts_the_dukes_the_last_duchy_makes_worth_more(dukes, buys):
    # the last Duchy empties a third pile: the game ends; player 1 has 7 VP, player 0 with
    # the Duchy 3 + one per Duke (each Duke then counts that Duchy)
    t = Table(["buy: [Duchy]", NOTHING], kingdom=["Duke"]).stack(0, hand=["Gold", "Gold"], draw=[],
                                                                  discard=["Duke"] * dukes)
    t.stack(1, hand=["Copper"] * 5, draw=[], discard=["Province", "Estate"])
    t.set_supply("Duchy", 1).set_supply("Curse", 0).set_supply("Estate", 0)
    assert t.vp(0) == 0 and t.vp(1) == 7
    t.through_buys()
    assert (t.owned(0, "Duchy") == 1) == buys
    if buys:
        assert t.vp(0) == 3 + dukes


# ---------------------------------------------------------------- $2
def test_courtyard_draws_three_and_puts_back_the_card_the_turn_spares():
    # 6 coins in hand buy the Gold; the Village (no Action left to play it) goes back
    t = Table([plays("Courtyard", extra="buy: [Gold]"), NOTHING], kingdom=["Village"]).stack(
        0, hand=["Courtyard", "Gold", "Copper"], draw=["Village", "Silver", "Estate", "Smithy"])
    t.actions_only()
    assert sorted(t.hand(0)) == ["Copper", "Estate", "Gold", "Silver"]
    assert t.draw_pile(0) == ["Village", "Smithy"]


def test_courtyard_follows_the_topdeck_list():
    t = Table([plays("Courtyard", extra="topdeck: [Silver]"), NOTHING]).stack(
        0, hand=["Courtyard", "Gold"], draw=["Silver", "Estate", "Copper", "Duchy"])
    t.actions_only()
    assert sorted(t.hand(0)) == ["Copper", "Estate", "Gold"] and t.draw_pile(0) == ["Silver", "Duchy"]


def test_pawn_by_default_takes_a_card_and_a_coin():
    t = Table([plays("Pawn"), NOTHING]).stack(0, hand=["Pawn", "Copper"], draw=["Silver", "Gold"])
    t.actions_only()
    assert t.hand(0) == ["Copper", "Silver"] and (t.actions, t.buys, t.coins) == (0, 1, 1)
    assert [v for _, _, _, v in t.events(E.EV_MODE)] == [E.PAWN_CARD, E.PAWN_COIN]


def test_pawn_by_default_takes_the_action_when_an_action_waits_in_hand():
    t = Table([plays("Pawn", "Smithy"), NOTHING]).stack(0, hand=["Pawn", "Smithy"], draw=["Silver"] + ["Copper"] * 3)
    t.actions_only()
    assert t.in_play(0) == ["Pawn", "Smithy"] and t.hand(0) == ["Silver", "Copper", "Copper", "Copper"]


def test_pawn_follows_the_choose_list_and_never_takes_one_mode_twice():
    t = Table([plays("Pawn", extra="choose: {Pawn: [buy, buy, coin]}"), NOTHING]).stack(0, hand=["Pawn"],
                                                                                          draw=["Gold"])
    t.actions_only()
    assert t.hand(0) == [] and (t.actions, t.buys, t.coins) == (0, 2, 1)


# ---------------------------------------------------------------- $3
def test_shanty_town_draws_two_only_when_the_hand_has_no_action():
    t = Table([plays("Shanty Town"), NOTHING]).stack(0, hand=["Shanty Town", "Copper"], draw=["Silver", "Gold"])
    t.actions_only()
    assert t.hand(0) == ["Copper", "Silver", "Gold"] and t.actions == 2
    t = Table([plays("Shanty Town"), NOTHING], kingdom=["Smithy"]).stack(
        0, hand=["Shanty Town", "Smithy", "Copper"], draw=["Silver", "Gold", "Estate", "Duchy", "Province"])
    t.play(1, E.STOP_ACTIONS)
    # the Smithy in hand: no card from Shanty Town; then Smithy draws three
    assert t.in_play(0) == ["Shanty Town", "Smithy"] and t.hand(0) == ["Copper", "Silver", "Gold", "Estate"]


def test_shanty_town_counts_an_action_victory_card_as_an_action():
    t = Table([plays("Shanty Town"), NOTHING], kingdom=["Great Hall"]).stack(
        0, hand=["Shanty Town", "Great Hall"], draw=["Silver", "Gold", "Copper"])
    t.play(1, E.STOP_ACTIONS)  # plays Great Hall next: it draws the Silver only
    assert t.hand(0) == ["Silver"] and t.in_play(0) == ["Shanty Town", "Great Hall"]


@pytest.mark.parametrize("hand, mode, coins, cards", [
    (["Steward", "Estate", "Curse", "Copper"], E.STEWARD_TRASH, 0, ["Copper"]),
    (["Steward", "Gold", "Copper", "Estate"], E.STEWARD_COINS, 2, ["Gold", "Copper", "Estate"]),
    (["Steward", "Gold", "Gold", "Gold"], E.STEWARD_CARDS, 0, ["Gold", "Gold", "Gold", "Silver", "Silver"]),
])
def test_steward_default_trashes_two_junk_cards_else_takes_coins_that_change_the_buy_else_draws(
        hand, mode, coins, cards):
    t = Table([plays("Steward", extra="buy: [Province, Gold, Silver]"), NOTHING]).stack(
        0, hand=hand, draw=["Silver", "Silver"])
    t.actions_only()
    assert [v for _, _, _, v in t.events(E.EV_MODE)] == [mode]
    assert t.coins == coins and sorted(t.hand(0)) == sorted(cards)
    if mode == E.STEWARD_TRASH:
        assert sorted(c for _, _, c, _ in t.events(E.EV_TRASH)) == ["Curse", "Estate"]


def test_steward_trash_takes_the_two_cards_least_wanted_without_a_rule_and_follows_the_choose_list():
    t = Table([plays("Steward", extra="choose: {Steward: [trash]}\ntrash: [Silver]"), NOTHING]).stack(
        0, hand=["Steward", "Silver", "Gold", "Duchy"], draw=[])
    t.actions_only()
    assert sorted(c for _, _, c, _ in t.events(E.EV_TRASH)) == ["Duchy", "Silver"] and t.hand(0) == ["Gold"]


def test_wishing_well_names_the_commonest_card_of_the_draw_pile_and_takes_it_when_on_top():
    t = Table([plays("Wishing Well"), NOTHING]).stack(
        0, hand=["Wishing Well"], draw=["Estate", "Silver", "Copper", "Silver", "Silver"])
    t.actions_only()
    assert [(c, v) for _, _, c, v in t.events(E.EV_MODE)] == [("Wishing Well", E.SILVER)]
    assert t.hand(0) == ["Estate", "Silver"] and t.actions == 1 and t.draw_pile(0) == ["Copper", "Silver", "Silver"]


def test_wishing_well_puts_a_card_not_named_back_on_top():
    t = Table([plays("Wishing Well", extra="choose: {Wishing Well: [Gold]}"), NOTHING]).stack(
        0, hand=["Wishing Well"], draw=["Estate", "Silver", "Silver"])
    t.actions_only()
    assert t.hand(0) == ["Estate"] and t.draw_pile(0) == ["Silver", "Silver"]
    assert [c for _, _, c, _ in t.events(E.EV_BACK)] == ["Silver"]


# ---------------------------------------------------------------- $4
def test_baron_discards_an_estate_for_four_coins_by_default():
    t = Table([plays("Baron"), NOTHING]).stack(0, hand=["Baron", "Estate", "Copper"], draw=[])
    t.actions_only()
    assert (t.coins, t.buys) == (4, 2) and t.discard(0) == ["Estate"] and t.owned(0, "Estate") == 1


def test_baron_gains_an_estate_without_one_in_hand_or_when_its_option_says_no():
    t = Table([plays("Baron"), NOTHING]).stack(0, hand=["Baron", "Copper"], draw=[])
    t.actions_only()
    assert t.coins == 0 and t.discard(0) == ["Estate"] and t.supply("Estate") == 7
    t = Table([plays("Baron", extra="options: {baron_discard: 'turn > 5'}"), NOTHING]).stack(
        0, hand=["Baron", "Estate"], draw=[])
    t.actions_only()
    assert t.coins == 0 and t.hand(0) == ["Estate"] and t.discard(0) == ["Estate"]


def test_bridge_makes_every_card_cost_one_less_this_turn_and_throne_room_twice():
    t = Table([plays("Bridge", extra="buy: [Province, Silver]"), NOTHING]).stack(
        0, hand=["Bridge", "Gold", "Gold", "Copper"], draw=[])
    t.through_buys()  # 1 + 7 = 8 coins: a Province at 7; the 1 left buys no Silver (2 now)
    assert t.discard(0) == ["Province"] and t.coins == 1 and t.buys == 1
    t = Table([plays("Throne Room", "Bridge", extra="buy: [Province, Gold, Silver]"), NOTHING]).stack(
        0, hand=["Throne Room", "Bridge", "Gold", "Silver"], draw=[])
    t.through_buys()  # 2 + 5 = 7 coins, 3 Buys, costs 2 less: Province (6), then Silver (1)
    assert t.discard(0) == ["Province", "Silver"] and t.coins == 0 and t.buys == 1


def test_bridge_lowers_the_cap_of_gains_and_the_cost_of_a_trashed_card_never_below_zero():
    # Remodel after Bridge: the Estate costs 1 now, so the gain may cost 3 now: a Gold
    # (printed 6) does not fit, a Smithy (printed 4, now 3) does
    t = Table([plays("Village", "Bridge", "Remodel", extra="gain: [Gold, Smithy]\ntrash: [Estate]"), NOTHING],
              kingdom=["Village", "Smithy"]).stack(0, hand=["Bridge", "Village", "Remodel", "Estate"],
                                                   draw=["Copper"])
    t.actions_only()
    assert t.owned(0, "Smithy") == 1 and t.owned(0, "Gold") == 0


def test_two_bridges_make_a_copper_cost_nothing_not_less():
    t = Table([plays("Throne Room", "Bridge", extra="buy: [Copper]"), NOTHING]).stack(
        0, hand=["Throne Room", "Bridge"], draw=[])
    t.through_buys()  # 2 coins, 3 Buys: three Coppers at 0, the coins kept
    assert t.discard(0) == ["Copper"] * 3 and t.coins == 2


def test_cost_reads_the_cost_after_bridge():
    t = Table([plays("Village", "Bridge", extra="buy: ['Duchy: cost(Duchy) == 4', Silver]"), NOTHING],
              kingdom=["Village"]).stack(0, hand=["Village", "Bridge", "Copper", "Copper", "Copper"], draw=["Estate"])
    t.through_buys()
    assert t.discard(0) == ["Duchy"] and t.coins == 0


def test_conspirator_draws_and_gives_an_action_as_the_third_action_played():
    hand = ["Village", "Village", "Conspirator", "Copper"]
    t = Table([plays("Village", "Conspirator"), NOTHING], kingdom=["Village"]).stack(
        0, hand=hand, draw=["Estate", "Estate", "Gold"])
    t.actions_only()
    assert "Gold" in t.hand(0) and t.actions == 3 and t.coins == 2
    t = Table([plays("Village", "Conspirator"), NOTHING], kingdom=["Village"]).stack(
        0, hand=["Village", "Conspirator"], draw=["Estate", "Gold"])
    t.actions_only()  # the second Action played: no card
    assert t.hand(0) == ["Estate"] and t.actions == 1 and t.coins == 2


def test_conspirator_throne_roomed_counts_each_play():
    t = Table([plays("Throne Room", "Conspirator"), NOTHING]).stack(
        0, hand=["Throne Room", "Conspirator"], draw=["Estate", "Gold", "Silver"])
    t.actions_only()  # Throne Room 1, Conspirator 2, again 3: one card, one Action
    assert t.hand(0) == ["Estate"] and t.coins == 4 and t.actions == 1


def test_actions_played_reads_the_plays_of_the_turn():
    t = Table([plays("Village", "Smithy", extra="buy: ['Gold: actions_played >= 2', Silver]"), NOTHING],
              kingdom=["Village"]).stack(0, hand=["Village", "Smithy", "Gold", "Gold"], draw=["Copper"] * 4)
    t.through_buys()
    assert t.discard(0) == ["Gold"]


def test_coppersmith_makes_each_copper_produce_one_more_twice_with_throne_room():
    t = Table([plays("Coppersmith"), NOTHING]).stack(0, hand=["Coppersmith", "Copper", "Copper", "Silver"], draw=[])
    t.through_buys()
    assert t.coins == 2 * 2 + 2
    t = Table([plays("Throne Room", "Coppersmith"), NOTHING]).stack(
        0, hand=["Throne Room", "Coppersmith", "Copper", "Copper", "Silver"], draw=[])
    t.through_buys()
    assert t.coins == 2 * 3 + 2


@pytest.mark.parametrize("gain, bonus", [("Silver", (1, 1, 1, [])), ("Village", (2, 1, 0, [])),
                                         ("Great Hall", (2, 1, 0, ["Gold"])), ("Estate", (1, 1, 0, ["Gold"]))])
def test_ironworks_gives_the_bonus_of_each_type_of_the_card_gained(gain, bonus):
    t = Table([plays("Ironworks", extra=f"gain: [{gain}]"), NOTHING], kingdom=["Village", "Great Hall"]).stack(
        0, hand=["Ironworks"], draw=["Gold"])
    t.play(1, E.STOP_ACTIONS)
    actions, buys, coins, hand = bonus
    # Ironworks played: 0 Actions left, + its bonus (a Village gained: +1, then played... no
    # Village in hand) - the engine's counters after the action phase
    assert t.discard(0) == [gain] and (t.actions + 1, t.buys, t.coins, t.hand(0)) == (actions, buys, coins, hand)


def test_ironworks_gains_nothing_and_no_bonus_from_an_empty_pile():
    t = Table([plays("Ironworks", extra="gain: [Silver]"), NOTHING]).stack(0, hand=["Ironworks"], draw=["Gold"],
                                                                            discard=[])
    for card in ("Copper", "Silver", "Estate", "Curse", "Ironworks"):  # nothing costing up to 4 is left
        t.set_supply(card, 0)
    t.actions_only()
    assert (t.coins, t.actions, t.hand(0), t.discard(0)) == (0, 0, [], [])


def test_mining_village_is_trashed_for_two_coins_when_they_buy_a_province_by_default():
    t = Table([plays("Mining Village", extra="buy: [Province, Gold, Silver]"), NOTHING]).stack(
        0, hand=["Mining Village", "Gold", "Gold"], draw=["Copper"])
    t.actions_only()
    assert t.coins == 2 and t.owned(0, "Mining Village") == 0 and t.actions == 2
    t = Table([plays("Mining Village", extra="buy: [Province, Gold, Silver]"), NOTHING]).stack(
        0, hand=["Mining Village", "Gold"], draw=["Copper"])
    t.actions_only()  # 4 + 2 would buy a Gold, not a Victory card: kept
    assert t.coins == 0 and t.in_play(0) == ["Mining Village"]


def test_mining_village_throne_roomed_is_trashed_once_and_its_option_decides():
    t = Table([plays("Throne Room", "Mining Village", extra="options: {mining_village_trash: 'true'}"), NOTHING]).stack(
        0, hand=["Throne Room", "Mining Village"], draw=["Copper", "Copper"])
    t.actions_only()
    assert t.coins == 2 and t.actions == 4 and t.owned(0, "Mining Village") == 0


# ---------------------------------------------------------------- $5, $6
def test_trading_post_trashes_two_and_gains_a_silver_to_hand_but_not_after_one():
    t = Table([plays("Trading Post"), NOTHING]).stack(0, hand=["Trading Post", "Curse", "Estate", "Gold"], draw=[])
    t.actions_only()
    assert sorted(t.hand(0)) == ["Gold", "Silver"] and t.owned(0, "Curse") == 0 and t.owned(0, "Estate") == 0
    t = Table([plays("Trading Post"), NOTHING]).stack(0, hand=["Trading Post", "Gold"], draw=[])
    t.actions_only()
    assert t.hand(0) == [] and t.owned(0, "Silver") == 0 and t.owned(0, "Gold") == 0


def test_nobles_draws_three_or_takes_two_actions_for_an_action_in_hand():
    t = Table([plays("Nobles"), NOTHING]).stack(0, hand=["Nobles", "Copper"], draw=["Silver", "Gold", "Estate"],
                                                discard=[])
    assert t.vp(0) == 2 + 1  # and the Estate
    t.actions_only()
    assert sorted(t.hand(0)) == ["Copper", "Estate", "Gold", "Silver"] and t.actions == 0
    t = Table([plays("Nobles", "Smithy"), NOTHING]).stack(0, hand=["Nobles", "Smithy"], draw=["Copper"] * 3)
    t.actions_only()
    assert t.in_play(0) == ["Nobles", "Smithy"] and t.actions == 1


def test_nobles_follows_the_choose_list():
    t = Table([plays("Nobles", extra="choose: {Nobles: [actions]}"), NOTHING]).stack(
        0, hand=["Nobles"], draw=["Silver", "Gold", "Estate"])
    t.actions_only()
    assert t.hand(0) == [] and t.actions == 2


# ---------------------------------------------------------------- the bot file
@pytest.mark.parametrize("text, message", [
    ("buy: []\nchoose: {Stewart: [cards]}", "'choose' is for the cards that choose: not 'Stewart'"),
    ("buy: []\nchoose: {Steward: [card]}", "Steward has no mode 'card'"),
    ("buy: []\nchoose: {Wishing Well: [Goldd]}", "unknown card 'Goldd'"),
    ("buy: []\nchoose: [Steward]", "'choose' must be a mapping"),
    ("buy: []\nchoose: {Steward: ['cards: turn >']}", "<bad>:2"),
])
def test_choose_mistakes_are_one_clear_error_with_file_and_line(text, message):
    with pytest.raises((InputError, InputErrors)) as e:
        bot(text, "bad")
    assert message in str(e.value)


def test_a_card_not_implemented_yet_is_refused_before_any_game():
    with pytest.raises((InputError, InputErrors), match="card 'Masquerade' is not implemented yet"):
        bot("buy: [Masquerade]", "bad")


# ---------------------------------------------------------------- a person's answers (dsim play)
def person(bots, kingdom=(), seat=0) -> Table:
    return Table(bots, kingdom=kingdom, person=seat)


def test_a_person_chooses_pawns_two_modes_by_name_never_the_same_twice():
    t = person([NOTHING, NOTHING], kingdom=["Pawn"])
    t.stack(0, hand=["Pawn", "Copper", "Copper", "Copper", "Copper"], draw=["Gold"])
    out = t.person_turns(["pawn", "buy", "buy", "coin", "silver", "estate"])
    assert "Pawn: choose two" in out and "Pawn: choose two (besides +1 Buy)" in out
    assert "'buy' is not a choice here" in out
    assert [c for _, _, c, _ in t.events(E.EV_BUY)] == ["Silver", "Estate"]  # 5 coins, 2 Buys


def test_a_person_chooses_stewards_trash_then_the_cards():
    t = person([NOTHING, NOTHING], kingdom=["Steward"])
    t.stack(0, hand=["Steward", "Copper", "Estate", "Silver", "Copper"], draw=["Gold"])
    out = t.person_turns(["steward", "trash", "estate", "silver", "none"])
    assert "Steward: choose one" in out and "trash 2 cards from your hand" in out
    assert "Steward: trash a card from your hand (2 to trash)" in out
    assert sorted(c for _, _, c, _ in t.events(E.EV_TRASH)) == ["Estate", "Silver"]


def test_a_person_answers_baron_mining_village_and_wishing_well():
    t = person([NOTHING, NOTHING], kingdom=["Baron", "Mining Village", "Wishing Well"])
    t.stack(0, hand=["Mining Village", "Wishing Well", "Baron", "Estate", "Copper"], draw=["Silver", "Gold", "Duchy"])
    out = t.person_turns(["mining village", "yes", "wishing well", "duchy", "baron", "no", "none"])
    assert "Mining Village: trash it for +2 coins?" in out and "Baron: discard an Estate" in out
    assert "Wishing Well: name a card" in out and "has 8 coins" in out  # 2 + Silver, Gold, Copper
    # Mining Village drew the Silver and was trashed; Wishing Well drew the Gold, named the
    # Duchy on top and took it; Baron kept the Estate and gained another
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Mining Village"]
    assert [(c, v) for _, _, c, v in t.events(E.EV_MODE)] == [("Wishing Well", E.DUCHY)]
    assert [c for _, _, c, _ in t.events(E.EV_DRAW)][:3] == ["Silver", "Gold", "Duchy"]
    assert [c for _, _, c, _ in t.events(E.EV_GAIN)] == ["Estate"] and t.owned(0, "Estate") == 2
