"""Intrigue's cards, as printed: stacked hands and draw piles played by the engine, exact
outcomes; each card's default choice and the bot file's way to decide it."""
import pytest

from .helpers import Table, bot
from simulator.dominion.cards import BY_NAME
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


def test_steward_trash_takes_the_cards_lost_least_without_a_rule_and_follows_the_choose_list():
    t = Table([plays("Steward", extra="choose: {Steward: [trash]}\ntrash: [Silver]"), NOTHING]).stack(
        0, hand=["Steward", "Silver", "Gold", "Duchy"], draw=[])
    t.actions_only()
    # the list's Silver, then the card lost least: the Gold (a Victory card goes last)
    assert sorted(c for _, _, c, _ in t.events(E.EV_TRASH)) == ["Gold", "Silver"] and t.hand(0) == ["Duchy"]


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


@pytest.mark.parametrize("card", ["Bridge", "Coppersmith"])
def test_bridge_and_coppersmith_last_their_turn_only(card):
    """The next player's Silver costs 3 and its Coppers make 1 each: 2 coins, no Silver."""
    t = Table([plays(card), "buy: [Silver]"]).stack(0, hand=[card, "Copper"], draw=[])
    t.stack(1, hand=["Copper", "Copper"], draw=[])
    t.play(1)
    t.through_buys()
    assert t.owned(1, "Silver") == 0 and t.coins == 2


@pytest.mark.parametrize("second", ["Village", "Throne Room"])
def test_conspirator_counts_the_plays_of_its_own_turn_only(second):
    """A Throne Room's second play counts in its own turn, not in the player's next: there
    Village then Conspirator are 2 plays (no card); a Throne Room on Conspirator 3, the
    second play's card and Action only (the count starts again at the turn's first)."""
    t = Table([plays("Throne Room", "Village", "Conspirator"), NOTHING]).stack(
        0, hand=["Throne Room", "Village", "Copper", "Copper", "Copper"],
        draw=["Estate", "Estate", second, "Conspirator", "Estate", "Estate", "Estate", "Gold", "Silver", "Silver"])
    t.play(2)  # Throne Room plays Village twice (3 plays); the other player's turn
    t.actions_only()
    if second == "Village":  # Village (1 card: Gold), Conspirator the second Action played
        assert t.hand(0) == ["Estate"] * 3 + ["Gold"] and t.coins == 2 and t.actions == 1
    else:  # Throne Room 1, Conspirator 2, again 3: one card (Gold), one Action
        assert t.hand(0) == ["Estate"] * 3 + ["Gold"] and t.coins == 4 and t.actions == 1


def test_conspirator_counts_no_throne_room_of_another_player():
    """Seat 0's Throne Room in its first turn is not seat 1's play in its first turn."""
    t = Table([plays("Throne Room", "Village"), plays("Village", "Conspirator")])
    t.stack(0, hand=["Throne Room", "Village", "Copper", "Copper", "Copper"], draw=["Estate"] * 7)
    t.stack(1, hand=["Village", "Conspirator", "Copper"], draw=["Estate", "Gold", "Silver"])
    t.play(1)
    t.actions_only()  # Village (Estate), Conspirator the second Action played: no card
    assert t.hand(1) == ["Copper", "Estate"] and t.coins == 2 and t.actions == 1


def test_a_new_game_counts_no_plays_of_the_game_before():
    """A state that played a Throne Room's turn, dealt a new game: its first turn's
    Village then Conspirator are 2 plays."""
    t = Table([plays("Village", "Conspirator"), NOTHING])
    S = t.st.S
    S[E.G_PLAYS] = 1
    S[E.G_PLAYS_AT] = 1 * E.MAXP + 0  # seat 0's first turn
    t.st.run(E.MODE_SETUP, 0, 0, 1)
    t.stack(0, hand=["Village", "Conspirator", "Copper"], draw=["Estate", "Gold", "Silver"])
    t.actions_only()
    assert t.hand(0) == ["Copper", "Estate"] and t.coins == 2 and t.actions == 1


@pytest.mark.parametrize("attack", ["Torturer", "Militia"])
def test_actions_played_is_0_in_another_players_turn(attack):
    """A victim's condition counts no plays of the attacker's (its Throne Room's, and its
    second play of the card, still waiting or under way): 0 at both plays of a Throne
    Roomed attack."""
    if attack == "Torturer":
        victim = "buy: []\nchoose: {Torturer: ['curse: actions_played == 0', discard]}"
        hand = ["Gold", "Estate", "Silver", "Copper"]
    else:
        victim = "buy: []\ndiscard: ['Gold: actions_played == 0', Copper]"
        hand = ["Gold", "Copper", "Copper", "Estate", "Silver"]
    t = Table([plays("Throne Room", attack), victim]).stack(0, hand=["Throne Room", attack], draw=["Copper"] * 6)
    t.stack(1, hand=hand)
    t.actions_only()
    if attack == "Torturer":
        assert t.hand(1).count("Curse") == 2  # both plays: the Curse, as the condition holds
    else:
        assert t.discard(1) == ["Gold", "Copper"]


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
        0, hand=["Mining Village", "Silver"], draw=["Copper"])
    t.actions_only()  # 3 + 2 still buys a Silver: kept
    assert t.coins == 0 and t.in_play(0) == ["Mining Village"]
    t = Table([plays("Mining Village", extra="buy: [Province, Gold, Silver]"), NOTHING]).stack(
        0, hand=["Mining Village", "Gold"], draw=["Copper"])
    t.actions_only()  # 4 + 2 buys a Gold instead of a Silver: trashed
    assert t.coins == 2 and t.owned(0, "Mining Village") == 0


def test_mining_village_throne_roomed_is_trashed_once_and_its_option_decides():
    t = Table([plays("Throne Room", "Mining Village", extra="options: {mining_village_trash: 'true'}"), NOTHING]).stack(
        0, hand=["Throne Room", "Mining Village"], draw=["Copper", "Copper"])
    t.actions_only()
    assert t.coins == 2 and t.actions == 4 and t.owned(0, "Mining Village") == 0


# ---------------------------------------------------------------- $5, $6
def test_trading_post_keeps_victory_cards_and_trashes_the_cards_it_loses_least():
    # the list's Copper, then the card lost least: the Gold, not the Province
    t = Table([plays("Trading Post", extra="trash: [Copper]"), NOTHING]).stack(
        0, hand=["Trading Post", "Province", "Gold", "Copper"], draw=[])
    t.set_supply("Province", 3)
    t.actions_only()
    assert sorted(c for _, _, c, _ in t.events(E.EV_TRASH)) == ["Copper", "Gold"] and t.owned(0, "Province") == 1
    t = Table([plays("Trading Post"), NOTHING]).stack(0, hand=["Trading Post", "Estate", "Copper", "Copper"],
                                                       draw=[])
    t.set_supply("Province", 3)
    t.actions_only()  # late, the Estate's VP count: Coppers go first
    assert sorted(c for _, _, c, _ in t.events(E.EV_TRASH)) == ["Copper", "Copper"]


@pytest.mark.parametrize("hand, played", [
    (["Province", "Gold", "Copper"], False),       # one junk card: the Gold would go
    (["Gold", "Gold", "Silver"], False),           # none
    (["Estate", "Copper", "Gold"], True),          # two (Curse, Estate, Copper)
    (["Estate", "Silver", "Gold"], True),          # one and a Silver: the Silver comes back, no coin lost
    (["Copper", "Silver", "Gold", "Gold"], True),  # 8 coins without the Copper still buy the Province
    (["Copper", "Silver", "Silver"], False),       # 5 without it: the Duchy bought at 5 is lost
])
def test_trading_post_is_held_back_unless_it_trashes_junk(hand, played):
    t = Table([plays("Trading Post", extra="buy: [Province, Gold, Duchy, Silver]"), NOTHING]).stack(
        0, hand=["Trading Post", *hand], draw=[])
    t.actions_only()
    assert (t.in_play(0) == ["Trading Post"]) == played and ("Trading Post" in t.hand(0)) != played
    # a bot with its own trash list plays it
    t = Table([plays("Trading Post", extra="trash: [Curse]"), NOTHING]).stack(0, hand=["Trading Post", *hand],
                                                                              draw=[])
    t.actions_only()
    assert t.in_play(0) == ["Trading Post"]


def test_trading_post_counts_a_coppersmiths_coin_in_the_copper_it_would_trash():
    # 9 coins with the Coppersmith; the Copper and its Coppersmith coin gone, 7: a Gold, not
    # a Province: held back
    t = Table([plays("Village", "Coppersmith", "Trading Post", extra="buy: [Province, Gold, Silver]"), NOTHING],
              kingdom=["Village", "Coppersmith", "Trading Post"])
    t.stack(0, hand=["Village", "Coppersmith", "Trading Post", "Copper", "Silver", "Gold"], draw=["Silver"])
    t.actions_only()
    assert t.in_play(0) == ["Village", "Coppersmith"] and "Trading Post" in t.hand(0)


def test_trading_post_trashes_two_and_gains_a_silver_to_hand_but_not_after_one():
    t = Table([plays("Trading Post"), NOTHING]).stack(0, hand=["Trading Post", "Curse", "Estate", "Gold"], draw=[])
    t.actions_only()
    assert sorted(t.hand(0)) == ["Gold", "Silver"] and t.owned(0, "Curse") == 0 and t.owned(0, "Estate") == 0
    t = Table([plays("Trading Post", extra="trash: [Gold]"), NOTHING]).stack(0, hand=["Trading Post", "Gold"],
                                                                             draw=[])
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


# ---------------------------------------------------------------- the rest of Intrigue
def test_lurker_trashes_the_supplys_costliest_action_or_gains_one_from_the_trash():
    t = Table([plays("Lurker"), NOTHING], kingdom=["Smithy", "Village"]).stack(0, hand=["Lurker"], draw=[])
    t.actions_only()
    assert t.supply("Smithy") == 9 and t.st.S[E.S_TRASH + E.SMITHY] == 1 and t.actions == 1
    assert t.owned(0, "Smithy") == 0 and t.events(E.EV_SUPPLY_TRASH)[0][2] == "Smithy"
    t = Table([plays("Lurker", extra="buy: [Smithy, Silver]"), NOTHING], kingdom=["Smithy"]).stack(
        0, hand=["Lurker"], draw=[])
    t.st.S[E.S_TRASH + E.SMITHY] = 1
    t.set_supply("Smithy", 9)
    t.actions_only()  # the buy list (its gain list) names Smithy, in the trash: gained
    assert t.discard(0) == ["Smithy"] and t.st.S[E.S_TRASH + E.SMITHY] == 0 and t.supply("Smithy") == 9


def test_lurker_follows_the_choose_list():
    t = Table([plays("Lurker", extra="buy: [Smithy]\nchoose: {Lurker: [trash]}"), NOTHING], kingdom=["Smithy"]).stack(
        0, hand=["Lurker"], draw=[])
    t.st.S[E.S_TRASH + E.SMITHY] = 1
    t.set_supply("Smithy", 9)
    t.actions_only()
    assert t.discard(0) == [] and t.supply("Smithy") == 8


def test_secret_chamber_discards_dead_cards_for_a_coin_each():
    t = Table([plays("Secret Chamber"), NOTHING], kingdom=["Smithy"]).stack(
        0, hand=["Secret Chamber", "Estate", "Smithy", "Copper", "Curse"], draw=[])
    t.actions_only()  # no Action left: the Smithy is dead too
    assert sorted(t.discard(0)) == ["Curse", "Estate", "Smithy"] and t.coins == 3 and t.hand(0) == ["Copper"]


def test_secret_chamber_reacts_to_an_attack_drawing_two_then_putting_two_back():
    t = Table([plays("Militia"), NOTHING], kingdom=["Secret Chamber"]).stack(0, hand=["Militia"], draw=[])
    t.stack(1, hand=["Secret Chamber", "Gold", "Gold", "Estate", "Copper"], draw=["Silver", "Curse", "Duchy"])
    t.actions_only()
    # drew Silver and Curse; put back the two least wanted (Curse, Estate); then discarded
    # down to 3: the Copper and the Silver (the least wanted left)
    assert t.draw_pile(1)[:2] == ["Estate", "Curse"] and sorted(t.hand(1)) == ["Gold", "Gold", "Secret Chamber"]


def test_diplomat_gives_two_actions_to_a_hand_of_five_or_fewer_and_reacts_from_five_or_more():
    t = Table([plays("Diplomat"), NOTHING]).stack(0, hand=["Diplomat", "Copper", "Copper", "Copper"],
                                                  draw=["Estate", "Silver", "Gold"])
    t.actions_only()
    assert len(t.hand(0)) == 5 and t.actions == 2
    t = Table([plays("Diplomat"), NOTHING]).stack(0, hand=["Diplomat", "Copper", "Copper", "Copper", "Copper"],
                                                  draw=["Estate", "Silver", "Gold"])
    t.actions_only()
    assert len(t.hand(0)) == 6 and t.actions == 0
    t = Table([plays("Witch"), NOTHING], kingdom=["Diplomat"]).stack(0, hand=["Witch"], draw=["Copper"] * 2)
    t.stack(1, hand=["Diplomat", "Gold", "Silver", "Estate", "Curse"], draw=["Copper", "Duchy"])
    t.actions_only()  # draws Duchy, Copper; discards Curse, Estate, Duchy; then gains the Curse
    assert sorted(t.hand(1)) == ["Copper", "Diplomat", "Gold", "Silver"]
    assert sorted(c for _, p, c, _ in t.events(E.EV_DISCARD) if p == 1) == ["Curse", "Duchy", "Estate"]
    assert t.discard(1)[-1] == "Curse" and t.owned(1, "Curse") == 2


def test_a_discard_list_past_the_63rd_card_id_names_only_cards_in_hand():
    # Harem (id 69) in hand, Nobles (70) listed first: a zone's set of cards tells them apart
    # (by their places among the game's cards when the game has ids past 62)
    t = Table([plays("Militia"), "buy: []\ndiscard: [Nobles, Gold]"], kingdom=["Harem", "Nobles", "Tribute"])
    t.stack(0, hand=["Militia"]).stack(1, hand=["Harem", "Harem", "Copper", "Silver", "Gold"])
    t.actions_only()
    assert sorted(t.discard(1)) == ["Copper", "Gold"] and sorted(t.hand(1)) == ["Harem", "Harem", "Silver"]


def test_moat_blocks_only_in_a_game_with_moat_and_diplomat_reacts_beside_it():
    t = Table([plays("Militia"), NOTHING], kingdom=["Moat", "Diplomat"]).stack(0, hand=["Militia"], draw=[])
    t.stack(1, hand=["Moat", "Diplomat", "Gold", "Estate", "Copper"], draw=["Silver", "Curse"])
    t.actions_only()  # Diplomat: draws 2, discards 3; then Moat blocks the discard down to 3
    assert len(t.hand(1)) == 4 and [c for _, p, c, _ in t.events(E.EV_REACT) if p == 1][-1] == "Moat"


def test_diplomat_does_not_react_from_a_hand_of_four():
    t = Table([plays("Militia"), NOTHING], kingdom=["Diplomat"]).stack(0, hand=["Militia"], draw=[])
    t.stack(1, hand=["Diplomat", "Gold", "Silver", "Estate"], draw=["Copper", "Duchy"])
    t.actions_only()
    assert [c for _, p, c, _ in t.events(E.EV_REVEAL) if p == 1] == [] and t.draw_pile(1) == ["Copper", "Duchy"]
    assert sorted(t.hand(1)) == ["Diplomat", "Gold", "Silver"]


def test_masquerade_passes_left_at_once_then_may_trash():
    t = Table([plays("Masquerade", extra="trash: []"), NOTHING, NOTHING]).stack(0, hand=["Masquerade", "Curse", "Gold"],
                                                             draw=["Silver", "Silver"], discard=[])
    t.stack(1, hand=["Estate", "Gold"]).stack(2, hand=["Copper", "Silver"])
    t.set_supply("Province", 8)
    t.actions_only()
    assert sorted(t.hand(0)) == ["Copper", "Gold", "Silver", "Silver"]  # the Curse went, the Copper came
    assert sorted(t.hand(1)) == ["Curse", "Gold"] and sorted(t.hand(2)) == ["Estate", "Silver"]
    assert t.owned(1, "Curse") == 1 and t.owned(0, "Curse") == 0 and t.owned(0, "Copper") == 1


def test_masquerade_at_three_players_keeps_what_each_did_not_see_passed_until_it_sees_the_card_go():
    """Each player counts a card two others passed each other as the passer's (S_HIDE);
    one that goes to the trash in its sight, which it did not know the trasher had, it
    then counts as the trasher's (and no longer as the passer's)."""
    t = Table([plays("Masquerade", extra="trash: [Copper]"), NOTHING, NOTHING]).stack(
        0, hand=["Masquerade", "Curse", "Gold"], draw=["Silver", "Silver"], discard=[])
    t.stack(1, hand=["Estate", "Gold"]).stack(2, hand=["Copper", "Silver"])
    t.set_supply("Province", 8)
    t.actions_only()
    assert [(p, c, v) for _, p, c, v in t.events(E.EV_PASS)] == [(0, "Curse", 1), (1, "Estate", 2), (2, "Copper", 0)]
    assert [(p, c) for _, p, c, _ in t.events(E.EV_TRASH)] == [(0, "Copper")]  # the Copper 2 passed to 0

    def unseen(o, q, card):  # how many more of card q owns as o knows it
        return int(t.st.S[E.S_HIDE + (o * E.MAXP + q) * E.NCS + BY_NAME[card].id])
    assert t.st.S[E.G_HIDE] == 1
    assert (unseen(2, 0, "Curse"), unseen(2, 1, "Curse")) == (1, -1)  # 2 did not see 0 pass 1 the Curse
    assert (unseen(0, 1, "Estate"), unseen(0, 2, "Estate")) == (1, -1)
    assert (unseen(1, 2, "Copper"), unseen(1, 0, "Copper")) == (0, 0)  # 1 saw 0 trash a Copper 0 did not own
    assert unseen(0, 0, "Curse") == unseen(1, 1, "Estate") == 0


@pytest.mark.parametrize("edition, passes", [(1, [(0, "Copper", 1), (2, "Estate", 0)]),
                                             (2, [(0, "Copper", 2), (2, "Estate", 0)])])
def test_masquerade_second_edition_skips_a_player_with_no_cards(edition, passes):
    t = Table([plays("Masquerade", extra="trash: []"), NOTHING, NOTHING], rules={"edition": edition}).stack(
        0, hand=["Masquerade", "Copper"], draw=["Silver", "Silver"], discard=[])
    t.stack(1, hand=[]).stack(2, hand=["Estate", "Gold"])
    t.actions_only()
    # 1st edition: player 1, with no card, passes nothing and receives; 2nd: skipped
    assert [(p, c, v) for _, p, c, v in t.events(E.EV_PASS)] == passes
    assert t.hand(1) == (["Copper"] if edition == 1 else [])


def test_masquerade_trashes_a_curse_and_not_a_needed_copper():
    t = Table([plays("Masquerade", extra="buy: [Gold, Silver]"), NOTHING]).stack(
        0, hand=["Masquerade", "Curse", "Copper", "Copper"], draw=["Silver", "Curse"], discard=[])
    t.stack(1, hand=["Estate"])
    t.actions_only()  # passes a Curse (before a Copper), gets the Estate; trashes the other Curse
    assert [(p, c) for _, p, c, _ in t.events(E.EV_PASS)][0] == (0, "Curse")
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Curse"]


def test_swindler_trashes_the_victims_top_card_and_gives_a_card_of_the_same_cost():
    t = Table([plays("Swindler"), NOTHING], kingdom=["Smithy"]).stack(0, hand=["Swindler"], draw=[])
    t.stack(1, hand=[], draw=["Gold", "Copper", "Silver"])
    t.actions_only()
    # Gold (6): nothing else costs 6 but Gold itself; Copper would get a Curse
    assert t.owned(1, "Gold") == 1 and t.coins == 2 and t.draw_pile(1) == ["Copper", "Silver"]
    t = Table([plays("Swindler"), NOTHING], kingdom=["Smithy"]).stack(0, hand=["Swindler"], draw=[])
    t.stack(1, hand=[], draw=["Copper", "Gold"], discard=[])
    t.actions_only()
    assert t.discard(1) == ["Curse"] and t.owned(1, "Copper") == 0
    t = Table([plays("Swindler", extra="choose: {Swindler: [Copper]}"), NOTHING]).stack(0, hand=["Swindler"], draw=[])
    t.stack(1, hand=[], draw=["Copper"], discard=[])
    t.actions_only()
    assert t.discard(1) == ["Copper"]


def test_mill_discards_two_junk_cards_for_two_coins_and_only_for_two():
    t = Table([plays("Mill"), NOTHING]).stack(0, hand=["Mill", "Estate", "Curse", "Copper"], draw=["Duchy"])
    assert t.vp(0) == 1 + 1 - 1 + 3
    t.actions_only()
    assert sorted(t.discard(0)) == ["Curse", "Estate"] and t.coins == 2 and t.actions == 1
    assert sorted(t.hand(0)) == ["Copper", "Duchy"]
    t = Table([plays("Mill", extra="options: {mill_discard: 'true'}"), NOTHING]).stack(0, hand=["Mill"],
                                                                                     draw=["Estate"])
    t.actions_only()  # one card: discarded, no coins
    assert t.discard(0) == ["Estate"] and t.coins == 0


def test_scout_puts_victory_cards_in_hand_and_the_rest_back_costliest_on_top():
    t = Table([plays("Scout"), NOTHING]).stack(0, hand=["Scout"],
                                               draw=["Copper", "Province", "Gold", "Estate", "Silver"])
    t.actions_only()
    assert sorted(t.hand(0)) == ["Estate", "Province"] and t.draw_pile(0) == ["Gold", "Copper", "Silver"]
    assert t.actions == 1


def test_patrol_draws_three_then_takes_victory_cards_and_curses():
    t = Table([plays("Patrol"), NOTHING]).stack(
        0, hand=["Patrol"], draw=["Copper", "Copper", "Copper", "Curse", "Silver", "Duchy", "Gold", "Estate"])
    t.actions_only()
    assert sorted(t.hand(0)) == ["Copper", "Copper", "Copper", "Curse", "Duchy"]
    assert t.draw_pile(0) == ["Gold", "Silver", "Estate"]


@pytest.mark.parametrize("hand, card, where", [  # the Secret Passage draws two Silvers
    (["Secret Passage", "Estate", "Gold"], "Estate", "bottom"),
    (["Secret Passage", "Copper", "Copper", "Gold"], "Copper", "bottom"),  # 9 coins or 8: a Province
    (["Secret Passage", "Gold", "Gold", "Gold"], "Gold", "top"),  # 13 coins or 10: a Gold spared
])
def test_secret_passages_default_puts_the_card_the_turn_spares_on_top_or_junk_and_copper_down(hand, card, where):
    t = Table([plays("Secret Passage", "'Village: false'", extra="buy: [Province, Gold, Silver]"), NOTHING],
              kingdom=["Village"]).stack(0, hand=hand, draw=["Silver", "Silver", "Duchy"])
    t.actions_only()
    moved = t.events(E.EV_BOTTOM if where == "bottom" else E.EV_TOPDECK)
    assert [c for _, _, c, _ in moved] == [card]


def test_secret_passage_puts_a_spare_card_on_top_and_junk_at_the_bottom():
    t = Table([plays("Secret Passage", extra="topdeck: [Gold]"), NOTHING]).stack(
        0, hand=["Secret Passage", "Gold"], draw=["Copper", "Copper", "Estate"])
    t.actions_only()
    assert t.draw_pile(0) == ["Gold", "Estate"] and t.actions == 1
    t = Table([plays("Secret Passage", extra="topdeck: [Estate]"), NOTHING]).stack(
        0, hand=["Secret Passage", "Gold"], draw=["Copper", "Estate", "Silver"])
    t.actions_only()
    assert t.draw_pile(0) == ["Silver", "Estate"]
    assert [c for _, _, c, _ in t.events(E.EV_BOTTOM)] == ["Estate"]


def test_courtiers_default_takes_a_gold_unless_three_coins_buy_a_victory_card():
    t = Table([plays("Courtier", extra="buy: [Province, Gold, Silver]"), NOTHING]).stack(
        0, hand=["Courtier", "Copper", "Silver"], draw=[])
    t.actions_only()  # 3 + 3 coins would buy a Gold: the Gold itself
    assert t.discard(0) == ["Gold"] and t.coins == 0
    t = Table([plays("Courtier", extra="buy: [Province, Gold, Silver]"), NOTHING]).stack(
        0, hand=["Courtier", "Gold", "Silver"], draw=[])
    t.actions_only()  # 5 + 3 buys a Province
    assert t.discard(0) == [] and t.coins == 3


def test_courtier_makes_one_choice_per_type_of_the_card_revealed():
    t = Table([plays("Courtier"), NOTHING], kingdom=["Witch"]).stack(0, hand=["Courtier", "Witch", "Copper"], draw=[])
    t.actions_only()  # Witch: Action and Attack: a Gold and +3 coins (no Province for 4 coins)
    assert t.discard(0) == ["Gold"] and t.coins == 3 and t.hand(0) == ["Witch", "Copper"]
    t = Table([plays("Courtier", extra="choose: {Courtier: [buy, action]}"), NOTHING], kingdom=["Witch"]).stack(
        0, hand=["Courtier", "Copper"], draw=[])
    t.actions_only()  # Copper: one type: the first mode
    assert (t.buys, t.actions, t.coins) == (2, 0, 0)


def test_minion_takes_two_coins_or_redraws_everyone_with_five_cards():
    bm = "buy: [Province, Gold, Silver]"
    t = Table([plays("Minion", extra=bm), NOTHING]).stack(0, hand=["Minion", "Gold", "Gold"], draw=["Copper"] * 4)
    t.actions_only()  # 6 + 2 coins: a Province, the best buy
    assert t.coins == 2 and t.actions == 1 and t.hand(0) == ["Gold", "Gold"]
    t = Table([plays("Minion", extra=bm), NOTHING, NOTHING]).stack(0, hand=["Minion", "Estate", "Copper"],
                                                                   draw=["Silver"] * 4)
    t.stack(1, hand=["Gold"] * 5, draw=["Copper"] * 4).stack(2, hand=["Gold"] * 4, draw=["Copper"] * 4)
    t.actions_only()
    assert t.hand(0) == ["Silver"] * 4 and t.coins == 0
    assert t.hand(1) == ["Copper"] * 4 and t.hand(2) == ["Gold"] * 4  # 4 cards: untouched


@pytest.mark.parametrize("coppers, attacks", [(3, True), (4, False)])
def test_minion_takes_the_coins_rather_than_reshuffle_a_junky_discard_pile(coppers, attacks):
    bm = "buy: [Province, Gold, Silver]"
    t = Table([plays("Minion", extra=bm), NOTHING]).stack(0, hand=["Minion", "Estate", "Copper"], draw=["Silver"] * 3,
                                                          discard=["Copper"] * coppers + ["Gold"])
    t.actions_only()  # 3 cards to draw from: the 4th would reshuffle the discard pile
    assert (t.coins == 0) == attacks and (len(t.hand(0)) == 4) == attacks


def test_moat_blocks_minions_attack_but_not_its_owners_redraw():
    t = Table([plays("Minion", extra="choose: {Minion: [attack]}"), NOTHING], kingdom=["Moat"]).stack(
        0, hand=["Minion"], draw=["Silver"] * 4)
    t.stack(1, hand=["Moat", "Gold", "Gold", "Gold", "Gold"], draw=["Copper"] * 4)
    t.actions_only()
    assert t.hand(0) == ["Silver"] * 4 and "Moat" in t.hand(1) and len(t.hand(1)) == 5


def test_replace_without_a_worthwhile_trade_is_held_back_like_remodel():
    t = Table(["buy: [Province, Gold, Silver]", NOTHING], kingdom=["Replace"]).stack(
        0, hand=["Replace", "Silver", "Silver", "Copper"], draw=[])
    t.actions_only()  # nothing the lists want for a Silver or a Copper: kept in hand
    assert t.in_play(0) == [] and "Replace" in t.hand(0)
    t = Table(["buy: [Province, Gold, Silver]", NOTHING], kingdom=["Replace"]).stack(
        0, hand=["Replace", "Curse", "Silver"], draw=[])
    t.actions_only()  # a Curse is worth trading away
    assert t.in_play(0) == ["Replace"] and t.owned(0, "Curse") == 0


def test_replace_puts_an_action_or_treasure_on_the_deck_and_a_victory_card_curses():
    t = Table([plays("Replace", extra="gain: [Gold]\ntrash: [Gold]"), NOTHING]).stack(
        0, hand=["Replace", "Gold"], draw=["Copper"])
    t.actions_only()
    assert t.draw_pile(0) == ["Gold", "Copper"] and t.owned(1, "Curse") == 0
    t = Table([plays("Replace", extra="gain: [Duchy]\ntrash: [Silver]"), NOTHING]).stack(
        0, hand=["Replace", "Silver"], draw=[])
    t.actions_only()
    assert t.discard(0) == ["Duchy"] and t.owned(1, "Curse") == 1


def test_saboteur_trashes_the_first_card_costing_three_and_the_victim_may_gain_cheaper():
    t = Table([plays("Saboteur"), NOTHING]).stack(0, hand=["Saboteur"], draw=[])
    t.stack(1, hand=[], draw=["Copper", "Estate", "Gold", "Silver"], discard=[])
    t.actions_only()
    assert t.owned(1, "Gold") == 0 and sorted(t.discard(1)) == ["Copper", "Estate", "Silver"]
    assert t.draw_pile(1) == ["Silver"]  # the victim gained a Silver (up to 4), the Silver stayed on the deck
    t = Table([plays("Saboteur"), NOTHING]).stack(0, hand=["Saboteur"], draw=[])
    t.stack(1, hand=[], draw=["Silver"], discard=[])
    t.actions_only()  # Silver (3) trashed; up to 1: no Copper, nothing
    assert t.owned(1, "Silver") == 0 and t.discard(1) == []


def test_torturer_victims_discard_two_by_default_or_take_a_curse_into_hand():
    t = Table([plays("Torturer"), NOTHING]).stack(0, hand=["Torturer"], draw=["Copper"] * 3)
    t.stack(1, hand=["Gold", "Estate", "Curse", "Silver", "Copper"])
    t.actions_only()
    assert sorted(t.hand(1)) == ["Copper", "Gold", "Silver"]
    t = Table([plays("Torturer"), "buy: []\nchoose: {Torturer: [curse]}"]).stack(0, hand=["Torturer"],
                                                                                 draw=["Copper"] * 3)
    t.stack(1, hand=["Gold", "Estate"])
    t.actions_only()
    assert sorted(t.hand(1)) == ["Curse", "Estate", "Gold"] and t.supply("Curse") == 9


def test_tribute_rewards_each_differently_named_card_of_the_left_players_top_two():
    t = Table([plays("Tribute"), NOTHING]).stack(0, hand=["Tribute"], draw=["Copper", "Copper"])
    t.stack(1, draw=["Great Hall", "Silver"], discard=[])
    t.actions_only()  # Great Hall (Action-Victory): +2 Actions, +2 Cards; Silver: +2 coins
    assert (t.actions, t.coins) == (2, 2) and t.hand(0) == ["Copper", "Copper"]
    assert sorted(t.discard(1)) == ["Great Hall", "Silver"]
    t = Table([plays("Tribute"), NOTHING]).stack(0, hand=["Tribute"], draw=[])
    t.stack(1, draw=["Silver", "Silver"], discard=[])
    t.actions_only()  # the same card twice counts once
    assert t.coins == 2


def test_upgrade_trashes_a_card_and_gains_one_costing_exactly_one_more():
    t = Table([plays("Upgrade", extra="buy: [Silver]"), NOTHING]).stack(0, hand=["Upgrade", "Estate", "Gold"],
                                                                       draw=["Copper"])
    t.actions_only()  # Estate (2) into a Silver (3)
    assert t.discard(0) == ["Silver"] and t.owned(0, "Estate") == 0 and t.actions == 1
    t = Table([plays("Upgrade"), NOTHING]).stack(0, hand=["Upgrade", "Gold"], draw=["Copper"])
    t.actions_only()  # compulsory: the Copper (least wanted) goes, nothing costs 1
    assert t.owned(0, "Copper") == 0 and t.discard(0) == [] and t.hand(0) == ["Gold"]


def test_a_person_passes_to_masquerade_orders_scout_and_places_secret_passages_card():
    t = person([NOTHING, NOTHING], kingdom=["Masquerade", "Scout", "Secret Passage"])
    t.stack(0, hand=["Scout", "Secret Passage", "Masquerade", "Estate", "Copper"],
            draw=["Duchy", "Silver", "Copper", "Gold", "Curse", "Curse", "Silver", "Gold", "Copper"], discard=[])
    t.stack(1, hand=["Province", "Gold"])
    out = t.person_turns(["scout", "silver", "copper", "secret passage", "estate", "bottom", "masquerade", "copper",
                          "curse", "none"])
    assert "Scout: which card goes back on top of your deck?" in out
    assert "Secret Passage: where does Estate go?" in out and "Masquerade: the card you pass to the left" in out
    assert "Masquerade: trash a card from your hand?" in out
    # Scout: Duchy to hand; Silver on top, then Copper, then Gold
    assert [c for _, _, c, _ in t.events(E.EV_BACK)] == ["Gold", "Copper", "Silver"]
    assert [c for _, _, c, _ in t.events(E.EV_BOTTOM)] == ["Estate"]
    assert [(p, c) for _, p, c, _ in t.events(E.EV_PASS)] == [(0, "Copper"), (1, "Gold")]  # the bot keeps VP
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Curse"]


def test_a_person_chooses_courtiers_card_and_modes_and_upgrades_exactly():
    t = person([NOTHING, NOTHING], kingdom=["Courtier", "Upgrade", "Witch", "Smithy", "Baron"])
    t.stack(0, hand=["Upgrade", "Courtier", "Witch", "Silver", "Estate"], draw=["Copper"], discard=[])
    out = t.person_turns(["upgrade", "silver", "smithy", "courtier", "witch", "action", "buy", "none", "none"])
    assert "Upgrade: gain a card costing exactly 4" in out
    assert "Courtier: reveal a card" in out and "Courtier: choose one (besides +1 Action)" in out
    assert t.owned(0, "Smithy") == 1 and t.owned(0, "Silver") == 0
    assert [v for _, _, c, v in t.events(E.EV_MODE) if c == "Courtier"] == [E.COURTIER_ACTION, E.COURTIER_BUY]


def test_a_persons_exact_cost_gain_offers_only_the_cards_of_that_cost():
    t = person([NOTHING, NOTHING], kingdom=["Courtier", "Upgrade", "Witch", "Smithy", "Baron"])
    t.stack(0, hand=["Upgrade", "Courtier", "Witch", "Silver", "Estate"], draw=["Copper"], discard=[])
    out = t.person_turns(["upgrade", "silver", "smithy", "courtier", "witch", "action", "buy", "none", "none"])
    offered = out.split("Upgrade: gain a card costing exactly 4\n", 1)[1].split("\n>", 1)[0]
    assert offered.split() == ["1", "Smithy", "(4)", "2", "Baron", "(4)"]


def test_a_person_lurks_and_swindles():
    t = person([NOTHING, NOTHING], kingdom=["Swindler", "Lurker", "Smithy"])
    t.stack(0, hand=["Lurker", "Swindler", "Copper", "Copper", "Copper"], draw=["Gold"], discard=[])
    t.stack(1, hand=[], draw=["Copper", "Silver"], discard=[])
    t.st.S[E.S_TRASH + E.SMITHY] = 1
    t.set_supply("Smithy", 9)
    out = t.person_turns(["lurker", "gain", "swindler", "curse", "none"])  # one Smithy in the trash: not asked
    assert "Lurker: choose one" in out and "Swindler: the card <bot> (2) (seat 2) gains (costing 0)" in out
    assert t.owned(0, "Smithy") == 1 and t.owned(1, "Curse") == 1 and t.owned(1, "Copper") == 0


# ---------------------------------------------------------------- card sets
def test_random_kingdoms_draw_from_the_sets_named_and_the_base_set_by_default():
    from simulator import api
    from simulator.dominion.cards import BY_NAME
    bots = ["strategies/big_money_ultimate.yaml", "strategies/big_money.yaml"]
    only = api.setups_for(bots, random_setups=6, seed=3, sets="intrigue")
    assert {BY_NAME[c.name].set for k in only for c in k.cards} == {"intrigue"}
    default = api.setups_for(bots, random_setups=6, seed=3)
    assert {c.set for k in default for c in k.cards} == {"base"}
    assert default == api.setups_for(bots, random_setups=6, seed=3, sets=["base"])  # the same draw
    both = api.setups_for(bots, random_setups=20, seed=3, sets="base,intrigue", rules={"edition": 2})
    cards = {c for k in both for c in k.cards}
    assert {c.set for c in cards} == {"base", "intrigue"} and all("2" in c.editions for c in cards)


@pytest.mark.parametrize("sets, message", [("intrig", "unknown set 'intrig' — did you mean 'intrigue'?"),
                                           (",", "--sets names sets, separated by commas")])
def test_a_wrong_set_is_one_clear_error(sets, message):
    from simulator import api
    with pytest.raises((InputError, InputErrors), match=message):
        api.setups_for(["strategies/big_money.yaml"], random_setups=2, seed=1, sets=sets)


def test_shipped_intrigue_kingdoms_are_the_rulebooks_ten_cards_each():
    from pathlib import Path
    from simulator.dominion.setup import load_kingdom
    ROOT = Path(__file__).resolve().parents[2]
    kingdoms = [load_kingdom(p) for p in sorted((ROOT / "kingdoms" / "intrigue").glob("*.yaml"))]
    assert len(kingdoms) == 12
    for k in kingdoms:
        assert len(k.cards) == 10 and any(c.set == "intrigue" for c in k.cards)
        assert all(str(k.rules.edition) in c.editions for c in k.cards), k.name


def test_saboteurs_victim_gains_from_its_gain_list_within_two_less():
    t = Table([plays("Saboteur"), "buy: []\ngain: [Duchy, Silver]"]).stack(0, hand=["Saboteur"], draw=[])
    t.stack(1, hand=[], draw=["Gold"], discard=[])
    t.actions_only()  # Gold (6) trashed: up to 4, no Duchy (5)
    assert t.discard(1) == ["Silver"] and t.owned(1, "Gold") == 0


def test_upgrades_gain_costs_exactly_one_more_not_less():
    t = Table([plays("Upgrade", extra="buy: []\ngain: [Estate, Smithy]\ntrash: [Silver]"), NOTHING],
              kingdom=["Smithy"]).stack(0, hand=["Upgrade", "Silver"], draw=["Copper"])
    t.actions_only()  # Silver (3): exactly 4, so not the Estate the list names first
    assert t.discard(0) == ["Smithy"]
