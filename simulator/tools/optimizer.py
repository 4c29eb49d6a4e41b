"""``dsim optimize``: evolve the best bot for a kingdom, and rank every card as Big Money + X.

A generation is a population of genomes (the game's, from its ``optimizer()``; Dominion's
in ``simulator/dominion/genome.py``): the leaders of
the last generation and their offspring. Each candidate plays every opponent (the
``--against`` bots and the previous leaders) in paired deals: every candidate of a
generation plays the same game numbers of the same seed (common random numbers), with
the seats rotated inside each deal. Successive halving races them: all candidates play a
first stage, the better half plays a stage twice as long, and so on, so weak candidates
cost few games and close ones many. Fitness is the win share against the opponents,
a shared win counting 1/k. The leaders are kept; offspring come from mutations and
crossovers of the better half.

At the end the best leader plays every ``--against`` bot again on seeds never used during
evolution, and its record there (Wilson 95% intervals) is what is reported: the figures
that selected it are not reused, so there is no winner's curse. docs/optimize.md tells how
to read the outputs.
"""
from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import random
import re
import secrets
import sys
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pandas as pd

from .. import api
from ..errors import InputError, InputErrors, printable, short
from ..games import game_names, game_of_bots, game_of_setup, get_game
from ..report.outfiles import atomic_open, check_writable, write_all, write_csv, write_json
from ..run.pool import make_pool
from ..run.runner import default_jobs
from ..run.stats import BOT_COLS, wilson

log = logging.getLogger("dsim.optimize")

ROOT = Path(__file__).resolve().parents[2]
STATE = "state.json"
W12, GAMES = BOT_COLS.index("w12"), BOT_COLS.index("games")
MAX_BUDGET = 7 * 24 * 3600


def parse_budget(text) -> float:
    """'10m', '90s', '1h' or a number of seconds, as seconds."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", str(text))
    if not m:
        raise InputErrors([InputError(f"--budget must look like 10m, 90s or 1h, not '{str(text)[:40]}'")])
    secs = float(m.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[m.group(2)]
    if not 1 <= secs <= MAX_BUDGET:
        raise InputErrors([InputError("--budget must be from 1 second to 7 days")])
    return secs


def derived_seed(seed: int, tag: str) -> int:
    """A seed of its own for each use (a generation, the final evaluation), so the final
    evaluation never meets a game played during evolution."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{tag}".encode()).digest()[:7], "big")


# ---------------------------------------------------------------- evaluation (in workers)
def tools(setup):
    """What the optimiser needs of the game ``setup`` belongs to (its genome, bots from
    text, ...: the game's ``optimizer()``), or an InputErrors for a game without one."""
    tools = game_of_setup(setup).optimizer()
    if tools is None:
        raise InputErrors([InputError(f"dsim optimize cannot evolve {game_of_setup(setup).LABELS['game']} bots "
                                      "(the game has no genome)")])
    return tools


@lru_cache(maxsize=512)
def _cached_bot(parse, text: str, name: str):
    """A bot parsed from its text once per worker (the same candidates meet every opponent)."""
    return parse(text, name)


def _play(context, task, idx) -> list:
    """A pool task: (win shares, games, share) of the candidate against each opponent
    (its wins in units of 1/share), over games
    first .. first+n-1 of ``seed``, on the setup of ``context``."""
    kingdom, players, rules = context
    game = game_of_setup(kingdom)
    bot = tools(kingdom).bot_from_text
    cand_text, opp_texts, seed, first, n = task
    cand = _cached_bot(bot, cand_text, "<candidate>")
    out = []
    for ot in opp_texts:
        opp = _cached_bot(bot, ot, "<opponent>")
        match = game.make_match([cand] + [opp] * (players - 1), kingdom, rules, "rotate")
        t, _ = game.play(match, seed, first, n, paired=True)
        out.append((int(t.bot[0, W12]), int(t.bot[0, GAMES]), t.share))
    return out


class Evaluator:
    """Plays evaluation tasks and returns their results in task order, through a pool of
    the runner's kind (``simulator.run.pool``: this process for ``jobs`` 1, worker processes
    that are replaced if they die, or a Dask cluster), kept for the whole run. Results do
    not depend on which."""

    def __init__(self, context, jobs: int, backend: str = "local", scheduler: str | None = None, client=None):
        try:
            self.pool = make_pool(_play, context, jobs, backend, scheduler, client)
        except InputError as e:
            raise InputErrors([e]) from None

    def map(self, tasks) -> list:
        out = [None] * len(tasks)

        def accept(idx, result):
            out[idx] = result

        self.pool.map(tasks, accept)
        return out

    def close(self, cancel: bool = False):
        self.pool.close(cancel=cancel)


# ---------------------------------------------------------------- the run
@dataclass
class Settings:
    kingdom: object                 # a Kingdom
    against: list                   # Strategy objects
    players: int = 2
    budget: float | None = None     # seconds
    generations: int | None = None
    seed: int = 0
    jobs: int = 1
    population: int = 16
    leaders: int = 4
    stage_games: int = 400          # games per opponent in the first racing stage
    stages: int = 3
    final_games: int = 20_000      # per opponent, on fresh seeds
    pool_cards: tuple | None = None  # the kingdom cards a genome may name (default: all)
    rules: dict = field(default_factory=dict)

    def key(self) -> dict:
        """What a resumed run must share with the run it continues."""
        return {"kingdom": self.kingdom.card_names(), "kingdom_name": self.kingdom.name,
                "kingdom_rules": self.kingdom.rules.as_dict(), "against": [b.source for b in self.against],
                "players": self.players, "seed": self.seed, "population": self.population,
                "leaders": self.leaders, "stage_games": self.stage_games, "stages": self.stages,
                "pool": list(self.pool_cards or ()), "rules": self.rules}


@dataclass
class Outcome:
    best: object                    # Genome
    best_text: str
    leaders: list                   # Genomes, best first
    generations: pd.DataFrame
    leaderboard: pd.DataFrame       # the best bot against each --against bot, fresh seeds
    matrix: pd.DataFrame            # leaders head to head
    meta: dict


def _whole_deals(n: int, players: int) -> int:
    return max(players, -(-n // players) * players)


def _rank(fit, alive) -> list:
    return sorted(alive, key=lambda i: (-fit[i][0] / max(1, fit[i][2] * fit[i][1]), i))


def _share(wins: int, games: int, share: int) -> float:
    """A win rate from win shares counted in units of 1/share."""
    return wins / share / games if games else 0.0


class Optimizer:
    def __init__(self, s: Settings, out: Path | None, progress=None):
        self.genome = genome = tools(s.kingdom)  # the game's: Pool, Genome, big_money, mutate, crossover
        self.s = s
        self.out = out
        self.say = progress or (lambda line: None)
        cards = s.pool_cards if s.pool_cards is not None else s.kingdom.cards
        self.pool = genome.Pool(cards)
        self.rng = random.Random(s.seed)
        self.generation = 0
        self.games = 0
        self.seconds = 0.0
        self.history = []
        seeds = [genome.big_money(self.pool)] + [genome.big_money(self.pool, c, k, ratio)
                                                 for k, ratio in ((1, False), (1, True), (2, False))
                                                 for c in self.pool.kingdom]
        self.population = self._fill(seeds[: s.population])
        self.leaders = self.population[: s.leaders]
        self.fitness = {}
        self.t0 = time.perf_counter()

    # -- state, for --out resumes
    def save(self):
        if self.out is None:
            return
        st = {"key": self.s.key(), "generation": self.generation, "games": self.games, "seconds": self.elapsed(),
              "history": self.history, "population": [g.to_json() for g in self.population],
              "leaders": [g.to_json() for g in self.leaders], "rng": _jsonable(self.rng.getstate())}
        write_all(self.out, [lambda: write_json(st, self.out / STATE)])

    def resume(self) -> bool:
        path = self.out / STATE if self.out is not None else None
        st = read_state(path)
        if st is None:
            return False
        _same_run(st, self.s.key(), self.out, "optimize")
        try:
            population = [self.genome.Genome.from_json(d, self.pool) for d in _nonempty(st, "population")]
            leaders = [self.genome.Genome.from_json(d, self.pool) for d in _nonempty(st, "leaders")]
            rng = random.Random()
            rng.setstate(_tupled(st["rng"]))
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise _damaged(path, e) from None
        self.generation, self.games, self.seconds = st["generation"], st["games"], st["seconds"]
        self.history, self.population, self.leaders, self.rng = st["history"], population, leaders, rng
        return True

    # -- evolution
    def _fill(self, genomes) -> list:
        """Distinct genomes up to the population size, mutants of the given ones."""
        out, seen = [], set()
        for g in genomes:
            if g.key() not in seen:
                seen.add(g.key())
                out.append(g)
        base = list(out)
        tries = 0
        while len(out) < self.s.population and tries < 50 * self.s.population:
            tries += 1
            g = self.genome.mutate(self.rng.choice(base), self.pool, self.rng)
            if g.key() not in seen:
                seen.add(g.key())
                out.append(g)
        return out

    def _offspring(self, ranked) -> list:
        parents = ranked[: max(2, len(ranked) // 2)]
        children, seen = [], {g.key() for g in self.leaders}
        tries = 0
        while len(children) < self.s.population - len(self.leaders) and tries < 100 * self.s.population:
            tries += 1
            a = self.rng.choice(parents)
            g = self.genome.crossover(a, self.rng.choice(parents), self.pool, self.rng) if self.rng.random() < 0.3 \
                else a
            for _ in range(self.rng.choice((1, 1, 2, 3))):
                g = self.genome.mutate(g, self.pool, self.rng)
            if g.key() not in seen:
                seen.add(g.key())
                children.append(g)
        return children

    def opponents(self) -> list:
        """The --against bots and the leaders (as texts), the leaders at most 3."""
        texts = [b.source for b in self.s.against]
        texts += [g.render(f"Leader {i + 1}") for i, g in enumerate(self.leaders[:3])]
        return texts

    def run_generation(self, ev: Evaluator):
        s = self.s
        seed = derived_seed(s.seed, f"generation {self.generation}")
        opps = self.opponents()
        texts = [g.render(f"Candidate {i + 1}") for i, g in enumerate(self.population)]
        fit = [[0, 0, 1] for _ in texts]   # win shares, games, the share unit
        alive = list(range(len(texts)))
        first, n = 0, _whole_deals(s.stage_games, s.players)
        for stage in range(s.stages):
            tasks = [(texts[i], tuple(opps), seed, first, n) for i in alive]
            for i, res in zip(alive, ev.map(tasks)):
                for wins, games, share in res:
                    fit[i][0] += wins
                    fit[i][1] += games
                    fit[i][2] = share
                    self.games += games
            first += n
            n *= 2
            if stage == 0:
                mean = sum(_share(*fit[i]) for i in alive) / len(alive)
            alive = _rank(fit, alive)[: max(2, len(alive) // 2)]
        # the racing order: candidates that reached later stages (more games) first
        ordered = sorted(range(len(texts)), key=lambda i: (-fit[i][1], -_share(*fit[i]), i))
        genomes = [self.population[i] for i in ordered]
        self.leaders = genomes[: s.leaders]
        self.fitness = {genomes[k].key(): _share(*fit[i]) for k, i in enumerate(ordered)}
        best = _share(*fit[ordered[0]])
        self.generation += 1
        self.population = self.leaders + self._offspring(genomes)
        return best, mean

    def elapsed(self) -> float:
        """Seconds spent on this run, earlier sessions of a resumed run included."""
        return self.seconds + time.perf_counter() - self.t0

    def final_seconds(self) -> float:
        """What the final evaluation will take, at the pace of the games so far (the budget
        covers it too)."""
        s = self.s
        games = len(s.against) * s.final_games + len(self.leaders) ** 2 * max(s.stage_games, s.final_games // 4)
        rate = self.games / max(1e-9, self.elapsed())
        return games / rate if self.games else 0.0

    def evolve(self, ev: Evaluator) -> str:
        """Generations until the budget or the generation count is reached; returns why it
        stopped ("budget", "generations" or "interrupt")."""
        s = self.s
        while True:
            if s.generations is not None and self.generation >= s.generations:
                return "generations"
            # what the final evaluation will take (with a margin) comes out of the budget too
            if s.budget is not None and self.elapsed() + 1.25 * self.final_seconds() + 2.0 >= s.budget:
                return "budget"
            try:
                best, mean = self.run_generation(ev)
            except KeyboardInterrupt:
                return "interrupt"
            entry = None
            try:
                entry = {"generation": self.generation, "best_fitness": round(best, 5),
                         "mean_fitness": round(mean, 5), "games_played": self.games,
                         "seconds": round(self.elapsed(), 1)}
                self.history.append(entry)
                self.say(f"generation {self.generation}: best {100 * best:.1f}%, mean {100 * mean:.1f}%, "
                         f"{self.games:,} games, {self.elapsed():.0f} s")
                self.save()
            except KeyboardInterrupt:  # the generation finished: its state is kept, so a resume continues it
                if entry is None or not self.history or self.history[-1] is not entry:
                    self.history.append({"generation": self.generation, "best_fitness": round(best, 5),
                                         "mean_fitness": round(mean, 5), "games_played": self.games,
                                         "seconds": round(self.elapsed(), 1)})
                self.save()
                return "interrupt"

    # -- the record on fresh seeds
    def record(self, ev: Evaluator, genome, name: str) -> pd.DataFrame:
        s = self.s
        seed = derived_seed(s.seed, "final")
        n = _whole_deals(s.final_games, s.players)
        res = ev.map([(genome.render(name), (b.source,), seed, 0, n) for b in s.against])
        rows = []
        for b, [(wins, games, share)] in zip(s.against, res):
            lo, hi = wilson(wins / share, games)
            rows.append({"opponent": b.name, "games": games, "win_rate": round(_share(wins, games, share), 5),
                         "ci_low": round(lo, 5), "ci_high": round(hi, 5)})
        return pd.DataFrame(rows, columns=["opponent", "games", "win_rate", "ci_low", "ci_high"])

    def matrix(self, ev: Evaluator) -> pd.DataFrame:
        s = self.s
        seed = derived_seed(s.seed, "matrix")
        n = _whole_deals(max(s.stage_games, s.final_games // 4), s.players)
        names = [f"Leader {i + 1}" for i in range(len(self.leaders))]
        texts = [g.render(nm) for g, nm in zip(self.leaders, names)]
        res = ev.map([(texts[i], tuple(texts), seed, 0, n) for i in range(len(texts))])
        m = pd.DataFrame([[round(_share(*x), 4) for x in row] for row in res], index=names, columns=names)
        m.index.name = "leader"
        return m


HISTORY = ("generation", "best_fitness", "mean_fitness", "games_played", "seconds")


def _damaged(path, why) -> InputErrors:
    why = f"{short(why.args[0])} is missing" if isinstance(why, KeyError) else str(why)
    return InputErrors([InputError(f"{path} is damaged: {printable(why, 120)}",
                                   hint="use another --out, or delete the folder")])


def _nonempty(st: dict, key: str) -> list:
    v = st.get(key)
    if not isinstance(v, list) or not v:
        raise ValueError(f"'{key}' is not a list of genomes")
    return v


def _count(v, what: str, real: bool = False):
    ok = (isinstance(v, (int, float)) and math.isfinite(v)) if real else isinstance(v, int)
    if isinstance(v, bool) or not ok or v < 0:
        raise ValueError(f"'{what}' is not a {'number' if real else 'whole number'} of 0 or more")
    return v


def _load_state(path, what: str) -> dict | None:
    """The JSON of a state file (None when there is none): a mapping holding its run's
    settings ('key'), or an InputErrors saying what is wrong with it."""
    if path is None or not path.exists():
        return None
    try:
        st = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        raise InputErrors([InputError(f"{path} is not a dsim {what} state file",
                                      hint="use another --out, or delete the folder")]) from None
    if not isinstance(st, dict) or not isinstance(st.get("key"), dict):
        raise _damaged(path, "it holds no settings ('key')")
    return st


def _same_run(st: dict, key: dict, out, what: str) -> None:
    """A resume must continue the same run: its settings as saved."""
    if st["key"] != json.loads(json.dumps(key)):
        raise InputErrors([InputError(f"{out} holds another {what} run (other kingdom, rules, bots or settings)",
                                      hint="use another --out, or the same options as that run")])


def read_state(path) -> dict | None:
    """A resumable run's state (``STATE`` in its folder), checked field by field (a file
    edited by hand or cut short is an InputErrors naming what is wrong), or None."""
    st = _load_state(path, "optimize")
    if st is None:
        return None
    try:
        st["generation"] = _count(st.get("generation"), "generation")
        st["games"] = _count(st.get("games"), "games")
        st["seconds"] = float(_count(st.get("seconds"), "seconds", real=True))
        hist = st.get("history")
        if not isinstance(hist, list) or not all(isinstance(h, dict) and set(HISTORY) <= set(h) for h in hist):
            raise ValueError("'history' is not a list of generations")
        for h in hist:
            for k in HISTORY:
                _count(h[k], f"history: {k}", real=k not in ("generation", "games_played"))
    except ValueError as e:
        raise _damaged(path, e) from None
    return st


def _jsonable(x):
    return [_jsonable(v) for v in x] if isinstance(x, (tuple, list)) else x


def _tupled(x):
    return tuple(_tupled(v) for v in x) if isinstance(x, list) else x


def _evolvable(bots, setup=None):
    """The game ``bots`` play when the optimiser can evolve its bots (and ``setup``, if
    given, is that game's); else an InputErrors naming the games it can evolve."""
    game = game_of_bots(bots)
    if (setup is not None and game is not game_of_setup(setup)) or game.optimizer() is None:
        able = [get_game(n).LABELS["game"] for n in game_names() if get_game(n).optimizer() is not None]
        raise InputErrors([InputError(f"dsim optimize evolves {' and '.join(able)} bots; the --against bots are "
                                      f"{game.NAME} bots", hint=f"give {' or '.join(able)} bots")])
    return game


def default_against(kingdom) -> list:
    """The shipped bots (strategies/ of this checkout) that can play the kingdom."""
    folder = ROOT / "strategies"
    if not folder.is_dir():
        raise InputErrors([InputError("no --against bots given and no strategies/ folder to take them from",
                                      hint="give --against BOT (one or more bot files)")])
    load, fits = game_of_setup(kingdom).load_bot, tools(kingdom).fits
    return [b for b in (load(p) for p in sorted(folder.glob("*.yaml"))) if fits(b, kingdom)]


OPTIMIZE_FILES = ("best.yaml", "leaders/", "generations.csv", "leaderboard.csv", "leaders_matrix.csv",
                  "progress.png", "run.json", STATE)
EACH_CARD_FILES = ("cards_ranking.csv", "cards_ranking.png", "cards/", "run.json", "each_card.json")
BOARD_COLS = ["opponent", "games", "win_rate", "ci_low", "ci_high"]


def saved_seed(out) -> int | None:
    """The seed of the run stopped in ``out`` (its state file's), so that the same command
    without --seed resumes it; None when there is none to resume."""
    if out is None:
        return None
    for name in (STATE, "each_card.json"):
        path = Path(out) / name
        if path.is_file():
            try:
                seed = json.loads(path.read_text(encoding="utf-8"))["key"]["seed"]
            except (OSError, ValueError, UnicodeDecodeError, KeyError, TypeError):
                return None  # the resume says what is wrong with the file
            return seed if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= 2**63 - 1 else None
    return None


def check_advanced(population=16, stage_games=400, final_games=20_000, stages=3, leaders=4, pool_cards=None) -> dict:
    """The racing settings, checked with the messages of the command line's options."""
    return {"population": api.whole("population", population, 4, 1000),
            "stage_games": api.whole("stage games", stage_games, 4, 10**7),
            "final_games": api.whole("final games", final_games, 4, 10**8),
            "stages": api.whole("stages", stages, 1, 10), "leaders": api.whole("leaders", leaders, 1, 1000),
            "pool_cards": pool_cards}


def optimize(kingdom=None, against=(), players: int = 2, budget="10m", generations: int | None = None,
             seed: int | None = None, jobs: int | None = None, out=None, progress=None, backend: str = "local",
             scheduler: str | None = None, dask_client=None, **advanced) -> Outcome:
    """Evolve the best bot for ``kingdom`` (a file or a loaded Kingdom) against the
    ``against`` bots (paths or loaded bots; default: the shipped bots that can play the
    kingdom). Stops after ``generations`` if given, else when ``budget`` ("10m") is
    spent, or on Ctrl-C (keeping the best so far). With ``out``, saves its state there
    after every generation and resumes a run that stopped in it (without ``seed``, with
    that run's seed); ``write`` then writes the files of docs/optimize.md. ``backend``
    "dask" plays on a Dask cluster (``scheduler``, or a local one), with the same results."""

    t_start = time.perf_counter()  # the budget counts from here
    if out is not None:
        out = Path(api.path_arg("out", out, "folder"))
    kingdom = api.load_setup(kingdom)
    if kingdom is None:
        raise InputErrors([InputError("optimize needs a kingdom", hint="give -k KINGDOM_FILE")])
    if isinstance(against, (str, os.PathLike)):
        against = [against]
    bots = api.load_bots(list(against)) if against else default_against(kingdom)
    game = _evolvable(bots, kingdom)
    players = api.whole("players", players, game.MIN_PLAYERS, game.MAX_PLAYERS)
    seed = api.whole("seed", seed, 0, api.MAX_SEED, none_ok=True)
    drawn = seed is None and saved_seed(out) is None
    if seed is None:
        seed = saved_seed(out)
    seed = secrets.randbelow(2**31) if seed is None else seed
    jobs = api.whole("jobs", jobs, 1, api.MAX_JOBS, none_ok=True) or default_jobs()
    generations = api.whole("generations", generations, 1, 100_000, none_ok=True)
    api.choice("backend", backend, api.BACKENDS)
    s = Settings(kingdom, bots, players, None if generations else parse_budget(budget), generations, seed, jobs,
                 **check_advanced(**advanced))
    s.leaders = max(1, min(s.leaders, s.population // 2))  # half the population at least is new each time
    say = progress or (lambda line: None)
    for b in bots:  # each opponent fits the kingdom (a card it names may be missing: said)
        for path, line, item in dict.fromkeys(game.missing(api.prepare([b] * players, kingdom))):
            say(f"Warning: {path}:{line}: '{item}' is not in the kingdom; the rule never applies")
    if out is not None:
        try:
            check_writable(out, "the optimizer's files")
        except InputError as e:
            raise InputErrors([e]) from None
    if drawn:
        say(f"seed {seed} (give --seed {seed} to repeat this run)")
    opt = Optimizer(s, out, say)
    resumed = opt.resume()
    if resumed:
        opt.say(f"resuming from generation {opt.generation} in {out}")
    opt.t0 = t_start
    stopped = "interrupt"
    board, matrix = pd.DataFrame(columns=BOARD_COLS), pd.DataFrame()
    ev = None
    try:
        ev = Evaluator((s.kingdom, s.players, s.rules), jobs, backend, scheduler, dask_client)
        stopped = opt.evolve(ev)
        best = opt.leaders[0].simplified()
        if stopped != "interrupt" and opt.generation:
            opt.say("final evaluation on fresh seeds ...")
            board = opt.record(ev, best, "Best")
            matrix = opt.matrix(ev)
    except KeyboardInterrupt:
        stopped = "interrupt"
        best = opt.leaders[0].simplified()
        board, matrix = pd.DataFrame(columns=BOARD_COLS), pd.DataFrame()
    finally:
        if ev is not None:
            ev.close(cancel=stopped == "interrupt")
    seconds = opt.elapsed()
    warning = None
    if not opt.generation:
        warning = (f"no generation ran within the budget of {s.budget:g} s, so nothing was evolved or evaluated; "
                   "give a larger --budget (a few minutes) or --generations G")
    meta = {"kingdom": kingdom.name, "kingdom_cards": kingdom.card_names(), "against": [b.name for b in bots],
            "players": players, "seed": seed, "jobs": jobs, "generations": opt.generation,
            "games_played": opt.games, "seconds": round(seconds, 1), "stopped_by": stopped,
            "partial": stopped == "interrupt", "resumed": resumed,
            "best_fitness": opt.fitness.get(opt.leaders[0].key()), "warning": warning}
    text = best.render("Best", _comments(meta, board))
    leaders = [g.simplified() for g in opt.leaders]
    return Outcome(best, text, leaders, pd.DataFrame(opt.history, columns=list(HISTORY)), board, matrix, meta)


def _comments(meta: dict, board: pd.DataFrame) -> list:
    lines = [f"dsim optimize: the best bot found for {meta['kingdom']} ({meta['players']} players)",
             f"{meta['generations']} generations, {meta['games_played']:,} games, {meta['seconds']:.0f} s, "
             f"seed {meta['seed']}" + (" (stopped early: partial)" if meta["partial"] else "")]
    if len(board):
        lines.append("record on fresh seeds (win rate, shared wins as 1/k, 95% interval):")
        for r in board.itertuples():
            lines.append(f"  vs {r.opponent}: {100 * r.win_rate:.1f}% [{100 * r.ci_low:.1f}, {100 * r.ci_high:.1f}]"
                         f" over {r.games:,} games")
    if meta.get("command"):
        lines.append(f"command: {meta['command']}")
    return lines


def _put_text(path, text) -> Path:
    with atomic_open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return Path(path)


def _replace_folder(folder: Path, pattern: str, files: dict) -> list:
    """``files`` ({name: text}) written into ``folder``, which keeps no other file of
    ``pattern`` (an earlier run's left-overs)."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob(pattern):
        if old.name not in files:
            old.unlink()
    return [_put_text(folder / name, text) for name, text in files.items()]


def write(res: Outcome, out: Path, command: str | None = None) -> list:
    """Write best.yaml, leaders/*.yaml, generations.csv, leaderboard.csv,
    leaders_matrix.csv, progress.png (when a generation ran) and run.json into ``out``,
    each atomically; returns the files written. A file that cannot be written (a full
    disk) is an OutputError naming it and those written before."""
    out = Path(out)
    meta = dict(res.meta, command=command)
    writers = [lambda: _put_text(out / "best.yaml", res.best.render("Best", _comments(meta, res.leaderboard))),
               lambda: _replace_folder(out / "leaders", "leader_*.yaml", {
                   f"leader_{i + 1}.yaml": g.render(f"Leader {i + 1}", [f"leader {i + 1} of {meta['kingdom']}"])
                   for i, g in enumerate(res.leaders)}),
               lambda: write_csv(res.generations, out / "generations.csv"),
               lambda: write_csv(res.leaderboard, out / "leaderboard.csv")]
    if len(res.matrix):
        writers.append(lambda: _put_csv_index(res.matrix, out / "leaders_matrix.csv"))
    writers.append(lambda: write_json(meta, out / "run.json"))
    if len(res.generations):
        from ..report.charts import optimize_progress
        writers.append(lambda: optimize_progress(res.generations, out / "progress.png", meta))
    return write_all(out, writers)


def _put_csv_index(df, path) -> Path:
    with atomic_open(path, "w", newline="", encoding="utf-8") as f:
        df.to_csv(f)
    return Path(path)


# ---------------------------------------------------------------- Big Money + X, every card
RANKING_COLS = ["card", "win_rate", "ci_low", "ci_high", "games", "generations", "bot"]


def each_card(against=None, edition: int = 1, budget="30m", generations: int | None = None, seed: int | None = None,
              jobs: int | None = None, out=None, progress=None, cards=None, backend: str = "local",
              scheduler: str | None = None, players: int = 2, **advanced):
    """For every kingdom card of the edition (or ``cards``), evolve the best money bot
    using only that card, then rank the cards by its win rate against ``against``
    (default Big Money Ultimate) on fresh seeds. With ``out``, each finished card is
    saved there (``each_card.json``) and a stopped run resumes from the next card.
    Returns an EachCard: ``ranking`` (a DataFrame), ``bots`` ({card: text}), ``meta``
    (partial, the cards that ran no generation)."""
    if out is not None:
        out = Path(api.path_arg("out", out, "folder"))
    if against is None:
        against = ROOT / "strategies" / "big_money_ultimate.yaml"
    if isinstance(against, (list, tuple)):
        if len(against) != 1:
            raise InputErrors([InputError("--each-card ranks every card against one bot, not "
                                          f"{len(against)}", hint="give one --against BOT")])
        against = against[0]
    opp = api.load_bots([against])
    game = _evolvable(opp)
    genome = game.optimizer()
    edition = api.whole("edition", edition, 1, 2)
    players = api.whole("players", players, game.MIN_PLAYERS, game.MAX_PLAYERS)
    pool = genome.each_card_pool(edition, cards)
    seed = api.whole("seed", seed, 0, api.MAX_SEED, none_ok=True)
    if seed is None:
        seed = saved_seed(out)
    seed = 1 if seed is None else seed
    generations = api.whole("generations", generations, 1, 100_000, none_ok=True)
    total = None if generations else parse_budget(budget)
    advanced = check_advanced(**advanced)
    key = {"against": opp[0].source, "edition": edition, "cards": [c.name for c in pool], "seed": seed,
           "players": players, **{k: v for k, v in advanced.items() if k != "pool_cards"}}
    done = _each_card_state(out, key)
    spent = done["seconds"]
    # the cards ranked before are kept; those that ran no generation are tried again
    rows, bots = [r for r in done["rows"] if "win_rate" in r], done["bots"]
    t0 = time.perf_counter()
    stopped = None
    try:
        for c in pool:
            if any(r["card"] == c.name for r in rows):
                continue
            # an equal share of what is left, so the whole run keeps to the budget
            left = len(pool) - len(rows)
            per_card = None if total is None else max(1.0, 0.99 * (total - spent - (time.perf_counter() - t0)) / left)
            k = genome.money_kingdom(c, edition)
            res = optimize(k, opp, players, per_card or 1, generations, seed, jobs, None, progress=None,
                           backend=backend, scheduler=scheduler, **dict(advanced, pool_cards=(c,)))
            if res.meta["partial"]:
                stopped = "interrupt"
                break
            if len(res.leaderboard):
                r = res.leaderboard.iloc[0]
                rows.append({"card": c.name, "win_rate": float(r.win_rate), "ci_low": float(r.ci_low),
                             "ci_high": float(r.ci_high), "games": int(r.games),
                             "generations": res.meta["generations"],
                             "bot": res.best.render(f"Big Money + {c.name}").replace("\n", " | ")})
                bots[c.name] = res.best.render(f"Big Money + {c.name}", [f"the best Big Money + {c.name} found"])
            else:  # no generation ran in its share of the budget: not ranked
                rows.append({"card": c.name, "generations": 0})
            if progress:
                progress(f"{c.name}: {100 * rows[-1]['win_rate']:.1f}% against {opp[0].name}"
                         if "win_rate" in rows[-1] else f"{c.name}: no generation ran in its {per_card:.0f} s; "
                         "not ranked")
            if out is not None:
                state = {"key": key, "rows": rows, "bots": bots, "seconds": spent + time.perf_counter() - t0}
                write_all(out, [lambda st=state: write_json(st, out / "each_card.json")])
    except KeyboardInterrupt:
        stopped = "interrupt"
    ranked = [r for r in rows if "win_rate" in r]
    ranking = pd.DataFrame(ranked, columns=RANKING_COLS)
    ranking = ranking.sort_values("win_rate", ascending=False, kind="stable").reset_index(drop=True)
    unranked = [r["card"] for r in rows if "win_rate" not in r]
    meta = {"against": opp[0].name, "edition": edition, "players": players, "seed": seed,
            "cards_total": len(pool), "cards_done": len(rows), "not_ranked": unranked,
            "partial": stopped is not None, "stopped_by": stopped or "cards",
            "seconds": round(spent + time.perf_counter() - t0, 1)}
    if unranked:
        meta["warning"] = (f"{len(unranked)} of {len(pool)} cards ran no generation in their share of the budget "
                           f"and are not ranked ({', '.join(unranked[:5])}{', ...' if len(unranked) > 5 else ''}); "
                           "give a larger --budget")
    return EachCard(ranking, bots, meta)


@dataclass
class EachCard:
    ranking: pd.DataFrame
    bots: dict
    meta: dict


def _each_card_state(out, key) -> dict:
    """The cards an earlier run into ``out`` finished (with the same settings), or none."""
    st = _load_state(None if out is None else out / "each_card.json", "optimize --each-card")
    if st is None:
        return {"rows": [], "bots": {}, "seconds": 0.0}
    path = out / "each_card.json"
    _same_run(st, key, out, "--each-card")
    rows, bots = st.get("rows"), st.get("bots")
    ok = isinstance(rows, list) and isinstance(bots, dict) and all(
        isinstance(r, dict) and isinstance(r.get("card"), str) and r["card"] in key["cards"]
        and (("win_rate" in r) == (r["card"] in bots)) for r in rows)
    if not ok or not all(isinstance(t, str) for t in bots.values()):
        raise _damaged(path, "its cards are not a list of finished cards")
    try:
        seconds = float(_count(st.get("seconds"), "seconds", real=True))
    except ValueError as e:
        raise _damaged(path, e) from None
    return {"rows": rows, "bots": bots, "seconds": seconds}


def write_each_card(res: EachCard, out, command: str | None = None) -> list:
    """cards_ranking.csv, cards/*.yaml (only this ranking's), cards_ranking.png and
    run.json into ``out``; returns the files written."""
    out = Path(out)
    meta = dict(res.meta, command=command)
    writers = [lambda: write_csv(res.ranking, out / "cards_ranking.csv"),
               lambda: _replace_folder(out / "cards", "*.yaml", {
                   f"{name.lower().replace(' ', '_')}.yaml": text for name, text in res.bots.items()}),
               lambda: write_json(meta, out / "run.json")]
    if len(res.ranking):
        from ..report.charts import cards_ranking
        writers.append(lambda: cards_ranking(res.ranking, out / "cards_ranking.png", meta["against"],
                                             partial=meta["partial"]))
    return write_all(out, writers)


def print_line(line: str):
    print(line, file=sys.stderr, flush=True)
