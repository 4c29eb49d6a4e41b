"""Cards with choices and the edge cases of RULES.md: stacked decks, exact outcomes."""

from .helpers import Table
from simulator.dominion import engine as E

NOTHING = "buy: []"


def plays(*cards, extra=""):
    """A bot that plays ``cards`` in that order (and buys nothing unless ``extra`` says)."""
    buy = "" if "buy:" in extra else "buy: []\n"
    return buy + "play: [" + ", ".join(cards) + "]\n" + extra


# ---------------------------------------------------------------- Cellar, Chapel
def test_cellar_discards_junk_by_default_and_draws_as_many():
    # the draw pile gives $2 a card on average: the Copper goes too
    t = Table([plays("Cellar"), NOTHING]).stack(0, hand=["Cellar", "Estate", "Curse", "Copper", "Duchy"],
                                                draw=["Gold", "Silver", "Copper", "Silver"])
    t.actions_only()
    assert sorted(t.discard(0)) == ["Copper", "Curse", "Duchy", "Estate"]
    assert t.hand(0) == ["Gold", "Silver", "Copper", "Silver"]
    assert t.actions == 1


def test_cellar_by_default_keeps_coppers_unless_the_draw_pile_is_richer_and_discards_other_cellars():
    hand = ["Cellar", "Cellar", "Copper", "Silver"]
    t = Table([plays("Cellar"), NOTHING], kingdom=["Cellar"]).stack(0, hand=hand, draw=["Copper", "Silver", "Estate"])
    t.actions_only()  # the other Cellar goes; $3 over 3 cards is no better than a Copper
    assert t.discard(0) == ["Cellar"] and sorted(t.hand(0)) == ["Copper", "Copper", "Silver"]
    t = Table([plays("Cellar"), NOTHING], kingdom=["Cellar"]).stack(0, hand=hand, draw=["Silver", "Copper", "Gold"])
    t.actions_only()
    assert sorted(t.discard(0)) == ["Cellar", "Copper"] and sorted(t.hand(0)) == ["Copper", "Silver", "Silver"]
    # a bot with its own discard list discards only what the list names
    b = plays("Cellar", extra="discard: [Estate]")
    t = Table([b, NOTHING], kingdom=["Cellar"]).stack(0, hand=hand + ["Estate"], draw=["Gold"] * 3)
    t.actions_only()
    assert t.discard(0) == ["Estate"]


def test_cellar_discarding_zero_cards_draws_nothing():
    t = Table([plays("Cellar"), NOTHING]).stack(0, hand=["Cellar", "Copper", "Silver"], draw=["Copper"])
    t.actions_only()
    assert t.discard(0) == [] and t.hand(0) == ["Copper", "Silver"] and t.draw_pile(0) == ["Copper"]


def test_cellar_follows_the_bots_discard_list():
    b = plays("Cellar", extra="discard: [Copper]")
    t = Table([b, NOTHING]).stack(0, hand=["Cellar", "Estate", "Copper", "Copper"], draw=["Gold"] * 3)
    t.actions_only()
    assert t.discard(0) == ["Copper", "Copper"] and t.hand(0) == ["Estate", "Gold", "Gold"]


def test_chapel_default_trashes_curses_estates_then_coppers_keeping_six_money():
    t = Table([plays("Chapel"), NOTHING]).stack(0, hand=["Chapel", "Curse", "Estate", "Copper", "Copper"],
                                                draw=[], discard=["Copper"] * 5)
    assert t.st.ps(0, E.PS_MONEY) == 7
    t.actions_only()
    # Curse, Estate, then one Copper (7 -> 6 money); the last Copper stays
    assert t.hand(0) == ["Copper"]
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Curse", "Estate", "Copper"]
    assert t.st.ps(0, E.PS_MONEY) == 6


def test_chapel_by_default_keeps_the_coppers_this_turns_buy_needs():
    t = Table([plays("Chapel", extra="buy: [Gold, Silver]"), NOTHING])
    t.stack(0, hand=["Chapel", "Estate", "Copper", "Copper", "Silver"], discard=["Copper"] * 6)
    t.actions_only()
    # 4 coins buy a Silver; 3 would too, 2 would not: one Copper goes with the Estate
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Estate", "Copper"]
    assert sorted(t.hand(0)) == ["Copper", "Silver"]


def test_chapel_trashes_at_most_four():
    b = plays("Chapel", extra="trash: [Copper]")
    t = Table([b, NOTHING]).stack(0, hand=["Chapel"] + ["Copper"] * 6)
    t.actions_only()
    assert t.hand(0) == ["Copper", "Copper"] and len(t.events(E.EV_TRASH)) == 4


def test_chapel_keeps_estates_late():
    t = Table([plays("Chapel"), NOTHING]).stack(0, hand=["Chapel", "Estate", "Estate"])
    t.set_supply("Province", 3)
    t.actions_only()
    assert t.hand(0) == ["Estate", "Estate"]


# ---------------------------------------------------------------- Moat
def test_moat_reveal_can_be_turned_off():
    t = Table([plays("Witch"), "buy: []\noptions: {reveal_moat: false}"], kingdom=["Moat"])
    t.stack(0, hand=["Witch"], draw=["Copper", "Copper"]).stack(1, hand=["Moat"])
    t.actions_only()
    assert t.discard(1) == ["Curse"]


# ---------------------------------------------------------------- Chancellor
def test_chancellor_puts_the_deck_into_the_discard_pile_by_default():
    t = Table([plays("Chancellor"), NOTHING]).stack(0, hand=["Chancellor"], draw=["Gold", "Estate"], discard=["Copper"])
    t.actions_only()
    assert t.coins == 2 and t.draw_pile(0) == [] and sorted(t.discard(0)) == ["Copper", "Estate", "Gold"]


def test_chancellor_option_can_keep_the_deck():
    t = Table([plays("Chancellor", extra="options: {chancellor_discard: 'draw_pile > 5'}"), NOTHING])
    t.stack(0, hand=["Chancellor"], draw=["Gold", "Estate"])
    t.actions_only()
    assert t.draw_pile(0) == ["Gold", "Estate"]


# ---------------------------------------------------------------- gains: Workshop, Feast, Artisan
def test_workshop_gains_through_the_buy_list_with_its_cap():
    t = Table([plays("Workshop", extra="buy: [Gold, Smithy, Silver]"), NOTHING])
    t.stack(0, hand=["Workshop", "Gold", "Gold", "Gold"])
    t.actions_only()
    assert t.discard(0) == ["Smithy"]  # Gold costs 6 > 4; coins never help


def test_workshop_uses_the_gain_list_when_given():
    t = Table([plays("Workshop", extra="buy: [Province]\ngain: [Gardens, Estate]"), NOTHING], kingdom=["Gardens"])
    t.stack(0, hand=["Workshop"])
    t.actions_only()
    assert t.discard(0) == ["Gardens"]


def test_workshop_gain_is_compulsory_when_the_list_has_nothing():
    t = Table([plays("Workshop", extra="buy: [Province]"), NOTHING]).stack(0, hand=["Workshop"])
    t.actions_only()
    assert t.discard(0) == ["Silver"]  # the costliest Treasure within 4


def test_gaining_from_an_empty_pile_does_nothing():
    t = Table([plays("Workshop", extra="buy: [Smithy]\ngain: [Smithy]"), NOTHING]).stack(0, hand=["Workshop"])
    t.set_supply("Smithy", 0)
    for card in ("Silver", "Estate", "Curse", "Copper", "Village", "Workshop", "Gardens"):
        if t.supply(card) >= 0:
            t.set_supply(card, 0)
    t.actions_only()
    assert t.discard(0) == [] and t.supply("Smithy") == 0


def test_feast_trashes_itself_and_gains_up_to_five():
    t = Table([plays("Feast", extra="buy: [Gold, Laboratory]"), NOTHING], kingdom=["Laboratory"])
    t.stack(0, hand=["Feast"])
    t.actions_only()
    assert t.in_play(0) == [] and t.discard(0) == ["Laboratory"]
    assert t.owned(0, "Feast") == 0 and t.st.S[E.S_TRASH + E.FEAST] == 1


def test_feast_by_default_never_gains_back_a_feast():
    t = Table([plays("Feast", extra="buy: ['Feast: count(Feast) < 2', Silver]"), NOTHING])
    t.stack(0, hand=["Feast"])
    t.actions_only()
    assert t.discard(0) == ["Silver"] and t.owned(0, "Feast") == 0
    # the pass-over ends with the Feast: a later gain may take a Feast again
    assert t.gs(E.G_SKIP) == 0
    # a bot's own gain list is followed as written
    t = Table([plays("Feast", extra="buy: [Silver]\ngain: [Feast, Silver]"), NOTHING])
    t.stack(0, hand=["Feast"])
    t.actions_only()
    assert t.discard(0) == ["Feast"]


def test_cleanup_leaves_no_trace_of_a_feast_that_left_play():
    # the Feast's play-area slot is empty once it trashed itself: cleanup discards the
    # gained Duchy, the played Copper and the hand's Estate, in order, and nothing else
    t = Table([plays("Feast", extra="buy: [Duchy]"), NOTHING])
    t.stack(0, hand=["Feast", "Copper", "Estate"], draw=["Silver"] * 5, discard=[])
    t.play(1)
    assert t.st.zone(0, E.Z_DISC) == [E.DUCHY, E.COPPER, E.ESTATE]
    assert t.hand(0) == ["Silver"] * 5 and t.st.zone(0, E.Z_PLAY) == []


def test_feast_when_the_only_gains_are_empty():
    t = Table([plays("Feast", extra="buy: [Duchy]"), NOTHING]).stack(0, hand=["Feast"])
    for card in ("Duchy", "Silver", "Estate", "Curse", "Copper", "Feast"):
        t.set_supply(card, 0)
    t.actions_only()
    assert t.discard(0) == [] and t.owned(0, "Feast") == 0


def test_artisan_gains_to_hand_and_topdecks_an_action_when_out_of_actions():
    t = Table([plays("Artisan", extra="buy: [Laboratory]"), NOTHING], kingdom=["Laboratory"])
    t.stack(0, hand=["Artisan", "Copper"], draw=["Estate"])
    t.actions_only()
    assert t.draw_pile(0) == ["Laboratory", "Estate"] and t.hand(0) == ["Copper"]


def test_artisan_by_default_topdecks_the_richest_card_this_turn_can_spare():
    t = Table([plays("Artisan", extra="buy: [Province, Gold, Silver]"), NOTHING])
    t.stack(0, hand=["Artisan", "Gold", "Gold", "Copper", "Copper"])
    t.actions_only()
    # 10 coins with the gained Silver: without it still a Province; without a Gold, not
    assert t.draw_pile(0) == ["Silver"] and sorted(t.hand(0)) == ["Copper", "Copper", "Gold", "Gold"]
    # every Treasure needed for the Province: a card that gives nothing goes instead
    t = Table([plays("Artisan", extra="buy: [Province, Gold, Silver]"), NOTHING])
    t.stack(0, hand=["Artisan", "Gold", "Copper", "Estate"])
    t.actions_only()
    assert t.draw_pile(0) == ["Estate"] and sorted(t.hand(0)) == ["Copper", "Gold", "Silver"]


def test_artisan_topdeck_list():
    t = Table([plays("Artisan", extra="buy: [Silver]\ntopdeck: [Estate]"), NOTHING])
    t.stack(0, hand=["Artisan", "Copper", "Estate"])
    t.actions_only()
    assert t.hand(0) == ["Copper", "Silver"] and t.draw_pile(0) == ["Estate"]


# ---------------------------------------------------------------- attacks
def test_bureaucrat_gains_silver_on_deck_and_victims_topdeck_a_victory_card():
    t = Table([plays("Bureaucrat"), NOTHING, NOTHING], players=3)
    t.stack(0, hand=["Bureaucrat"], draw=["Copper"])
    t.stack(1, hand=["Copper", "Province", "Estate"], draw=["Gold"])
    t.stack(2, hand=["Copper", "Silver"], draw=["Gold"])
    t.actions_only()
    assert t.draw_pile(0) == ["Silver", "Copper"]
    assert t.draw_pile(1) == ["Estate", "Gold"] and t.hand(1) == ["Copper", "Province"]
    # no Victory card: the hand is revealed, nothing moves
    assert t.hand(2) == ["Copper", "Silver"] and t.draw_pile(2) == ["Gold"]
    reveals = [(p, c) for _, p, c, _ in t.events(E.EV_REVEAL)]
    assert (2, "Copper") in reveals and (2, "Silver") in reveals


def test_militia_makes_others_discard_down_to_three_junk_first():
    t = Table([plays("Militia"), NOTHING, NOTHING], players=3)
    t.stack(0, hand=["Militia"])
    t.stack(1, hand=["Gold", "Estate", "Copper", "Curse", "Silver"])
    t.stack(2, hand=["Copper", "Copper", "Copper"])
    t.actions_only()
    assert t.coins == 2
    assert sorted(t.discard(1)) == ["Curse", "Estate"] and t.hand(1) == ["Gold", "Copper", "Silver"]
    assert t.hand(2) == ["Copper"] * 3 and t.discard(2) == []  # a hand of 3 or fewer keeps everything


def test_militia_victim_discards_a_dead_second_terminal_before_treasure():
    t = Table([plays("Militia"), NOTHING], kingdom=["Smithy"])
    t.stack(0, hand=["Militia"]).stack(1, hand=["Smithy", "Smithy", "Copper", "Silver", "Gold"])
    t.actions_only()
    assert t.discard(1) == ["Smithy", "Copper"]
    assert sorted(t.hand(1)) == ["Gold", "Silver", "Smithy"]


def test_militia_victim_discard_list():
    t = Table([plays("Militia"), "buy: []\ndiscard: [Gold]"]).stack(0, hand=["Militia"])
    t.stack(1, hand=["Gold", "Estate", "Copper", "Silver", "Silver"])
    t.actions_only()
    assert sorted(t.discard(1)) == ["Estate", "Gold"]


def test_spy_on_yourself_and_others():
    t = Table([plays("Spy"), NOTHING, NOTHING], players=3)
    t.stack(0, hand=["Spy"], draw=["Copper", "Estate", "Gold"])
    t.stack(1, draw=["Gold", "Copper"]).stack(2, draw=["Estate", "Copper"])
    t.actions_only()
    assert t.hand(0) == ["Copper"]
    assert t.discard(0) == ["Estate"] and t.draw_pile(0) == ["Gold"]   # own junk goes
    assert t.discard(1) == ["Gold"] and t.draw_pile(1) == ["Copper"]   # their good card goes
    assert t.discard(2) == [] and t.draw_pile(2) == ["Estate", "Copper"]  # their junk stays
    assert t.actions == 1


def test_thief_revealing_two_treasures_trashes_the_best_and_gains_it():
    t = Table([plays("Thief"), NOTHING]).stack(0, hand=["Thief"])
    t.stack(1, draw=["Silver", "Gold", "Estate"])
    t.actions_only()
    assert t.discard(0) == ["Gold"] and t.owned(0, "Gold") == 1
    assert t.discard(1) == ["Silver"] and t.draw_pile(1) == ["Estate"] and t.owned(1, "Gold") == 0
    assert t.st.S[E.S_TRASH + E.GOLD] == 0


def test_thief_does_not_gain_copper():
    t = Table([plays("Thief"), NOTHING]).stack(0, hand=["Thief"]).stack(1, draw=["Copper", "Estate"])
    t.actions_only()
    assert t.discard(0) == [] and t.discard(1) == ["Estate"] and t.st.S[E.S_TRASH + E.COPPER] == 1


def test_bandit_gains_gold_and_victims_trash_their_cheapest_non_copper_treasure():
    t = Table([plays("Bandit"), NOTHING, NOTHING], players=3)
    t.stack(0, hand=["Bandit"])
    t.stack(1, draw=["Gold", "Silver", "Estate"]).stack(2, draw=["Copper", "Estate"])
    t.actions_only()
    assert t.discard(0) == ["Gold"]
    assert t.discard(1) == ["Gold"] and t.owned(1, "Silver") == 0
    assert sorted(t.discard(2)) == ["Copper", "Estate"]


def test_victims_and_attackers_decide_by_their_own_lists():
    # Bandit: the victim's trash list picks the Treasure it loses (by default the cheaper)
    t = Table([plays("Bandit"), "buy: []\ntrash: [Gold]"]).stack(0, hand=["Bandit"])
    t.stack(1, draw=["Gold", "Silver", "Estate"])
    t.actions_only()
    assert t.owned(1, "Gold") == 0 and t.discard(1) == ["Silver"]
    # Bureaucrat: the victim's topdeck list picks the Victory card (by default the cheapest)
    t = Table([plays("Bureaucrat"), "buy: []\ntopdeck: [Province]"]).stack(0, hand=["Bureaucrat"])
    t.stack(1, hand=["Copper", "Province", "Estate"], draw=["Gold"])
    t.actions_only()
    assert t.draw_pile(1) == ["Province", "Gold"]
    # Spy: the attacker's discard list names junk: its own goes, the others' stays
    t = Table([plays("Spy", extra="buy: []\ndiscard: [Silver]"), NOTHING, NOTHING], players=3)
    t.stack(0, hand=["Spy"], draw=["Copper", "Silver", "Gold"])
    t.stack(1, draw=["Estate", "Copper"]).stack(2, draw=["Silver", "Copper"])
    t.actions_only()
    assert t.discard(0) == ["Silver"] and t.discard(1) == ["Estate"] and t.discard(2) == []
    # Thief: the attacker's gain list picks the Treasure and says whether to gain it
    t = Table([plays("Thief", extra="buy: []\ngain: [Silver]"), NOTHING]).stack(0, hand=["Thief"])
    t.stack(1, draw=["Gold", "Silver", "Estate"])
    t.actions_only()
    assert t.discard(0) == ["Silver"] and t.discard(1) == ["Gold"]
    t = Table([plays("Thief", extra="buy: []\ngain: [Silver]"), NOTHING]).stack(0, hand=["Thief"])
    t.stack(1, draw=["Gold", "Estate"])
    t.actions_only()
    assert t.discard(0) == [] and t.st.S[E.S_TRASH + E.GOLD] == 1


def test_throne_room_on_an_attack_attacks_twice_and_moat_is_checked_each_time():
    # the victim reveals Moat only while it has fewer than 1 Curse: blocked once, hit once
    t = Table([plays("Throne Room", "Witch"), "buy: []\noptions: {reveal_moat: 'count(Curse) > 0'}"],
              kingdom=["Moat"])
    t.stack(0, hand=["Throne Room", "Witch"], draw=["Copper"] * 4).stack(1, hand=["Moat"])
    t.actions_only()
    assert t.discard(1) == ["Curse"] and len(t.events(E.EV_REACT)) == 1
    assert len(t.hand(0)) == 4
    t2 = Table([plays("Throne Room", "Witch"), NOTHING], kingdom=["Moat"])
    t2.stack(0, hand=["Throne Room", "Witch"], draw=["Copper"] * 4).stack(1, hand=["Moat"])
    t2.actions_only()
    assert t2.discard(1) == [] and len(t2.events(E.EV_REACT)) == 2


# ---------------------------------------------------------------- Moneylender, Remodel, Mine
def test_moneylender_trashes_a_copper_for_three():
    t = Table([plays("Moneylender"), NOTHING]).stack(0, hand=["Moneylender", "Copper", "Copper"])
    t.actions_only()
    assert t.coins == 3 and t.hand(0) == ["Copper"] and t.owned(0, "Copper") == 1


def test_moneylender_without_copper_gives_nothing():
    t = Table([plays("Moneylender"), NOTHING]).stack(0, hand=["Moneylender", "Silver"])
    t.actions_only()
    assert t.coins == 0


def test_moneylender_second_edition_may_keep_the_copper():
    b = plays("Moneylender", extra="trash: ['Copper: turn > 5']")
    t = Table([b, NOTHING], rules={"edition": 2}).stack(0, hand=["Moneylender", "Copper"])
    t.actions_only()
    assert t.coins == 0 and t.hand(0) == ["Copper"]
    t1 = Table([b, NOTHING], rules={"edition": 1}).stack(0, hand=["Moneylender", "Copper"])
    t1.actions_only()
    assert t1.coins == 3  # 1st edition: compulsory


def test_remodel_gold_into_province_when_the_buy_list_wants_one():
    t = Table([plays("Remodel", extra="buy: [Province, Gold]"), NOTHING])
    t.stack(0, hand=["Remodel", "Gold", "Estate"])
    t.actions_only()
    assert t.discard(0) == ["Province"] and t.hand(0) == ["Estate"]


def test_remodel_trashes_by_the_trash_list_and_gains_up_to_two_more():
    t = Table([plays("Remodel", extra="buy: [Province, Gold, Silver]"), NOTHING])
    t.stack(0, hand=["Remodel", "Estate", "Copper", "Silver"])
    t.actions_only()
    assert t.discard(0) == ["Silver"] and sorted(t.hand(0)) == ["Copper", "Silver"]


TWO_REMODELS = ("buy: ['Province: total_money > 18', 'Duchy: supply(Province) <= 4', 'Estate: supply(Province) <= 2',"
                " Gold, 'Remodel: count(Remodel) < 2', Silver]\nplay: [Remodel]")


def _remodel(hand, provinces=8, discard=()):
    t = Table([TWO_REMODELS, NOTHING]).stack(0, hand=hand, draw=["Copper"] * 5, discard=list(discard))
    t.set_supply("Province", provinces)
    t.actions_only()
    return [c for _, _, c, _ in t.events(E.EV_TRASH)], [c for _, _, c, _ in t.events(E.EV_GAIN)]


def test_default_remodel_trades_an_early_estate_for_what_the_list_wants():
    assert _remodel(["Remodel", "Estate", "Copper", "Copper"], discard=["Remodel"]) == (["Estate"], ["Silver"])
    assert _remodel(["Remodel", "Estate", "Copper"]) == (["Estate"], ["Remodel"])  # the list's second Remodel


def test_default_remodel_trashes_a_curse_first():
    # a Curse goes before an Estate, for what a card costing up to 2 can be: a Copper here
    assert _remodel(["Remodel", "Estate", "Curse"], discard=["Remodel"]) == (["Curse"], ["Copper"])


def test_default_remodel_turns_a_second_remodel_into_gold():
    assert _remodel(["Remodel", "Remodel", "Copper", "Copper"]) == (["Remodel"], ["Gold"])
    # before a Copper traded for a real card (here the list's Cellar), after an early Estate
    t = Table([TWO_REMODELS.replace("Silver]", "Cellar, Silver]"), NOTHING])
    t.stack(0, hand=["Remodel", "Remodel", "Copper"], draw=["Copper"] * 6)
    t.actions_only()
    assert [c for _, _, c, _ in t.events(E.EV_GAIN)] == ["Gold"]
    assert _remodel(["Remodel", "Remodel", "Estate"]) == (["Estate"], ["Silver"])


def test_default_remodel_late_turns_silver_into_duchy_and_gold_into_province():
    assert _remodel(["Remodel", "Silver", "Estate", "Copper"], provinces=4) == (["Silver"], ["Duchy"])
    assert _remodel(["Remodel", "Remodel", "Silver"], provinces=4) == (["Silver"], ["Duchy"])  # before Gold
    # Gold into Province late even though the list's Province rule (money > 18) does not hold
    assert _remodel(["Remodel", "Gold", "Silver"], provinces=3) == (["Gold"], ["Province"])
    # early, a Gold is kept, and an Estate is not traded late
    assert _remodel(["Remodel", "Gold", "Estate"], provinces=8)[0] == ["Estate"]
    assert _remodel(["Remodel", "Estate", "Silver"], provinces=4)[0] == ["Silver"]


def _trashed(t):
    return [c for _, _, c, _ in t.events(E.EV_TRASH)]


def test_default_remodel_is_held_back_when_no_trade_is_worth_it():
    # (two Remodels owned) Coppers buy nothing at $2, a Silver or a Village only a Silver:
    # the Remodel stays in hand, and the next Action of the play list is played instead
    t = Table([TWO_REMODELS.replace("play: [Remodel]", "play: [Remodel, Village]"), NOTHING], kingdom=["Village"])
    t.stack(0, hand=["Remodel", "Village", "Copper", "Silver"], draw=["Copper"] * 5, discard=["Remodel"])
    t.actions_only()
    assert _trashed(t) == [] and "Remodel" in t.hand(0) and t.in_play(0) == ["Village"]
    # a bot with its own trash list plays it as its list says (the trash is compulsory)
    t = Table([TWO_REMODELS + "\ntrash: [Copper]", NOTHING]).stack(0, hand=["Remodel", "Copper", "Silver"])
    t.actions_only()
    assert _trashed(t) == ["Copper"] and t.in_play(0) == ["Remodel"]


def test_default_remodel_judges_a_trade_on_the_deck_without_the_trashed_card():
    # the list takes a Province when total money > 18: 20 with the Gold is 17 without it
    hand = ["Remodel", "Gold", "Copper", "Copper", "Copper"]
    t = Table([TWO_REMODELS, NOTHING]).stack(0, hand=hand, draw=["Silver"] * 7, discard=["Province"])
    t.actions_only()
    assert _trashed(t) == [] and "Remodel" in t.hand(0)
    t = Table([TWO_REMODELS, NOTHING]).stack(0, hand=hand, draw=["Silver"] * 8, discard=["Province"])
    t.actions_only()
    assert _trashed(t) == ["Gold"] and t.discard(0) == ["Province", "Province"]


def test_default_remodel_before_the_first_province_trades_an_estate_before_a_gold():
    hand = ["Remodel", "Gold", "Estate", "Copper"]
    t = Table([TWO_REMODELS, NOTHING]).stack(0, hand=hand, draw=["Gold"] * 7)
    t.actions_only()
    assert _trashed(t) == ["Estate"]
    t = Table([TWO_REMODELS, NOTHING]).stack(0, hand=hand, draw=["Gold"] * 7, discard=["Province"])
    t.actions_only()
    assert _trashed(t) == ["Gold"]


def test_default_remodel_keeps_a_treasure_this_turns_buy_needs():
    # late, a Silver would become a Duchy, but the hand's $8 buys a Province only with it
    hand = ["Remodel", "Silver", "Silver", "Silver", "Copper", "Copper"]
    t = Table([TWO_REMODELS, NOTHING]).stack(0, hand=hand, draw=["Gold"] * 5)
    t.set_supply("Province", 4)
    t.actions_only()
    assert _trashed(t) == [] and "Remodel" in t.hand(0)
    # with $10, the Province is still bought without the Silver: Silver into Duchy
    t = Table([TWO_REMODELS, NOTHING]).stack(0, hand=hand + ["Copper", "Copper"], draw=["Gold"] * 5)
    t.set_supply("Province", 4)
    t.actions_only()
    assert _trashed(t) == ["Silver"] and t.discard(0) == ["Duchy"]


def test_remodel_with_a_trash_list_follows_it():
    t = Table([plays("Remodel", extra="buy: [Duchy, Silver]\ntrash: [Silver]"), NOTHING])
    t.stack(0, hand=["Remodel", "Estate", "Silver"])
    t.actions_only()
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Silver"] and t.discard(0) == ["Duchy"]


def test_remodel_with_nothing_affordable_in_supply():
    t = Table([plays("Remodel", extra="buy: [Silver]"), NOTHING]).stack(0, hand=["Remodel", "Curse"])
    for card in ("Copper", "Curse", "Estate", "Remodel"):
        t.set_supply(card, 0)
    t.actions_only()
    assert t.hand(0) == [] and t.discard(0) == [] and t.st.S[E.S_TRASH + E.CURSE] == 1


def test_mine_upgrades_silver_to_gold_into_hand_spendable_this_turn():
    t = Table([plays("Mine"), NOTHING]).stack(0, hand=["Mine", "Copper", "Silver"])
    t.through_buys()
    assert t.owned(0, "Gold") == 1 and t.owned(0, "Silver") == 0
    assert t.coins == 4  # Gold 3 + Copper 1


def test_mine_second_edition_declines_when_nothing_improves():
    t = Table([plays("Mine"), NOTHING], rules={"edition": 2}).stack(0, hand=["Mine", "Gold"])
    t.actions_only()
    assert t.hand(0) == ["Gold"] and not t.events(E.EV_TRASH)
    t1 = Table([plays("Mine"), NOTHING]).stack(0, hand=["Mine", "Gold"])
    t1.actions_only()
    assert t1.hand(0) == ["Gold"] and len(t1.events(E.EV_TRASH)) == 1  # 1st: compulsory, Gold for Gold


# ---------------------------------------------------------------- Throne Room
def test_throne_room_on_throne_room_plays_two_actions_twice_each():
    t = Table([plays("Throne Room", "Smithy", "Moat"), NOTHING], kingdom=["Moat"])
    t.stack(0, hand=["Throne Room", "Throne Room", "Smithy", "Moat"], draw=["Copper"] * 12)
    t.actions_only()
    assert sorted(t.in_play(0)) == ["Moat", "Smithy", "Throne Room", "Throne Room"]
    assert len(t.hand(0)) == 3 * 2 + 2 * 2
    assert [c for _, _, c, _ in t.events(E.EV_THRONE)] == ["Throne Room", "Smithy", "Moat"]


def test_throne_room_on_feast_gains_twice():
    t = Table([plays("Throne Room", "Feast", extra="buy: [Duchy]"), NOTHING]).stack(0, hand=["Throne Room", "Feast"])
    t.actions_only()
    assert t.discard(0) == ["Duchy", "Duchy"]
    assert t.owned(0, "Feast") == 0 and t.in_play(0) == ["Throne Room"]


def test_throne_room_must_choose_in_first_edition_and_may_decline_in_second():
    b = plays("Throne Room", "Smithy: turn > 50")
    t = Table([b, NOTHING]).stack(0, hand=["Throne Room", "Smithy"], draw=["Copper"] * 6)
    t.actions_only()
    assert t.in_play(0) == ["Throne Room", "Smithy"] and len(t.hand(0)) == 6
    t2 = Table([b, NOTHING], rules={"edition": 2}).stack(0, hand=["Throne Room", "Smithy"], draw=["Copper"] * 6)
    t2.actions_only()
    assert t2.in_play(0) == ["Throne Room"] and t2.hand(0) == ["Smithy"]


# ---------------------------------------------------------------- Library, Adventurer
def test_library_sets_aside_actions_it_cannot_play_across_a_reshuffle():
    t = Table([plays("Library"), NOTHING], kingdom=["Smithy"])
    t.stack(0, hand=["Library", "Copper"], draw=["Smithy", "Copper"], discard=["Silver", "Silver", "Gold", "Estate"])
    t.actions_only()
    # draws Copper (Smithy set aside: no Action left), then shuffles the 4 discards
    assert sorted(t.hand(0)) == ["Copper", "Copper", "Estate", "Gold", "Silver", "Silver"]
    assert t.discard(0) == ["Smithy"]
    assert len(t.events(E.EV_SHUFFLE)) == 1


def test_library_keeps_actions_with_actions_left_and_stops_at_seven():
    t = Table([plays("Festival", "Library"), NOTHING], kingdom=["Smithy"])
    t.stack(0, hand=["Festival", "Library", "Copper"], draw=["Smithy"] + ["Copper"] * 8)
    t.actions_only()
    # Festival leaves an Action, so Library keeps the Smithy it draws, which is then played
    assert t.in_play(0) == ["Festival", "Library", "Smithy"]
    assert len(t.hand(0)) == 7 - 1 + 3 and not t.events(E.EV_SETASIDE)


def test_adventurer_across_a_reshuffle():
    t = Table([plays("Adventurer"), NOTHING]).stack(0, hand=["Adventurer"], draw=["Estate", "Silver"],
                                                    discard=["Gold"])
    t.actions_only()
    assert sorted(t.hand(0)) == ["Gold", "Silver"]
    assert t.discard(0) == ["Estate"]  # revealed non-Treasures are discarded after, not shuffled


def test_adventurer_with_fewer_than_two_treasures():
    t = Table([plays("Adventurer"), NOTHING]).stack(0, hand=["Adventurer"], draw=["Estate", "Copper", "Duchy"])
    t.actions_only()
    assert t.hand(0) == ["Copper"] and sorted(t.discard(0)) == ["Duchy", "Estate"] and t.draw_pile(0) == []


# ---------------------------------------------------------------- 2nd-edition cards
def test_harbinger_puts_the_best_card_of_the_discard_pile_on_the_deck():
    t = Table([plays("Harbinger"), NOTHING]).stack(0, hand=["Harbinger"], draw=["Copper"],
                                                   discard=["Estate", "Gold", "Silver"])
    t.actions_only()
    assert t.hand(0) == ["Copper"] and t.draw_pile(0) == ["Gold"] and t.actions == 1


def test_poacher_discards_one_card_per_empty_pile():
    t = Table([plays("Poacher"), NOTHING]).stack(0, hand=["Poacher", "Estate", "Gold", "Copper"], draw=["Silver"])
    t.set_supply("Curse", 0).set_supply("Duchy", 0)
    t.actions_only()
    assert t.coins == 1 and sorted(t.discard(0)) == ["Copper", "Estate"]


def test_sentry_trashes_discards_and_puts_back():
    t = Table([plays("Sentry"), NOTHING]).stack(0, hand=["Sentry"], draw=["Copper", "Curse", "Province", "Gold"],
                                                discard=["Silver"] * 5)
    t.actions_only()
    assert t.hand(0) == ["Copper"]
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Curse"]
    assert t.discard(0) == ["Silver"] * 5 + ["Province"] and t.draw_pile(0) == ["Gold"]


def test_vassal_plays_a_discarded_action_without_using_an_action():
    t = Table([plays("Vassal", "Smithy"), NOTHING]).stack(0, hand=["Vassal"], draw=["Smithy", "Copper", "Copper",
                                                                                      "Copper"])
    t.actions_only()
    assert t.in_play(0) == ["Vassal", "Smithy"] and t.hand(0) == ["Copper"] * 3 and t.coins == 2


def test_vassal_discards_a_non_action():
    t = Table([plays("Vassal"), NOTHING]).stack(0, hand=["Vassal"], draw=["Gold"])
    t.actions_only()
    assert t.discard(0) == ["Gold"] and t.in_play(0) == ["Vassal"]


# ---------------------------------------------------------------- game end through gains
def test_a_gain_that_empties_the_third_pile_ends_the_game_at_end_of_that_turn():
    t = Table([plays("Workshop", extra="buy: [Gardens]\nguard: false"), NOTHING], kingdom=["Gardens"])
    t.stack(0, hand=["Workshop"], draw=["Copper"] * 5)
    t.set_supply("Gardens", 1).set_supply("Curse", 0).set_supply("Estate", 0)
    t.actions_only()
    assert t.gs(E.G_EMPTY) == 3 and t.gs(E.G_ENDED) == 0  # not mid-turn
    t.through_buys()
    assert t.gs(E.G_ENDED) == 0  # not before the turn's cleanup either
    t2 = Table([plays("Workshop", extra="buy: [Gardens]\nguard: false"), NOTHING], kingdom=["Gardens"])
    t2.stack(0, hand=["Workshop"], draw=["Copper"] * 5)
    t2.set_supply("Gardens", 1).set_supply("Curse", 0).set_supply("Estate", 0)
    t2.play(turns=1)
    assert t2.gs(E.G_ENDED) == E.END_PILES
