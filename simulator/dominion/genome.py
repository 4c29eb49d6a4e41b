"""Bots as genomes for ``dsim optimize``: an ordered buy list whose rules carry one
number each (a count limit or a threshold), and a play order. A genome always renders to
a bot in dsim's own YAML language, so every result is a readable, valid, editable bot.

Rule shapes (the number is the gene's ``n``):

- ``Province: total_money > n``   (n 10..24; None: always)
- ``Duchy: supply(Province) <= n``  (n 1..8)
- ``Estate: supply(Province) <= n``  (n 0..4)
- ``Gold`` and ``Silver``: no number
- a kingdom card X: ``X: count(X) < n``  (n 1..6), or, as a ratio to the deck's
  Treasures, ``X: count(X) < 1 or count(X) < count(Treasure) / n``  (n 5..16)

Mutations insert, remove or move a rule, change a number, switch a kingdom card's rule
between a count and a ratio, swap a rule's kingdom card for another, or reorder the play
list; crossover joins the head of one buy list to the tail
of another. Every operator returns a new genome that renders to a valid bot.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import short
from .cards import BY_NAME

BASIC = ("Province", "Duchy", "Estate", "Gold", "Silver")
MAX_RULES = 14
#: card -> (lowest, highest) number; None: the rule has no number
RANGES = {"Province": (10, 24), "Duchy": (1, 8), "Estate": (0, 4), "Gold": None, "Silver": None}
KINGDOM_RANGE = (1, 6)
RATIO_RANGE = (5, 16)


@dataclass(frozen=True)
class Gene:
    card: str
    n: int | None = None
    ratio: bool = False  # a kingdom card's rule: one copy per n Treasures

    def rule(self) -> str:
        c = self.card
        if self.n is None:
            return c
        if c == "Province":
            return f"'{c}: total_money > {self.n}'"
        if c in ("Duchy", "Estate"):
            return f"'{c}: supply(Province) <= {self.n}'"
        if self.ratio:
            return f"'{c}: count({c}) < 1 or count({c}) < count(Treasure) / {self.n}'"
        return f"'{c}: count({c}) < {self.n}'"

    def range(self):
        return RATIO_RANGE if self.ratio else RANGES.get(self.card, KINGDOM_RANGE)


@dataclass(frozen=True)
class Genome:
    buy: tuple   # Genes, in priority order
    play: tuple  # Action card names, in play order

    def key(self) -> str:
        """A canonical text: equal genomes have equal keys (used to drop duplicates)."""
        return "|".join(g.rule() for g in self.buy) + "#" + ",".join(self.play)

    def simplified(self) -> "Genome":
        """The same bot without the rules that can never be the first to apply: a rule
        whose condition implies an earlier rule's for the same card (that rule is taken
        first, or refused by the end-game guard for both)."""
        kept = []
        for g in self.buy:
            if not any(_implies(g, e) for e in kept):
                kept.append(g)
        return Genome(tuple(kept), self.play)

    def render(self, name: str, comments: list[str] = ()) -> str:
        """The bot's YAML text (comment lines first)."""
        lines = [f"# {c}" if c else "#" for c in comments]
        lines += [f"name: {name}", "buy:"] + [f"  - {g.rule()}" for g in self.buy]
        if self.play:
            lines.append("play: [" + ", ".join(self.play) + "]")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict:
        return {"buy": [[g.card, g.n, g.ratio] for g in self.buy], "play": list(self.play)}

    @classmethod
    def from_json(cls, d: dict, pool: "Pool | None" = None) -> "Genome":
        """The genome of ``to_json``'s dict, checked (ValueError says what is wrong): rules
        of the shapes above on cards of ``pool``, numbers in their ranges, a play list of
        the Actions the buy list names."""
        if not isinstance(d, dict) or not isinstance(d.get("buy"), list) or not isinstance(d.get("play"), list) \
                or not 1 <= len(d["buy"]) <= MAX_RULES:
            raise ValueError("a genome is not {'buy': [1 to %d rules], 'play': [cards]}" % MAX_RULES)
        buy = []
        for item in d["buy"]:
            if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)
                    and item[0] in (pool.cards if pool is not None else BY_NAME) and isinstance(item[2], bool)):
                raise ValueError(f"a genome's rule {short(item)} is not [card of the kingdom, number, ratio]")
            g = Gene(*item)
            span = g.range()
            if g.n is not None and (span is None or isinstance(g.n, bool) or not isinstance(g.n, int)
                                    or not span[0] <= g.n <= span[1]):
                raise ValueError(f"a genome's rule {short(item)} has a number out of its range")
            buy.append(g)
        play = d["play"]
        actions = {g.card for g in buy if "Action" in BY_NAME[g.card].types}
        if not all(isinstance(c, str) for c in play) or set(play) != actions or len(set(play)) != len(play):
            raise ValueError(f"a genome's play list {short(play)} is not the Actions it buys")
        return cls(tuple(buy), tuple(play))


def _implies(g: Gene, e: Gene) -> bool:
    """Whenever rule g's condition holds, does the earlier rule e's hold too (same card)?"""
    if g.card != e.card:
        return False
    if e.n is None:
        return True                      # e always holds
    if g.n is None or g.ratio != e.ratio:
        return False
    if g.card in ("Duchy", "Estate"):
        return g.n <= e.n                # supply(Province) <= g.n implies <= e.n
    if g.card == "Province" or g.ratio:
        return g.n >= e.n                # money > g.n implies > e.n; fewer per more Treasures
    return g.n <= e.n                    # count < g.n implies count < e.n


class Pool:
    """The cards a genome may name: the basic five and the kingdom's buyable cards."""

    def __init__(self, kingdom_cards):
        self.kingdom = tuple(c.name for c in kingdom_cards)
        self.cards = BASIC + self.kingdom

    def is_action(self, name: str) -> bool:
        return "Action" in BY_NAME[name].types

    def random_n(self, card: str, rng: random.Random):
        r = RANGES.get(card, KINGDOM_RANGE)
        return None if r is None else rng.randint(*r)

    def random_gene(self, rng: random.Random) -> Gene:
        card = rng.choice(self.cards)
        if card in self.kingdom and rng.random() < 0.3:
            return Gene(card, rng.randint(*RATIO_RANGE), True)
        return Gene(card, self.random_n(card, rng))


def big_money(pool: Pool, extra: str | None = None, copies: int = 1, ratio: bool = False) -> Genome:
    """Big Money Ultimate's shape, with ``copies`` of a kingdom card, or with ``ratio`` one
    per 11 Treasures (above Gold when it costs 6 or more)."""
    buy = [Gene("Province", 18), Gene("Duchy", 4), Gene("Estate", 2), Gene("Gold"), Gene("Silver")]
    play = ()
    if extra is not None:
        x = Gene(extra, 11, True) if ratio else Gene(extra, copies + 1)
        buy.insert(3 if BY_NAME[extra].cost >= 6 else 4, x)
        play = (extra,) if pool.is_action(extra) else ()
    return Genome(tuple(buy), play)


def _with_play(pool: Pool, buy: list, play: tuple) -> Genome:
    """A genome whose play list names exactly the Actions of its buy list (kept order,
    new ones last); a rule that repeats an earlier one exactly is dropped."""
    buy = list(dict.fromkeys(buy))
    actions = []
    for g in buy:
        if pool.is_action(g.card) and g.card not in actions:
            actions.append(g.card)
    order = [c for c in play if c in actions] + [c for c in actions if c not in play]
    if not buy:
        buy = [Gene("Silver")]
    return Genome(tuple(buy[:MAX_RULES]), tuple(order))


def mutate(g: Genome, pool: Pool, rng: random.Random) -> Genome:
    """One random change (see the module text)."""
    buy = list(g.buy)
    play = g.play
    op = rng.choice(("insert", "remove", "move", "number", "number", "ratio", "swap", "play"))
    if op == "insert" and len(buy) < MAX_RULES:
        buy.insert(rng.randint(0, len(buy)), pool.random_gene(rng))
    elif op == "remove" and len(buy) > 1:
        buy.pop(rng.randrange(len(buy)))
    elif op == "move" and len(buy) > 1:
        x = buy.pop(rng.randrange(len(buy)))
        buy.insert(rng.randint(0, len(buy)), x)
    elif op == "number":
        i = rng.randrange(len(buy))
        r = buy[i].range()
        if r is not None:
            n = buy[i].n if buy[i].n is not None else (r[0] + r[1]) // 2
            buy[i] = Gene(buy[i].card, min(r[1], max(r[0], n + rng.choice((-2, -1, 1, 2)))), buy[i].ratio)
    elif op == "ratio":
        ks = [i for i, x in enumerate(buy) if x.card in pool.kingdom]
        if ks:
            i = rng.choice(ks)
            ratio = not buy[i].ratio
            buy[i] = Gene(buy[i].card, rng.randint(*(RATIO_RANGE if ratio else KINGDOM_RANGE)), ratio)
    elif op == "swap" and pool.kingdom:
        ks = [i for i, x in enumerate(buy) if x.card in pool.kingdom]
        if ks:
            i = rng.choice(ks)
            card = rng.choice(pool.kingdom)
            buy[i] = Gene(card, pool.random_n(card, rng))
    elif op == "play" and len(play) > 1:
        p = list(play)
        i, j = rng.sample(range(len(p)), 2)
        p[i], p[j] = p[j], p[i]
        play = tuple(p)
    return _with_play(pool, buy, play)


def crossover(a: Genome, b: Genome, pool: Pool, rng: random.Random) -> Genome:
    """The head of a's buy list, then b's rules from the same point on."""
    i = rng.randint(0, len(a.buy))
    j = rng.randint(0, len(b.buy))
    return _with_play(pool, list(a.buy[:i]) + list(b.buy[j:]), a.play)
