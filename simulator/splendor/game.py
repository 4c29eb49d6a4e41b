"""Splendor behind the game interface the runner uses (simulator/games.py).

A Splendor "setup" is a rule variant (the points that end the game, the turn cap, the
tie-break), written as a YAML file with ``game: splendor`` and ``rules:``, or given with
``--rules KEY=VALUE``.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

import numpy as np

from ..errors import InputError, InputErrors, name_problem, one_error, short
from . import optimizing
from ..engine_base import EngineGame, EngineState, Stepping, place_bots, stack_array
from ..games import game_name, rule_pairs, unique_names
from ..games import Match as BaseMatch
from ..lang.search import load_policies
from ..lang.yamlio import LineDict, given_name, load_file
from ..run.stats import BOT_COLS, SEAT_COLS
from . import analysis
from . import layout as E
from .bots import LISTS, Bot, CompiledBots, compile_bots, parse_bot
from .bots import load_bot as load
from .cards import CARDS, COLOURS, ITEMS, NOBLES, tables
from .gamelog import game_text
from . import table

#: the gems' colours on a chart (white and black drawn in greys that show on white paper)
GEM_COLOURS = {"white": "#a6a6a6", "blue": "#1f5fbf", "green": "#2e8b3e", "red": "#c0392b", "black": "#262626"}
SEAT_MODES = {"rotate": E.SEATS_ROTATE, "all": E.SEATS_ALL, "random": E.SEATS_RANDOM, "fixed": E.SEATS_FIXED}
assert [E.TB_GAMES, E.TB_WINS, E.TB_TIES, E.TB_LOSSES, E.TB_W12, E.TB_POINTS, E.TB_TURNS] == list(range(len(BOT_COLS)))
assert [E.TS_GAMES, E.TS_WINS, E.TS_TIES, E.TS_LOSSES, E.TS_W12] == list(range(len(SEAT_COLS)))

#: rule variants: name -> (check, default, meaning)
RULES = {
    "target": ((5, 50), 15, "prestige points that end the game (the round is finished)"),
    "turn_cap": ((1, 1000), 100, "turns per player before a game is stopped as capped"),
    "tiebreak": (("cards", "shared"), "cards", "cards: fewer development cards wins a tie; shared: ties are shared"),
    "unfinished": (("shared", "points"), "shared",
                   "a game that ends as a stalemate or at the turn cap, nobody having reached the target: "
                   "shared: every player shares the win; points: scored as a finished game"),
}


def _engine():
    from . import engine
    return engine


@dataclass(frozen=True)
class Variant:
    """A Splendor setup: the rules a match is played with."""
    name: str = "standard"
    target: int = 15
    turn_cap: int = 100
    tiebreak: str = "cards"
    unfinished: str = "shared"
    description: str = ""
    path: str | None = None
    sha256: str | None = None

    def with_overrides(self, overrides: dict, path: str | None = None, lines: dict | None = None) -> "Variant":
        """This variant with ``overrides`` ({rule: value}) applied, every value checked: one
        mistake is an InputError, several an InputErrors listing each."""
        values, errors = {}, []
        for key, raw in (overrides or {}).items():
            line = (lines or {}).get(key)
            if key not in RULES:
                errors.append(InputError(f"unknown Splendor rule {short(key, 30)}", path, line,
                                         hint="rules: " + ", ".join(RULES)))
                continue
            allowed, default, _ = RULES[key]
            value = raw
            if path is None and isinstance(default, int) and isinstance(raw, str) and raw.strip().isdecimal() \
                    and len(raw.strip()) <= 6:
                value = int(raw)
            if isinstance(default, int):
                if type(value) is not int or not allowed[0] <= value <= allowed[1]:
                    errors.append(InputError(f"{key} must be a whole number from {allowed[0]} to {allowed[1]}, "
                                             f"not {short(raw)}", path, line))
                    continue
            elif value not in allowed:
                errors.append(InputError(f"{key} must be one of {', '.join(allowed)}, not {short(raw)}", path, line))
                continue
            values[key] = value
        if len(errors) == 1:
            raise errors[0]
        if errors:
            raise InputErrors(errors)
        return replace(self, **values)

    def as_dict(self) -> dict:
        return {"target": self.target, "turn_cap": self.turn_cap, "tiebreak": self.tiebreak,
                "unfinished": self.unfinished}

    def card_names(self) -> list[str]:
        """What the reports list as the setup's contents."""
        return [f"target {self.target} points", f"tie-break: {self.tiebreak}"]

    def array(self, check: bool) -> np.ndarray:
        v = np.zeros(E.NV, np.int32)
        v[E.V_TARGET] = self.target
        v[E.V_TURN_CAP] = self.turn_cap
        v[E.V_CHECK] = int(check)
        v[E.V_TIEBREAK] = int(self.tiebreak == "shared")
        v[E.V_UNFINISHED] = int(self.unfinished == "points")
        return v


SETUP_KEYS = ("game", "name", "description", "rules")


def parse_variant(data, path: str, text: str = "") -> Variant:
    errors = []
    if not isinstance(data, LineDict):
        raise one_error("a Splendor variant file is a mapping with 'game: splendor' and 'rules'",
                        path, 1)
    if game_name(data.get("game")) != "splendor":
        if "game" in data:
            what = f"this is a {short(data['game'])} file, not a Splendor variant"
        elif "cards" in data:
            what = "this is a Dominion kingdom file, not a Splendor variant"
        else:
            what = "this is not a Splendor variant file"
        raise one_error(what, path, data.lines.get("game", 1),
                        hint="a variant file has 'game: splendor' and 'rules' (docs/splendor.md)")
    for key in data:
        if key not in SETUP_KEYS:
            errors.append(InputError(f"unknown key {short(key, 30)} in a variant file", path, data.lines[key],
                                     hint="keys: " + ", ".join(SETUP_KEYS)))
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        errors.append(InputError("'rules' must be a mapping, e.g. {target: 21}", path, data.lines.get("rules")))
        rules = {}
    name = given_name(data, path)
    problem = name_problem(name)
    if problem:
        errors.append(InputError(f"the variant's name {short(name)} {problem}", path, data.lines.get("name", 1)))
    try:
        v = Variant(name=name, description=str(data.get("description", "") or ""), path=path,
                    sha256=hashlib.sha256(text.encode()).hexdigest()).with_overrides(
            dict(rules), path, getattr(rules, "lines", None))
    except InputErrors as e:
        errors.extend(e.errors)
    except InputError as e:
        errors.append(e)
    if errors:
        raise InputErrors(errors)
    return v


@dataclass
class Match(BaseMatch):
    """Everything a worker needs to play games of one run (picklable)."""
    variant: Variant = None
    var: np.ndarray = None
    compiled: CompiledBots = None

    @property
    def setup(self) -> Variant:
        return self.variant


def make_match(bots: list, variant: Variant | None = None, rule_overrides: dict | None = None,
               seats: str = "rotate", check: bool = False) -> Match:
    GAME.check_seats(bots, seats, SEAT_MODES)
    variant = (variant or Variant()).with_overrides(rule_overrides or {})
    policies = load_policies(bots, load, E.MAXB)
    return Match(list(bots), unique_names(bots), len(bots), seats, variant=variant, var=variant.array(check),
                 compiled=compile_bots(bots, policies), policies=policies)


def build_tables(compiled: CompiledBots) -> tuple[np.ndarray, np.ndarray]:
    parts = [compiled.rules.ravel(), compiled.code.ravel(), compiled.rl.ravel(), compiled.bopt.ravel()]
    T = np.zeros(E.T_BOTS + sum(len(x) for x in parts), np.int32)
    T[E.T_CARDS:E.T_BOTS] = tables()
    place_bots(T, E.T_BOTS, (E.TH_RULES, E.TH_CODE, E.TH_RL, E.TH_BOPT), parts)
    return T, stack_array(E.F_STK, compiled.consts)


class State(EngineState):
    """The engine's arrays for one game (or a chunk's scratch space), with readable
    accessors for tests and logs."""

    def run(self, mode=E.MODE_FRESH, seed=0, first_game=0, n_games=0, paired=False, max_turns=0):
        with np.errstate(over="ignore"):  # the random streams wrap around (JIT off)
            err = self.entry()(self.S, self.R, self.T, self.F, self.A, self.grec, mode, np.uint64(seed),
                                      first_game, n_games, SEAT_MODES[self.match.seats], 1 if paired else 0,
                                      max_turns)
        if err == E.ERR_ANSWER:
            self.fail("a person's answer is not one of the question's options")
        if err and err != E.ERR_ASK:  # ERR_ASK: stopped at a person's question (dsim play)
            what = {E.ERRW_TOKENS: "tokens were created or lost", E.ERRW_CARDS: "a card or noble was created or lost",
                    E.ERRW_COUNTS: "a player's bonuses, points or counters disagree with what it owns"}
            self.fail(what.get(int(self.S[E.G_ERR_WHAT]), f"error {err}"))
        return err

    # ---- setting up a known board (stacked tests) and reading the state
    def new_game(self, seed: int = 0) -> None:
        """A shuffled game as a run would deal it (then change what the test needs)."""
        e = _engine()
        with np.errstate(over="ignore"):
            e.seed_streams(self.R, np.uint64(seed), 0)
            e.setup_game(self.S, self.R, self.T)

    def o(self, p: int, k: int) -> int:
        return E.S_PS + p * E.NPS + k

    def tokens(self, p: int) -> list[int]:
        return [int(x) for x in self.S[self.o(p, E.PS_TOK):self.o(p, E.PS_TOK) + E.NTOK]]

    def set_tokens(self, p: int, tokens) -> None:
        """Give player p these tokens (white..black, gold), taken from the bank."""
        old = self.tokens(p)
        for k, n in enumerate(tokens):
            self.S[E.S_BANK + k] += old[k] - n
            self.S[self.o(p, E.PS_TOK + k)] = n

    def bank(self) -> list[int]:
        return [int(x) for x in self.S[E.S_BANK:E.S_BANK + E.NTOK]]

    def set_bank(self, tokens) -> None:
        self.S[E.S_BANK:E.S_BANK + len(tokens)] = tokens

    def bonuses(self, p: int) -> list[int]:
        return [int(x) for x in self.S[self.o(p, E.PS_BONUS):self.o(p, E.PS_BONUS) + E.NGEM]]

    def points(self, p: int) -> int:
        return int(self.S[self.o(p, E.PS_POINTS)])

    def ps(self, p: int, k: int) -> int:
        return int(self.S[self.o(p, k)])

    def owned(self, p: int) -> list[int]:
        return [c for c in range(E.NCARDS) if self.S[E.S_OWNER + c] == p]

    def give_card(self, p: int, c: int) -> None:
        """Player p owns card c (taken from wherever it was), with its bonus and points."""
        self._remove(c)
        self.S[E.S_OWNER + c] = p
        card = CARDS[c]
        self.S[self.o(p, E.PS_BONUS + card.bonus)] += 1
        self.S[self.o(p, E.PS_POINTS)] += card.points
        self.S[self.o(p, E.PS_CARDS)] += 1

    def reserved(self, p: int) -> list[int]:
        n = self.ps(p, E.PS_NRES)
        return [int(x) for x in self.S[self.o(p, E.PS_RES):self.o(p, E.PS_RES) + n]]

    def set_reserved(self, p: int, cards) -> None:
        for c in cards:
            self._remove(c)
        n = len(cards)
        self.S[self.o(p, E.PS_RES):self.o(p, E.PS_RES) + E.MAX_RESERVED] = list(cards) + [0] * (E.MAX_RESERVED - n)
        self.S[self.o(p, E.PS_NRES)] = n

    def board(self, level: int) -> list[int]:
        o = E.S_BOARD + (level - 1) * E.FACE_UP
        return [int(x) for x in self.S[o:o + E.FACE_UP]]

    def set_board(self, level: int, cards) -> None:
        """Put these cards face up on the level's row (-1: an empty slot); a card replaced
        goes back into the level's deck (bottom), a card put there leaves where it was."""
        o = E.S_BOARD + (level - 1) * E.FACE_UP
        old = [int(x) for x in self.S[o:o + E.FACE_UP]]
        for c in cards:
            if c >= 0:
                self._remove(c)
        for i, c in enumerate(cards):
            self.S[o + i] = c
        for c in old:
            if c >= 0 and c not in cards:
                self._to_deck_bottom(c)

    def deck(self, level: int) -> list[int]:
        """The level's deck, bottom first (the last card is drawn next)."""
        n = int(self.S[E.S_DECKN + level - 1])
        o = E.S_DECK + (level - 1) * E.MAXDECK
        return [int(x) for x in self.S[o:o + n]]

    def set_deck_top(self, level: int, c: int) -> None:
        self._remove(c)
        n = int(self.S[E.S_DECKN + level - 1])
        self.S[E.S_DECK + (level - 1) * E.MAXDECK + n] = c
        self.S[E.S_DECKN + level - 1] = n + 1

    def nobles(self) -> list[int]:
        return [int(x) for x in self.S[E.S_NOB:E.S_NOB + int(self.S[E.G_NNOB])]]

    def set_nobles(self, nobles) -> None:
        self.S[E.S_NOB:E.S_NOB + 8] = -1
        self.S[E.S_NOB:E.S_NOB + len(nobles)] = nobles
        self.S[E.G_NNOB] = len(nobles)

    def noble_owner(self, n: int) -> int:
        return int(self.S[E.S_NOWNER + n])

    def _remove(self, c: int) -> None:
        lv = CARDS[c].level - 1
        o = E.S_DECK + lv * E.MAXDECK
        n = int(self.S[E.S_DECKN + lv])
        deck = [int(x) for x in self.S[o:o + n]]
        if c in deck:
            deck.remove(c)
            self.S[o:o + n - 1] = deck
            self.S[E.S_DECKN + lv] = n - 1
        for slot in range(E.NLEVEL * E.FACE_UP):
            if self.S[E.S_BOARD + slot] == c:
                self.S[E.S_BOARD + slot] = -1
        for p in range(self.match.players):
            r = self.reserved(p)
            if c in r:
                r.remove(c)
                self.S[self.o(p, E.PS_RES):self.o(p, E.PS_RES) + E.MAX_RESERVED] = r + [0] * (E.MAX_RESERVED - len(r))
                self.S[self.o(p, E.PS_NRES)] = len(r)

    def _to_deck_bottom(self, c: int) -> None:
        lv = CARDS[c].level - 1
        o = E.S_DECK + lv * E.MAXDECK
        n = int(self.S[E.S_DECKN + lv])
        self.S[o + 1:o + n + 1] = self.S[o:o + n].copy()
        self.S[o] = c
        self.S[E.S_DECKN + lv] = n + 1

    def conserved(self) -> int:
        """The engine's own conservation check on this state (0: nothing created or lost)."""
        return int(_engine().check_conservation(self.S, self.T))



class Splendor(EngineGame):
    NAME = "splendor"
    LABELS = {"setup": "variant", "item": "item", "items": "items", "vp": "points", "vp_title": "points",
              "coins": "cards", "coins_title": "development cards", "game": "Splendor",
              "length": "rounds: turns of each player", "no_setup": "the standard rules"}
    ENDINGS = ["points", "stalemate", "cap"]
    ITEMS = ITEMS
    #: the cards chart: the 15 kinds of development card, by level, then colour as the
    #: board lays them out, each in its gem's colour
    CHART_ITEMS = [*ITEMS[:3 * len(COLOURS)], "nobles"]
    ITEM_COLOURS = {**{item: GEM_COLOURS[item.split()[-1]] for item in ITEMS[:3 * len(COLOURS)]}, "nobles": "#8c6d31"}
    ITEM_STRIDE = E.NIS
    ITEM_GROUPS = {"nobles": list(ITEMS[E.I_NOBLE:E.I_NOBLE + E.NNOBLES])}
    STATS = analysis.STATS
    STATS_STRIDE = E.NXS
    STATS_REPORT = analysis.STATS_REPORT
    RECORD_COLUMNS = {"length": "rounds", "score": "points"}
    BENCH = [("Splendor: Greedy mirror, 2 players", ["splendor/greedy.yaml", "splendor/greedy.yaml"], None)]
    OFFERS = frozenset({"optimize", "play", "why", "stats", "default_setup", "learn"})
    #: the conformance suite's examples (bots under strategies/, setups under kingdoms/)
    EXAMPLES = {"bots": ["splendor/greedy.yaml", "splendor/cheap_engine.yaml"], "setup": "splendor/target_21.yaml",
                "other_setup": "splendor/standard.yaml",
                "bad": [("game: splendor\nbuy: ['level 4']\n", "there is no level 4"),
                        ("game: splendor\nbuy: ['purple']\n", "unknown word 'purple'"),
                        ("game: splendor\ntake: ['closest: bonus(gold) > 1']\n",
                         "takes a colour, but 'gold' is a gold"),
                        ("game: splendor\nreserve: [deck]\n", "needs its level"),
                        ("game: splendor\nbuy: [any]\nbuys: [any]\n", "unknown key 'buys'")]}
    COMPILE = ("the Splendor engine", "about 10 s")
    layout = E
    State = State
    BOT, SETUP = Bot, Variant

    def turn_cap(self, match) -> int:
        return match.variant.turn_cap

    def build_tables(self, match) -> tuple:
        return build_tables(match.compiled)

    def setup_record(self, match) -> dict:
        v = match.variant
        return {"name": v.name, "contents": v.card_names(), "path": v.path, "sha256": v.sha256}

    def rules_record(self, match) -> dict:
        return match.variant.as_dict()

    def game_text(self, state, match, seed: int, game: int, why: bool = False) -> str:
        return game_text(state, match, seed, game, why)

    def unfinished(self, match) -> str:
        if match.variant.unfinished == "shared":
            return "shared by every player (--rules unfinished=points scores them by points)"
        return "scored by points at the cap"

    def optimizer(self):
        return optimizing

    def question(self, asked, match, width: int = 80):
        return table.question(asked, match, width)

    def step_spec(self, match) -> Stepping:
        X = _engine().env
        card = f"{X.CARD_W} numbers a card: there, level, points, bonus one-hot, cost by colour"
        blocks = [("kind", X.OB_KIND, X.NASK, "the question's kind, one-hot (layout.ASK_*)"),
                  ("question", X.OB_Q, 1 + X.CARD_W, "its number (tokens to give back, gold spare), the card it "
                                                     f"is about ({card})"),
                  ("turn", X.OB_TURN, 2, "whose turn (seats after you), whether the last round is on"),
                  ("bank", X.OB_BANK, E.NTOK, "the bank's tokens: white, blue, green, red, black, gold"),
                  ("board", X.OB_BOARD, E.NLEVEL * E.FACE_UP * X.CARD_W, "the face-up cards, level 1 first"),
                  ("decks", X.OB_DECKS, E.NLEVEL, "cards left in each level's deck"),
                  ("nobles", X.OB_NOBLES, X.MAX_NOBLES * X.NOBLE_W, "the nobles: there, points, bonuses needed"),
                  ("me", X.OB_ME, X.PLAYER_W, "your tokens, bonuses, points, cards, reserved cards held, nobles, "
                                              "turns, then your reserved cards"),
                  ("others", X.OB_OPP, (E.MAXP - 1) * X.PLAYER_W,
                   f"each other seat after you ({X.PLAYER_W} each), as yours; a card reserved face down shows "
                   "only that it is there and its level")]
        names = [_action_name(a) for a in range(X.NAC)]
        names += [f"give back {c}" for c in (*COLOURS, "gold")] + [f"noble {n}" for n in range(E.NNOBLES)]
        names += [f"gold for {c}" for c in COLOURS] + ["none"]
        return Stepping(X, X.OBS_SIZE, blocks, X.N_ACTIONS, X.KIND_OFFSET, names)

    def default_setup(self):
        return Variant()

    def stats_table(self, tally, match):
        return analysis.stats_table(tally, match.bot_names, match.item_names, match.players, match.variant)


assert len(ITEMS) == E.NITEMS
def _action_name(a: int) -> str:
    """A turn's action (an AC_ number) in words, whatever the board holds."""
    if a >= E.AC_BUY:
        pos = a - E.AC_BUY
        slots = E.NLEVEL * E.FACE_UP
        return f"buy level {pos // E.FACE_UP + 1} card {pos % E.FACE_UP + 1}" if pos < slots else \
            f"buy reserved card {pos - slots + 1}"
    if a >= E.AC_DECK:
        return f"reserve level {a - E.AC_DECK + 1} deck's top"
    if a >= E.AC_RESERVE:
        slot = a - E.AC_RESERVE
        return f"reserve level {slot // E.FACE_UP + 1} card {slot % E.FACE_UP + 1}"
    if a >= E.AC_TAKE2:
        return f"take two {COLOURS[a - E.AC_TAKE2]}" if a - E.AC_TAKE2 < E.NGEM else f"action {a}"
    colours = [c for i, c in enumerate(COLOURS) if a >> i & 1]
    return "take " + ", ".join(colours) if colours else f"action {a}"


GAME = Splendor(_engine)
GAME.export(globals())
Match.ENGINE = State.ENGINE = GAME


# ---------------------------------------------------------------- the rest of the interface
def load_bot(path):
    return load(path)


def load_setup(path) -> Variant:
    data, text = load_file(path)
    return parse_variant(data, str(path), text)


def parse_rules(items) -> dict:
    out = rule_pairs(items, "target=21")
    Variant().with_overrides(out)  # checked now, before anything runs
    return out


def random_setups(n: int, bots: list, seed: int, rules: dict, free: bool = False) -> list:
    raise InputError("Splendor has no random setups (its setups are rule variants)",
                     hint="compare variant files: -k kingdoms/splendor/target_21.yaml")


def check_file(data, path: str, text: str) -> tuple:
    """("setup", Variant) for a file with 'rules' and no bot list, else ("bot", Bot)."""
    if isinstance(data, LineDict) and "rules" in data and not any(k in data for k in (*LISTS, "random")):
        return "setup", parse_variant(data, path, text)
    return "bot", parse_bot(data, path, text)


def setup_warnings(bots: list, setup) -> list:
    return []


def missing(match: Match) -> list:
    return []


def items_table(edition=None) -> list:
    """Every development card and noble as rows for ``dsim cards --game splendor``."""
    rows = []
    for c in CARDS:
        cost = ", ".join(f"{n} {COLOURS[k]}" for k, n in enumerate(c.cost) if n)
        rows.append({"card": f"#{c.id}", "cost": sum(c.cost), "types": f"level {c.level} {COLOURS[c.bonus]}",
                     "editions": "base", "text": f"{c.points} points; costs {cost}"})
    for n in NOBLES:
        rows.append({"card": f"noble {n.id}", "cost": sum(n.req), "types": "noble", "editions": "base",
                     "text": f"{n.points} points; visits a player with {n.name[6:].replace('+', ', ')} cards"})
    return rows

