"""dsim play, Dominion: every decision a person can face, answered from piped input (one
answer a line, as ``dsim play`` reads it) on stacked tables: the engine's own state after
the answers, and what the person was shown and asked."""
import pytest

from .helpers import Table
from simulator.dominion import engine as E

NOTHING = "buy: []"


def plays(*cards, extra=""):
    buy = "" if "buy:" in extra else "buy: []\n"
    return buy + "play: [" + ", ".join(cards) + "]\n" + extra


def person(bots, kingdom=(), seat=0, rules=None) -> Table:
    return Table(bots, kingdom=kingdom, person=seat, rules=rules)


def asked(out: str) -> list[str]:
    """The prompts the person was shown, in order."""
    lines = out.split("\n")
    return [lines[i - 1] for i, x in enumerate(lines) if x.startswith("  1  ") or x.startswith("  0  ")
            if not lines[i - 1].startswith("  ")]


# ---------------------------------------------------------------- the turn: Actions, buys
def test_the_person_plays_actions_in_the_order_given_then_buys_by_name_or_number():
    t = person([NOTHING, NOTHING], kingdom=["Village", "Smithy"])
    t.stack(0, hand=["Village", "Smithy", "Copper", "Copper", "Estate"], draw=["Copper", "Gold", "Silver", "Silver"])
    out = t.person_turns(["village", "smi", "2"])  # 2: the second dearest card 10 coins buy
    assert [c for _, _, c, _ in t.events(E.EV_PLAY)][:2] == ["Village", "Smithy"]
    assert [c for _, _, c, _ in t.events(E.EV_BUY)] == ["Gold"]
    assert "Play an Action (2 Actions left)" in out and "Buy a card: 10 coins, 1 Buy" in out
    assert "  1  Province (8), 8 left" in out and "  0  nothing: end your turn" in out
    assert "hand: Copper x2, Estate, Village, Smithy" in out  # the hand, cheapest first


def test_playing_no_action_goes_to_buying_and_buying_nothing_ends_the_turn():
    t = person([NOTHING, NOTHING], kingdom=["Smithy"])
    t.stack(0, hand=["Smithy", "Copper", "Copper", "Copper", "Estate"], draw=["Gold"] * 5)
    t.person_turns(["none", "0"])
    assert t.events(E.EV_BUY) == [] and "Smithy" not in t.in_play(0)
    assert t.events(E.EV_PLAY)[0][2] == "Copper"


def test_two_buys_are_two_questions_and_coins_are_shared():
    t = person([NOTHING, NOTHING], kingdom=["Woodcutter"])
    t.stack(0, hand=["Woodcutter", "Copper", "Copper", "Copper", "Copper"])
    out = t.person_turns(["woodcutter", "silver", "silver"])
    assert [c for _, _, c, _ in t.events(E.EV_BUY)] == ["Silver", "Silver"]
    assert "Buy a card: 6 coins, 2 Buys" in out and "Buy a card: 3 coins, 1 Buy" in out


def test_a_card_that_costs_too_much_is_no_choice_and_is_asked_again():
    t = person([NOTHING, NOTHING])
    t.stack(0, hand=["Copper"] * 3 + ["Estate"] * 2)
    out = t.person_turns(["gold", "province", "silver"])
    assert "'gold' is not a choice here" in out and "'province' is not a choice here" in out
    assert [c for _, _, c, _ in t.events(E.EV_BUY)] == ["Silver"]


# ---------------------------------------------------------------- gains, trashing, discarding
def test_workshop_gains_what_the_person_names_within_its_cost():
    t = person([NOTHING, NOTHING], kingdom=["Workshop", "Gardens"])
    t.stack(0, hand=["Workshop", "Estate", "Estate", "Estate", "Estate"])
    out = t.person_turns(["workshop", "gardens", "none"])
    assert t.owned(0, "Gardens") == 1 and t.events(E.EV_GAIN)[0][2] == "Gardens"
    assert "Workshop: gain a card costing up to 4" in out
    assert "Gold (6)" not in out.split("Workshop: gain")[1].split(">")[0]


def test_a_decision_with_one_legal_answer_is_not_asked():
    t = person([plays("Bureaucrat"), NOTHING], kingdom=["Bureaucrat"], seat=1)
    t.stack(0, hand=["Bureaucrat", "Copper"])
    t.stack(1, hand=["Estate", "Copper", "Estate", "Copper"], draw=["Silver"])
    out = t.person_turns([])  # two Estates: one card to choose from
    assert t.events(E.EV_TOPDECK)[-1][1:3] == (1, "Estate") and "Bureaucrat:" not in out


def test_feast_may_gain_a_feast_for_a_person():
    t = person([NOTHING, NOTHING], kingdom=["Feast"])
    t.stack(0, hand=["Feast", "Estate", "Estate", "Estate", "Estate"])
    t.person_turns(["feast", "feast", "none"])
    assert t.owned(0, "Feast") == 1 and t.supply("Feast") == 9


def test_chapel_trashes_the_cards_named_until_done():
    t = person([NOTHING, NOTHING], kingdom=["Chapel"])
    t.stack(0, hand=["Chapel", "Estate", "Copper", "Copper", "Silver"])
    out = t.person_turns(["chapel", "estate", "copper", "done", "none"])
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Estate", "Copper"]
    assert "Chapel: trash a card from your hand (up to 4 more)" in out and "(up to 2 more)" in out


def test_chapel_stops_asking_after_four():
    t = person([NOTHING, NOTHING], kingdom=["Chapel"])
    t.stack(0, hand=["Chapel"] + ["Copper", "Estate"] * 3)
    t.person_turns(["chapel", "copper", "estate", "copper", "estate"], stop=E.STOP_ACTIONS)
    assert len(t.events(E.EV_TRASH)) == 4 and sorted(t.hand(0)) == ["Copper", "Estate"]


def test_remodel_trashes_then_gains_up_to_two_more():
    t = person([NOTHING, NOTHING], kingdom=["Remodel"])
    t.stack(0, hand=["Remodel", "Gold", "Estate", "Copper", "Copper"])
    out = t.person_turns(["remodel", "gold", "province", "none"])
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Gold"] and t.owned(0, "Province") == 1
    assert "Remodel: gain a card costing up to 8" in out


def test_a_persons_remodel_late_in_the_game_gains_what_it_names_not_a_province():
    t = person([NOTHING, NOTHING], kingdom=["Remodel"])
    t.set_supply("Province", 3)
    t.stack(0, hand=["Remodel", "Gold", "Estate"])
    out = t.person_turns(["remodel", "hint", "gold", "duchy", "none"])
    assert t.owned(0, "Duchy") == 1 and t.owned(0, "Province") == 0
    # the hint is the bot's own choice: its default trades the Gold for a Province this late
    assert "<bot> would trash Gold (trash: default (Remodel: the best trade" in out


def test_mine_trashes_a_treasure_and_gains_one_into_hand_first_edition_must():
    t = person([NOTHING, NOTHING], kingdom=["Mine"])
    t.stack(0, hand=["Mine", "Silver", "Copper", "Estate", "Estate"])
    out = t.person_turns(["mine", "copper", "silver", "none"])
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Copper"]
    gains = t.events(E.EV_GAIN)
    assert gains[0][2] == "Silver" and gains[0][3] == E.Z_HAND
    assert "Mine: gain a Treasure costing up to 3, into your hand" in out
    assert "Estate" not in out.split("Mine: trash a Treasure")[1].split(">")[0]
    assert "none" not in out.split("Mine: trash a Treasure")[1].split(">")[0]  # 1st edition: a Treasure must go


def test_mine_second_edition_may_trash_nothing():
    t = person([NOTHING, NOTHING], kingdom=["Mine"], rules={"edition": 2})
    t.stack(0, hand=["Mine", "Silver", "Copper", "Estate", "Estate"])
    t.person_turns(["mine", "none", "none"])
    assert t.events(E.EV_TRASH) == [] and t.events(E.EV_NOTHING)[0][2] == "Mine"


def test_cellar_discards_the_cards_named_and_draws_as_many():
    t = person([NOTHING, NOTHING], kingdom=["Cellar"])
    t.stack(0, hand=["Cellar", "Estate", "Estate", "Copper", "Curse"], draw=["Gold", "Gold", "Gold"])
    out = t.person_turns(["cellar", "estate", "estate", "done", "none"])
    assert sorted(t.events(E.EV_DISCARD)[i][2] for i in range(2)) == ["Estate", "Estate"]
    assert "2 discarded so far" in out
    assert "Gold" in [c for _, _, c, _ in t.events(E.EV_DRAW)]


def test_a_militia_victim_discards_the_cards_it_names():
    t = person([plays("Militia"), NOTHING], kingdom=["Militia"], seat=1)
    t.stack(0, hand=["Militia", "Copper", "Copper", "Copper", "Copper"])
    t.stack(1, hand=["Gold", "Estate", "Silver", "Copper", "Duchy"])
    out = t.person_turns(["gold", "silver"])
    assert sorted(t.hand(1)) == ["Copper", "Duchy", "Estate"]
    assert "Militia: discard a card (2 to discard)" in out and "(1 to discard)" in out
    assert "Turn 1 — <bot> (seat 1)" in out and "this turn: plays Militia" in out


def test_poacher_discards_one_card_per_empty_pile():
    t = person([NOTHING, NOTHING], kingdom=["Poacher", "Village"])
    t.set_supply("Village", 0).set_supply("Estate", 0)
    t.stack(0, hand=["Poacher", "Copper", "Silver", "Gold", "Curse"], draw=["Duchy"])
    t.person_turns(["poacher", "gold", "silver", "none"])
    assert [c for _, _, c, _ in t.events(E.EV_DISCARD)] == ["Gold", "Silver"]


# ---------------------------------------------------------------- onto the deck, Throne Room
def test_harbinger_puts_the_named_card_from_the_discard_pile_onto_the_deck():
    t = person([NOTHING, NOTHING], kingdom=["Harbinger"])
    t.stack(0, hand=["Harbinger", "Copper", "Copper", "Copper", "Copper"], draw=["Estate"],
            discard=["Gold", "Curse", "Silver"])
    t.person_turns(["harbinger", "silver", "none"])
    assert t.events(E.EV_TOPDECK)[0][2] == "Silver"


def test_harbinger_may_put_nothing_back():
    t = person([NOTHING, NOTHING], kingdom=["Harbinger"])
    t.stack(0, hand=["Harbinger", "Copper"], draw=["Estate"], discard=["Gold"])
    t.person_turns(["harbinger", "none", "none"])
    assert t.events(E.EV_TOPDECK) == []


def test_a_bureaucrat_victim_puts_back_the_victory_card_it_names():
    t = person([plays("Bureaucrat"), NOTHING], kingdom=["Bureaucrat"], seat=1)
    t.stack(0, hand=["Bureaucrat", "Copper"])
    t.stack(1, hand=["Estate", "Province", "Copper"], draw=["Silver"])
    t.person_turns(["province"])
    assert t.events(E.EV_TOPDECK)[-1][1:3] == (1, "Province") and t.draw_pile(1)[0] == "Province"


def test_artisan_gains_into_hand_then_puts_the_named_card_onto_the_deck():
    t = person([NOTHING, NOTHING], kingdom=["Artisan"])
    t.stack(0, hand=["Artisan", "Copper", "Estate"])
    out = t.person_turns(["artisan", "duchy", "copper", "none"])
    assert t.events(E.EV_GAIN)[0][2:] == ("Duchy", E.Z_HAND)
    assert t.events(E.EV_TOPDECK)[0][2] == "Copper"
    assert "Artisan: gain a card costing up to 5, into your hand" in out


@pytest.mark.parametrize("edition,answers,twice", [(1, ["throneroom", "village"], "Village"),
                                                    (1, ["throneroom", "smithy"], "Smithy"),
                                                    (2, ["throneroom", "none"], None)])
def test_throne_room_plays_the_named_action_twice_second_edition_may_not(edition, answers, twice):
    t = person([NOTHING, NOTHING], kingdom=["Throne Room", "Village", "Smithy"], rules={"edition": edition})
    t.stack(0, hand=["Throne Room", "Village", "Smithy", "Copper", "Copper"], draw=["Copper"] * 10)
    out = t.person_turns(answers + ["none", "none", "none"])
    thr = t.events(E.EV_THRONE)
    assert (thr[0][2] if thr else None) == twice
    assert ("0  none" in out.split("Throne Room: choose")[1].split(">")[0]) == (edition == 2)


# ---------------------------------------------------------------- yes or no
@pytest.mark.parametrize("answer,curses", [("yes", 0), ("no", 1), ("2", 1), ("y", 0)])
def test_moat_is_revealed_only_when_the_person_says_so(answer, curses):
    t = person(["buy: []\nplay: [Witch]", NOTHING], kingdom=["Witch", "Moat"], seat=1)
    t.stack(0, hand=["Witch", "Copper"], draw=["Copper", "Copper"]).stack(1, hand=["Moat", "Copper"])
    out = t.person_turns([answer])
    assert t.owned(1, "Curse") == curses
    assert "plays Witch: reveal Moat to be unaffected?" in out


@pytest.mark.parametrize("answer,moved", [("yes", 3), ("no", 0)])
def test_chancellor_moves_the_deck_only_when_the_person_says_so(answer, moved):
    t = person([NOTHING, NOTHING], kingdom=["Chancellor"])
    t.stack(0, hand=["Chancellor", "Copper"], draw=["Estate", "Estate", "Gold"])
    out = t.person_turns(["chancellor", answer, "none"])
    assert sum(v for *_, v in t.events(E.EV_DECK)) == moved
    assert "put your deck (3 cards) into your discard pile?" in out


@pytest.mark.parametrize("answer,played", [("yes", True), ("no", False)])
def test_vassal_plays_the_discarded_action_only_when_the_person_says_so(answer, played):
    t = person([NOTHING, NOTHING], kingdom=["Vassal", "Smithy"])
    t.stack(0, hand=["Vassal", "Copper"], draw=["Smithy"] + ["Copper"] * 4)
    out = t.person_turns(["vassal", answer, "none"])
    assert any(c == "Smithy" and v == 1 for _, _, c, v in t.events(E.EV_PLAY)) == played
    assert "Vassal discarded Smithy: play it?" in out


@pytest.mark.parametrize("answer,coppers", [("yes", 0), ("no", 1)])
def test_second_edition_moneylender_trashes_a_copper_only_when_the_person_says_so(answer, coppers):
    t = person([NOTHING, NOTHING], kingdom=["Moneylender"], rules={"edition": 2})
    t.stack(0, hand=["Moneylender", "Copper", "Estate"])
    t.person_turns(["moneylender", answer, "none"])
    assert t.owned(0, "Copper") == coppers


def test_library_sets_aside_the_actions_the_person_says():
    t = person([NOTHING, NOTHING], kingdom=["Library", "Smithy", "Village"])
    t.stack(0, hand=["Library", "Copper", "Copper"], draw=["Smithy", "Village", "Copper", "Copper", "Copper", "Gold"])
    out = t.person_turns(["library", "yes", "no", "none"])
    assert [c for _, _, c, _ in t.events(E.EV_SETASIDE)] == ["Smithy"]
    assert "Library drew Smithy: set it aside" in out and "Library drew Village" in out


def test_spy_discards_or_keeps_each_revealed_card_as_the_person_says():
    t = person([NOTHING, NOTHING], kingdom=["Spy"])
    t.stack(0, hand=["Spy", "Copper"], draw=["Copper", "Gold", "Estate"]).stack(1, draw=["Silver", "Province"])
    out = t.person_turns(["spy", "back", "discard"], stop=E.STOP_ACTIONS)
    assert t.draw_pile(0) == ["Gold", "Estate"]  # Spy drew the Copper; the Gold revealed went back
    assert t.discard(1) == ["Silver"] and t.draw_pile(1) == ["Province"]
    assert "Spy: Gold from the top of your deck" in out
    assert "Spy: Silver from the top of <bot> (2) (seat 2)'s deck" in out


def test_thief_trashes_the_treasure_the_person_names_and_gains_it_if_asked():
    t = person([NOTHING, NOTHING], kingdom=["Thief"])
    t.stack(0, hand=["Thief", "Copper"]).stack(1, draw=["Silver", "Gold", "Estate"])
    out = t.person_turns(["thief", "silver", "yes", "none"])
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Silver"] and t.owned(0, "Silver") == 1
    assert t.owned(1, "Gold") == 1 and "revealed: Silver, Gold" in out
    assert "Thief: gain the trashed Silver?" in out


def test_a_bandit_victim_trashes_the_treasure_it_names():
    t = person([plays("Bandit"), NOTHING], kingdom=["Bandit"], seat=1)
    t.stack(0, hand=["Bandit"]).stack(1, draw=["Silver", "Gold", "Estate"])
    out = t.person_turns(["gold"])  # a bot trashes the cheaper by default
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Gold"] and t.owned(1, "Silver") == 1
    assert "Bandit: which of your revealed Treasures do you trash?" in out


def test_sentry_trashes_discards_or_puts_back_as_told_and_in_the_order_asked():
    t = person([NOTHING, NOTHING], kingdom=["Sentry"])
    t.stack(0, hand=["Sentry", "Copper"], draw=["Copper", "Estate", "Silver", "Gold", "Curse"])
    t.person_turns(["sentry", "trash", "discard", "none"])
    assert [c for _, _, c, _ in t.events(E.EV_TRASH)] == ["Estate"] and t.events(E.EV_DISCARD)[0][2] == "Silver"
    t = person([NOTHING, NOTHING], kingdom=["Sentry"])
    t.stack(0, hand=["Sentry", "Copper"], draw=["Copper", "Estate", "Silver", "Gold", "Curse"])
    out = t.person_turns(["sentry", "back", "back", "silver"], stop=E.STOP_ACTIONS)
    assert t.draw_pile(0)[:2] == ["Silver", "Estate"]
    assert "Sentry: which card goes back on top of your deck?" in out


# ---------------------------------------------------------------- the person's commands
def test_help_hint_and_log_answer_without_playing_and_a_long_line_is_refused():
    t = person(["buy: [Gold, Silver]", NOTHING])
    t.stack(0, hand=["Copper"] * 5)
    out = t.person_turns(["?", "hint", "log", "x" * 500, "", "silver"])
    assert "Commands:" in out and "bot> would buy Silver (buy rule 2 (line 1): Silver)" in out
    assert "500 characters long" in out and "type a number or a name" in out
    assert [c for _, _, c, _ in t.events(E.EV_BUY)] == ["Silver"]
    # after hint and log the question is asked again, its choices listed: three times in all with ?'s
    assert out.count("Buy a card: 5 coins, 1 Buy") == 4


def test_a_buy_lists_copper_and_curse_on_one_line_and_says_why_a_card_is_no_choice():
    t = person([NOTHING, NOTHING], kingdom=["Smithy"])
    t.stack(0, hand=["Copper"] * 4 + ["Estate"])
    out = t.person_turns(["province", "curse"])
    screen = out.split("Buy a card: 4 coins, 1 Buy\n")[1].split("> ")[0].splitlines()
    assert [ln.split()[1] for ln in screen[:-2]] == ["Smithy", "Silver", "Estate"]
    assert screen[-2] == "  4  Copper (0), 46 left   5  Curse (0), 10 left"
    assert screen[-1].split()[:2] == ["0", "nothing:"]
    assert "'province' is not a choice here: Province costs 8, and 4 coins are to spend" in out
    assert [c for _, _, c, _ in t.events(E.EV_BUY)] == ["Curse"]  # typed by its name, it is a choice still


def test_an_ambiguous_start_of_a_name_is_asked_again():
    t = person([NOTHING, NOTHING], kingdom=["Gardens"])
    t.stack(0, hand=["Copper"] * 4 + ["Estate"])
    out = t.person_turns(["g", "ga"])
    assert "'g' fits gardens, gold" not in out  # Gold costs 6: not a choice for 4 coins
    assert [c for _, _, c, _ in t.events(E.EV_BUY)] == ["Gardens"]
    t = person([NOTHING, NOTHING], kingdom=["Gardens"])
    t.stack(0, hand=["Copper"] * 5 + ["Gold"])
    out = t.person_turns(["g", "gol"])
    assert "'g' fits gold, gardens" in out


def test_end_of_input_stops_with_the_score_so_far():
    t = person([NOTHING, NOTHING])
    t.stack(0, hand=["Copper"] * 5)
    out = t.person_turns([], ended="eof")
    assert "Score so far:" in out and "(end of input)" in out


def test_quit_stops_with_the_score_so_far():
    t = person([NOTHING, NOTHING])
    t.stack(0, hand=["Copper"] * 5)
    out = t.person_turns(["quit", "silver"], ended="quit")
    assert out.rstrip().endswith("VP") and t.session.answers == []


def test_an_answer_that_is_no_option_stops_the_game_with_an_error():
    from simulator.games import GameFailure
    from simulator.person import PersonTable
    t = person([NOTHING, NOTHING])
    t.stack(0, hand=["Copper"] * 3)
    table = PersonTable(t.match.ENGINE, t.match, 0, 0, start=t.st, turns=1)
    assert table.question(table.replay([])).prompt.startswith("Buy a card: 3 coins")
    with pytest.raises(GameFailure, match="not one of the question's options"):
        table.replay([5])  # a Province, with 3 coins
    # nor is it hidden by the question after it in the same card (Sentry's second card)
    t = person([NOTHING, NOTHING], kingdom=["Sentry"])
    t.stack(0, hand=["Sentry", "Copper"], draw=["Copper", "Estate", "Silver", "Gold"])
    table = PersonTable(t.match.ENGINE, t.match, 0, 0, start=t.st, turns=1)
    play = next(c.value for c in table.question(table.replay([])).choices if c.key == "sentry")
    with pytest.raises(GameFailure, match="not one of the question's options"):
        table.replay([play, 999])


def test_the_supply_fits_the_terminal_at_every_width():
    """At 110 columns the supply's rows were one cell too wide: the terminal's wrapping left
    a pile count on a line of its own."""
    from pathlib import Path

    from simulator import api
    from simulator.dominion.table import _supply
    root = Path(__file__).resolve().parents[2]
    bm, first = str(root / "strategies" / "big_money.yaml"), str(root / "kingdoms" / "first_game.yaml")
    table, _ = api.person_table([bm], first, seat=1, seed=3)
    st = table.replay([])
    for width in (50, 80, 100, 110, 131, 200):
        rows = _supply(st, table.match, width)
        assert max(len(r) for r in rows) <= width, (width, rows)
        cells = sum(len(r.split("  ")) for r in rows)
        assert all(r.startswith("  ") and r[2] != " " for r in rows), rows  # no row a wrapped count
        assert "Province" in "".join(rows) and cells >= 17
        screen = table.question(st, width).screen.split("\n")
        supply = screen[screen.index("Supply (cost, cards left)") + 1:][:len(rows)]
        assert [len(r.split()) for r in supply] == [len(r.split()) for r in rows]  # the screen's own rows
        assert max(len(r) for r in supply) <= width
    wide = _supply(st, table.match, 110)
    assert len(wide[0].split()) == 5 * 3  # five cards to a row at 110 columns: (110 - 2 + 2) // 22 = 5
