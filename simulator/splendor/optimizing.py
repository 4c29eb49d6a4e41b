"""What ``dsim optimize`` needs of Splendor: the grammar of a Splendor bot's genome over its
six lists (simulator/lang/genome.py), the seed genomes, bots from their text, and which
bots can play a variant (all of them but the random one).

Items are selectors (docs/splendor.md): a level, a points floor and an order; or a
colour, ``noble`` or ``reserved`` with an order; take lists add ``two``; reserve lists add
``deck level N``. Conditions read the player's points, lead, tokens, gold, cards,
reserves, nobles in reach, turn, bonus by colour and how short it is of a level.
"""
from __future__ import annotations

from .bots import bot_from_text  # noqa: F401 - a candidate from its text
from . import layout as E
from .bots import parse_selector
from .cards import COLOURS
from ..lang.expr import ExprError
from ..lang.genome import Clause, Genome, Grammar, ListSpec, Rule, Shape

_ORDER = ("", "cheapest", "closest", "most points")
_POINTS = ("", "points", "2+ points", "3+ points")
_LEVELS = ("", "level 1", "level 2", "level 3")


def _words(*ws) -> str:
    """A selector's words in the grammar's order; 'any' first when no word filters."""
    ws = [w for w in ws if w]
    if not any(w not in _ORDER and w != "two" for w in ws):
        ws = ws if "two" in ws else ["any"] + ws
    return " ".join(ws)


def _card_items(take: bool = False, reserve: bool = False) -> tuple:
    out = [_words(lv, pt, od) for lv in _LEVELS for pt in _POINTS for od in _ORDER]
    out += [_words(pt, "noble", od) for pt in ("", "points") for od in _ORDER]
    out += [_words(c, od) for c in COLOURS for od in _ORDER]
    if not reserve:
        out += [_words("reserved", od) for od in _ORDER]
    if take:
        out += [_words("two", lv, od) for lv in _LEVELS for od in ("", "closest")] + ["two noble closest"]
    if reserve:
        out += [f"deck level {lv}" for lv in (1, 2, 3)]
    return tuple(dict.fromkeys(out))


SHAPES = (
    Shape("points_lt", "points < {n}", (("n", 1, 14),), (), "up", 2),
    Shape("points_ge", "points >= {n}", (("n", 1, 14),), (), "down", 2),
    Shape("lead_lt", "lead < {n}", (("n", -6, 6),), (), "up"),
    Shape("opp_ge", "opp_points >= {n}", (("n", 3, 14),), (), "down"),
    Shape("cards_lt", "cards < {n}", (("n", 1, 20),), (), "up", 2),
    Shape("cards_ge", "cards >= {n}", (("n", 1, 20),), (), "down", 2),
    Shape("tokens_lt", "tokens < {n}", (("n", 1, 10),), (), "up"),
    Shape("tokens_ge", "tokens >= {n}", (("n", 1, 10),), (), "down"),
    Shape("gold_lt", "gold < {n}", (("n", 1, 5),), (), "up"),
    Shape("reserved_lt", "reserved < {n}", (("n", 1, 3),), (), "up"),
    Shape("reach", "nobles_in_reach > {n}", (("n", 0, 2),), (), "down"),
    Shape("turn_le", "turn <= {n}", (("n", 1, 30),), (), "up"),
    Shape("turn_ge", "turn >= {n}", (("n", 2, 30),), (), "down"),
    Shape("bonus_lt", "bonus({c}) < {n}", (("n", 1, 7), ("c", "colour")), (), "up"),
    Shape("short_le", "short({lv}) <= {n}", (("n", 0, 8), ("lv", "level")), (), "up"),
)


def grammar(variant=None, players: int = 2, pool_cards=None) -> Grammar:
    """The genome's grammar (every variant plays the same cards)."""
    colours = tuple(COLOURS)
    lists = {"buy": ListSpec(_card_items(), 10, weight=3),
             "reserve": ListSpec(_card_items(reserve=True), 6, weight=1),
             "take": ListSpec(_card_items(take=True), 8, weight=2),
             "return": ListSpec(colours + ("gold",), 6, weight=0.4, clauses=0),
             "noble": ListSpec(colours + ("any",), 5, weight=0.3, clauses=0),
             "pay_gold": ListSpec(colours, 3, weight=0.2)}
    refs = {"colour": colours, "level": ("level1", "level2", "level3", "any_level")}
    return Grammar(lists, SHAPES, refs, header=("game: splendor",), canonical=_canonical)


def _canonical(lst: str, text: str):
    """A selector as the grammar writes it (its words in one order), or None."""
    try:
        s = parse_selector(text, lst)
    except ExprError:
        return None
    if lst in ("return", "noble", "pay_gold"):
        return "any" if s.colour < 0 else (COLOURS + ("gold",))[s.colour]
    if s.where == E.W_DECK:
        return f"deck level {s.level}"
    order = {E.ORD_CHEAPEST: "cheapest", E.ORD_CLOSEST: "closest", E.ORD_POINTS: "most points"}.get(s.order, "")
    points = "" if not s.min_points else "points" if s.min_points == 1 else f"{s.min_points}+ points"
    return _words("two" if s.two else "", "reserved" if s.where == E.W_RESERVED else
                  "board" if s.where == E.W_BOARD else "", f"level {s.level}" if s.level else "",
                  COLOURS[s.colour] if s.colour >= 0 else "", points, "noble" if s.noble else "", order)


def seeds(g: Grammar) -> list:
    """The first generation's genomes: the defaults (a bot with no list), greedy buying, and
    a few plain plans (cheap level 1 first, points first, level 3 with reserves)."""
    def r(item, *cl):
        return Rule(item, cl)

    plans = [
        [("buy", [r("points"), r("any")])],
        [("buy", [r("3+ points"), r("level 1 cheapest", Clause("cards_lt", (6,))), r("points"), r("any cheapest")]),
         ("take", [r("level 1 closest", Clause("cards_lt", (6,))), r("points closest")])],
        [("buy", [r("2+ points"), r("noble cheapest"), r("points"), r("any cheapest")]),
         ("take", [r("noble closest", Clause("reach", (0,))), r("points closest")])],
        [("buy", [r("reserved"), r("3+ points"), r("level 1 cheapest", Clause("cards_lt", (5,))), r("points")]),
         ("reserve", [r("level 3 most points", Clause("reserved_lt", (1,)), Clause("cards_ge", (6,)))])],
    ]
    return [Genome(tuple((k, tuple(v)) for k, v in p)) for p in plans]


def fits(bot, variant) -> bool:
    """Every Splendor bot but a random one can play any variant."""
    return not bot.random


def setup_key(variant) -> dict:
    return {"variant": variant.name, "variant_rules": variant.as_dict()}


def setup_name(variant) -> str:
    return "the standard rules" if variant.name == "standard" else f"the {variant.name} variant"

