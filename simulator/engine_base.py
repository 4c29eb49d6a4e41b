"""The engine base: what every game whose engine is written on dsim's kernels shares
(simulator/kernels/: the tallies' layout and kernels, the random streams, a person's
questions). A game built on it (docs/new-game.md names the models among the shipped games)
declares what it is and provides what differs; ``EngineGame`` gives the rest of the game
interface (simulator/games.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .errors import InputError, one_error, short
from .games import GameFailure, unique_names
from .kernels import ask_layout as Q
from .kernels.jit import compile_notice
from .kernels.tally_layout import GR_ENDING, GR_GAME, GR_LENGTH, GR_PER_SEAT, GR_SEAT, SHARE
from .person import Asked, PersonTable
from .run.stats import CURVE_COLS, Tally, engine_tally


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

#: the most answers a person's game may hold (the tape of its ask region)
MAX_ANSWERS = 20_000


class EngineState:
    """The arrays of one game (or a chunk's scratch space) of an engine written on dsim's
    kernels (simulator/kernels/tally_kernels.py, the layout of simulator/kernels/tally_layout.py), with the
    readers every such engine shares. A game's State subclass sets ``ENGINE`` and adds its
    own readable accessors; ``prepare`` fills what only that game's state holds."""
    ENGINE: "EngineGame"


    def __init__(self, match, log_capacity: int = 0, records: int = 0, person: int | None = None,
                 answers: int = MAX_ANSWERS):
        """``person``: the seat a person plays (``dsim play``): the state gets an ask region
        (simulator/kernels/ask_layout.py) after its event log, with room for ``answers``."""
        eng = self.ENGINE
        E = eng.layout
        eng.kernels().compile_kernels()
        self.match = match
        ask = 0 if person is None else Q.region_size(E.S_EV, answers)
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
            S[E.G_HUMAN] = 1 << person
            S[E.G_ASK] = E.S_EV + E.EVW * log_capacity
            S[S[E.G_ASK] + Q.Q_TAPE_CAP] = answers
        if match.searching:
            self.add_scratch()
        self.prepare()

    def add_scratch(self) -> None:
        """The search's scratch space (simulator/lang/search.py): a region at the end of S
        (S[G_SCR]: a game state for the rollouts, and per option its move and results),
        rollout streams after the game's in R, the rollouts' tallies after the game's in A
        (at S[G_ASCR]; never read)."""
        E = self.ENGINE.layout
        n = len(self.S)
        self.S = np.concatenate([self.S, np.zeros(E.SC_SIZE, np.int32)])
        self.S[E.G_SCR] = n
        self.R = np.zeros(2 * (E.MAXP + 1), np.uint64)
        self.S[E.G_ASCR] = len(self.A)
        self.A = np.zeros(2 * len(self.A), np.int64)

    def entry(self):
        """The engine's kernel that plays this state's games: ``run_games``, or its variant
        with searched decisions when a bot searches (compiled on first use)."""
        k = self.ENGINE.kernels()
        if not self.match.searching:
            return k.run_games
        with compile_notice(k.run_games_search, "the search bots' engine", "about 10 s"):
            k.compile_later(k.run_games_search)
        return k.run_games_search

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

    @property
    def over(self) -> bool:
        """The game has ended (its ending is recorded)."""
        return bool(self.S[self.ENGINE.layout.G_ENDED])

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
        room = int(self.S[o + Q.Q_TAPE_CAP])
        if len(answers) > room:
            raise InputError(f"a game holds at most {room:,} answers, not {len(answers):,}")
        t = o + Q.tape_at(E.S_EV)
        self.S[t:t + len(answers)] = answers
        self.S[o + Q.Q_TAPE_N] = len(answers)
        self.S[o + Q.Q_TAPE_I] = 0
        self.S[o + Q.Q_STATE] = 0

    def answers_read(self) -> int:
        """How many answers of the tape the game has read."""
        return int(self.S[int(self.S[self.ENGINE.layout.G_ASK]) + Q.Q_TAPE_I])

    def asked(self) -> "Asked | None":
        """The question the game stopped at for the person's answer (None: it asks none)."""
        E = self.ENGINE.layout
        if not self.S[E.G_HUMAN] or self.S[self.S[E.G_ASK] + Q.Q_STATE] == 0:
            return None
        o = int(self.S[E.G_ASK])
        r = [int(x) for x in self.S[o:o + Q.Q_SCRATCH]]
        view = self.copy()
        self.ENGINE.kernels().state_copy(self.S, Q.asked_state(self.S, o), view.S, 0)
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
class Stepping:
    """What a game that offers "learn" gives the learning environments (simulator/envs):
    its stepping kernels (``env_reset``, ``env_step``, ``observe``, ``state_copy``:
    simulator/kernels/stepping.py), the observation's size and blocks ((name, start, size,
    what it holds), in order), the action space's size, the first action of each question
    kind's options (``koff``; the last action is 'none') and each action's name; the
    engine's layout and a state of the match with a person's ask region (``state(seat,
    answers)``: an EngineState)."""
    kernels: Any
    obs_size: int
    obs_blocks: list
    n_actions: int
    koff: np.ndarray
    action_names: list
    layout: Any = None
    state: Any = None


class EngineGame:
    """The plumbing of a game whose engine is written on dsim's kernels, once: a game
    declares what it is (the class attributes), provides what differs (``make_match``,
    ``turn_cap``, ``build_tables``, ``setup_record``, ``rules_record``, ``game_text``, its
    State's ``run``, and the loaders in its module),
    and exports it all as its module's interface with one line, ``GAME.export(globals())``
    (docs/new-game.md)."""
    NAME: str
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    RANDOM_SETUPS = False            # whether random_setups draws setups
    BENCH: list = []                 # dsim bench's matchups: (label, bot files, setup file or None)
    BENCH_REFERENCE = False          # whether bench's C reference program plays this game
    OFFERS: frozenset = frozenset()  # its capabilities (simulator/games.py's CAPABILITIES)
    EXAMPLES: dict | None = None     # the conformance suite's examples (simulator/games.py's OPTIONAL)
    LABELS: dict                     # the reports' words (simulator/games.py's Game.LABELS)
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
    #: items the chart shows as one, by the name it shows them under ({name: [items]})
    ITEM_GROUPS: dict = {}
    #: --save-games' column names for the game's length and a seat's score
    RECORD_COLUMNS = {"length": "length", "score": "vp"}
    #: what the compile notice calls the engine, and how long its first compile takes
    COMPILE = ("the engine", "about 20 s")
    LOG_CAPACITY = 100_000           # events a logged game may record
    layout: Any                      # the engine's layout module (its constants)
    State: type                      # its EngineState subclass
    BOT: type                        # what a loaded bot is
    SETUP: type                      # what a loaded setup is
    #: the names ``export`` puts in the game's module, besides the ones it defines itself
    EXPORTS = ("NAME", "MIN_PLAYERS", "MAX_PLAYERS", "RANDOM_SETUPS", "BENCH", "BENCH_REFERENCE", "OFFERS",
               "EXAMPLES", "LABELS", "ENDINGS", "ITEMS", "empty_tally", "stats_table", "warm_up", "play",
               "play_logged", "records_frame", "log_text", "unique_names", "check_seats", "optimizer",
               "default_setup", "person_table", "stepping", "is_bot", "is_setup")

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
        list as the setup, such as the items it holds), ``path``, ``sha256``, and ``named`` False
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
        """What dsim optimize needs of the game (docs/new-game.md), for a game that offers
        "optimize"."""
        return None

    def person_table(self, match, seat: int, seed: int, game: int = 0) -> PersonTable | None:
        """A game of ``match`` with a person at ``seat`` (``dsim play``), for a game that
        offers "play" (its ``question`` puts the engine's questions to the person), else None."""
        if "play" not in self.OFFERS:
            return None
        self.warm_up(match)
        return PersonTable(self, match, seat, seed, game)

    def stepping(self, match) -> Stepping | None:
        """The match stepped decision by decision (simulator/envs), for a game that offers
        "learn" (its ``step_spec``), else None; compiles the stepping kernels on first use."""
        if "learn" not in self.OFFERS:
            return None
        if match.searching:
            raise one_error("a search bot cannot sit at a learning table (its rollouts are not stepped)",
                            hint="give the learning environment bots without 'search'")
        spec = self.step_spec(match)
        spec.layout = self.layout
        spec.state = lambda seat, answers: self.State(match, person=seat, answers=answers)
        self.warm_up(match)
        k = self.kernels()
        with compile_notice(spec.kernels.env_step, "the stepping engine", "about 15 s"):
            for d in (spec.kernels.env_reset, spec.kernels.env_step, spec.kernels.observe):
                k.compile_later(d)
        return spec

    def step_spec(self, match) -> Stepping:
        """The game's Stepping (a game that offers "learn")."""
        raise NotImplementedError

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
    def is_bot(self, obj) -> bool:
        return isinstance(obj, self.BOT)

    def is_setup(self, obj) -> bool:
        return isinstance(obj, self.SETUP)

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
