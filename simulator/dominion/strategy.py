"""Bots: YAML file -> validated Strategy -> the arrays the engine interprets."""
from __future__ import annotations

import functools

import math
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from ..lang import expr
from ..errors import InputError, InputErrors, one_error, short
from ..lang.search import Search, parse_search
from ..lang.search import compiled as search_row
from ..lang.yamlio import LineDict, bot_name, file_facts, flags, load_file, load_text, rule_items, unknown_keys
from . import layout as E
from .cards import BY_NAME, CARDS, TYPE_BITS, UnknownCard, norm, parse_card, parse_type, suggest
from .setup import implemented_error
from ..games import game_name

# ---------------------------------------------------------------- the condition vocabulary
_V = [
    ("total_money", E.VR_TOTAL_MONEY, "sum over owned cards of the coins each gives unconditionally when "
     "played (Copper 1, Silver 2, Gold 3, Woodcutter/Festival/Militia/Chancellor/Vassal 2, Market/Poacher 1)"),
    ("cards", E.VR_CARDS, "cards you own (draw pile, hand, discard, in play, set aside)"),
    ("coins", E.VR_COINS, "coins you have now (in the buy phase: coins not yet spent)"),
    ("buys", E.VR_BUYS, "Buys you have left now"),
    ("actions", E.VR_ACTIONS, "Actions you have left now"),
    ("turn", E.VR_TURN, "your own turn number, starting at 1"),
    ("vp", E.VR_VP, "your victory points now"),
    ("opp_vp", E.VR_OPP_VP, "the highest victory points among your opponents"),
    ("vp_lead", E.VR_VP_LEAD, "vp - opp_vp (negative when you are behind)"),
    ("empty_piles", E.VR_EMPTY_PILES, "supply piles that are empty"),
    ("gains_to_end", E.VR_GAINS_TO_END, "the smaller of Provinces left and the sum of the three smallest "
     "supply piles (four under end_piles: 4 in a 4-player game): the fewest gains that can end the game"),
    ("players", E.VR_PLAYERS, "players in the game"),
    ("draw_pile", E.VR_DRAW_PILE, "cards in your draw pile"),
    ("discard_pile", E.VR_DISCARD_PILE, "cards in your discard pile"),
    ("hand_size", E.VR_HAND_SIZE, "cards in your hand"),
    ("actions_played", E.VR_ACTIONS_PLAYED, "Actions you have played this turn, each play counted (a Throne "
     "Room's card twice); during an Action's choice, counting it (Conspirator's test is actions_played >= 3); 0 in "
     "another player's turn"),
]
VARIABLES = {n: expr.Variable(n, E.OP_VAR, a, d) for n, a, d in _V}
FUNCTIONS = {
    "count": expr.Function("count", {"card": E.OP_COUNT, "type": E.OP_COUNT_T},
                           "cards of that name or type you own, in all zones"),
    "supply": expr.Function("supply", {"card": E.OP_SUPPLY}, "cards left in that supply pile (0 if not in the game)"),
    "in_hand": expr.Function("in_hand", {"card": E.OP_IN_HAND, "type": E.OP_IN_HAND_T},
                             "cards of that name or type in your hand now"),
    "in_play": expr.Function("in_play", {"card": E.OP_IN_PLAY, "type": E.OP_IN_PLAY_T},
                             "cards of that name or type you have in play now"),
    "opp_count": expr.Function("opp_count", {"card": E.OP_OPP_COUNT, "type": E.OP_OPP_COUNT_T},
                               "the most cards of that name or type any one opponent owns"),
    "cost": expr.Function("cost", {"card": E.OP_COST}, "what that card costs now: its printed cost, less 1 per "
                          "Bridge played this turn, never below 0"),
}


def _resolve(text: str):
    try:
        return "card", parse_card(text).id
    except UnknownCard as e:
        t = parse_type(text)
        if t is not None:
            return "type", TYPE_BITS[t]
        close = suggest(text, [c.name for c in CARDS] + list(TYPE_BITS))
        raise expr.ExprError(f"unknown card or type '{text}'",
                             f"did you mean '{close}'?" if close else None) from e


VOCABULARY = expr.Vocabulary(VARIABLES, FUNCTIONS, _resolve, {"card": "Smithy", "type": "Action"})

#: the order in which a bot plays Actions its ``play`` list does not name: Actions
#: that give +Actions first, then cantrips, Throne Room, terminal draw, other terminals
DEFAULT_PLAY_ORDER = (
    "Festival", "Village", "Shanty Town", "Mining Village", "Laboratory", "Market", "Merchant", "Great Hall",
    "Mill", "Wishing Well", "Upgrade", "Secret Passage", "Lurker", "Minion", "Scout", "Pawn", "Sentry",
    "Poacher", "Spy", "Harbinger", "Cellar", "Throne Room", "Witch", "Torturer", "Council Room", "Library",
    "Nobles", "Patrol", "Courtyard", "Smithy", "Diplomat", "Moat", "Masquerade", "Militia", "Bandit",
    "Conspirator", "Bridge", "Moneylender", "Mine", "Remodel", "Replace", "Artisan", "Courtier", "Tribute",
    "Saboteur", "Swindler", "Steward", "Baron", "Ironworks", "Workshop", "Feast", "Bureaucrat", "Vassal",
    "Chancellor", "Woodcutter", "Coppersmith", "Trading Post", "Secret Chamber", "Chapel", "Thief", "Adventurer",
)
assert sorted(DEFAULT_PLAY_ORDER) == sorted(c.name for c in CARDS if "Action" in c.types)

LISTS = {"buy": E.L_BUY, "play": E.L_PLAY, "gain": E.L_GAIN, "trash": E.L_TRASH, "discard": E.L_DISCARD,
         "topdeck": E.L_TOPDECK, "set_aside": E.L_SETASIDE, "pass": E.L_PASS}
#: the Strategy attribute of a list whose key is a Python word
LIST_ATTRS = {"pass": "passing"}
#: yes/no decisions a bot may answer with a condition (default: yes)
OPTIONS = {"reveal_moat": E.O_MOAT, "chancellor_discard": E.O_CHANCELLOR, "baron_discard": E.O_BARON,
           "mining_village_trash": E.O_MINING_VILLAGE, "mill_discard": E.O_MILL, "reveal_diplomat": E.O_DIPLOMAT,
           "reveal_secret_chamber": E.O_SECRET_CHAMBER}
#: the modes of each "choose one" card, in the engine's order (layout.py: PAWN_*, STEWARD_*,
#: NOBLES_*); a bot's ``choose`` lists them by name. Wishing Well's "modes" are the cards it
#: may name (WISH)
MODES = {"Pawn": ("card", "action", "buy", "coin"), "Steward": ("cards", "coins", "trash"),
         "Nobles": ("cards", "actions"), "Lurker": ("trash", "gain"), "Minion": ("coins", "attack"),
         "Torturer": ("discard", "curse"), "Courtier": ("action", "buy", "coins", "gold")}
WISH = "Wishing Well"
#: the "choose" cards whose choice is a card: Wishing Well's named card, the card Swindler gives
CARD_MODES = (WISH, "Swindler")
BOT_KEYS = ("game", "name", "description", "buy", "play", "gain", "trash", "discard", "topdeck", "set_aside",
            "pass", "choose", "options", "guard", "random", "search")
#: what a search bot searches (lang/search.py): its buys (the default), its gains from
#: Workshop, Feast and Remodel; the layout's SD_BUY, SD_GAIN bits, in this order
SEARCHED = ("buy", "gain")
#: what a list means when the bot leaves it out (``gain`` defaults to the bot's ``buy`` list;
#: ``topdeck`` and ``set_aside`` default to heuristics in the engine, see docs/bots.md)
DEFAULT_LISTS = {
    "trash": ["Curse", "Estate: supply(Province) > 4", "Copper: total_money > 6"],
    "discard": ["Curse", "Estate", "Duchy", "Province", "Gardens"],
}
ACTION_LISTS = ("play", "set_aside")


@dataclass(frozen=True)
class Rule:
    card: object              # a Card
    cond: expr.Program | None
    line: int | None = None

    @property
    def text(self) -> str:
        return self.card.name + (f": {self.cond.text}" if self.cond else "")


@dataclass(frozen=True)
class Strategy:
    game: ClassVar[str] = "dominion"
    name: str
    description: str = ""
    buy: tuple = ()
    play: tuple = ()
    gain: tuple | None = None       # None: the buy list
    trash: tuple | None = None      # None: DEFAULT_LISTS["trash"]
    discard: tuple | None = None    # None: DEFAULT_LISTS["discard"]
    topdeck: tuple | None = None    # None: the engine's heuristics
    set_aside: tuple | None = None  # None: every Action when no Action is left
    passing: tuple | None = None    # the pass list (Masquerade); None: the card least wanted
    options: dict = field(default_factory=dict)  # name -> Program
    #: card name -> its choose rules, in order: (mode index, Program or None, line); Wishing
    #: Well's mode is the id of the card named
    choose: dict = field(default_factory=dict)
    guard: bool = True
    random: bool = False
    search: Search | None = None
    path: str | None = None
    sha256: str | None = None
    #: line of each list key (for warnings)
    lines: dict = field(default_factory=dict, compare=False)
    #: the YAML text the bot was read from (shown in reports)
    source: str = field(default="", compare=False, repr=False)

    def cards(self) -> set:
        """Every card the bot's lists name."""
        return {r.card for k in LISTS for r in (self.rules(k) or ())}

    def rules(self, key: str):
        """The bot's list ``key`` (a LISTS key), None when it leaves it out."""
        return getattr(self, LIST_ATTRS.get(key, key))


def load_strategy(path) -> Strategy:
    data, text = load_file(path)
    return parse_strategy(data, str(path), text)


def strategy_from_text(text: str, path: str = "<text>") -> Strategy:
    return parse_strategy(load_text(text, path), path, text)


def parse_strategy(data, path: str, text: str = "") -> Strategy:
    """Validate a bot's YAML data; raise InputErrors listing every mistake found."""
    errors: list[InputError] = []
    if not isinstance(data, LineDict):
        raise one_error("a bot file is a mapping with at least 'buy'", path, 1,
                        hint="see docs/bots.md")
    unknown_keys(data, BOT_KEYS, path, errors)
    if "buy" not in data:
        errors.append(InputError("a bot needs a 'buy' list", path, data.line))
    lists = {}
    for key in LISTS:
        if key in data:
            lists[key] = _parse_rules(data[key], key, path, data.lines[key], errors)
    if game_name(data.get("game", "dominion")) != "dominion":
        errors.append(InputError(f"this is a Dominion bot, not a {short(data['game'])} one", path, data.lines["game"],
                                 hint="leave 'game' out, or write 'game: dominion'"))
    flags(data, ("guard", "random"), path, errors)
    options = {}
    if "options" in data:
        opts = data["options"]
        if not isinstance(opts, dict):
            errors.append(InputError("'options' must be a mapping, e.g. {reveal_moat: true}", path,
                                     data.lines["options"]))
            opts = {}
        for k, v in opts.items():
            line = getattr(opts, "lines", {}).get(k, data.lines["options"])
            if k not in OPTIONS:
                close = suggest(str(k), OPTIONS)
                errors.append(InputError(f"unknown option '{k}'", path, line,
                                         hint=f"did you mean '{close}'?" if close else
                                         "options: " + ", ".join(OPTIONS)))
                continue
            try:
                options[k] = expr.compile_condition(v, VOCABULARY)
            except expr.ExprError as e:
                errors.append(InputError(e.message, path, line, hint=e.hint))
    choose = _parse_choose(data, path, errors) if "choose" in data else {}
    search = parse_search(data, path, errors, SEARCHED)
    name, description = bot_name(data, path, errors)
    if errors:
        raise InputErrors(errors)
    opt = {LIST_ATTRS.get(k, k): (tuple(lists[k]) if k in lists else None)
           for k in ("gain", "trash", "discard", "topdeck", "set_aside", "pass")}
    return Strategy(name=name, description=description, buy=tuple(lists.get("buy", ())),
                    play=tuple(lists.get("play", ())), **opt, options=options, choose=choose,
                    guard=bool(data.get("guard", True)), random=bool(data.get("random", False)), search=search,
                    **file_facts(data, path, text, LISTS))


def _parse_choose(data, path: str, errors: list) -> dict:
    """A bot's ``choose``: for each "choose one" card, its modes in order, each with an optional
    condition (the first whose condition holds is chosen; none: the engine's default)."""
    spec = data["choose"]
    if not isinstance(spec, dict):
        errors.append(InputError("'choose' must be a mapping of cards to their modes, e.g. "
                                 "{Steward: [trash, cards]}", path, data.lines["choose"]))
        return {}
    cards = [*MODES, *CARD_MODES]
    out = {}
    for key, items in spec.items():
        line = getattr(spec, "lines", {}).get(key, data.lines["choose"])
        name = next((c for c in cards if norm(c) == norm(str(key))), None)
        if name is None:
            close = suggest(str(key), cards)
            errors.append(InputError(f"'choose' is for the cards that choose: not {short(key, 30)}", path, line,
                                     hint=f"did you mean '{close}'?" if close else "cards: " + ", ".join(cards)))
            continue
        err = implemented_error(BY_NAME[name], path, line)
        if err is not None:
            errors.append(err)
            continue
        rules = []
        example = "Province" if name in CARD_MODES else MODES[name][0]
        for mode, cond, ln in rule_items(items, f"choose {name}", path, line, errors, "mode", f"{example}: turn > 10",
                                         f"[{', '.join(MODES.get(name, ('Province', 'Gold')))}]"):
            if name in CARD_MODES:
                try:
                    m = parse_card(mode).id
                except UnknownCard as e:
                    errors.append(InputError(str(e), path, ln, hint=f"{name}'s choice is a card"))
                    continue
            else:
                modes = MODES[name]
                m = next((i for i, x in enumerate(modes) if norm(x) == norm(mode)), None)
                if m is None:
                    close = suggest(mode, modes)
                    errors.append(InputError(f"{name} has no mode {short(mode, 30)}", path, ln,
                                             hint=f"did you mean '{close}'?" if close else
                                             f"{name}'s modes: " + ", ".join(modes)))
                    continue
            prog = None
            if cond is not None:
                try:
                    prog = expr.compile_condition(cond, VOCABULARY)
                except expr.ExprError as e:
                    errors.append(InputError(e.message, path, ln, hint=e.hint))
                    continue
            rules.append((m, prog, ln))
        out[name] = tuple(rules)
    return out


def _parse_rules(items, key: str, path: str, line: int, errors: list) -> list:
    rules = []
    for name, cond, ln in rule_items(items, key, path, line, errors, "card", "Province: total_money > 15",
                                     "[Province, Gold, Silver]"):
        rule = _parse_rule(name, cond, key, path, ln, errors)
        if rule is not None:
            rules.append(rule)
    return rules


def _parse_rule(name: str, cond, key, path, line, errors) -> Rule | None:
    try:
        card = parse_card(name)
    except UnknownCard as e:
        errors.append(InputError(str(e), path, line))
        return None
    err = implemented_error(card, path, line)
    if err is not None:
        errors.append(err)
        return None
    if key in ACTION_LISTS and "Action" not in card.types:
        errors.append(InputError(f"'{card.name}' is not an Action card; '{key}' lists Actions", path, line,
                                 hint="Treasures are played automatically" if key == "play" else None))
        return None
    prog = None
    if cond is not None:
        try:
            prog = expr.compile_condition(cond, VOCABULARY)
        except expr.ExprError as e:
            errors.append(InputError(e.message, path, line, hint=e.hint))
            return None
    return Rule(card, prog, line)


# ---------------------------------------------------------------- compiled arrays
@dataclass
class CompiledBots:
    """What the kernels read about the bots of one match (picklable)."""
    rules: np.ndarray   # int32[NR, RW]: card, its cost, code start, code length, fast_form's form
    code: np.ndarray    # int32[NCODE, 2]: opcode, argument
    consts: np.ndarray  # float64[NCONST]
    clauses: np.ndarray  # int32[NCL, CW]: fast_form's clauses
    rl: np.ndarray      # int32[NB, NL, 2]: list start, length
    bopt: np.ndarray    # int32[NB, NO]


#: the values a rule's condition can test without the interpreter, read from the state at
#: S[index + p * stride] (p: the deciding player): ((opcode, argument) -> (index, stride));
#: OP_COUNT and OP_SUPPLY take the card as the argument
_DIRECT = {
    (E.OP_VAR, E.VR_TOTAL_MONEY): (E.S_PS + E.PS_MONEY, E.NPS),
    (E.OP_VAR, E.VR_CARDS): (E.S_PS + E.PS_CARDS, E.NPS),
    (E.OP_VAR, E.VR_COINS): (E.G_COINS, 0),
    (E.OP_VAR, E.VR_BUYS): (E.G_BUYS, 0),
    (E.OP_VAR, E.VR_ACTIONS): (E.G_ACTIONS, 0),
    (E.OP_VAR, E.VR_EMPTY_PILES): (E.G_EMPTY, 0),
    (E.OP_VAR, E.VR_PLAYERS): (E.G_NP, 0),
    (E.OP_VAR, E.VR_DRAW_PILE): (E.S_ZN + E.Z_DRAW, E.NZ),
    (E.OP_VAR, E.VR_DISCARD_PILE): (E.S_ZN + E.Z_DISC, E.NZ),
    (E.OP_VAR, E.VR_HAND_SIZE): (E.S_ZN + E.Z_HAND, E.NZ),
}
_INT_MIN, _INT_MAX = -(1 << 31), (1 << 31) - 1
_MAX_FACTOR = 1000  # the largest whole number a clause's value may be multiplied or divided by
_COMPARE = (E.OP_LT, E.OP_LE, E.OP_GT, E.OP_GE, E.OP_EQ, E.OP_NE)
_FLIP = {E.OP_LT: E.OP_GT, E.OP_LE: E.OP_GE, E.OP_GT: E.OP_LT, E.OP_GE: E.OP_LE, E.OP_EQ: E.OP_EQ,
         E.OP_NE: E.OP_NE}


def _int_range(cmp: int, y: float) -> tuple[int, int] | None:
    """The integers x with ``float(x) cmp y``, as (lo, hi) (lo > hi: none), or None when
    they are not one range (!=). Exact: an int32 converts to float64 exactly."""
    if cmp == E.OP_NE:
        return None
    if math.isnan(y):
        return 1, 0
    if math.isinf(y):  # every integer compares as 0 does
        holds = {E.OP_LT: 0 < y, E.OP_LE: 0 <= y, E.OP_GT: 0 > y, E.OP_GE: 0 >= y, E.OP_EQ: False}[cmp]
        return (_INT_MIN, _INT_MAX) if holds else (1, 0)
    lo, hi = {E.OP_GT: (math.floor(y) + 1, _INT_MAX), E.OP_GE: (math.ceil(y), _INT_MAX),
              E.OP_LT: (_INT_MIN, math.ceil(y) - 1), E.OP_LE: (_INT_MIN, math.floor(y)),
              E.OP_EQ: (y, y) if y == int(y) else (1, 0)}[cmp]
    lo, hi = max(int(lo), _INT_MIN), min(int(hi), _INT_MAX)
    return (lo, hi) if lo <= hi else (1, 0)


@dataclass(frozen=True)
class _Value:
    """A value a clause reads: S[x + p * stride] (x < 0: count(type -x)), times mul,
    divided by div (one of mul, div is 1)."""
    x: int
    stride: int
    supply: bool = False
    mul: int = 1
    div: int = 1


def _factor(v) -> int | None:
    """A constant a clause may multiply or divide by: a whole number 1 .. _MAX_FACTOR."""
    return int(v) if isinstance(v, float) and 1 <= v <= _MAX_FACTOR and v == int(v) else None


def _clause(code, consts) -> tuple | None:
    """One comparison as a clause (CW ints), or None if it has another shape. Shapes:
    ``VALUE op NUMBER`` (either way round; supply(card) reads 0 for a pile not in the
    game, stored as -1), and ``TERM op TERM`` with TERM a VALUE, VALUE * K or VALUE / K
    (K whole, 1 .. 1000; no supply()): v1 * m1 / d1 op v2 * m2 / d2 is tested as
    v1 * m1 * d2 - v2 * m2 * d1 op 0, the interpreter's answer: a product of two whole
    numbers below 2**53 is exact, and a quotient is correctly rounded, so the two sides
    are equal as floats exactly when they are equal, and otherwise at least 1 / (d1 * d2)
    apart, far more than a rounding."""
    stack = []
    for op, a in code:
        if (op, a) in _DIRECT:
            stack.append(_Value(*_DIRECT[op, a]))
        elif op == E.OP_COUNT:
            stack.append(_Value(E.S_OWN + a, E.NCS))
        elif op == E.OP_SUPPLY:
            stack.append(_Value(E.S_SUP + a, 0, supply=True))
        elif op == E.OP_COUNT_T:
            stack.append(_Value(-a, 0))  # the engine counts the type's cards (a: one type bit)
        elif op == E.OP_CONST:
            stack.append(float(consts[a]))
        elif op in (E.OP_MUL, E.OP_DIV) + _COMPARE and len(stack) >= 2:
            y = stack.pop()
            x = stack.pop()
            if op == E.OP_MUL:
                v, k = (x, y) if isinstance(x, _Value) else (y, x)
                if not isinstance(v, _Value) or v.div != 1 or v.supply or _factor(k) is None \
                        or _factor(float(v.mul * k)) is None:
                    return None
                stack.append(_Value(v.x, v.stride, mul=v.mul * int(k)))
            elif op == E.OP_DIV:
                if not isinstance(x, _Value) or x.mul != 1 or x.div != 1 or x.supply or _factor(y) is None:
                    return None
                stack.append(_Value(x.x, x.stride, div=int(y)))
            else:
                stack.append(_compare(op, x, y))
                if stack[-1] is None:
                    return None
        else:
            return None
    return stack[0] if len(stack) == 1 and isinstance(stack[0], tuple) else None


def _compare(op, x, y) -> tuple | None:
    """``x op y`` as a clause (see _clause), or None; x and y are values, numbers or
    comparisons (which are not in a clause's shapes)."""
    if not isinstance(x, _Value):
        x, y, op = y, x, _FLIP[op]
    if not isinstance(x, _Value) or isinstance(y, tuple):
        return None
    if isinstance(y, float):
        if x.mul != 1 or x.div != 1:
            return None
        r = _int_range(op, y)
        if r is None:
            return None
        lo, hi = r
        if x.supply and lo <= hi:
            # supply(card) is the pile's size, 0 for a pile not in the game (stored as -1)
            if hi < 0:
                lo, hi = 1, 0
            elif lo <= 0:
                lo = _INT_MIN
        return x.x, x.stride, 1, 0, 0, 0, lo, hi
    if x.supply or y.supply or op == E.OP_NE:
        return None
    lo, hi = {E.OP_LT: (_INT_MIN, -1), E.OP_LE: (_INT_MIN, 0), E.OP_GT: (1, _INT_MAX), E.OP_GE: (0, _INT_MAX),
              E.OP_EQ: (0, 0)}[op]
    return x.x, x.stride, x.mul * y.div, y.x, y.stride, -y.mul * x.div, lo, hi


def fast_form(code, consts, clauses: list) -> tuple[int, int, int, int, int, int, int]:
    """A compiled condition as the rule row's (R_KIND, R_X, R_STRIDE, R_LO, R_HI, R_CL,
    R_JOIN): no condition, or ``VALUE op NUMBER`` (a VALUE of _DIRECT, supply(card) or
    count(card); op one of < <= > >= ==), is a range test; one or two clauses (_clause)
    joined by ``or`` / ``and`` are appended to ``clauses``; anything else is interpreted."""
    if len(code) == 0:
        return E.K_RANGE, 0, 0, _INT_MIN, _INT_MAX, 0, E.J_ONE  # S[0] is always in [INT_MIN, INT_MAX]
    general = (E.K_CODE, 0, 0, 1, 0, 0, E.J_ONE)
    joins = [i for i, (op, _) in enumerate(code) if op in (E.OP_AND, E.OP_OR)]
    if not joins:
        parts, join = [_clause(code, consts)], E.J_ONE
    elif len(joins) == 1 and joins[0] + code[joins[0]][1] == len(code):
        i = joins[0]
        parts = [_clause(code[:i], consts), _clause(code[i + 1:], consts)]
        join = E.J_OR if code[i][0] == E.OP_OR else E.J_AND
    else:
        return general
    if any(c is None for c in parts):
        return general
    x, stride, m1, _, _, m2, lo, hi = parts[0]
    if join == E.J_ONE and m1 == 1 and m2 == 0 and x >= 0:
        return E.K_RANGE, x, stride, lo, hi, 0, E.J_ONE
    clauses.extend(parts)
    return E.K_CLAUSES, 0, 0, 1, 0, len(clauses) - len(parts), join


@functools.lru_cache(maxsize=None)
def default_rules(key: str) -> tuple:
    """The rules a list means when a bot leaves it out (for lists with a rule default)."""
    return tuple(_parse_rules(list(DEFAULT_LISTS[key]), key, "<default>", None, []))


def compile_bots(bots, kingdom_cards, policies=()) -> CompiledBots:
    """Compile bots for a supply holding ``kingdom_cards``, then their search's rollout
    policies (lang/search.py). Each bot's play list is its own rules, then every Action of
    the supply it does not name, in DEFAULT_PLAY_ORDER; lists a bot leaves out get their
    defaults."""
    rows, code, consts, clauses = [], [], [], []
    seated = bots
    bots = [*bots, *policies]
    nb = len(bots)
    rl = np.zeros((nb, E.NL, 2), dtype=np.int32)
    bopt = np.zeros((nb, E.NO), dtype=np.int32)
    actions = [BY_NAME[n] for n in DEFAULT_PLAY_ORDER if BY_NAME[n] in kingdom_cards]

    def add(card_id, prog, cost=None):
        start, n = expr.append_program(prog, code, consts)
        rows.append((card_id, CARDS[card_id].cost if cost is None else cost, start, n,
                     *fast_form(code[start:start + n], consts, clauses)))
        return len(rows) - 1

    for b, bot in enumerate(bots):
        for key, lst in LISTS.items():
            rules = bot.rules(key)
            if rules is None:
                rules = bot.buy if key == "gain" else default_rules(key) if key in DEFAULT_LISTS else ()
            rl[b, lst, 0] = len(rows)
            for r in rules:
                add(r.card.id, r.cond)
            if key == "play":
                named = {r.card for r in rules}
                for c in actions:
                    if c not in named:
                        add(c.id, None)
            rl[b, lst, 1] = len(rows) - rl[b, lst, 0]
        rl[b, E.L_MODE, 0] = len(rows)
        for name, rules in bot.choose.items():
            for mode, prog, _ in rules:
                add(BY_NAME[name].id * E.MODE_BASE + mode, prog, 0)
        rl[b, E.L_MODE, 1] = len(rows) - rl[b, E.L_MODE, 0]
        bopt[b, E.O_GUARD] = 1 if bot.guard else 0
        bopt[b, E.O_RANDOM] = 1 if bot.random else 0
        bopt[b, E.O_USER_TRASH] = 1 if bot.trash is not None else 0
        bopt[b, E.O_USER_TOPDECK] = 1 if bot.topdeck is not None else 0
        bopt[b, E.O_USER_SETASIDE] = 1 if bot.set_aside is not None else 0
        bopt[b, E.O_USER_GAIN] = 1 if bot.gain is not None else 0
        bopt[b, E.O_USER_DISCARD] = 1 if bot.discard is not None else 0
        for name, slot in OPTIONS.items():
            prog = bot.options.get(name)
            bopt[b, slot] = add(0, prog) if prog is not None else -1
        for k, v in (search_row(b, seated, policies, E, SEARCHED) if b < len(seated) else {}).items():
            bopt[b, k] = v
    return CompiledBots(
        rules=np.array(rows, dtype=np.int32).reshape(-1, E.RW),
        code=np.array(code or [(0, 0)], dtype=np.int32).reshape(-1, 2),
        consts=np.array(consts or [0.0], dtype=np.float64),
        clauses=np.array(clauses or [(0,) * E.CW], dtype=np.int32).reshape(-1, E.CW),
        rl=rl, bopt=bopt,
    )
