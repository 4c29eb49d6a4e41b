"""The games dsim can simulate, and the interface each one provides.

The API, CLI, validation, runner, statistics and reports know a game only through the
``Game`` protocol below (a test checks that they import no game package). A game is a
module registered in the ``dsim.games`` entry point group of its distribution, as the
games that ship with dsim (``BUILT_IN``) register themselves in pyproject.toml, so a game
in a package of its own plugs in by being installed. Which game a run plays is chosen by
its bot files: the ``game:`` key (no key means the ``DEFAULT`` game, so every bot written
before there were two keeps working).
"""
from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, Protocol, runtime_checkable

from .errors import InputError, InputErrors, did_you_mean, one_error, printable, short
from .lang.yamlio import LineDict, load_file

GROUP = "dsim.games"
#: the games that ship with dsim (found here too when dsim runs from a source tree that
#: pip never installed, so that its entry points are not registered)
BUILT_IN = {"dominion": "simulator.dominion.game", "splendor": "simulator.splendor.game"}
DEFAULT = "dominion"
#: where a checkout keeps its shipped bots and setups (dsim bench's, the conformance
#: suite's examples): folders named before there was a second game
STRATEGIES, SETUPS = "strategies", "kingdoms"


@runtime_checkable
class Game(Protocol):
    """What a game module provides. A game whose engine is written on dsim's kernels gets most of it from ``EngineGame``
    (simulator/engine_base.py)."""

    NAME: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    #: words the reports use: {"setup": ..., "item": ..., "items": ..., "game": its name as printed}
    LABELS: dict
    #: whether ``random_setups`` draws setups (compare --random-setups)
    RANDOM_SETUPS: bool
    #: dsim bench's matchups: (label, bot files under STRATEGIES, setup file under SETUPS or None)
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


#: what a game may offer besides the interface every game provides: the capabilities it
#: declares in its ``OFFERS`` (OpenSpiel's habit: a game says what it is, nobody probes), each
#: with the names that provide it and what it gives
CAPABILITIES = {
    "optimize": (("optimizer",), "dsim optimize evolves its bots (optimizer(): the genome's grammar, seeds, ...)"),
    "each_item": (("optimizer",), "optimize --each-card ranks its items as a baseline bot + X (the optimizer's "
                                  "EACH_ITEM, each_item_pool, item_setup (None: no item, the baseline), uses)"),
    "play": (("person_table",), "dsim play: a person plays it in the terminal"),
    "learn": (("stepping",), "learning environments (simulator/envs): stepping(match), its games stepped "
                            "decision by decision in compiled code, with observations and action masks"),
    "why": (("log_text",), "dsim log --why: its log says which rule made each choice"),
    "stats": (("stats_table",), "figures of its own: res.game_stats, and the reports its STATS_REPORT describes"),
    "default_setup": (("default_setup",), "a setup it plays when none is given"),
    "sets": (("SETS",), "its items come in sets (SETS, in order; the first is the default): random setups draw "
                        "from the sets named (compare --sets), random_setups(..., sets=)"),
}
#: what a game may declare, with what a game that does not declare it has: its capabilities,
#: the conformance suite's examples (tests/core/test_conformance.py: "bots", "setup",
#: "other_setup", "bad" [(bot text, words its error holds)], "scale"), the seatings it plays,
#: the items its charts show (in order, by colour, grouped), its own figures, and how a game
#: stopped at the turn cap is scored ("shared by every player"; None: by the score)
OPTIONAL = {"OFFERS": frozenset(), "EXAMPLES": None, "SEAT_MODES": ("rotate", "random", "fixed"),
            "CHART_ITEMS": None, "ITEM_COLOURS": {}, "ITEM_GROUPS": {}, "STATS": (), "STATS_REPORT": None,
            "unfinished": lambda match: None}


def info(game, name: str):
    """What ``game`` declares of ``name`` (one of OPTIONAL), or what a game that does not
    declare it has."""
    return getattr(game, name, OPTIONAL[name])


def offers(game) -> frozenset:
    """The capabilities ``game`` declares (CAPABILITIES)."""
    return frozenset(info(game, "OFFERS"))


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
    #: the rollout policies the search bots name, compiled after the bots (lang/search.py)
    policies: list = field(default_factory=list)

    @property
    def searching(self) -> bool:
        """Whether a bot of the match searches (lang/search.py)."""
        return any(getattr(b, "search", None) is not None for b in self.bots)

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
                "chart": {"items": list(info(eng, "CHART_ITEMS") or []), "colours": dict(info(eng, "ITEM_COLOURS")),
                          "groups": dict(info(eng, "ITEM_GROUPS"))},
                "stats": info(eng, "STATS_REPORT"), "unfinished": info(eng, "unfinished")(self)}

    @property
    def stat_names(self) -> list:
        return list(info(self.ENGINE, "STATS"))

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
        raise one_error(f"the game '{name}' ({short(module)}) cannot be loaded: "
                        f"{type(e).__name__}: {printable(str(e), 200)}",
                        hint="reinstall the package that provides it") from None
    lacks = [m for m in INTERFACE if not hasattr(game, m)]
    unknown = sorted(map(str, offers(game) - set(CAPABILITIES)))
    lacks += [p for c in sorted(offers(game) & set(CAPABILITIES)) for p in CAPABILITIES[c][0] if not hasattr(game, p)]
    if unknown:
        raise one_error(f"the game '{name}' ({short(module)}) offers {short(', '.join(unknown))}, which dsim does not "
                        "know", hint=f"a game offers some of {', '.join(CAPABILITIES)}")
    if lacks:
        raise one_error(f"the game '{name}' ({short(module)}) does not provide {', '.join(sorted(set(lacks)))}",
                        hint="a game provides everything simulator.games.Game lists, and what it offers")
    if game_name(getattr(game, "NAME", "")) != name:
        raise one_error(f"the game registered as '{name}' ({short(module)}) calls itself "
                        f"{short(getattr(game, 'NAME', None))}", hint="register it under its NAME")
    return game


def get_game(name: str = DEFAULT) -> Game:
    games = registered()
    key = game_name(name)
    if key not in games:
        raise one_error(f"unknown game {short(name, 30)}", hint=did_you_mean(
            key, games, "known games: " + ", ".join(sorted(games))))
    return _load(key, games[key])


def game_name(value) -> str:
    """A ``game:`` key's value as a game's name (case and spaces do not matter)."""
    return str(value).strip().lower()


def game_of_setup(setup) -> Game:
    """The game a loaded setup belongs to."""
    for name in game_names():
        game = get_game(name)
        if game.is_setup(setup):
            return game
    raise one_error(f"{short(setup)} is not the setup of an installed game")


def rule_pairs(items, example: str) -> dict:
    """``--rules KEY=VALUE`` options as {key: value text} (each game then checks them);
    ``example`` is one of the game's, for the hint."""
    out = {}
    for item in items or ():
        key, eq, value = str(item).partition("=")
        if not eq:
            raise InputError(f"--rules takes KEY=VALUE, not {short(item)}", hint=f"e.g. --rules {example}")
        out[key.strip()] = value.strip()
    return out


def game_named(data) -> str:
    """The game a file's YAML data names (its ``game:`` key; none is the default game)."""
    return game_name(data.get("game", DEFAULT) if isinstance(data, LineDict) else DEFAULT)


def read_file(path) -> tuple:
    """A bot or setup file read once: (the game it names, its YAML data, its text)."""
    data, text = load_file(path)
    try:
        return get_game(game_named(data)), data, text
    except InputErrors as e:  # an unknown game: said of this file
        raise InputErrors([InputError(x.message, str(path), data.lines.get("game"), hint=x.hint)
                           for x in e.errors]) from None


def one_game(named: dict) -> Game:
    """The game of a run whose files name ``named`` ({game name: [files]}); files of two
    games are an error naming them."""
    if len(named) > 1:
        parts = "; ".join(f"{g}: {', '.join(f[:3])}" for g, f in named.items())
        raise one_error(f"the bots are written for different games ({parts})",
                        hint="every bot of a run plays the same game")
    return get_game(next(iter(named), DEFAULT))


def game_of_bots(paths) -> Game:
    """The game the bot files (paths or loaded bots) are written for: their ``game:``
    key, the DEFAULT game without one; bots of different games are an error naming the files.
    A file that cannot be read (missing, not YAML, too big) has no say: its loader then
    reports what is wrong with it. (``api.load_bots`` reads and loads files at once.)"""
    named = {}
    for p in paths:
        name = getattr(p, "game", None)
        if name is None:
            try:
                data, _ = load_file(p)
            except (InputError, InputErrors):
                continue
            name = game_named(data)
        named.setdefault(game_name(name), []).append(str(getattr(p, "path", p)))
    return one_game(named)


def game_of(match) -> Game:
    """The game a match is of (it travels with the match: its game module, as registered)."""
    return get_game(match.game)


#: where the names a game once imported from here live now (a plugin written against an
#: earlier dsim keeps working)
_MOVED = {"EngineGame": "engine_base", "EngineState": "engine_base", "place_bots": "engine_base",
          "stack_array": "engine_base", "Asked": "person", "Choice": "person", "Question": "person",
          "PersonTable": "person"}


def __getattr__(name: str):
    if name in _MOVED:
        return getattr(importlib.import_module(f"{__package__}.{_MOVED[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
