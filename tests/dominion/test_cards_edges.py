"""Edge cases a rule break could hide in: Moat against every attack, Throne Room on
cards with a once-per-turn or play-from-elsewhere effect, exact counts (Library's 7,
Vassal's Action), and the reshuffles inside Spy, Vassal and Sentry. Stacked decks; each
test checks the engine's own state."""
import pytest

from .helpers import Table
from simulator.dominion import engine as E

NOTHING = "buy: []"


def plays(*cards, extra=""):
    buy = "" if "buy:" in extra else "buy: []\n"
    return buy + "play: [" + ", ".join(cards) + "]\n" + extra


# ---------------------------------------------------------------- Moat against every attack
def _moat_table(attack, victim_hand, victim_draw, blocked):
    victim = NOTHING if blocked else "buy: []\noptions: {reveal_moat: false}"
    t = Table([plays(attack), victim], kingdom=["Moat"])
    t.stack(0, hand=[attack], draw=["Copper"] * 3)
    t.stack(1, hand=victim_hand, draw=victim_draw)
    t.actions_only()
    return t


def test_moat_blocks_militia():
    hand = ["Moat", "Estate", "Copper", "Copper", "Silver"]
    hit = _moat_table("Militia", hand, [], blocked=False)
    assert len(hit.hand(1)) == 3
    safe = _moat_table("Militia", hand, [], blocked=True)
    assert sorted(safe.hand(1)) == sorted(hand) and safe.discard(1) == []
    assert len(safe.events(E.EV_REACT)) == 1


def test_moat_blocks_bureaucrat():
    hand = ["Moat", "Estate", "Copper"]
    hit = _moat_table("Bureaucrat", hand, ["Gold"], blocked=False)
    assert hit.draw_pile(1) == ["Estate", "Gold"]
    safe = _moat_table("Bureaucrat", hand, ["Gold"], blocked=True)
    assert sorted(safe.hand(1)) == sorted(hand) and safe.draw_pile(1) == ["Gold"]


def test_moat_blocks_spy():
    hit = _moat_table("Spy", ["Moat"], ["Gold", "Copper"], blocked=False)
    assert hit.discard(1) == ["Gold"]
    safe = _moat_table("Spy", ["Moat"], ["Gold", "Copper"], blocked=True)
    assert safe.discard(1) == [] and safe.draw_pile(1) == ["Gold", "Copper"]


def test_moat_blocks_thief():
    hit = _moat_table("Thief", ["Moat"], ["Gold", "Estate"], blocked=False)
    assert hit.owned(1, "Gold") == 0 and hit.owned(0, "Gold") == 1
    safe = _moat_table("Thief", ["Moat"], ["Gold", "Estate"], blocked=True)
    assert safe.owned(1, "Gold") == 1 and safe.draw_pile(1) == ["Gold", "Estate"]
    assert safe.owned(0, "Gold") == 0


def test_moat_blocks_bandit_but_bandit_still_gains_gold():
    hit = _moat_table("Bandit", ["Moat"], ["Silver", "Estate"], blocked=False)
    assert hit.owned(1, "Silver") == 0
    safe = _moat_table("Bandit", ["Moat"], ["Silver", "Estate"], blocked=True)
    assert safe.owned(1, "Silver") == 1 and safe.draw_pile(1) == ["Silver", "Estate"]
    assert safe.discard(0) == ["Gold"]


def test_moat_blocks_witch_only_for_its_owner():
    t = Table([plays("Witch"), NOTHING, NOTHING], players=3, kingdom=["Moat"])
    t.stack(0, hand=["Witch"], draw=["Copper"] * 2).stack(1, hand=["Moat"]).stack(2, hand=["Copper"])
    t.actions_only()
    assert t.discard(1) == [] and t.discard(2) == ["Curse"]


# ---------------------------------------------------------------- Throne Room
def test_throne_room_on_merchant_gives_plus_two_on_the_first_silver():
    t = Table([plays("Throne Room", "Merchant"), NOTHING])
    t.stack(0, hand=["Throne Room", "Merchant", "Silver", "Silver"], draw=["Copper", "Copper"])
    t.through_buys()
    # Merchant played twice: two cards drawn, two Actions, +1 twice on the first Silver
    assert t.coins == 2 + 2 + 1 + 1 + 2
    assert t.actions == 2


def test_throne_room_on_vassal_discards_twice():
    t = Table([plays("Throne Room", "Vassal"), NOTHING])
    t.stack(0, hand=["Throne Room", "Vassal"], draw=["Gold", "Estate", "Copper"])
    t.actions_only()
    assert sorted(t.discard(0)) == ["Estate", "Gold"] and t.coins == 4
    assert t.draw_pile(0) == ["Copper"]


# ---------------------------------------------------------------- exact counts
def test_vassal_playing_a_discarded_action_costs_no_action():
    t = Table([plays("Vassal", "Village"), NOTHING], kingdom=["Village"])
    t.stack(0, hand=["Vassal"], draw=["Village", "Copper", "Copper"])
    t.actions_only()
    # Vassal used the turn's one Action; the Village it played gave +2 without costing one
    assert t.in_play(0) == ["Vassal", "Village"]
    assert t.actions == 2


def test_library_draws_to_exactly_seven():
    t = Table([plays("Library"), NOTHING]).stack(0, hand=["Library", "Copper"], draw=["Silver"] * 10)
    t.actions_only()
    assert len(t.hand(0)) == 7 and len(t.draw_pile(0)) == 10 - 6


def test_adventurer_stops_at_the_second_treasure():
    t = Table([plays("Adventurer"), NOTHING]).stack(0, hand=["Adventurer"],
                                                    draw=["Estate", "Copper", "Silver", "Gold"])
    t.actions_only()
    assert t.hand(0) == ["Copper", "Silver"] and t.draw_pile(0) == ["Gold"] and t.discard(0) == ["Estate"]


def test_sentry_puts_back_the_better_card_on_top():
    for deck in (["Silver", "Gold"], ["Gold", "Silver"]):
        t = Table([plays("Sentry"), NOTHING]).stack(0, hand=["Sentry"], draw=["Copper"] + deck + ["Estate"])
        t.actions_only()
        assert t.draw_pile(0) == ["Gold", "Silver", "Estate"], deck


# ---------------------------------------------------------------- reshuffles inside effects
def test_spy_reveals_across_a_reshuffle():
    t = Table([plays("Spy"), NOTHING]).stack(0, hand=["Spy"], draw=["Copper"], discard=[])
    t.stack(1, draw=[], discard=["Gold"])
    t.actions_only()
    # the victim's empty deck is reshuffled to reveal: its Gold is discarded
    assert t.discard(1) == ["Gold"] and len(t.events(E.EV_SHUFFLE)) == 1


def test_vassal_reshuffles_to_find_a_card():
    t = Table([plays("Vassal"), NOTHING]).stack(0, hand=["Vassal"], draw=[], discard=["Gold"])
    t.actions_only()
    assert t.discard(0) == ["Gold"] and len(t.events(E.EV_SHUFFLE)) == 1


def test_sentry_reshuffles_for_its_second_card():
    t = Table([plays("Sentry"), NOTHING]).stack(0, hand=["Sentry"], draw=["Copper", "Curse"],
                                                discard=["Estate"])
    t.actions_only()
    # +1 Card draws Copper; the two looked at are Curse and (after a reshuffle) Estate
    assert t.hand(0) == ["Copper"] and len(t.events(E.EV_SHUFFLE)) == 1
    assert sorted(c for _, _, c, _ in t.events(E.EV_TRASH)) == ["Curse", "Estate"]


# ---------------------------------------------------------------- scoring is the engine's
@pytest.mark.parametrize("cards,expected", [(9, 0), (10, 1), (29, 2), (30, 3), (39, 3), (40, 4), (319, 31)])
def test_the_engine_scores_gardens_per_ten_cards(cards, expected):
    t = Table([NOTHING, NOTHING], kingdom=["Gardens"])
    t.stack(0, hand=["Gardens"], draw=["Copper"] * (cards - 1))
    assert t.vp(0) == expected
    t.set_supply("Province", 0).play(turns=1)
    scores = {p: v for c, p, _, v in t.events(E.EV_SCORE)}
    assert scores[0] == expected  # what finish_game recorded
