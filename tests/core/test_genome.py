"""The optimiser's genomes (simulator/lang/genome.py) with both games' grammars: every
operator keeps a genome a valid bot of its game, a bot's text reads back as the same
genome, simplifying and pruning never change a game, and a person's bot becomes a genome
with what it cannot express kept as written."""
import json
import random
from pathlib import Path

import pytest

from ..helpers import scaled
from simulator import api
from simulator.games import get_game
from simulator.dominion import optimizing as dominion
from simulator.splendor import optimizing as splendor
from simulator.lang import genome as G
from simulator.lang.genome import Clause, Genome, Rule
from simulator.tools.optimizer import default_against

ROOT = Path(__file__).resolve().parents[2]
KINGDOMS = ROOT / "kingdoms"
BMU = ROOT / "strategies" / "big_money_ultimate.yaml"

GRAMMARS = [
    ("village square", dominion, lambda: api.load_setup(KINGDOMS / "village_square.yaml")),
    ("size distortion", dominion, lambda: api.load_setup(KINGDOMS / "size_distortion.yaml")),
    ("big money", dominion, lambda: api.load_setup(KINGDOMS / "big_money.yaml")),
    # Intrigue's choices: choose (Pawn, Steward, Minion, Nobles), pass, baron_discard
    ("underlings", dominion, lambda: api.load_setup(KINGDOMS / "intrigue" / "underlings.yaml")),
    # Lurker, Torturer, Swindler's card, mining_village_trash
    ("the plot thickens", dominion, lambda: api.load_setup(KINGDOMS / "intrigue" / "the_plot_thickens.yaml")),
    # Courtier, mill_discard
    ("victory dance 2e", dominion, lambda: api.load_setup(KINGDOMS / "intrigue" / "victory_dance_2e.yaml")),
    ("splendor", splendor, lambda: get_game("splendor").default_setup()),
]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("name,tools,setup", GRAMMARS, ids=[g[0] for g in GRAMMARS])
def test_every_operator_keeps_a_valid_bot_that_reads_back_as_the_same_genome(name, tools, setup):
    setup = setup()
    g = tools.grammar(setup, 2)
    rng = random.Random(7)
    # the seeds, and every shipped bot that can play the setup, as the optimiser starts
    population = tools.seeds(g) + [G.from_bot(b.source, g)[0] for b in default_against(setup)]
    shapes, lists = set(), set()
    for step in range(scaled(1500, 300)):
        a = rng.choice(population)
        x = G.crossover(a, rng.choice(population), g, rng) if step % 3 == 0 else G.mutate(a, g, rng)
        population.append(x)
        text = x.render(g, "G")
        bot = tools.bot_from_text(text, "<genome>")  # raises on an invalid bot
        assert bot.name == "G"
        back, _ = G.from_bot(text, g)
        assert back == x, text
        assert Genome.from_json(json.loads(json.dumps(x.to_json())), g) == x
        for lst, rules in x.lists:
            assert len(rules) <= g.lists[lst].max_rules and all(r.item in g.lists[lst].items for r in rules)
            lists.add(lst)
            shapes |= {c.shape for r in rules for c in r.clauses}
        tools.bot_from_text(G.simplified(x, g).render(g, "S"), "<simplified>")
    assert len({x.key() for x in population}) > scaled(1000, 200)  # the operators do change genomes
    assert lists == set(g.lists)  # every list is reached
    assert len(shapes) >= len(g.shapes) - 2  # and (nearly) every shape


def test_the_dominion_grammar_offers_the_lists_the_kingdom_asks_for():
    g = dominion.grammar(api.load_setup(KINGDOMS / "size_distortion.yaml"))
    assert list(g.lists) == ["buy", "gain", "play", "trash", "discard"]  # Chapel, Workshop, Cellar: no topdeck
    assert "Copper" in g.lists["buy"].items  # Gardens is there
    g = dominion.grammar(api.load_setup(KINGDOMS / "village_square.yaml"))
    assert list(g.lists) == ["buy", "gain", "play", "trash", "discard", "topdeck", "set_aside"]
    assert "Copper" not in g.lists["buy"].items and set(g.lists["play"].items) == {
        "Bureaucrat", "Cellar", "Festival", "Library", "Market", "Remodel", "Smithy", "Throne Room", "Village",
        "Woodcutter"}
    # a count never compares a card with itself through another card's shape
    rng = random.Random(1)
    for _ in range(500):
        r = G.random_rule(g, "buy", rng)
        assert all(c.args[1] != r.item for c in r.clauses if c.shape in ("per_card", "per_card2", "has_lt",
                                                                          "has_ge"))


def test_a_persons_bot_becomes_a_genome_and_what_it_cannot_express_is_kept():
    k = api.load_setup(KINGDOMS / "first_game.yaml")
    g = dominion.grammar(k)
    text = (ROOT / "strategies" / "smithy_big_money.yaml").read_text()
    gen, kept = G.from_bot(text, g)
    assert not kept
    assert gen.get("buy")[5] == Rule("Smithy", (Clause("per_treasure", (11,)),))
    assert gen.get("buy")[0] == Rule("Province", (Clause("money_gt", (15,)),))
    assert gen.get("play") == (Rule("Smithy"),)
    # a bot's own words: the rules it cannot express are kept, the rest is evolvable
    mine = ("name: Mine\nbuy:\n  - 'Province: total_money > 15 and vp + 3 > opp_vp'\n"
            "  - 'Smithy: count(Smithy) < 2 and (turn <= 4 or coins == 4)'\n  - Gold\n  - 'Witch'\n"
            "  - Silver\nplay: [Smithy]\noptions: {reveal_moat: false}\n")
    gen, kept = G.from_bot(mine, g, keep=True)
    buy = gen.get("buy")
    assert buy[0].clauses == (Clause("money_gt", (15,)), Clause("", ("vp + 3 > opp_vp",)))
    assert buy[1].clauses == (Clause("own", (2,)), Clause("", ("turn <= 4 or coins == 4",)))
    assert buy[3] == Rule("Witch", (), True, True)  # not in this kingdom: kept as written
    assert kept == ["Province: vp + 3 > opp_vp", "Smithy: turn <= 4 or coins == 4", "Witch",
                    "options: {'reveal_moat': False}"]
    assert gen.extra == (("options", {"reveal_moat": False}),)
    # the kept parts survive every operator, and the genome stays a valid bot
    rng = random.Random(2)
    x = gen
    for _ in range(300):
        x = G.mutate(x, g, rng)
        texts = [r.text(g) for r in x.get("buy")]
        assert "Witch" in texts and any("vp + 3 > opp_vp" in t for t in texts)
        assert "reveal_moat: false" in x.render(g, "X")
        dominion.bot_from_text(x.render(g, "X"), "<x>")
    # a bot the run plays against (not the start) may lose what the grammar cannot say
    theirs, _ = G.from_bot(mine, g)
    assert not any(r.keep for r in theirs.get("buy")) and (("buy", 3, None) in G.parts(theirs))
    assert ("buy", 3, None) not in G.parts(gen) and ("buy", 0, 1) not in G.parts(gen) and ("buy", 0, 0) in G.parts(gen)
    # '+ 0' is not written, and a bot that leaves it out reads as n = 0
    two = Rule("Smithy", (Clause("per_card2", (0, "Village")), Clause("per_card", (1, "Village"))))
    assert two.text(g) == "Smithy: count(Smithy) < 2 * count(Village) and count(Smithy) < count(Village) + 1"
    gen, kept = G.from_bot(f"name: P\nbuy: ['{two.text(g)}', 'Village: count(Village) < count(Smithy)']\n", g)
    assert not kept and gen.get("buy") == (two, Rule("Village", (Clause("per_card", (0, "Smithy")),)))
    # 'a or b and c' is 'a or (b and c)': one clause, not two
    gen, kept = G.from_bot("name: P\nbuy: ['Gold: turn > 3 or turn < 2 and coins > 6']\n", g)
    assert gen.get("buy")[0].clauses == (Clause("", ("turn > 3 or turn < 2 and coins > 6",)),)


def test_a_splendor_bot_becomes_a_genome_with_its_selectors_in_the_grammars_words():
    g = splendor.grammar()
    for path in sorted((ROOT / "strategies" / "splendor").glob("*.yaml")):
        gen, kept = G.from_bot(path.read_text(), g)
        if path.stem == "random":
            assert kept == ["random: True"]
            continue
        bot = splendor.bot_from_text(gen.render(g, "X"), "<x>")
        orig = splendor.bot_from_text(path.read_text(), str(path))
        for lst in ("buy", "reserve", "take", "return", "noble"):  # the same selectors, in the same order
            assert [r.sel.row() for r in bot.rules(lst)] == [r.sel.row() for r in orig.rules(lst)], (path, lst)
        if path.stem == "cheap_engine":
            assert not kept
            assert gen.get("buy")[1] == Rule("level 1 cheapest", (Clause("cards_lt", (6,)),))
    gen, kept = G.from_bot("game: splendor\nname: x\nbuy: ['cheapest level 2: points >= 3']\n", g)
    assert gen.get("buy") == (Rule("level 2 cheapest", (Clause("points_ge", (3,)),)),) and not kept


@pytest.mark.timeout(60)
def test_intrigue_choices_are_genes_and_what_the_grammar_leaves_out_stays_in_the_same_mapping():
    g = dominion.grammar(api.load_setup(KINGDOMS / "intrigue" / "underlings.yaml"))
    assert [k for k in g.lists if g.lists[k].under] == [
        "choose Pawn", "choose Steward", "choose Nobles", "choose Minion", "options baron_discard"]
    assert "pass" in g.lists and g.lists["choose Pawn"].items == ("card", "action", "buy", "coin")
    mine = ("name: Mine\nbuy: [Province, Gold, Silver]\npass: [Curse, 'Estate: turn <= 5']\n"
            "choose:\n  pawn: [Card, 'coin: turn >= 4']\n  Wishing Well: [Gold]\n"
            "options: {baron_discard: 'turn >= 4', reveal_moat: false}\n")
    gen, kept = G.from_bot(mine, g)
    assert gen.get("choose Pawn") == (Rule("card"), Rule("coin", (Clause("turn_ge", (4,)),)))
    assert gen.get("options baron_discard") == (Rule("true", (Clause("turn_ge", (4,)),)),)
    assert gen.get("pass") == (Rule("Curse"), Rule("Estate", (Clause("turn_le", (5,)),)))
    # Wishing Well is not in Underlings, and reveal_moat not evolved: kept, in their mappings
    assert gen.extra == (("choose", {"Wishing Well": ["Gold"]}), ("options", {"reveal_moat": False}))
    assert kept == ["choose: {'Wishing Well': ['Gold']}", "options: {'reveal_moat': False}"]
    text = gen.render(g, "X")
    assert text.count("choose:") == 1 and text.count("options:") == 1 and "  baron_discard: 'turn >= 4'" in text
    bot = dominion.bot_from_text(text, "<x>")
    assert set(bot.choose) == {"Pawn", "Wishing Well"} and set(bot.options) == {"baron_discard", "reveal_moat"}
    assert G.from_bot(text, g)[0] == gen
    # false needs no condition, and says no
    no = gen.with_list(g, "options baron_discard", [Rule("false", (Clause("turn_ge", (4,)),))])
    assert "baron_discard: false" in no.render(g, "N") and G._tidy(no, g).get("options baron_discard") == (
        Rule("false"),)
    assert "Answers baron discard: no." in G.plan(G._tidy(no, g), g)
    assert "Answers baron discard: yes from turn 4." in G.plan(gen, g)
    # a key spelled as the bot reader allows (hyphens, case) is the gene, not a kept extra
    g = dominion.grammar(api.load_setup(KINGDOMS / "intrigue" / "best_wishes.yaml"))
    gen, kept = G.from_bot("name: W\nbuy: [Province, Gold, Silver]\nchoose:\n  wishing-well: [Gold]\n", g)
    assert gen.get("choose Wishing Well") == (Rule("Gold"),) and gen.extra == () and not kept


def test_simplifying_drops_what_can_never_apply_and_nothing_else():
    g = dominion.grammar(api.load_setup(KINGDOMS / "first_game.yaml"))
    R = Rule
    buy = (R("Duchy", (Clause("left_le", (4,)),)), R("Duchy", (Clause("left_le", (3,)),)),
           R("Province", (Clause("money_gt", (15,)),)), R("Province", (Clause("money_gt", (16,)),)),
           R("Gold"), R("Gold", (Clause("turn_ge", (5,)),)),
           R("Smithy", (Clause("own", (3,)), Clause("own", (2,)))),
           R("Smithy", (Clause("own", (2,)), Clause("turn_le", (4,)))),
           R("Smithy", (Clause("per_treasure", (11,)),)), R("Smithy", (Clause("per_treasure", (12,)),)),
           R("Silver"))
    gen = Genome((("buy", buy),))
    assert [r.text(g) for r in G.simplified(gen, g).get("buy")] == [
        "Duchy: supply(Province) <= 4", "Province: total_money > 15", "Gold", "Smithy: count(Smithy) < 2",
        "Smithy: count(Smithy) < 1 or count(Smithy) < count(Treasure) / 11", "Silver"]
    # a rule of another item, or a condition that is not implied, stays
    other = Genome((("buy", (R("Smithy", (Clause("own", (2,)),)), R("Smithy", (Clause("own", (3,)),)),
                             R("Smithy", (Clause("turn_le", (4,)),)))),))
    assert G.simplified(other, g) == other


@pytest.mark.timeout(300)
def test_a_simplified_genome_plays_exactly_as_the_genome():
    kingdom = api.load_setup(KINGDOMS / "first_game.yaml")
    g = dominion.grammar(kingdom)
    rng = random.Random(11)
    x = dominion.big_money(g, "Smithy", 1, ratio=True)
    shorter = 0
    for k in range(10):
        for _ in range(8):
            x = G.mutate(x, g, rng)
        s = G.simplified(x, g)
        shorter += s.rule_count() < x.rule_count()
        runs = [api.simulate([dominion.bot_from_text(y.render(g, "G"), "<g>"), BMU], kingdom, games=scaled(400, 24),
                             seed=k, jobs=1).summary for y in (x, s)]
        assert runs[0][["wins", "ties", "losses", "mean_vp"]].equals(runs[1][["wins", "ties", "losses", "mean_vp"]])
    assert shorter > 0


def test_the_diff_says_what_changed():
    g = dominion.grammar(api.load_setup(KINGDOMS / "first_game.yaml"))
    a = dominion.big_money(g, "Smithy", 1)
    b = a.with_list(g, "buy", [Rule("Province")] + list(a.get("buy"))[1:])
    assert G.diff(a, b, g) == ["buy: - Province: total_money > 18", "buy: + Province"]
    c = a.with_list(g, "buy", list(a.get("buy"))[::-1])
    rules = [r.text(g) for r in a.get("buy")]
    # reversed: Silver stays (a longest common order is one rule long), every other rule moved
    assert G.diff(a, c, g) == [f"buy: {r} moved to the end" for r in rules[::-1][1:]]
    # one rule moved up: one line, naming the rule it now stands above
    moved = list(a.get("buy"))
    moved.insert(1, moved.pop(3))
    assert G.diff(a, a.with_list(g, "buy", moved), g) == [f"buy: {rules[3]} moved above {rules[1]}"]
    # a move beside an added rule and a dropped one
    d = [Rule("Village")] + list(moved)[:-1]
    assert G.diff(a, a.with_list(g, "buy", d), g) == [f"buy: - {rules[-1]}", "buy: + Village",
                                                      f"buy: {rules[3]} moved above {rules[1]}"]
    assert G.diff(a, a, g) == []
    assert G.diff(a, Genome(a.lists[:1]), g) == ["play: - Smithy", "play: no list left: the game's default decides"]


def test_a_start_bots_first_alternatives_add_each_card_it_does_not_buy_where_it_can_be_bought():
    g = dominion.grammar(api.load_setup(KINGDOMS / "big_money.yaml"), 2)
    mine = G.from_bot("name: Mine\nbuy: ['Province: total_money > 15', Gold, 'Laboratory: count(Laboratory) < 3',"
                      " Silver, 'Market: turn <= 5']\nplay: [Laboratory, Mine]\n", g)[0]
    near = dominion.neighbours(g, mine)
    buy = mine.get("buy")
    added = {}
    for n in near:
        new = n.get("buy")
        at = next(i for i, r in enumerate(new) if i == len(buy) or r != buy[i])
        assert new[:at] + new[at + 1:] == buy  # one rule more, nothing else changed
        added.setdefault(new[at].item, set()).add((at, new[at].clauses, tuple(r.item for r in n.get("play"))))
        dominion.bot_from_text(n.render(g, "N"), "<neighbour>")  # a valid bot
    # every kingdom card the bot does not name yet (Laboratory and Market it names), in three forms
    assert set(added) == {"Adventurer", "Bureaucrat", "Chancellor", "Chapel", "Feast", "Mine", "Moneylender",
                          "Throne Room"}
    assert all(len(v) == 3 for v in added.values())
    # an Action is played where the default order plays it: before a listed card it comes before
    plays = {c: {x[2] for x in v} for c, v in added.items()}
    assert plays["Throne Room"] == {("Laboratory", "Throne Room", "Mine")}
    assert plays["Moneylender"] == {("Laboratory", "Moneylender", "Mine")}
    assert plays["Chapel"] == plays["Feast"] == {("Laboratory", "Mine")}  # played after the list
    # before the first rule that always buys a card as cheap: Gold for Adventurer ($6), Silver for the
    # others, but for Chapel ($2): last
    assert {x[0] for x in added["Adventurer"]} == {1} and {x[0] for x in added["Chapel"]} == {5}
    assert all({x[0] for x in v} == {3} for c, v in added.items() if c not in ("Adventurer", "Chapel"))
    assert {x[1] for x in added["Chapel"]} == {(Clause("own", (2,)),), (Clause("per_treasure", (11,)),),
                                                 (Clause("turn_le", (15,)),)}
    full = mine.with_list(g, "buy", [Rule("Silver")] * g.lists["buy"].max_rules)
    assert dominion.neighbours(g, full) == []  # no room for one more rule
