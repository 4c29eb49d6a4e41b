"""Splendor bots: the YAML language (selectors, conditions, errors with file and line)
and what each list and each default makes the engine do on a known board."""
import pytest

from simulator.errors import InputErrors
from simulator.splendor import engine as K
from simulator.splendor import layout as E
from simulator.splendor.bots import Selector, bot_from_text, parse_selector
from simulator.splendor.cards import CARDS, NOBLES
from .helpers import B, G, GOLD, R, U, W, card, noble, one_level_board, state, turns

STRATEGIES = __import__("pathlib").Path(__file__).resolve().parents[2] / "strategies" / "splendor"


def bot(text, name="b"):
    return bot_from_text(f"game: splendor\nname: {name}\n{text}", f"{name}.yaml")


# ---------------------------------------------------------------- the language
def test_selectors_read_as_a_player_writes_them():
    s = parse_selector("Level 3 blue 2+ points cheapest", "buy")
    assert (s.level, s.colour, s.min_points, s.order) == (3, U, 2, E.ORD_CHEAPEST)
    assert parse_selector("sapphire", "buy").colour == U            # gem names are colours too
    assert parse_selector("points most points", "buy") == Selector(min_points=1, order=E.ORD_POINTS,
                                                                   text="points most points")
    assert parse_selector("deck level 2", "reserve").where == E.W_DECK
    assert parse_selector("two noble closest", "take").two
    assert parse_selector("gold", "return").colour == GOLD


@pytest.mark.parametrize("key,text,words", [
    ("buy", "two", "'two' belongs in take rules"),
    ("buy", "deck level 1", "only for reserve rules"),
    ("reserve", "deck", "needs its level"),
    ("reserve", "deck level 1 cheapest", "takes no other words"),
    ("reserve", "reserved", "cannot be reserved again"),
    ("buy", "level 1 level 2", "two values for its level"),
    ("buy", "rubyy", "did you mean 'ruby'"),
    ("return", "purple", "is not a colour or gold"),
    ("noble", "gold", "is not a colour"),
])
def test_selector_mistakes_are_named(key, text, words):
    with pytest.raises(InputErrors) as e:
        bot(f"{key}: ['{text}']")
    assert len(e.value.errors) == 1 and words in str(e.value.errors[0]) and e.value.errors[0].line == 3


def test_every_mistake_of_a_file_is_reported_with_its_line():
    with pytest.raises(InputErrors) as e:
        bot_from_text("game: splendor\nbuy:\n  - 'level 3: pointz > 3'\n  - any\ntake: [two]\nrandom: 3\n", "x.yaml")
    msgs = [(err.line, err.message) for err in e.value.errors]
    assert msgs[0][0] == 3 and "unknown variable 'pointz'" in msgs[0][1]
    assert any("'random' must be true or false" in m for _, m in msgs)
    assert len(msgs) == 2


def test_a_dominion_bot_is_not_a_splendor_bot():
    with pytest.raises(InputErrors, match="this is a Splendor bot, not a 'dominion' one"):
        bot_from_text("game: dominion\nbuy: [any]\n", "x.yaml")


def test_conditions_are_evaluated_on_the_engine_state():
    b = bot("buy:\n  - 'any: points == 4 and tokens(red) == 2 and bonus(green) == 1'\n"
            "  - 'any: short(level1) == 0 and can_buy(level1) >= 1'\n  - 'any: bank(gold) == 5 and cards == 1'\n"
            "  - 'any: opp_points == 3 and lead == 1'\n  - 'any: opp_bonus(red) == 1 and opp_bonus(green) == 0'")
    st = state(bots=[b, bot("", "o")])
    st.give_card(0, card(3, G, 4))   # 4 points, one green bonus
    st.give_card(1, card(2, R, 3))
    st.set_board(1, [card(1, U, 0, [0, 0, 0, 0, 3]), -1, -1, -1])
    st.set_tokens(0, [0, 0, 0, 2, 3, 0])
    for r in range(5):
        assert K.cond_ok(st.S, st.T, st.F, r, 0), r
    st.set_tokens(0, [0, 0, 0, 2, 2, 0])   # one black short now
    assert not K.cond_ok(st.S, st.T, st.F, 1, 0)


# ---------------------------------------------------------------- what the lists make the engine do
def test_buy_prefers_points_by_default_and_the_cheapest_when_asked():
    cheap, dear = card(1, U, 0, [0, 0, 0, 0, 3]), card(1, W, 1, [0, 0, 4, 0, 0])
    for text, want in (("buy: [any]", dear), ("buy: [any cheapest]", cheap)):
        st = state(bots=[bot(text), bot("", "o")])
        one_level_board(st, [cheap, dear])
        st.set_tokens(0, [0, 0, 4, 0, 3, 0])
        turns(st)
        assert st.owned(0) == [want], text


def test_buy_follows_the_first_rule_that_finds_a_card():
    blue, white = card(1, U, 0, [0, 0, 0, 0, 3]), card(1, W, 1, [0, 0, 4, 0, 0])
    st = state(bots=[bot("buy: ['red', 'blue', 'white']"), bot("", "o")])
    one_level_board(st, [white, blue])
    st.set_tokens(0, [0, 0, 4, 0, 3, 0])
    turns(st)
    assert st.owned(0) == [blue]


def test_noble_selects_the_colours_a_noble_still_needs():
    blue, white = card(1, U, 0, [0, 0, 0, 0, 3]), card(1, W, 0, [0, 0, 0, 2, 1])
    st = state(bots=[bot("buy: ['noble']"), bot("", "o")])
    st.set_nobles([noble([4, 4, 0, 0, 0])])
    for x in [x.id for x in CARDS if x.level == 1 and x.bonus == U][1:5]:
        st.give_card(0, x)   # four blue already: the noble needs white now
    one_level_board(st, [blue, white])
    st.set_tokens(0, [0, 0, 0, 2, 3, 0])
    turns(st)
    assert white in st.owned(0) and blue not in st.owned(0)


def test_reserve_a_deck_top_and_reserved_cards_come_first_when_listed():
    st = state(bots=[bot("reserve: ['deck level 3']\nbuy: ['level 3']"), bot("", "o")])
    top = st.deck(3)[-1]
    turns(st)
    assert st.reserved(0) == [top] and st.tokens(0)[GOLD] == 1


def test_take_two_takes_two_of_the_colour_the_target_lacks_most():
    target = card(1, W, 1, [0, 0, 4, 0, 0])
    st = state(bots=[bot("buy: ['level 3']\ntake: ['two points']"), bot("", "o")])
    one_level_board(st, [target])
    turns(st)
    assert st.tokens(0) == [0, 0, 2, 0, 0, 0]


def test_default_take_aims_at_the_buy_lists_card_and_takes_three_colours():
    target = card(1, W, 1, [0, 0, 4, 0, 0])
    other = card(1, B, 0, [1, 1, 1, 1, 0])
    st = state(bots=[bot("buy: ['points']"), bot("", "o")])
    one_level_board(st, [other, target])
    st.set_tokens(0, [0, 0, 2, 0, 0, 0])
    turns(st)
    t = st.tokens(0)
    assert t[G] == 3 and sum(t) == 5   # green (its aim lacks 2) and two of the most plentiful others


def test_by_default_the_tokens_returned_are_those_its_aim_does_not_need():
    aim = next(c.id for c in CARDS if c.cost[G] == 7 and sum(c.cost) == 7)   # 7 green
    st = state()
    one_level_board(st, [aim], level=3)
    st.set_tokens(0, [0, 1, 5, 1, 3, 0])   # 10 tokens, green the most: its aim needs them
    st.set_bank([4, 3, 1, 3, 0, 5])
    turns(st)                               # takes green, white, blue: 13, three go back
    t = st.tokens(0)
    assert sum(t) == 10 and t[G] == 6


def test_default_take_two_when_the_aim_lacks_one_colour_only():
    target = card(1, W, 1, [0, 0, 4, 0, 0])
    st = state()
    one_level_board(st, [target])
    turns(st)
    assert st.tokens(0) == [0, 0, 2, 0, 0, 0]


@pytest.mark.parametrize("lists,gets", [("", "near"), ("noble: [any]", "far"), ("noble: [black, blue]", "far")])
def test_default_noble_is_the_one_an_opponent_is_closest_to(lists, gets):
    """By default the noble an opponent is closest to; a noble list's 'any' takes the
    first that qualifies (face-up order), a colour one that needs it."""
    n_far, n_near = noble([0, 4, 4, 0, 0]), noble([0, 0, 4, 4, 0])  # blue+green, green+red
    st = state(bots=[bot(lists), bot("", "o")])
    st.set_nobles([n_far, n_near, noble([4, 4, 0, 0, 0])])
    for colour in (U, G, R):
        for x in [x.id for x in CARDS if x.level == 1 and x.bonus == colour][:4]:
            st.give_card(0, x)
    for x in [x.id for x in CARDS if x.level == 1 and x.bonus == R][4:7]:
        st.give_card(1, x)   # the opponent has three red: closest to green+red
    one_level_board(st, [])
    turns(st)
    taken, left = (n_near, n_far) if gets == "near" else (n_far, n_near)
    assert st.noble_owner(taken) == 0 and st.noble_owner(left) == -1


def test_a_random_bots_game_is_reproducible_and_conserves_everything():
    rnd = bot("random: true", "r")
    a = state(bots=[rnd, rnd], seed=4)
    b = state(bots=[rnd, rnd], seed=4)
    turns(a, 30)
    turns(b, 30)
    assert (a.S == b.S).all() and a.conserved() == 0


# ---------------------------------------------------------------- the shipped bots
@pytest.mark.parametrize("path", sorted(STRATEGIES.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_shipped_bot_is_valid_and_described(path):
    from simulator.splendor.bots import load_bot
    b = load_bot(path)
    assert b.description and len(b.description) > 40
    assert b.random or b.buy or b.take or b.reserve


def test_the_data_files_match_the_component_counts():
    """The copied tables against the counts of the base game (the data README's checks)."""
    by_level = [sum(c.level == lv for c in CARDS) for lv in (1, 2, 3)]
    assert len(CARDS) == 90 and by_level == [40, 30, 20]
    for lv, per in ((1, 8), (2, 6), (3, 4)):
        assert all(sum(c.level == lv and c.bonus == k for c in CARDS) == per for k in range(5))
    assert [sum(c.points for c in CARDS if c.level == lv) for lv in (1, 2, 3)] == [5, 55, 80]
    for lv, totals in ((1, 33), (2, 41), (3, 43)):
        assert all(sum(c.cost[k] for c in CARDS if c.level == lv) == totals for k in range(5))
    assert len({(c.level, c.bonus, c.points, c.cost) for c in CARDS}) == 90
    assert len(NOBLES) == 10 and all(n.points == 3 for n in NOBLES)
    assert sorted(sorted(n.req) for n in NOBLES) == [[0, 0, 0, 4, 4]] * 5 + [[0, 0, 3, 3, 3]] * 5
    assert all(sum(n.req[k] > 0 for n in NOBLES) == 5 for k in range(5))


def test_every_yaml_example_of_the_splendor_doc_is_valid_and_plays():
    import re

    from simulator.splendor.game import parse_variant, play
    from simulator.lang.yamlio import load_text
    doc = (STRATEGIES.parent.parent / "docs" / "splendor.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", doc, re.S)
    assert len(blocks) >= 4
    random_bot = bot("random: true", "r")
    for text in blocks:
        data = load_text(text, "docs/splendor.md")
        if "rules" in data:
            assert parse_variant(data, "docs/splendor.md", text).target == 21
            continue
        b = bot_from_text(text, "docs/splendor.md")
        from simulator.splendor.game import make_match
        from ..helpers import scaled
        tally, _ = play(make_match([b, random_bot], check=True), 1, 0, scaled(400, floor=40))
        assert tally.bot[0, E.TB_W12] > tally.bot[1, E.TB_W12], b.name


@pytest.mark.parametrize("path", sorted(p for p in STRATEGIES.glob("*.yaml") if p.stem != "random"),
                         ids=lambda p: p.stem)
def test_every_shipped_bot_beats_the_random_bot(path):
    from ..helpers import scaled
    from simulator import api
    res = api.simulate([str(path), str(STRATEGIES / "random.yaml")], games=scaled(2000, floor=60), seed=1, jobs=1)
    assert res.summary.ci_low[0] > 0.5, res.summary
