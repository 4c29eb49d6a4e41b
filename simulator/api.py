"""The library API: load and check inputs, simulate, return Results (pandas DataFrames).

The CLI is a thin layer over these functions; a notebook can use them directly::

    from simulator import simulate
    res = simulate(["strategies/big_money.yaml", "strategies/big_money_ultimate.yaml"],
                   games=20_000, seed=1)
    res.summary
"""
from __future__ import annotations

import functools
import hashlib
import itertools
import math
import numbers
import os
import secrets
import time
from dataclasses import replace
from pathlib import Path

from ._version import __version__
from .errors import InputError, InputErrors, closest, one_error, printable, short
from .games import bots_meta, game_name, game_of, game_of_bots, info, offers, one_game, read_file
from .person import replay_words
from .report.outfiles import refuse_inputs
from .report.reports import GameWriter
from .run.runner import MIN_CHUNK as MIN_CHUNK_GAMES
from .run.options import RunOptions
from .run.runner import run
from .run.stats import (
    POOLED_METHOD,
    CompareResults,
    Results,
    TournamentResults,
    TournamentTally,
    compare_table,
    alike_setups,
    pooled_table,
    results_from_tally,
    setup_of,
    summary_rows,
)

# ---------------------------------------------------------------- arguments
#: the names the library's setup keywords had before it named no game: still answered
ALIASES = {"kingdom": "setup", "kingdoms": "setups", "random_kingdoms": "random_setups"}


def setup_aliases(fn):
    """``fn`` also answering to the ALIASES of its keywords."""
    @functools.wraps(fn)
    def call(*args, **kw):
        for old, new in ALIASES.items():
            if old in kw:
                if new in kw:
                    raise one_error(f"give {new} or {old} (its old name), not both")
                kw[new] = kw.pop(old)
        return fn(*args, **kw)
    return call



# The CLI passes its options through these checks, so a library call and a command get
# the same message for the same mistake.
MAX_GAMES = 10**10          # per run: about a day on one core; the chunk plan stays small
MAX_SEED = 2**63 - 1
MAX_JOBS = 512
MAX_RANDOM_SETUPS = 1000
MAX_GAME_INDEX = 2**47      # a game index the engine records exactly
BACKENDS = ("local", "dask")


def whole(name: str, value, lo: int, hi: int, none_ok: bool = False):
    """``value`` as an int in [lo, hi], or an InputErrors naming ``name``."""
    if value is None and none_ok:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not lo <= value <= hi:
        raise one_error(f"{name} must be a whole number from {lo:,} to {hi:,}, not {short(value)}")
    return int(value)


def choice(name: str, value, allowed):
    if not isinstance(value, str) or value not in allowed:
        raise one_error(f"{name} must be one of {', '.join(allowed)}, not {short(value)}")
    return value


def path_arg(name: str, value, kind: str = "file"):
    """A file (or folder) name a user gave: a str or os.PathLike, not empty; else InputErrors."""
    if not isinstance(value, (str, os.PathLike)) or not os.fspath(value):
        raise one_error(f"{name} must name a {kind}, not {short(value)}")
    return os.fspath(value)


def bot_list(bots, name: str = "bots") -> list:
    """The bots a user gave as a list: one path (a str) is one bot, not its characters;
    anything but paths and loaded bots is an InputErrors."""
    if isinstance(bots, (str, os.PathLike)) or hasattr(bots, "game"):
        return [bots]
    if bots is None or isinstance(bots, (bytes, dict)) or not hasattr(bots, "__iter__"):
        raise one_error(f"{name} must be a list of bot files, not {short(bots)}",
                        hint='e.g. ["strategies/mine.yaml", "strategies/theirs.yaml"]')
    bots = list(bots)
    bad = [b for b in bots if not (isinstance(b, (str, os.PathLike)) or hasattr(b, "game"))]
    if bad or not bots:
        raise one_error(f"{name} must be a list of bot files, not {short(bots)}",
                        hint='e.g. ["strategies/mine.yaml", "strategies/theirs.yaml"]')
    return bots


def rules_arg(rules) -> dict:
    """Rule overrides as the library takes them: None or a dict of rule: value."""
    if rules is None:
        return {}
    if not isinstance(rules, dict) or not all(isinstance(k, str) for k in rules):
        raise one_error(f"rules must be a dict of rule: value, not {short(rules)}",
                        hint="e.g. {'tiebreak': 'shared', 'turn_cap': 80}")
    return dict(rules)


def flag(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise one_error(f"{name} must be True or False, not {short(value)}")
    return value


def match_inputs(match) -> list:
    """The files a match was read from: its bots' and its setup's."""
    return [b.path for b in match.bots] + [getattr(match.setup, "path", None)]


def check_run_args(games, seed, jobs, backend="local", until_ci=None, scheduler=None) -> tuple:
    """(games, the RunOptions of the seed and the workers), checked (a seed of None drawn);
    raises InputErrors before anything is played."""
    games = whole("games", games, 1, MAX_GAMES)
    seed = whole("seed", seed, 0, MAX_SEED, none_ok=True)
    jobs = whole("jobs", jobs, 1, MAX_JOBS, none_ok=True)
    choice("backend", backend, BACKENDS)
    if until_ci is not None and (isinstance(until_ci, bool) or not isinstance(until_ci, numbers.Real)
                                 or not 0.0001 <= until_ci <= 0.5):
        raise one_error(f"until_ci must be a number from 0.0001 to 0.5, not {short(until_ci)}")
    return games, RunOptions(secrets.randbelow(2**31) if seed is None else seed, jobs, backend, scheduler)


def outcome_of(results) -> dict:
    """What a set of runs (a comparison's setups, a tournament's matches) says as one:
    partial if any was, the first error, and whether Ctrl-C stopped it."""
    return {"partial": any(r.partial for r in results),
            "error": next((r.meta["error"] for r in results if r.meta.get("error")), None),
            "stopped_by": "interrupt" if any(r.meta["stopped_by"] == "interrupt" for r in results) else None}


def load_bots(paths) -> list:
    """Load and validate bot files (paths or already-loaded bots) of one game (their
    ``game:`` key), each file read once; every error of every file is collected and
    raised together as InputErrors."""
    paths = bot_list(paths)
    read, errors, named = {}, [], {}
    for p in paths:
        if hasattr(p, "game"):
            named.setdefault(game_name(p.game), []).append(str(p.path))
        elif str(p) not in read:  # the same file for two seats: read (and reported) once
            try:
                read[str(p)] = read_file(p)
                named.setdefault(read[str(p)][0].NAME, []).append(str(p))
            except (InputError, InputErrors) as e:
                errors += e.errors if isinstance(e, InputErrors) else [e]
                read[str(p)] = None
    game = one_game(named)
    loaded = {}
    for key, got in read.items():
        if got is None:
            continue
        try:
            kind, loaded[key] = got[0].check_file(got[1], key, got[2])
        except (InputError, InputErrors) as e:
            errors += e.errors if isinstance(e, InputErrors) else [e]
            continue
        if kind != "bot":
            errors.append(InputError(f"this is a {game.LABELS['game']} {game.LABELS['setup']} file, not a bot", key, 1,
                                     hint="give it with -k"))
    if errors:
        raise InputErrors(errors)
    return [p if hasattr(p, "game") else loaded[str(p)] for p in paths]


def load_setup(path, bots=()):
    """A setup file of the game of ``bots`` (the default game without), or a setup
    already loaded, or None."""
    game = game_of_bots(bots)
    if path is None or game.is_setup(path):
        return path
    if not isinstance(path, (str, os.PathLike)):
        raise one_error(f"the {game.LABELS['setup']} given is not a {game.NAME} {game.LABELS['setup']}",
                        hint="give a file, or one loaded for the bots' game")
    try:
        return game.load_setup(path)
    except InputError as e:
        raise InputErrors([e]) from None


def seat_bots(bots: list, players: int | None) -> list:
    """The bot of each seat: the bots as given, cycled to fill ``players`` seats."""
    game = game_of_bots(bots)
    players = whole("players", players, game.MIN_PLAYERS, game.MAX_PLAYERS, none_ok=True)
    n = players or len(bots)
    if not game.MIN_PLAYERS <= n <= game.MAX_PLAYERS:
        raise one_error(f"a game has {game.MIN_PLAYERS} to {game.MAX_PLAYERS} players, not {n}",
                        hint=f"give {game.MIN_PLAYERS} to {game.MAX_PLAYERS} bots (the same file "
                             "twice for a mirror match)"
                        if players is None else None)
    if len(bots) > n:
        raise one_error(f"{len(bots)} bots do not fit in {n} seats",
                        hint=f"use --players {len(bots)} or fewer bots")
    return [bots[i % len(bots)] for i in range(n)]


@setup_aliases
def prepare(bots, setup=None, players: int | None = None, rules: dict | None = None,
            seats: str = "rotate", check: bool = False):
    """Validate everything and compile the match; nothing is played."""
    bots = load_bots(bots)
    game = game_of_bots(bots)
    bots = seat_bots(bots, players)
    setup = load_setup(setup, bots)
    try:
        return game.make_match(bots, setup, rules_arg(rules), seats, check=check)
    except InputErrors:
        raise
    except InputError as e:
        raise InputErrors([e]) from None


@setup_aliases
def simulate(bots, setup=None, games: int = 10_000, seed: int | None = None, jobs: int | None = None,
             players: int | None = None, rules: dict | None = None, seats: str = "rotate",
             paired: bool = False, until_ci: float | None = None, backend: str = "local",
             scheduler: str | None = None, progress: bool = False, save_games: str | None = None,
             match=None, label: str | None = None) -> Results:
    """Play ``games`` games of the bots (paths or loaded bots) and return Results.

    ``seed`` None draws a fresh seed, recorded in ``results.meta['seed']``.
    """
    games, opts = check_run_args(games, seed, jobs, backend, until_ci, scheduler)
    paired = pairing(paired, seats if match is None else match.seats)
    progress = flag("progress", progress)
    if match is None:
        match = prepare(bots, setup, players, rules, seats)
    tally, meta = _play_match(match, games, opts, paired, until_ci, progress, save_games, label)
    res = results_from_tally(tally, meta["bot_names"], meta.pop("ending_names"), meta.pop("item_names"),
                             {k: v for k, v in meta.items() if k != "bot_names"})
    game = game_of(match)
    res.game_stats = game.stats_table(tally, match) if "stats" in offers(game) else None
    return res


def pairing(paired, seats) -> bool:
    """``paired``, checked against the seating: a paired deal is played once per rotation
    of the seats, so it cannot be combined with fixed or random seats."""
    paired = flag("paired", paired)
    if paired and seats != "rotate":
        raise InputError(f"--paired rotates the seats itself; it cannot be used with --seats {short(seats, 20)}",
                         hint="leave --seats out (rotate)")
    return paired


def _play_match(match, games: int, opts: RunOptions, paired: bool, until_ci, progress: bool, save_games,
                label) -> tuple:
    """The games of a checked run: (the Tally, the run's meta with the match's names of
    bots, endings and items)."""
    if paired and games % match.players:
        games += match.players - games % match.players  # whole deals: one game per seat rotation
    writer = None
    if save_games is not None:
        save_games = path_arg("save_games", save_games)
        try:
            refuse_inputs([save_games], match_inputs(match), "--save-games")
            writer = GameWriter(save_games, match)
        except InputError as e:
            raise InputErrors([e]) from None
    try:
        out = run(game_of(match), match, games, opts, paired=paired, until_ci=until_ci, progress=progress,
                  records=writer is not None, on_records=writer.write if writer else None, label=label)
    finally:
        if writer is not None:
            writer.close()
    meta = {
        "dsim_version": __version__,
        "seed": opts.seed,
        "games_requested": games,
        "games_played": out.games_played,
        "partial": out.partial,
        "stopped_by": out.stopped_by,
        "error": out.error,
        "seconds": round(out.seconds, 3),
        "compile_seconds": out.meta.get("compile_seconds"),
        "jobs": opts.jobs,
        "backend": opts.backend,
        "paired": paired,
        "until_ci": until_ci,
        # with --until-ci: whether the intervals got narrow enough before -n games (None without it)
        "until_ci_reached": (out.stopped_by == "until-ci") if until_ci is not None else None,
        **match.describe(),
        "bot_names": match.bot_names, "ending_names": match.ending_names, "item_names": match.item_names,
    }
    return out.tally, meta


@setup_aliases
def setups_for(bots, setups=(), random_setups: int = 0, seed: int = 0, rules: dict | None = None,
               free: bool = False, sets=None) -> list:
    """Setup files (or loaded setups) plus ``random_setups`` random ones that hold every
    item the bots name (with ``free``, drawn without them: the bots meet setups that lack
    their items), the rest drawn from the item ``sets`` named (a game that offers "sets";
    None: its default)."""
    bots = load_bots(bots)
    if isinstance(setups, (str, os.PathLike)) or game_of_bots(bots).is_setup(setups):
        setups = [setups]
    if setups is None or not hasattr(setups, "__iter__") or isinstance(setups, (bytes, dict)):
        raise one_error(f"setups must be a list of files, not {short(setups)}")
    files = [os.path.realpath(k) for k in setups if isinstance(k, (str, os.PathLike))]
    twice = next((k for k in setups if isinstance(k, (str, os.PathLike)) and files.count(os.path.realpath(k)) > 1),
                 None)
    if twice is not None:
        word = game_of_bots(bots).LABELS["setup"]
        raise one_error(f"{printable(twice)} is given twice: a {word} is compared once",
                        hint=f"give each {word} file once (for more games of it, raise -n)")
    out = [load_setup(k, bots) for k in setups]
    if random_setups:
        game = game_of_bots(bots)
        try:
            if not game.RANDOM_SETUPS:
                raise InputError(f"{game.LABELS['game']} draws no random {game.LABELS['setup']}s",
                                 hint=f"give {game.LABELS['setup']} files with -k")
            extra = {"free": True} if free else {}
            if sets is not None:
                extra["sets"] = sets_arg(game, sets)
            out += game.random_setups(random_setups, bots, seed, rules_arg(rules), **extra)
        except InputError as e:
            raise InputErrors([e]) from None
    if not out:
        game = game_of_bots(bots)
        raise one_error(f"compare needs {game.LABELS['setup']}s", hint="give -k FILE (several)"
                        + (" or --random-setups N" if game.RANDOM_SETUPS else ""))
    return _distinct(out)


def sets_arg(game, sets) -> tuple:
    """The item sets named (a list, or one text "base,intrigue"), checked against the game's."""
    if "sets" not in offers(game):
        raise InputError(f"{game.LABELS['game']}'s {game.LABELS['items']} come in no sets", hint="leave out --sets")
    names = [s.strip() for s in sets.split(",")] if isinstance(sets, str) else list(sets)
    if not names or not all(isinstance(s, str) and s for s in names):
        raise InputError(f"--sets names sets, separated by commas, not {short(sets)}",
                         hint="sets: " + ",".join(game.SETS))
    for s in names:
        if s not in game.SETS:
            close = closest(s, game.SETS)
            raise InputError(f"unknown set {short(s, 30)}", hint=f"did you mean '{close}'?" if close else
                             "sets: " + ",".join(game.SETS))
    return tuple(dict.fromkeys(names))


def _distinct(setups: list) -> list:
    """``setups`` with distinct names: those of the same name told apart by file name, then
    by path (a setup without a file keeps its name), then by number."""
    base = names = [k.name for k in setups]
    for where in (lambda k: Path(k.path).name, lambda k: printable(k.path)):
        if len(set(names)) == len(names):
            break
        names = [b if base.count(b) == 1 or not k.path else f"{b} ({where(k)})" for b, k in zip(base, setups)]
    names = [n if names.count(n) == 1 else f"{n} #{i + 1}" for i, n in enumerate(names)]
    return [k if n == k.name else replace(k, name=n) for k, n in zip(setups, names)]


def setup_seed(seed: int, setup_record: dict) -> int:
    """The seed of a compared setup's games: from the run's seed, the setup's name and
    what it holds, so that each setup plays games of its own (reproducibly), not the same
    deals (which made setups differing only in unused cards one result shown twice)."""
    key = f"{seed}|{setup_record.get('name')}|{'|'.join(setup_record.get('contents', []))}"
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big") & 0x7FFFFFFF


@setup_aliases
def compare(bots, setups=(), random_setups: int = 0, games: int = 10_000, seed: int | None = None,
            jobs: int | None = None, players: int | None = None, rules: dict | None = None,
            seats: str = "rotate", paired: bool = False, progress: bool = False, free: bool = False,
            sets=None):
    """The same bots on each setup: the files (or loaded setups) given, then
    ``random_setups`` random ones (with ``free``, drawn without forcing the bots' cards
    in; from the item ``sets`` named, for a game whose items come in sets). Each setup
    plays with a seed of its own, derived from ``seed`` and the setup (``setup_seed``:
    reproducible, different between setups), so that the setups are independent samples
    for the pooled verdict. Returns CompareResults: ``table`` has one row per setup and
    bot, ``pooled`` one row per bot over all of them.
    """
    games, opts = check_run_args(games, seed, jobs)
    seed, jobs = opts.seed, opts.jobs
    paired, progress = pairing(paired, seats), flag("progress", progress)
    random_setups = whole("random_setups", random_setups, 0, MAX_RANDOM_SETUPS)
    free = flag("free", free)
    loaded = load_bots(bots)
    game = game_of_bots(loaded)
    if free and not random_setups:
        word = game.LABELS["setup"]
        if not game.RANDOM_SETUPS:
            raise one_error(f"{game.LABELS['game']} draws no random {word}s, so --free has nothing "
                            "to draw", hint=f"give {word} files with -k")
        raise one_error(f"--free says how random {word}s are drawn: give how many too",
                        hint=f"add --random-{word}s N")
    if sets is not None and not random_setups:
        word = game.LABELS["setup"]
        raise one_error(f"--sets says what random {word}s are drawn from: give how many too",
                        hint=f"add --random-{word}s N")
    runs, missing, lacks = {}, {}, {}
    setups = setups_for(loaded, setups, random_setups, seed, rules, free, sets)
    first_match = None
    for i, k in enumerate(setups):
        match = prepare(loaded, k, players, rules, seats)
        first_match = first_match or match
        missing[k.name] = game.missing(match)
        # what each bot names that the setup lacks: a bot playing without its cards
        for name, bot in zip(match.bot_names, match.bots):
            lacks[(k.name, name)] = ", ".join(dict.fromkeys(item for path, _, item in missing[k.name]
                                                             if path == bot.path))
        kseed = setup_seed(seed, match.describe()[game.LABELS["setup"]])
        runs[k.name] = simulate(None, games=games, seed=kseed, jobs=jobs, paired=paired, progress=progress,
                                match=match, label=f"{game.LABELS['setup']} {i + 1} of {len(setups)}")
        if runs[k.name].meta["stopped_by"] in ("interrupt", "error"):
            break  # Ctrl-C (or a failure) stops the whole comparison, keeping what finished
    first = next(iter(runs.values()))
    setup = game.LABELS["setup"]
    meta = {k: v for k, v in first.meta.items() if k not in (setup, "seconds", "games_played", "partial")}
    meta["seed"] = seed
    meta["free"] = free
    given = len(setups) - random_setups
    meta[setup + "s"] = [{**setup_of(r.meta), "seed": r.meta["seed"], "random": i >= given}
                         for i, r in enumerate(runs.values())]
    cards = {k["name"]: set(k["contents"]) for k in meta[setup + "s"]}
    meta["identical"] = [{setup + "s": [a, b], "differing_items": sorted(cards[a] ^ cards[b])}
                         for a, b in alike_setups(runs, first_match.item_names)]
    meta.update(outcome_of(runs.values()))
    meta["warnings"] = missing_warnings(missing, game.LABELS["setup"])
    table = compare_table(runs)
    table["lacks"] = [lacks.get((k, b), "") for k, b in zip(table[setup], table.bot)]
    finished = [name for name, r in runs.items() if not r.partial]
    meta["unfinished"] = [{"name": name, "games_played": r.meta["games_played"], "games": games}
                          for name, r in runs.items() if r.partial]
    meta["pooled_setups"] = len(finished)
    pooled = pooled_table(table[table[setup].isin(finished)], setup, first.meta["players"])
    meta["pooled_method"] = POOLED_METHOD.replace("setup", setup)
    return CompareResults(table, runs, meta, pooled)


def missing_warnings(missing: dict, word: str) -> list[str]:
    """The rules that never apply, one line each: per setup when a few setups lack a
    card; one line per rule, with how many setups lack its card, when many do."""
    per_rule: dict = {}
    for name, items in missing.items():
        for path, line, item in dict.fromkeys(items):     # a bot in several seats: once
            per_rule.setdefault((path, line, item), []).append(name)
    out = []
    for (path, line, item), names in per_rule.items():
        if len(names) <= 3:
            out += [f"{path}:{line}: '{item}' is not in {word} '{n}'; the rule never applies" for n in names]
        else:
            out.append(f"{path}:{line}: '{item}' is not in {len(names)} of the {len(missing)} {word}s "
                       f"(e.g. '{names[0]}'); the rule never applies there")
    return out


@setup_aliases
def tournament(bots, players: int | None = None, setup=None, games: int = 10_000, seed: int | None = None,
               jobs: int | None = None, rules: dict | None = None, paired: bool = False, progress: bool = False,
               announce=None):
    """Every pair of bots (or every group of ``players``, default the game's fewest), each
    match ``games`` games.
    Returns TournamentResults (table, win-rate matrix, ranking). ``announce(line)``, if
    given, hears the tournament's size and an estimate of its time before it starts.
    What it keeps of each match is its summary rows, so memory stays flat however many
    matches it plays."""
    games, opts = check_run_args(games, seed, jobs)
    paired, progress = flag("paired", paired), flag("progress", progress)
    loaded = load_bots(bots)
    game = game_of_bots(loaded)
    players = whole("players", game.MIN_PLAYERS if players is None else players, game.MIN_PLAYERS,
                    game.MAX_PLAYERS)
    names = game.unique_names(loaded)
    setup = load_setup(setup, loaded)  # read once, for every match
    if len(loaded) < players:
        raise one_error(f"a tournament of {players}-player games needs at least {players} bots, "
                        f"got {len(loaded)}")
    n_groups = math.comb(len(loaded), players)
    if announce is not None:
        announce(tournament_size(n_groups, games, players, loaded, setup, rules, opts))
    # groups of 3-4 play every seating order equally often where the game can (rotate keeps
    # the bots' cyclic order, which favours some orders); a paired deal rotates
    seating = "all" if players >= 3 and not paired and "all" in info(game, "SEAT_MODES") else "rotate"
    tally, first_meta, outcome = round_robin(loaded, names, list(itertools.combinations(range(len(loaded)), players)),
                                              setup, rules, seating, games, opts, paired, progress)
    table, matrix, ranking = tally.tables()
    meta = {"seed": opts.seed, "players": players, "games_per_match": games, "bots": names,
            "bots_files": bots_meta(names, loaded),
            "labels": game.LABELS, game.LABELS["setup"]: setup_of(first_meta),
            "rules": first_meta.get("rules"), "matches_total": n_groups, "matches_played": len(outcome),
            "dsim_version": __version__, "seats": seating, "fit": tally.fit, **outcome_of(outcome)}
    return TournamentResults(table, matrix, ranking, meta)


def round_robin(loaded, names, groups, setup, rules, seating, games, opts, paired, progress, known=None,
                 played=None) -> tuple:
    """Every group of ``groups`` (tuples of indices into ``loaded``) plays its match of
    ``games`` games (or ``games(group)``) into one TournamentTally, or is read from
    ``known`` ({group: its summary rows}, a ladder's shipped matches); ``played``, if
    given, collects the rows of each match played. Returns
    (the tally, the first played match's meta, each played match's outcome). Ctrl-C (or a
    failure) stops it, keeping the matches that finished."""
    tally, first_meta, outcome = TournamentTally(), None, []
    to_play = [g for g in groups if not known or g not in known]
    k = 0
    for group in groups:
        gnames = [names[i] for i in group]
        if known and group in known:  # the rows as recorded, under the names of this run
            rows = [(n, *r[1:]) for n, r in zip(gnames, known[group])]
            tally.add(" vs ".join(gnames), rows, {"labels": game_of_bots(loaded).LABELS})
            continue
        k += 1
        match = prepare([loaded[i] for i in group], setup, None, rules, seating)
        match.bot_names = gnames
        t, m = _play_match(match, games(group) if callable(games) else games, opts, paired, None, progress, None,
                           f"match {k} of {len(to_play):,}")
        rows = summary_rows(t, match.bot_names, m)
        tally.add(" vs ".join(match.bot_names), rows, m)
        if played is not None and not m["partial"]:
            played[group] = rows
        first_meta = first_meta or m
        outcome.append(_Outcome(m["partial"], m["error"], m["stopped_by"]))
        if m["stopped_by"] in ("interrupt", "error"):
            break
    return tally, first_meta, outcome


class _Outcome:
    """What ``_outcome`` reads of a finished run (a tournament keeps only this of each)."""

    def __init__(self, partial: bool, error: str | None, stopped_by: str):
        self.partial = partial
        self.meta = {"error": error, "stopped_by": stopped_by}


def tournament_size(n_groups: int, games: int, players: int, bots: list, setup, rules, opts: RunOptions) -> str:
    """The size of a tournament before it starts: matches, games, and the time they take
    at the speed of its first match on this machine (what a match costs before its
    games, the best of three, and a sample of its games)."""
    game = game_of_bots(bots)
    match = prepare(bots[:players], setup, None, rules, "rotate")
    game.warm_up(match)  # the engine loads once, not per match
    start = []
    for _ in range(3):  # the first call also pays one-time imports
        t0 = time.perf_counter()
        match = prepare(bots[:players], setup, None, rules, "rotate")
        t, m = _play_match(match, players, RunOptions(0, 1), False, None, False, None, None)
        summary_rows(t, match.bot_names, m)
        start.append(time.perf_counter() - t0)
    sample = min(games, 2_000)
    t0 = time.perf_counter()
    game.play(match, 0, 0, sample)
    rate = sample / max(1e-6, time.perf_counter() - t0)
    workers = opts.workers if games > 2 * MIN_CHUNK_GAMES else 1  # a small match plays in one process
    per_match = min(start) + games / (rate * workers)
    return (f"tournament: {n_groups:,} matches of {games:,} games = {n_groups * games:,} games; about "
            f"{_duration(n_groups * per_match)} at the speed of the first match (-n sets the games per match)")


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} hours"
    return f"{seconds / 86400:.1f} days"


@setup_aliases
def log_game(bots, setup=None, seed: int = 0, game: int = 0, players: int | None = None,
             rules: dict | None = None, seats: str = "rotate", match=None, why: bool = False) -> str:
    """Game ``game`` of the run with ``seed`` (the same game a run plays), turn by turn;
    with ``why``, each choice a bot makes follows a line naming the rule or default that
    made it."""
    seed = whole("seed", seed, 0, MAX_SEED)
    game = whole("game", game, 0, MAX_GAME_INDEX)
    if match is None:
        match = prepare(bots, setup, players, rules, seats)
    g = game_of(match)
    if not why:
        return g.log_text(match, seed, game)
    if "why" not in offers(g):
        raise one_error(f"{g.NAME}'s log cannot say why a bot chose (the game does not offer it)",
                        hint="leave out --why")
    return g.log_text(match, seed, game, why=True)


# ---------------------------------------------------------------- a person at the table
PERSON = "You"


@setup_aliases
def person_table(bots, setup=None, seat: int = 1, seed: int | None = 0, rules: dict | None = None, hint=None):
    """A game a person plays (``dsim play``) at ``seat`` (1-based) against ``bots`` (1 to
    3 bot files, seated in the other seats in order): its PersonTable (simulator/person.py;
    ``seed`` None draws one, in ``table.seed``) and the bot whose answers are the hints
    (``hint``, default the first of ``bots``)."""
    bots = bot_list(bots)
    loaded = load_bots(bots + ([hint] if hint is not None else []))
    game = game_of_bots(loaded)
    if not game.MIN_PLAYERS <= len(bots) + 1 <= game.MAX_PLAYERS:
        raise one_error(f"{game.LABELS['game']} seats {game.MIN_PLAYERS} to {game.MAX_PLAYERS} "
                        f"players: give 1 to {game.MAX_PLAYERS - 1} bots besides you, not "
                        f"{len(bots)}")
    seat = whole("seat", seat, 1, len(bots) + 1)
    seed = whole("seed", seed, 0, MAX_SEED, none_ok=True)
    if seed is None:
        seed = secrets.randbelow(2**31)
    helper = loaded[-1] if hint is not None else loaded[0]
    seated = loaded[:len(bots)]
    seated.insert(seat - 1, helper)  # the seat's bot: what the hints say, and what decides once a question is open
    match = prepare(seated, setup, None, rules, "fixed")
    match.bot_names = game.unique_names(loaded[:len(bots)])
    match.bot_names.insert(seat - 1, PERSON)
    table = game.person_table(match, seat - 1, seed) if "play" in offers(game) else None
    if table is None:
        raise one_error(f"{game.LABELS['game']} has no questions a person can answer (the game does not offer "
                        "dsim play)", hint="dsim run plays its bots")
    return table, helper


def answer_words(text) -> list[str]:
    """Answers given at once (``dsim log --answers``): words between commas or spaces."""
    if not isinstance(text, str):
        raise one_error(f"answers must be text, not {short(text)}")
    return text.replace(",", " ").split()


@setup_aliases
def log_person(bots, answers: str, setup=None, seat: int = 1, seed: int = 0, rules: dict | None = None,
               why: bool = False, hint=None) -> str:
    """The log of a game a person played (``dsim play`` prints the command): ``answers``
    are the person's answer words in order, read as ``dsim play`` reads them; ``hint``
    the game's --hint bot (it sits in the person's seat)."""
    table, _ = person_table(bots, setup, seat, seed, rules, hint)
    try:
        given = replay_words(table, answer_words(answers))
    except ValueError as e:
        raise one_error(f"--answers: {e}") from None
    st = table.replay(given)
    asked = st.asked()
    text = table.game.game_text(st if asked is None else asked.view, table.match, seed, 0, why)
    if asked is not None:
        text += "(the answers end here, before the game does)\n"
    return text
