"""The games dsim can simulate, and the interface each one provides.

The API, CLI, validation, runner, statistics and reports know a game only through the
``Game`` protocol below (a test checks that they import no game package). A game is a
module registered in the ``dsim.games`` entry point group of its distribution, as
Dominion and Splendor register themselves in pyproject.toml::

    [project.entry-points."dsim.games"]
    dominion = "simulator.dominion.game"

so a game in a package of its own plugs in by being installed. Which game a run plays is
chosen by its bot files: the ``game:`` key (no key means Dominion, so every existing bot
keeps working).
"""
from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, Protocol, runtime_checkable

import numpy as np

from .errors import InputError, InputErrors, did_you_mean, printable, short
from .kernels import ask_layout as Q
from .kernels.jit import compile_notice
from .kernels.tally_layout import GR_ENDING, GR_GAME, GR_LENGTH, GR_PER_SEAT, GR_SEAT, SHARE
from .lang.yamlio import LineDict, load_file
from .run.stats import CURVE_COLS, Tally, engine_tally

GROUP = "dsim.games"
#: the games that ship with dsim (found here too when dsim runs from a source tree that
#: pip never installed, so that its entry points are not registered)
BUILT_IN = {"dominion": "simulator.dominion.game", "splendor": "simulator.splendor.game"}
DEFAULT = "dominion"


@runtime_checkable
class Game(Protocol):
    """What a game module provides (Dominion: ``simulator.dominion.game``). A game whose
    engine is written on dsim's kernels gets most of it from ``EngineGame`` below."""

    NAME: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    #: words the reports use: {"setup": "kingdom", "item": "card", ...}
    LABELS: dict
    #: whether ``random_setups`` draws setups (compare --random-kingdoms)
    RANDOM_SETUPS: bool
    #: dsim bench's matchups: (label, bot files under strategies/, setup file under kingdoms/ or None)
    BENCH: list
    #: whether bench/bm_reference.c (the C program dsim bench times) plays this game: its
    #: matchups are then also given as a ratio of the C program's speed
    BENCH_REFERENCE: bool

    # -- bots and setups, validated (InputError/InputErrors with file, line and hint)
    def load_bot(self, path) -> Any: ...
    def is_bot(self, obj) -> bool: ...
    def load_setup(self, path) -> Any: ...
    def is_setup(self, obj) -> bool: ...
    def parse_rules(self, items) -> dict: ...
    def random_setups(self, n: int, bots: list, seed: int, rules: dict) -> list: ...
    def check_file(self, data, path: str, text: str) -> tuple: ...
    def setup_warnings(self, bots: list, setup) -> list: ...

    # -- a match: compiled, picklable; played by the runner into a Tally
    def make_match(self, bots: list, setup, rule_overrides: dict, seats: str, check: bool = False) -> Any: ...
    def unique_names(self, bots: list) -> list: ...
    def missing(self, match) -> list: ...
    def empty_tally(self, match) -> Any: ...
    def warm_up(self, match) -> None: ...
    def play(self, match, seed: int, first_game: int, n_games: int, paired: bool = False,
             records: bool = False) -> tuple: ...
    def records_frame(self, match, rec) -> dict: ...
    def log_text(self, match, seed: int, game: int, why: bool = False) -> str: ...
    def items_table(self, edition) -> list: ...


class GameFailure(RuntimeError):
    """An engine stopped inside a game; ``game`` is the run's game index."""

    def __init__(self, message: str, game: int):
        self.game = game
        super().__init__(message)


@dataclass
class Match:
    """What every game's match holds (a game's Match adds its setup and compiled bots;
    picklable: it is sent to the workers once)."""
    bots: list            # the loaded bots, one per seat
    bot_names: list       # unique display names, one per seat-bot
    players: int
    seats: str            # rotate, random or fixed

    @property
    def game(self) -> str:
        return self.ENGINE.NAME

    @property
    def ending_names(self) -> list:
        return list(self.ENGINE.ENDINGS)

    @property
    def item_names(self) -> list:
        return list(self.ENGINE.ITEMS)

    @property
    def max_len(self) -> int:
        return self.ENGINE.turn_cap(self)

    def describe(self) -> dict:
        """What a run records of its match (run.json's meta): the game and its words, the
        bots, the setup under the game's word for it, the rules, the seating."""
        eng = self.ENGINE
        return {"game": eng.NAME, "labels": dict(eng.LABELS), "players": self.players,
                "bots": bots_meta(self.bot_names, self.bots), eng.LABELS["setup"]: eng.setup_record(self),
                "rules": eng.rules_record(self), "seats": self.seats,
                "chart": {"items": list(getattr(eng, "CHART_ITEMS", None) or []),
                          "colours": dict(getattr(eng, "ITEM_COLOURS", None) or {}),
                          "groups": dict(getattr(eng, "ITEM_GROUPS", None) or {})},
                "stats": getattr(eng, "STATS_REPORT", None),
                "unfinished": eng.unfinished(self) if hasattr(eng, "unfinished") else None}

    @property
    def stat_names(self) -> list:
        return list(getattr(self.ENGINE, "STATS", ()))


def place_bots(T: np.ndarray, start: int, heads, parts) -> None:
    """Lay the compiled bots' arrays ``parts`` out in the table T from ``start``, one
    after the other, each one's offset written at its head ``T[h]``."""
    o = start
    for h, x in zip(heads, parts):
        T[h] = o
        T[o:o + len(x)] = x
        o += len(x)


def stack_array(f_stk: int, consts) -> np.ndarray:
    """The interpreter's array F: its stack (``f_stk`` slots), then the bots' constants."""
    F = np.zeros(f_stk + len(consts), np.float64)
    F[f_stk:] = consts
    return F


class EngineState:
    """The arrays of one game (or a chunk's scratch space) of an engine written on dsim's
    kernels (simulator/kernels/tally_kernels.py, the layout of simulator/kernels/tally_layout.py), with the
    readers every such engine shares. A game's State subclass sets ``ENGINE`` and adds its
    own readable accessors; ``prepare`` fills what only that game's state holds."""
    ENGINE: "EngineGame"

    #: the most answers a person's game may hold (the tape of its ask region)
    MAX_ANSWERS = 20_000

    def __init__(self, match, log_capacity: int = 0, records: int = 0, person: int | None = None):
        """``person``: the seat a person plays (``dsim play``): the state gets an ask region
        (simulator/kernels/ask_layout.py) after its event log."""
        eng = self.ENGINE
        E = eng.layout
        eng.kernels().compile_kernels()
        self.match = match
        ask = 0 if person is None else Q.region_size(E.S_EV, self.MAX_ANSWERS)
        self.S = np.zeros(E.S_EV + E.EVW * log_capacity + ask, np.int32)
        S = self.S
        S[E.G_NP] = match.players
        S[E.G_LOG] = 1 if log_capacity else 0
        S[E.G_EVCAP] = log_capacity
        S[E.S_VAR:E.S_VAR + len(match.var)] = match.var
        S[E.S_SEAT:E.S_SEAT + E.MAXP] = np.arange(E.MAXP) % match.players
        self.R = np.zeros(E.MAXP + 1, np.uint64)
        self.T, self.F = eng.build_tables(match)
        self.A = np.zeros(E.A_TL + (match.max_len + 2) * E.A_PER_TURN, np.int64)
        self.grec = np.zeros((records, E.NGR), np.int32)
        if person is not None:
            S[E.G_HUMAN] = person + 1
            S[E.G_ASK] = E.S_EV + E.EVW * log_capacity
        self.prepare()

    def prepare(self) -> None:
        """Fill what only this game's state holds (after the shared part)."""

    @property
    def game_index(self) -> int:
        E = self.ENGINE.layout
        return int(self.S[E.G_GAME_LO]) + (int(self.S[E.G_GAME_HI]) << 24)

    def fail(self, what: str):
        """The engine's error in the game it happened in, as a GameFailure."""
        raise GameFailure(f"engine error in game {self.game_index}: {what}", self.game_index)

    def events(self) -> np.ndarray:
        E = self.ENGINE.layout
        n = int(self.S[E.G_NEV])
        return self.S[E.S_EV:E.S_EV + E.EVW * n].reshape(n, E.EVW).copy()

    # ---- a person's game (dsim play)
    def copy(self) -> "EngineState":
        """An independent copy (the arrays copied; the match shared)."""
        st = object.__new__(type(self))
        st.__dict__.update(self.__dict__)
        for k in ("S", "R", "T", "F", "A", "grec"):
            setattr(st, k, getattr(self, k).copy())
        return st

    def set_answers(self, answers) -> None:
        """Put a person's answers on the tape, to be read from the first (no question open)."""
        E = self.ENGINE.layout
        o = int(self.S[E.G_ASK])
        if len(answers) > self.MAX_ANSWERS:
            raise InputError(f"a game holds at most {self.MAX_ANSWERS:,} answers, not {len(answers):,}")
        t = o + Q.tape_at(E.S_EV)
        self.S[t:t + len(answers)] = answers
        self.S[o + Q.Q_TAPE_N] = len(answers)
        self.S[o + Q.Q_TAPE_I] = 0
        self.S[o + Q.Q_STATE] = 0

    def asked(self) -> "Asked | None":
        """The question the game stopped at for the person's answer (None: it asks none)."""
        E = self.ENGINE.layout
        if not self.S[E.G_HUMAN] or self.S[self.S[E.G_ASK] + Q.Q_STATE] == 0:
            return None
        o = int(self.S[E.G_ASK])
        r = [int(x) for x in self.S[o:o + Q.Q_SCRATCH]]
        view = self.copy()
        view.S[:E.S_EV] = self.S[o + Q.Q_SNAP:o + Q.Q_SNAP + E.S_EV]
        view.A[:] = 0  # what the replay tallied after the question is not the view's
        known = r[Q.Q_STATE] == 2  # the seat's bot answered it
        return Asked(r[Q.Q_KIND], r[Q.Q_PLAYER], r[Q.Q_ABOUT], r[Q.Q_ARG], r[Q.Q_OWNER],
                     [int(x) for x in self.S[o + Q.Q_OPTS:o + Q.Q_OPTS + r[Q.Q_NOPT]]], bool(r[Q.Q_OPTIONAL]),
                     r[Q.Q_HINT] if known else None,
                     self.events()[r[Q.Q_NEV]:r[Q.Q_HINT_NEV] if known else r[Q.Q_NEV]], view)

    def tally(self, games: int) -> Any:
        """The A array as a Tally (copies)."""
        eng, E = self.ENGINE, self.ENGINE.layout
        assert E.A_TU == E.A_TG + E.MAXB * (eng.ITEM_STRIDE + eng.STATS_STRIDE) and E.NTC == len(CURVE_COLS)
        return engine_tally(self.A, len(self.match.bots), self.match.max_len, len(eng.ENDINGS), len(eng.ITEMS),
                            eng.ITEM_STRIDE, games, len(eng.STATS), eng.STATS_STRIDE)


@dataclass
class Asked:
    """A question the engine asked the person (simulator/kernels/ask_layout.py): the game's
    kind of question, whose decision, what it is about (e.g. a card, -1), a number it
    names, whose cards the options are, the options (the answers the engine takes; with
    ``optional`` ANSWER_NONE too), the seat's bot's answer (None: unknown) and the events
    its decision logged (its why), and ``view``: the state as it stood when it asked."""
    kind: int
    player: int
    about: int
    arg: int
    owner: int
    options: list
    optional: bool
    hint: int | None
    hint_events: np.ndarray
    view: "EngineState"


@dataclass
class Choice:
    """One answer to a question as the person sees it: ``value`` is what the engine
    takes, ``key`` the one word that names it (what a replay prints), ``label`` how the
    list shows it, ``number`` what to type for it."""
    value: int
    key: str
    label: str
    number: int


@dataclass
class Question:
    """A decision put to the person: ``screen``, what a player at the table sees;
    ``prompt``, the decision in one line; the numbered ``choices``; ``hint``, what the
    seat's bot would answer and which of its rules (or defaults) says so; ``recent``, the
    last turns as the log prints them; ``standing``, the score so far (a game left
    unfinished ends with it)."""
    screen: str
    prompt: str
    choices: list
    hint: str
    recent: str
    standing: str


class PersonTable:
    """A game a person plays at seat ``seat`` (0-based): the engine plays it again from
    its start, a fresh game of the run with ``seed`` (or the prepared state ``start``, for
    ``turns`` turns), with the person's answers so far, and stops at the next question: a
    game depends only on its seed and the answers, so each replay is the same game one
    decision further."""

    def __init__(self, game: "EngineGame", match, seat: int, seed: int, game_index: int = 0, start=None,
                 turns: int = 1 << 30, **run_args):
        """``run_args``: what else the State's ``run`` takes when it continues ``start``
        (a stacked test's stop, e.g. Dominion's STOP_BUYS)."""
        self.game, self.match, self.seat, self.seed, self.game_index = game, match, seat, seed, game_index
        self.start, self.turns, self.run_args = start, turns, run_args

    def replay(self, answers) -> "EngineState":
        """The game played with ``answers``: stopped at a question (``asked()``), or over."""
        E = self.game.layout
        if self.start is None:
            st = self.game.State(self.match, log_capacity=self.game.LOG_CAPACITY, person=self.seat)
            st.set_answers(answers)
            st.run(E.MODE_FRESH, self.seed, self.game_index, 1)
        else:
            st = self.start.copy()
            st.set_answers(answers)
            st.run(E.MODE_RESUME, max_turns=self.turns, **self.run_args)
        return st

    def question(self, st: "EngineState", width: int = 80) -> "Question | None":
        """The question ``st`` stopped at, as the person sees it (None: the game is over)."""
        asked = st.asked()
        return None if asked is None else self.game.question(asked, self.match, width)

    def final(self, st: "EngineState") -> str:
        """The end: the scores and the winner, as the log prints them."""
        return self.game.final_text(st, self.match)


class EngineGame:
    """The plumbing of a game whose engine is written on dsim's kernels, once: a game
    declares what it is (the class attributes), provides what differs (``make_match``,
    ``turn_cap``, ``build_tables``, ``setup_record``, ``rules_record``, ``game_text``, its
    State's ``run``, and the loaders in its module),
    and exports it all as its module's interface with one line, ``GAME.export(globals())``
    (see simulator/dominion/game.py)."""
    NAME: str
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    RANDOM_SETUPS = False            # whether random_setups draws setups
    BENCH: list = []                 # dsim bench's matchups: (label, bot files, setup file or None)
    BENCH_REFERENCE = False          # whether bench's C reference program plays this game
    LABELS: dict                     # the reports' words: {"setup": "kingdom", "item": "card", ...}
    ENDINGS: list                    # how a game ends, in the order of the engine's codes (1, 2, ...)
    ITEMS: list                      # what a bot gains, in the order of the tally's columns
    ITEM_STRIDE: int                 # the tally's columns per bot for items (>= len(ITEMS))
    #: the game's own counters per bot (Tally.stats), in the order of the tally's columns
    #: after the items, and their stride (>= len(STATS)); a game with none has ()
    STATS: tuple = ()
    STATS_STRIDE = 0
    #: what the reports make of them (None: nothing): {"name": the files' stem (NAME.csv,
    #: NAME.png), "title", "caption", "columns": {column: what it holds}, "panels": [{"title",
    #: "columns": {column: label}, "total"?}] drawn as stacked bars, "colours": {column:
    #: colour}, "race"?: {"title", "marks": {column: points}, "reference": a column,
    #: "reference_label"}, "percent": [columns shown as percentages]}, the table itself
    #: coming from ``stats_table``
    STATS_REPORT: dict | None = None
    #: the items the reports' items chart shows, all of them and in this order (None: the
    #: ones most gained), and a colour for each item that has one ({"level 1 blue": "#1f5fbf"})
    CHART_ITEMS: list | None = None
    ITEM_COLOURS: dict = {}
    #: items the chart shows as one, by the name it shows them under ({"nobles": [...]})
    ITEM_GROUPS: dict = {}
    #: --save-games' column names for the game's length and a seat's score
    RECORD_COLUMNS = {"length": "length", "score": "vp"}
    #: what the compile notice calls the engine, and how long its first compile takes
    COMPILE = ("the engine", "about 20 s")
    LOG_CAPACITY = 100_000           # events a logged game may record
    layout: Any                      # the engine's layout module (its constants)
    State: type                      # its EngineState subclass
    #: the names ``export`` puts in the game's module, besides the ones it defines itself
    EXPORTS = ("NAME", "MIN_PLAYERS", "MAX_PLAYERS", "RANDOM_SETUPS", "BENCH", "BENCH_REFERENCE", "LABELS",
               "ENDINGS", "ITEMS", "empty_tally", "stats_table",
               "warm_up", "play", "play_logged", "records_frame", "log_text", "unique_names", "check_seats",
               "optimizer", "default_setup", "person_table")

    def __init__(self, kernels):
        self._kernels = kernels

    def kernels(self):
        """The engine's kernels package, imported when a game is first played (commands
        that play no game never load it)."""
        return self._kernels()

    def turn_cap(self, match) -> int:
        raise NotImplementedError

    def build_tables(self, match) -> tuple:
        raise NotImplementedError

    def setup_record(self, match) -> dict:
        """The match's setup as run.json records it: ``name``, ``contents`` (what the reports
        list as the setup, e.g. a kingdom's cards), ``path``, ``sha256``, and ``named`` False
        when the name says nothing of the contents (the reports then show the contents)."""
        raise NotImplementedError

    def rules_record(self, match) -> dict:
        raise NotImplementedError

    def unfinished(self, match) -> str | None:
        """How a game stopped at the turn cap is scored, as the reports say it ("shared by
        every player"), or None: by the score as it stood."""
        return None

    def stats_table(self, tally, match) -> Any:
        """The game's own figures, or None: a DataFrame with a ``bot`` column and
        STATS_REPORT's columns, one row per bot in the match's order, then any reference
        rows (e.g. human play), told apart by a non-empty ``source`` column."""
        return None

    def optimizer(self):
        """What dsim optimize needs of the game (see simulator/dominion/optimizing.py), or
        None: a game without a genome."""
        return None

    def person_table(self, match, seat: int, seed: int, game: int = 0) -> PersonTable | None:
        """A game of ``match`` with a person at ``seat`` (``dsim play``), or None: the game
        has no questions a person can answer (no ``question``)."""
        if not hasattr(self, "question"):
            return None
        self.warm_up(match)
        return PersonTable(self, match, seat, seed, game)

    def default_setup(self):
        """The setup a command plays when none is given (e.g. the standard rules), or None:
        the game needs one."""
        return None

    def export(self, namespace: dict) -> None:
        """Make the game's module the game: these methods and constants as its names."""
        for name in self.EXPORTS:
            namespace.setdefault(name, getattr(self, name))
        namespace["GAME"] = self

    # ---- shared plumbing
    def unique_names(self, bots) -> list[str]:
        return unique_names(bots)

    def check_seats(self, bots: list, seats: str, modes) -> None:
        """One bot per seat, within the game's player range; a known seating."""
        if not self.MIN_PLAYERS <= len(bots) <= self.MAX_PLAYERS:
            raise InputError(f"{self.LABELS['game']} takes {self.MIN_PLAYERS} to {self.MAX_PLAYERS} bots "
                             f"(one per seat), got {len(bots)}", hint="give the same bot file twice for a mirror match")
        if seats not in modes:
            raise InputError(f"--seats must be one of {', '.join(modes)}, not {short(seats)}")

    def empty_tally(self, match) -> Any:
        """A zero Tally of the shapes ``play`` returns for this match."""
        E = self.layout
        return Tally.empty(len(match.bots), E.MAXP, match.max_len, len(self.ENDINGS), len(self.ITEMS), E.NTB, E.NTS,
                           E.SHARE, len(self.STATS))

    def warm_up(self, match) -> None:
        """Compile the engine (or load it from numba's cache) by playing one short game,
        saying so on stderr when it compiles."""
        what, expect = self.COMPILE
        with compile_notice(self.kernels().run_games, what, expect):
            self.State(match).run(self.layout.MODE_FRESH, 0, 0, 1)

    def play(self, match, seed: int, first_game: int, n_games: int, paired: bool = False,
             records: bool = False) -> tuple:
        """Play games first_game .. first_game + n_games - 1 of the run with ``seed``: the
        Tally, and the per-game records when asked."""
        st = self.State(match, records=n_games if records else 0)
        st.run(self.layout.MODE_FRESH, seed, first_game, n_games, paired)
        return st.tally(n_games), (st.grec if records else None)

    def play_logged(self, match, seed: int, game: int = 0, capacity: int | None = None):
        """Play game ``game`` of the run with ``seed`` (the seats and setup of that run),
        recording its events."""
        self.warm_up(match)
        st = self.State(match, log_capacity=capacity or self.LOG_CAPACITY)
        st.run(self.layout.MODE_FRESH, seed, game, 1)
        return st

    def records_frame(self, match, rec: np.ndarray) -> dict:
        """Per-game records (the engine's grec rows) as columns, for ``--save-games``."""
        cols = self.RECORD_COLUMNS
        rows = {"game": rec[:, GR_GAME], "ending": [self.ENDINGS[e - 1] for e in rec[:, GR_ENDING]],
                cols["length"]: rec[:, GR_LENGTH]}
        for s in range(match.players):
            o = GR_SEAT + GR_PER_SEAT * s
            rows[f"seat{s + 1}_bot"] = [match.bot_names[b] for b in rec[:, o]]
            rows[f"seat{s + 1}_{cols['score']}"] = rec[:, o + 1]
            rows[f"seat{s + 1}_turns"] = rec[:, o + 2]
            rows[f"seat{s + 1}_win"] = rec[:, o + 3] / float(SHARE)
        return rows

    def log_text(self, match, seed: int, game: int, why: bool = False) -> str:
        return self.game_text(self.play_logged(match, seed, game), match, seed, game, why)

    def game_text(self, state, match, seed: int, game: int, why: bool = False) -> str:
        raise NotImplementedError

    def final_text(self, state, match) -> str:
        """How a finished game ended: its log from the line 'Game over' on."""
        text = self.game_text(state, match, 0, 0)
        i = text.rfind("\nGame over")
        return text[i + 1:] if i >= 0 else text


#: every name a game module provides (the protocol's constants and functions)
INTERFACE = tuple(sorted({*Game.__annotations__, *(k for k, v in vars(Game).items()
                                                   if callable(v) and not k.startswith("_"))}))


def unique_names(bots) -> list[str]:
    """Display names, numbered when the same bot sits twice ('BMU', 'BMU (2)')."""
    names, seen = [], {}
    for b in bots:
        seen[b.name] = seen.get(b.name, 0) + 1
        names.append(b.name if seen[b.name] == 1 else f"{b.name} ({seen[b.name]})")
    return names


def bots_meta(names, bots) -> list[dict]:
    """What a run records of its bots (run.json): name, file, hash and YAML text."""
    return [{"name": n, "path": b.path, "sha256": b.sha256, "yaml": b.source} for n, b in zip(names, bots)]


@functools.cache
def registered() -> dict[str, str]:
    """{game name: its module} for every installed game: the ``dsim.games`` entry points,
    then the built-in games not among them."""
    found = {game_name(ep.name): ep.value for ep in entry_points(group=GROUP)}
    for name, module in BUILT_IN.items():
        found.setdefault(name, module)
    return found


def game_names() -> list[str]:
    return sorted(registered())


@functools.cache
def _load(name: str, module: str) -> Game:
    """A registered game's module, checked: it provides the whole interface and calls
    itself by the name it is registered under."""
    path, _, attr = module.partition(":")
    try:
        game = importlib.import_module(path.strip())
        if attr:
            game = getattr(game, attr.strip())
    except Exception as e:  # noqa: BLE001 - a broken or stale plugin: said in one line
        raise InputErrors([InputError(f"the game '{name}' ({short(module)}) cannot be loaded: "
                                      f"{type(e).__name__}: {printable(str(e), 200)}",
                                      hint="reinstall the package that provides it")]) from None
    lacks = [m for m in INTERFACE if not hasattr(game, m)]
    if lacks:
        raise InputErrors([InputError(f"the game '{name}' ({short(module)}) does not provide "
                                      f"{', '.join(sorted(lacks))}",
                                      hint="a game provides everything simulator.games.Game lists")])
    if game_name(getattr(game, "NAME", "")) != name:
        raise InputErrors([InputError(f"the game registered as '{name}' ({short(module)}) calls itself "
                                      f"{short(getattr(game, 'NAME', None))}", hint="register it under its NAME")])
    return game


def get_game(name: str = DEFAULT) -> Game:
    games = registered()
    key = game_name(name)
    if key not in games:
        raise InputErrors([InputError(f"unknown game {short(name, 30)}", hint=did_you_mean(
            key, games, "known games: " + ", ".join(sorted(games))))])
    return _load(key, games[key])


def game_name(value) -> str:
    """A ``game:`` key's value as a game's name (case and spaces do not matter)."""
    return str(value).strip().lower()


def game_of_setup(setup) -> Game:
    """The game a loaded setup (a kingdom, a variant) belongs to."""
    for name in game_names():
        game = get_game(name)
        if game.is_setup(setup):
            return game
    raise InputErrors([InputError(f"{short(setup)} is not the setup of an installed game")])


def game_of_bots(paths) -> Game:
    """The game the bot files (paths or loaded bots) are written for: their ``game:``
    key, Dominion without one; bots of different games are an error naming the files.
    A file that cannot be read (missing, not YAML, too big) has no say: the game's own
    loader then reports what is wrong with it."""
    named = {}
    for p in paths:
        name = getattr(p, "game", None)
        if name is None:
            try:
                data, _ = load_file(p)
            except (InputError, InputErrors):
                continue
            name = data.get("game", DEFAULT) if isinstance(data, LineDict) else DEFAULT
        named.setdefault(game_name(name), []).append(str(getattr(p, "path", p)))
    if len(named) > 1:
        parts = "; ".join(f"{g}: {', '.join(f[:3])}" for g, f in named.items())
        raise InputErrors([InputError(f"the bots are written for different games ({parts})",
                                      hint="every bot of a run plays the same game")])
    return get_game(next(iter(named), DEFAULT))
