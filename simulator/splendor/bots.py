"""Splendor bots: YAML file -> validated Bot -> the arrays the engine interprets.

A bot is priority lists, like a Dominion bot: ``buy``, ``reserve`` and ``take`` say what
to do on a turn (the first rule whose condition holds and that is a legal move is
played), ``return`` which tokens go back over 10, ``noble`` which noble comes when several
could, ``pay_gold`` which gems a buy pays with gold instead while the bot holds them. Each
rule is ``'SELECTOR: condition'``; the selector picks cards (or colours), the condition is
the safe expression language of simulator/lang/expr.py. docs/splendor.md has the whole
language and every default.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from ..lang import expr
from ..errors import InputError, InputErrors, did_you_mean, one_error, short
from ..lang.search import Search, parse_search
from ..lang.search import compiled as search_row
from ..lang.yamlio import LineDict, bot_name, file_facts, flags, load_file, load_text, rule_items, unknown_keys
from . import layout as E
from .cards import COLOURS, GEM_NAMES
from ..games import game_name

# ---------------------------------------------------------------- the condition vocabulary
_V = [
    ("points", E.VR_POINTS, "your prestige points (cards and nobles)"),
    ("opp_points", E.VR_OPP_POINTS, "the most prestige points of any opponent"),
    ("lead", E.VR_LEAD, "points - opp_points (negative when you are behind)"),
    ("tokens", E.VR_TOKENS, "tokens you hold, gold included"),
    ("gold", E.VR_GOLD, "gold tokens you hold"),
    ("cards", E.VR_CARDS, "development cards you bought (your bonuses in all)"),
    ("reserved", E.VR_RESERVED, "reserved cards in your hand (at most 3)"),
    ("nobles", E.VR_NOBLES, "nobles who visited you"),
    ("turn", E.VR_TURN, "your own turn number, starting at 1"),
    ("players", E.VR_PLAYERS, "players in the game"),
    ("nobles_in_reach", E.VR_IN_REACH, "face-up nobles you need at most 3 more cards for"),
    ("target", E.VR_TARGET, "the points that end the game (15, or the variant's)"),
]
VARIABLES = {n: expr.Variable(n, E.OP_VAR, a, d) for n, a, d in _V}
FUNCTIONS = {
    "tokens": expr.Function("tokens", {"colour": E.OP_TOKENS, "gold": E.OP_TOKENS},
                            "your tokens of that colour (or gold)"),
    "bonus": expr.Function("bonus", {"colour": E.OP_BONUS}, "your cards of that bonus colour"),
    "bank": expr.Function("bank", {"colour": E.OP_BANK, "gold": E.OP_BANK}, "tokens of that colour left in the bank"),
    "opp_bonus": expr.Function("opp_bonus", {"colour": E.OP_OPP_BONUS},
                               "the most cards of that bonus colour any one opponent has"),
    "short": expr.Function("short", {"level": E.OP_SHORT},
                           "the fewest gems you lack for a face-up or reserved card of that level "
                           "(level1, level2, level3 or any_level): 0 if you can buy one"),
    "deck": expr.Function("deck", {"level": E.OP_DECK}, "cards left face down in that level's deck"),
    "can_buy": expr.Function("can_buy", {"level": E.OP_AFFORD},
                             "face-up and reserved cards of that level you can buy now"),
}
_LEVELS = {"level1": 1, "level2": 2, "level3": 3, "l1": 1, "l2": 2, "l3": 3, "any_level": 0, "any": 0}


def colour_of(word: str) -> int | None:
    w = word.lower()
    w = GEM_NAMES.get(w, w)
    if w in COLOURS:
        return COLOURS.index(w)
    if w == "gold":
        return E.GOLD
    return None


def _resolve(text: str):
    c = colour_of(text.strip())
    if c is not None:
        return ("gold", c) if c == E.GOLD else ("colour", c)
    lv = _LEVELS.get(re.sub(r"[\s_]", "", text.strip().lower()).replace("anylevel", "any_level"))
    if lv is not None:
        return "level", lv
    names = list(COLOURS) + ["gold", "level1", "level2", "level3", "any_level"]
    raise expr.ExprError(f"unknown colour or level {short(text, 30)}", did_you_mean(
        text.lower(), names, "colours: " + ", ".join(COLOURS) + ", gold; levels: level1, level2, level3, any_level"))


VOCABULARY = expr.Vocabulary(VARIABLES, FUNCTIONS, _resolve, {"colour": "blue", "gold": "gold", "level": "level1"})

LISTS = {"buy": E.L_BUY, "reserve": E.L_RESERVE, "take": E.L_TAKE, "return": E.L_RETURN, "noble": E.L_NOBLE,
         "pay_gold": E.L_PAY_GOLD}
BOT_KEYS = ("game", "name", "description", *LISTS, "random", "search")
#: what a search bot searches (lang/search.py): its move each turn
SEARCHED = ("move",)
CARD_LISTS = ("buy", "reserve", "take")

# ---------------------------------------------------------------- selectors
#: a selector is words: filters (level, colour, points, where the card is, noble), an order
#: and, in take lists, 'two'. Every word is checked; nothing else is accepted.
_ORDERS = {"cheapest": E.ORD_CHEAPEST, "most points": E.ORD_POINTS, "closest": E.ORD_CLOSEST}
_WHERE = {"board": E.W_BOARD, "face-up": E.W_BOARD, "reserved": E.W_RESERVED, "deck": E.W_DECK}
_WORDS = ("any", "card", "cards", "level N", "a colour (white, blue, green, red, black)", "points", "N+ points",
          "board", "reserved", "deck", "noble", "cheapest", "most points", "closest", "two")


@dataclass(frozen=True)
class Selector:
    level: int = 0
    colour: int = -1
    min_points: int = 0
    where: int = E.W_ANY
    order: int = E.ORD_DEFAULT
    two: bool = False
    noble: bool = False
    text: str = "any"

    def row(self) -> list:
        return [self.level, self.colour, self.min_points, self.where, self.order, int(self.two), int(self.noble)]


def parse_selector(text: str, key: str) -> Selector:
    """The selector of a rule in list ``key``; raises ExprError with a hint."""
    raw = str(text).strip()
    s = re.sub(r"\s+", " ", raw.lower())
    if key in ("return", "noble", "pay_gold"):
        if s == "any" and key == "noble":
            return Selector(text=raw)
        c = colour_of(s)
        if c is None or (c == E.GOLD and key != "return"):
            what = {"return": "a colour or gold", "noble": "a colour (the noble needs it) or any",
                    "pay_gold": "a gem colour (its gems kept, gold paid instead)"}[key]
            hint = ("nobles ask for cards of the five colours, never gold: give a colour or any"
                    if c == E.GOLD and key == "noble" else "gold paid for gold keeps nothing: give a gem colour"
                    if c == E.GOLD else did_you_mean(s, list(COLOURS) + {"return": ["gold"], "noble": ["any"],
                                                                         "pay_gold": []}[key]))
            raise expr.ExprError(f"{short(raw)} is not {what}", hint)
        return Selector(colour=c, text=raw)
    sel = dict(text=raw)
    s = re.sub(r"\blevel (\d)\b", r"level\1", s)
    s = s.replace("most points", "most_points")
    s = re.sub(r"\b(\d)\+ points?\b", r"\1+points", s)
    for w in s.split(" "):
        if w in ("any", "card", "cards"):
            continue
        m = re.fullmatch(r"(?:level|l)(\d+)", w)
        if m:
            if m.group(1) not in ("1", "2", "3"):
                raise expr.ExprError(f"there is no level {m.group(1)[:6]}", "levels are 1, 2 and 3")
            _set(sel, "level", int(m.group(1)), raw)
            continue
        m = re.fullmatch(r"(\d)\+points", w)
        if m or w in ("points", "point"):
            _set(sel, "min_points", int(m.group(1)) if m else 1, raw)
            continue
        if colour_of(w) is not None and colour_of(w) != E.GOLD:
            _set(sel, "colour", colour_of(w), raw)
            continue
        if w in _WHERE:
            _set(sel, "where", _WHERE[w], raw)
            continue
        if w.replace("_", " ") in _ORDERS:
            _set(sel, "order", _ORDERS[w.replace("_", " ")], raw)
            continue
        if w in ("two", "2"):
            if key != "take":
                raise expr.ExprError(f"'two' belongs in take rules, not '{key}'")
            sel["two"] = True
            continue
        if w == "noble":
            sel["noble"] = True
            continue
        raise expr.ExprError(f"unknown word {short(w, 30)} in the selector {short(raw)}",
                             did_you_mean(w, ["any", "level1", "points", "board", "reserved", "deck", "noble",
                                              "cheapest", "closest", "two", *COLOURS, *GEM_NAMES],
                                          "words: " + ", ".join(_WORDS)))
    if sel.get("where") == E.W_DECK:
        if key != "reserve":
            raise expr.ExprError("'deck' (the top card of a deck) is only for reserve rules")
        if not sel.get("level"):
            raise expr.ExprError("reserving from a deck needs its level", "e.g. 'deck level 3'")
        if set(sel) - {"text", "where", "level"}:
            raise expr.ExprError("a deck's top card is unseen: 'deck level N' takes no other words")
    if sel.get("where") == E.W_RESERVED and key == "reserve":
        raise expr.ExprError("a reserved card cannot be reserved again", "use 'board' or 'deck level N'")
    return Selector(**sel)


def _set(sel: dict, k: str, v, raw: str):
    if k in sel and sel[k] != v:
        raise expr.ExprError(f"the selector {short(raw)} gives two values for its {k.replace('_', ' ')}")
    sel[k] = v


@dataclass(frozen=True)
class Rule:
    sel: Selector
    cond: expr.Program | None
    line: int | None = None

    @property
    def text(self) -> str:
        return self.sel.text + (f": {self.cond.text}" if self.cond else "")


@dataclass(frozen=True)
class Bot:
    game: ClassVar[str] = "splendor"
    name: str
    description: str = ""
    buy: tuple | None = None
    reserve: tuple = ()
    take: tuple = ()
    ret: tuple = ()
    noble: tuple = ()
    pay_gold: tuple = ()
    random: bool = False
    search: Search | None = None
    path: str | None = None
    sha256: str | None = None
    lines: dict = field(default_factory=dict, compare=False)
    source: str = field(default="", compare=False, repr=False)

    def rules(self, key: str) -> tuple:
        return getattr(self, "ret" if key == "return" else key) or ()


def load_bot(path) -> Bot:
    data, text = load_file(path)
    return parse_bot(data, str(path), text)


def bot_from_text(text: str, path: str = "<text>") -> Bot:
    return parse_bot(load_text(text, path), path, text)


def parse_bot(data, path: str, text: str = "") -> Bot:
    """Validate a Splendor bot's YAML data; raise InputErrors listing every mistake."""
    errors: list[InputError] = []
    if not isinstance(data, LineDict):
        raise one_error("a Splendor bot file is a mapping with 'game: splendor' and its lists",
                        path, 1, hint="see docs/splendor.md")
    if game_name(data.get("game")) != "splendor":
        errors.append(InputError(f"this is a Splendor bot, not a {short(data.get('game'))} one", path,
                                 data.lines.get("game", data.line), hint="write 'game: splendor'"))
    unknown_keys(data, BOT_KEYS, path, errors)
    lists = {k: tuple(_parse_rules(data[k], k, path, data.lines[k], errors)) for k in LISTS if k in data}
    flags(data, ("random",), path, errors)
    search = parse_search(data, path, errors, SEARCHED)
    name, description = bot_name(data, path, errors)
    if errors:
        raise InputErrors(errors)
    return Bot(name=name, description=description, buy=lists.get("buy"), reserve=lists.get("reserve", ()),
               take=lists.get("take", ()), ret=lists.get("return", ()), noble=lists.get("noble", ()),
               pay_gold=lists.get("pay_gold", ()), random=bool(data.get("random", False)), search=search,
               **file_facts(data, path, text, LISTS))


def _parse_rules(items, key, path, line, errors) -> list:
    out = []
    for sel, cond, ln in rule_items(items, key, path, line, errors, "selector", "level 3: points >= 6",
                                    "['level 3', 'points cheapest', any]"):
        try:
            selector = parse_selector(sel, key)
            prog = expr.compile_condition(cond, VOCABULARY) if cond is not None else None
        except expr.ExprError as e:
            errors.append(InputError(e.message, path, ln, hint=e.hint))
            continue
        out.append(Rule(selector, prog, ln))
    return out


# ---------------------------------------------------------------- compiled arrays
@dataclass
class CompiledBots:
    rules: np.ndarray   # int32[NR, RW]
    code: np.ndarray    # int32[NCODE, 2]
    consts: np.ndarray  # float64
    rl: np.ndarray      # int32[NB, NL, 2]
    bopt: np.ndarray    # int32[NB, NO]


def compile_bots(bots, policies=()) -> CompiledBots:
    """The bots' arrays, then their search's rollout policies' (lang/search.py)."""
    rows, code, consts = [], [], []
    every = [*bots, *policies]
    rl = np.zeros((len(every), E.NL, 2), np.int32)
    bopt = np.zeros((len(every), E.NO), np.int32)
    for b, bot in enumerate(every):
        for key, lst in LISTS.items():
            rl[b, lst, 0] = len(rows)
            for r in bot.rules(key):
                rows.append(r.sel.row() + list(expr.append_program(r.cond, code, consts)))
            rl[b, lst, 1] = len(rows) - rl[b, lst, 0]
        bopt[b, E.O_RANDOM] = int(bot.random)
        bopt[b, E.O_USER_BUY] = int(bot.buy is not None)
        bopt[b, E.O_STEADY] = int(not bot.random and bot.search is None and not any(
            r.cond is not None and (E.OP_VAR, E.VR_TURN) in r.cond.code for key in LISTS for r in bot.rules(key)))
        for k, v in (search_row(b, bots, policies, E) if b < len(bots) else {}).items():
            bopt[b, k] = v
    return CompiledBots(np.array(rows, np.int32).reshape(-1, E.RW),
                        np.array(code or [(0, 0)], np.int32).reshape(-1, 2),
                        np.array(consts or [0.0], np.float64), rl, bopt)
