"""``dsim optimize --start`` on any valid bot: it ends (every loop bounded), a bot it cannot
start from is one line before any game, and "no change found" means best.yaml holds the
start bot's rules as its file writes them."""
from pathlib import Path

import pytest
import yaml

from simulator import api
from simulator.errors import InputErrors
from simulator.lang import genome as G
from simulator.tools import optimizer as O

ROOT = Path(__file__).resolve().parents[2]
FIRST = ROOT / "kingdoms" / "first_game.yaml"
BMU = ROOT / "strategies" / "big_money_ultimate.yaml"
TINY = dict(population=4, leaders=2, stage_games=8, stages=2, final_games=8)


class AllAlike:
    """An evaluator under which every bot plays the same games (one fingerprint for all):
    every part of every genome looks droppable. It counts its calls and gives up long before
    a loop that never ends would."""
    def __init__(self, limit=200):
        self.calls, self.limit = 0, limit

    def map(self, tasks):
        self.calls += 1
        assert self.calls <= self.limit, "the optimiser keeps asking: a loop that does not end"
        return [[(n, n, 2, "same") for _ in t[1]] for t in tasks for n in [t[4]]]


def _opt(start=None, against=(BMU,)):
    kingdom = api.load_setup(FIRST)
    bots = api.load_bots(list(against))
    return O.Optimizer(O.Settings(kingdom, bots, start=start, hall=0, **TINY), None)


def test_pruning_never_puts_back_what_it_took_out():
    opt = _opt()
    g = opt.grammar
    last = g.lists["buy"].items[-1]  # what the grammar puts back into an empty buy list
    for rules in ([G.Rule(last)], [G.Rule("Silver")]):
        gen = G.Genome((("buy", tuple(rules)),))
        assert opt.prune(AllAlike(), gen) == (gen, 0)  # the sole rule of the list every bot has stays
    three = G.Genome((("buy", (G.Rule("Gold"), G.Rule("Silver", (G.Clause("own", (2,)),)), G.Rule("Silver"))),))
    ev = AllAlike()
    pruned, dropped = opt.prune(ev, three)
    assert pruned.rule_count() == 1 and dropped == 3 and ev.calls <= 2 * len(G.parts(three)) + 1


def _bot(tmp_path, name, text):
    p = tmp_path / f"{name}.yaml"
    p.write_text(text)
    return p


def test_a_start_bot_with_an_empty_buy_list_is_one_line_before_any_game(tmp_path, monkeypatch):
    empty = _bot(tmp_path, "empty", "name: Empty\nbuy: []\n")
    monkeypatch.setattr(O, "Evaluator", lambda *a, **k: pytest.fail("a game was played"))
    with pytest.raises(InputErrors) as e:
        O.optimize(FIRST, [empty], start=empty, generations=2, seed=1, jobs=1, **TINY)
    assert str(e.value) == (f"{empty}:2: the 'buy' list is empty, and dsim optimize starts from a bot's rules — "
                            "give it a buy rule, or leave out --start to evolve a bot from scratch")


def test_an_unchanged_start_bot_is_written_back_as_its_file_writes_it(tmp_path):
    text = ("name: Mine\nbuy:\n  - 'province: total_money>15'\n  - Gold\n  - {silver: count(Silver) < 3}\n"
            "  - Gold\n  - Chapel\n")
    opt = _opt(api.load_bots([_bot(tmp_path, "mine", text)])[0])
    start, g = opt.start, opt.grammar
    written = ["province: total_money>15", "Gold", "silver: count(Silver) < 3", "Gold", "Chapel"]
    assert [r.text(g) for r in start.get("buy")] == written  # repeated, misspelt, not in the kingdom: as written
    # the same rules reached another way (mutated away and back, read back from a saved state)
    again = G.Genome.from_json(start.to_json(), g)
    assert again == start and [r.text(g) for r in again.get("buy")] != written
    assert [r.text(g) for r in G.as_written(again, start).get("buy")] == written
    assert G.diff(start, G.as_written(again, start), g) == []
    # simplifying it drops the repeated Gold: a change, and said as one
    simple = G.as_written(G.simplified(start, g), start)
    assert [r.text(g) for r in simple.get("buy")] == written[:3] + written[4:]
    assert G.diff(start, simple, g) == ["buy: - Gold"]


def _rules(bot: dict) -> dict:
    """A bot's lists, each rule as its text ('ITEM: condition')."""
    return {k: [r if isinstance(r, str) else "{}: {}".format(*next(iter(r.items()))) for r in v]
            for k, v in bot.items() if isinstance(v, list)}


# valid bots a person might start from, at the edges of what the grammar can express
HOSTILE = {
    "only the item an empty list gets": "buy: [Mine]\n",
    "only a money card": "buy: [Silver]\n",
    "only cards outside the kingdom": "buy: [Chapel, Witch]\n",
    "a base card the grammar never names": "buy: [Copper, Curse]\n",
    "a rule that never fires": "buy: ['Province: vp > 1000']\n",
    "every rule twice": "buy: [Gold, Gold, Silver, Silver]\n",
    "a condition it cannot read": "buy: ['Gold: coins * 2 > 13 or turn > 40', Silver]\n",
    "lists of every kind": "buy: [Gold, Smithy, Silver]\nplay: [Smithy]\ntrash: [Curse]\nguard: false\n",
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_any_valid_start_bot_ends_and_no_change_means_its_own_rules(tmp_path, name):
    start = _bot(tmp_path, "start", f"name: Start\n{HOSTILE[name]}")
    res = O.optimize(FIRST, [start, BMU], start=start, generations=1, seed=3, jobs=1, out=tmp_path / "o", **TINY)
    O.write(res, tmp_path / "o")
    best, mine = (_rules(yaml.safe_load(p.read_text())) for p in (tmp_path / "o" / "best.yaml", start))
    same = best == mine
    assert (res.meta["changes"] == []) == same, res.meta["changes"]
    said = "\n".join(O.summary_lines(res))
    assert ("No change to it was found" in said) == same
