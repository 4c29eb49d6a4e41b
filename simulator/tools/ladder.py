"""``dsim ladder`` and the library's ``ladder()``: a fixed, versioned round robin of one
game's bots on one setup.

A ladder is a file under ladders/ (docs/ladder.md): its bots (the rungs), its setup, the
games of every match, the seed and a version. Its matrix ships beside it (``results:``, a
JSON file ``dsim ladder --out`` writes), so placing a bot on it plays only that bot's
matches against the rungs; the rungs' own matches are read back, and played again when
the file does not match them (a rung, the setup, the games or the seed changed) or with
``--replay``. Nothing here names a game: the rungs' files say which.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import numbers
import os
from dataclasses import dataclass
from pathlib import Path

from .. import api
from ..errors import InputError, did_you_mean, one_error, printable, short
from ..games import bots_meta, game_of_bots
from ..lang.yamlio import LineDict, load_file
from ..run.stats import TournamentResults, setup_of

ROOT = Path(__file__).resolve().parents[2]
#: where a checkout keeps its ladders (a ladder named without a path is looked up here)
LADDERS = "ladders"
KEYS = ("ladder", "version", "description", "setup", "bots", "games", "paired", "seed", "results")
MAX_RUNGS = 32
MAX_LADDER_GAMES = 1_000_000
#: what the results file records of each match: summary_rows' columns
ROW = ("bot", "games", "wins", "ties", "losses", "win_rate", "ci_low", "ci_high", "mean_points", "mean_turns")


@dataclass
class Ladder:
    path: Path            # the ladder file
    name: str
    version: int
    setup: Path | None    # its setup file (None: the game's standard setup)
    bots: list            # the rungs' bot files, in the file's order
    games: int            # games per match
    paired: bool
    seed: int
    results: Path | None  # the shipped matrix (None: the ladder has none yet)


def ladder_files() -> list[Path]:
    """The ladders this checkout ships, by name."""
    folder = ROOT / LADDERS
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def find_ladder(name) -> Path:
    """A ladder file: ``name`` itself when it is a file, else ladders/NAME.yaml."""
    p = Path(name)
    if p.is_file():
        return p
    shipped = {f.stem: f for f in ladder_files()}
    if str(name) in shipped:
        return shipped[str(name)]
    raise one_error(f"no ladder {printable(str(name), 60)}: neither a file nor one of the shipped ladders",
                    hint=did_you_mean(str(name), list(shipped),
                                      f"the shipped ladders: {', '.join(shipped) or 'none'}"))


def load_ladder(name) -> Ladder:
    """The ladder file ``name`` (a path, or the name of a shipped ladder), checked: every
    mistake is one line with the file, its line and a hint. Paths in it are relative to
    the file."""
    path = find_ladder(name)
    try:
        data, _text = load_file(str(path))
    except InputError as e:
        raise one_error(e.message, e.path, e.line, e.col, e.hint) from None
    where = str(path)
    if not isinstance(data, LineDict):
        raise one_error("a ladder file is a mapping (ladder:, version:, bots:, ...)", where, 1,
                        hint="see docs/ladder.md")

    def line(key):
        return data.lines.get(key, data.line)

    for key in data:
        if key not in KEYS:
            raise one_error(f"unknown key {short(key, 40)!s} in a ladder", where, line(key),
                            hint=did_you_mean(str(key), KEYS, f"the keys: {', '.join(KEYS)}"))
    for key in ("ladder", "version", "bots", "games", "seed"):
        if key not in data:
            raise one_error(f"a ladder needs '{key}:'", where, data.line or 1, hint="see docs/ladder.md")

    def whole(key, lo, hi):
        v = data[key]
        if isinstance(v, bool) or not isinstance(v, numbers.Integral) or not lo <= v <= hi:
            raise one_error(f"'{key}' must be a whole number from {lo:,} to {hi:,}, not {short(v)}", where,
                            line(key))
        return int(v)

    def file_at(key, value, at):
        if not isinstance(value, str) or not value.strip():
            raise one_error(f"'{key}' names a file (a path relative to the ladder), not {short(value)}", where, at)
        f = Path(os.path.normpath(path.parent / value))
        if not f.is_file():
            raise one_error(f"'{key}': no file {printable(value, 80)} (relative to the ladder's folder)", where, at,
                            hint="paths in a ladder are relative to the ladder file")
        return f

    name = data["ladder"]
    if not isinstance(name, str) or not name.strip():
        raise one_error(f"'ladder' is the ladder's name, not {short(name)}", where, line("ladder"))
    rungs = data["bots"]
    if not isinstance(rungs, list) or not 2 <= len(rungs) <= MAX_RUNGS:
        raise one_error(f"'bots' is a list of 2 to {MAX_RUNGS} bot files", where, line("bots"))
    at = getattr(rungs, "lines", None) or [line("bots")] * len(rungs)
    bots = [file_at("bots", b, at[i] if i < len(at) else line("bots")) for i, b in enumerate(rungs)]
    paired = data.get("paired", True)
    if not isinstance(paired, bool):
        raise one_error(f"'paired' is true or false, not {short(paired)}", where, line("paired"))
    setup = file_at("setup", data["setup"], line("setup")) if data.get("setup") is not None else None
    results = data.get("results")
    if results is not None and (not isinstance(results, str) or not results.strip()):
        raise one_error(f"'results' names a JSON file (relative to the ladder), not {short(results)}", where,
                        line("results"))
    return Ladder(path=path, name=name.strip(), version=whole("version", 1, 10**6), setup=setup, bots=bots,
                  games=whole("games", 1, MAX_LADDER_GAMES), paired=paired, seed=whole("seed", 0, 2**63 - 1),
                  results=path.parent / results if results else None)


def fingerprint(ladder: Ladder, bots: list) -> str:
    """What the ladder's matches depend on besides the engine: its version, games, seed and
    seating, its setup's text and every rung's text (``bots``: the rungs loaded)."""
    h = hashlib.sha256()
    h.update(json.dumps([ladder.version, ladder.games, ladder.seed, ladder.paired]).encode())
    h.update(ladder.setup.read_bytes() if ladder.setup is not None else b"-")
    for b in bots:
        h.update(str(b.sha256).encode())
    return h.hexdigest()


def shipped_matches(ladder: Ladder, print_: str) -> tuple[dict | None, str]:
    """The rungs' matches from the ladder's results file, when it matches the ladder
    (``print_``: its fingerprint now) and holds every match of the rungs, each a whole one:
    ({(rung i, rung j): [row of i, row of j]}, None), or (None, why they are played instead)."""
    if ladder.results is None:
        return None, "the ladder has no results file yet"
    if not ladder.results.is_file():
        return None, f"its results file {ladder.results.name} is missing (or not a file)"
    try:
        data = json.loads(ladder.results.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a mapping")
        if data.get("fingerprint") != print_:
            return None, (f"its results file {ladder.results.name} was played with other rungs, setup, games or "
                          "seed (its fingerprint differs)")
        return _matches(data.get("matches"), len(ladder.bots), ladder.games + (ladder.games % 2 if ladder.paired
                                                                                 else 0)), None
    except (ValueError, KeyError, TypeError, OSError) as e:
        return None, f"its results file {ladder.results.name} cannot be read: {printable(str(e), 120)}"


def _matches(matches, n: int, games: int) -> dict:
    """A results file's matches, checked: every pair of the n rungs once, each a whole match
    of ``games`` games whose two rows (ROW) add up; a ValueError says what is wrong."""
    if not isinstance(matches, list) or len(matches) != n * (n - 1) // 2:
        raise ValueError(f"it does not hold the {n * (n - 1) // 2} matches of {n} rungs")
    known = {}
    for m in matches:
        pair = tuple(m["rungs"]) if isinstance(m, dict) and isinstance(m.get("rungs"), list) else ()
        if (len(pair) != 2 or not all(type(x) is int for x in pair) or not 0 <= pair[0] < pair[1] < n
                or pair in known):
            raise ValueError(f"a match of rungs {short(pair, 20)}")
        rows = m.get("rows")
        if not isinstance(rows, list) or len(rows) != 2:
            raise ValueError(f"match {pair}: not two rows")
        for r in rows:
            if (not isinstance(r, list) or len(r) != len(ROW) or not isinstance(r[0], str)
                    or not all(type(x) is int and x >= 0 for x in r[1:5])
                    or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in r[5:])
                    or r[1] != games or r[2] + r[3] + r[4] != games or not 0 <= r[5] <= 1):
                raise ValueError(f"match {pair}: a row that is not a whole match of {games} games")
        known[pair] = [tuple(r) for r in rows]
    return known


def results_data(ladder: Ladder, print_: str, names: list, matches: dict, version: str) -> dict:
    """The results file of a ladder's own matches (what ``results:`` names): ``matches``
    {(rung i, rung j): summary rows}."""
    return {"ladder": ladder.name, "version": ladder.version, "fingerprint": print_, "dsim_version": version,
            "games": ladder.games, "seed": ladder.seed, "paired": ladder.paired, "rungs": names, "columns": ROW,
            "matches": [{"rungs": [i, j], "rows": [[_plain(v) for v in r] for r in rows]}
                        for (i, j), rows in sorted(matches.items())]}


def _plain(v):
    """A JSON value of a summary row's cell (numpy numbers as Python's)."""
    if isinstance(v, str):
        return v
    if isinstance(v, numbers.Integral):
        return int(v)
    return float(v)


def ladder(name, bots=(), games: int | None = None, jobs: int | None = None, replay: bool = False,
           progress: bool = False, announce=None) -> TournamentResults:
    """The ladder ``name`` (a ladder file, or a shipped ladder's name: ladders/NAME.yaml;
    docs/ladder.md) with ``bots`` placed on it: each plays every rung (and every other bot
    placed), the ladder's games per match (``games``: the placed bots' matches' instead, a
    quicker and rougher placement), on its seed. The rungs' own matches are read
    from the ladder's results file when it matches them (else, or with ``replay``, they
    are played too). Returns TournamentResults whose ratings have the rungs' mean at 1500
    (one scale for every placement); ``meta["ladder"]`` says
    which ladder (its ``file``: ``name`` as given), its version, and where the rungs'
    matches came from;
    ``meta["ladder_results"]`` is the results file of the rungs' matches when they were
    played (what ``results:`` names; dsim ladder --out writes it)."""
    replay, progress = api.flag("replay", replay), api.flag("progress", progress)
    spec = load_ladder(name)
    placed = api.bot_list(bots, "bots") if bots else []
    rungs = api.load_bots(spec.bots)
    game = game_of_bots(rungs)
    loaded = rungs + (api.load_bots(placed) if placed else [])
    for b in loaded[len(rungs):]:
        if game_of_bots([b]) is not game:
            raise one_error(f"a {game_of_bots([b]).LABELS['game']} bot cannot be placed on the ladder "
                            f"{spec.name}, whose bots play {game.LABELS['game']}", str(b.path),
                            hint="dsim ladder lists the ladders")
    names = game.unique_names(loaded)
    setup = api.load_setup(str(spec.setup) if spec.setup is not None else None, loaded)
    _, opts = api.check_run_args(spec.games, spec.seed, jobs)
    placed_games = spec.games if games is None else api.check_run_args(games, spec.seed, jobs)[0]
    placed_games += placed_games % 2 if spec.paired else 0  # whole deals, one game per seating
    print_ = fingerprint(spec, rungs)
    known, why = (None, "--replay") if replay else shipped_matches(spec, print_)
    n = len(rungs)
    groups = list(itertools.combinations(range(len(loaded)), 2))
    if known is not None and set(known) != {g for g in groups if g[1] < n}:
        known, why = None, f"its results file {spec.results.name} does not hold every match of the rungs"
    if announce is not None:
        to_play = len(groups) - (len(known) if known else 0)
        on_it = f" and {len(placed)} bot{'s' * (len(placed) > 1)} placed on it" if placed else ""
        announce(f"ladder {spec.name} v{spec.version}: {n} rungs{on_it}; {to_play:,} matches to play, "
                 f"{spec.games:,} games each"
                 + (f" ({placed_games:,} for the bots placed)" if placed_games != spec.games else "")
                 + ("; the rungs' own matches read from " + spec.results.name if known
                    else f"; the rungs' own matches played ({why})"))
    played = {}
    tally, first_meta, outcome = api.round_robin(loaded, names, groups, setup, None, "rotate",
                                                 lambda g: spec.games if g[1] < n else placed_games, opts,
                                                 spec.paired, progress, known, played)
    table, matrix, ranking = tally.tables()
    rated = ranking[ranking.games > 0].set_index("bot").rating  # a stopped run: the rungs that played
    shift = float(rated[[b for b in names[:n] if b in rated.index]].mean()) - 1500.0
    for c in ("rating", "rating_low", "rating_high"):
        ranking[c] = ranking[c] - shift
    if first_meta is None:  # every match was read: the setup and rules as a match describes them
        first_meta = api.prepare(rungs[:2], setup, None, None, "rotate").describe()
    meta = {"seed": spec.seed, "players": 2, "games_per_match": spec.games, "bots": names,
            "bots_files": bots_meta(names, loaded), "labels": game.LABELS,
            game.LABELS["setup"]: setup_of(first_meta), "rules": first_meta.get("rules"),
            "matches_total": len(groups), "matches_played": len(outcome), "dsim_version": api.__version__,
            "seats": "rotate", "paired": spec.paired, "fit": tally.fit, **api.outcome_of(outcome),
            "ladder": {"name": spec.name, "version": spec.version, "file": str(name), "rungs": names[:n],
                       "placed": names[n:], "placed_games": placed_games, "fingerprint": print_,
                       "rung_matches": "read from " + spec.results.name if known else f"played ({why})"}}
    if known is None and all(g in played for g in groups if g[1] < n):
        meta["ladder_results"] = results_data(spec, print_, names[:n], {g: played[g] for g in groups if g[1] < n},
                                              api.__version__)
    return TournamentResults(table, matrix, ranking, meta)
