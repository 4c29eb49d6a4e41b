"""``dsim optimize``: evolve the best bot for a setup (tools/each_item.py ranks items with it).

A generation is a population of genomes (simulator/lang/genome.py, over the game's grammar,
from its ``optimizer()``): the leaders of
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
that selected it are not reused, so they cannot flatter it. docs/optimize.md tells how
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
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

import numpy as np
import pandas as pd

from .. import api
from ..lang import genome as G
from ..errors import InputError, InputErrors, one_error, printable, short
from ..lang.yamlio import load_text
from ..games import STRATEGIES, game_names, game_of_bots, game_of_setup, get_game, offers
from .._version import __version__
from ..report.html import optimize_report
from ..report.outfiles import atomic_open, check_writable, write_all, write_csv, write_json, write_text
from ..run.pool import make_pool
from ..run.options import RunOptions, default_jobs
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
        raise one_error(f"--budget must look like 10m, 90s or 1h, not '{str(text)[:40]}'")
    secs = float(m.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[m.group(2)]
    if not 1 <= secs <= MAX_BUDGET:
        raise one_error("--budget must be from 1 second to 7 days")
    return secs


def derived_seed(seed: int, tag: str) -> int:
    """A seed of its own for each use (a generation, the final evaluation), so the final
    evaluation never meets a game played during evolution."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{tag}".encode()).digest()[:7], "big")


# ---------------------------------------------------------------- evaluation (in workers)
def tools(setup):
    """What the optimiser needs of the game ``setup`` belongs to (its grammar, seed
    genomes, bots from text, ...: the game's ``optimizer()``), or an InputErrors for a game
    that does not offer it."""
    game = game_of_setup(setup)
    if "optimize" not in offers(game):
        raise one_error(f"dsim optimize cannot evolve {game.LABELS['game']} bots (the game does not offer it)")
    return game.optimizer()


@lru_cache(maxsize=512)
def _cached_bot(parse, text: str, name: str):
    """A bot parsed from its text once per worker (the same candidates meet every opponent)."""
    return parse(text, name)


def digest(t) -> str:
    """A tally's fingerprint: equal for the same games played the same way."""
    h = hashlib.sha256()
    for part in t.PARTS:
        a = getattr(t, part)
        if a is not None:
            h.update(part.encode() + a.tobytes())
    return h.hexdigest()[:24]


#: (context id, candidate, opponent) -> (context, match): a race plays each pair at every
#: stage. The entry holds its context, so that id cannot be another context's while it lives.
_MATCHES: dict = {}


def _match(context, cand_text: str, opp_text: str):
    """The compiled match of a candidate against an opponent (the last thousand kept)."""
    key = (id(context), cand_text, opp_text)
    hit = _MATCHES.get(key)
    if hit is not None and hit[0] is context:
        return hit[1]
    setup, players, rules = context
    bot = tools(setup).bot_from_text
    cand, opp = _cached_bot(bot, cand_text, "<candidate>"), _cached_bot(bot, opp_text, "<opponent>")
    m = game_of_setup(setup).make_match([cand] + [opp] * (players - 1), setup, rules, "rotate")
    if len(_MATCHES) >= 1024:
        _MATCHES.clear()
    _MATCHES[key] = (context, m)
    return m


def _play(context, task, idx) -> list:
    """A pool task: (win shares, games, share, fingerprint or None) of the candidate against
    each opponent (its wins in units of 1/share), over games first .. first+n-1 of
    ``seed`` (``first`` and ``n`` one number for all, or one per opponent), on the setup of
    ``context``."""
    game = game_of_setup(context[0])
    cand_text, opp_texts, seed, first, n, fingerprint = task
    k = len(opp_texts)
    firsts, ns = (x if isinstance(x, tuple) else (x,) * k for x in (first, n))
    out = []
    for ot, first, n in zip(opp_texts, firsts, ns):
        t, _ = game.play(_match(context, cand_text, ot), seed, first, n, paired=True)
        out.append((int(t.bot[0, W12]), int(t.bot[0, GAMES]), t.share, digest(t) if fingerprint else None))
    return out


class Evaluator:
    """Plays evaluation tasks and returns their results in task order, through a pool of
    the runner's kind (``simulator.run.pool``: this process for ``jobs`` 1, worker processes
    that are replaced if they die, or a Dask cluster), kept for the whole run. Results do
    not depend on which."""

    def __init__(self, context, opts: RunOptions | None = None):
        """``opts``: its workers (default: this process; their seed is not used: each task
        names its own)."""
        try:
            self.pool = make_pool(_play, context, opts or RunOptions(jobs=1))
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
#: an opponent's win rate counts at most this much towards fitness: beating a strong bot
#: is worth more than crushing a weak one
CAP = 0.7
#: games per opponent that decide whether a part of the best bot ever matters (never more
#: than the final evaluation plays: ``Settings.prune_games``)
PRUNE_GAMES = 1_000
#: games per --against bot on which the last leaders and the hall of fame are compared at
#: the end: the race's last winner may owe its place to a lucky stage (the finalists differ
#: by a point or less: at 2,000 games the noise chose, and a --start run could end worse
#: than the bot it started from)
SELECT_GAMES = 10_000


@dataclass
class Settings:
    setup: object                   # a game's setup
    against: list                   # bots
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
    pool_cards: tuple | None = None  # the items a genome may name (default: the setup's)
    rules: dict = field(default_factory=dict)
    start: object = None            # a person's bot to start from
    hall: int = 3                   # past bests every candidate also plays

    @property
    def prune_games(self) -> int:
        return min(PRUNE_GAMES, self.final_games)

    @property
    def select_games(self) -> int:
        return min(SELECT_GAMES, self.final_games)

    def key(self) -> dict:
        """What a resumed run must share with the run it continues."""
        return {**tools(self.setup).setup_key(self.setup), "against": [b.source for b in self.against],
                "players": self.players, "seed": self.seed, "population": self.population,
                "leaders": self.leaders, "stage_games": self.stage_games, "stages": self.stages,
                "pool": [getattr(c, "name", c) for c in self.pool_cards or ()], "rules": self.rules,
                "start": self.start.source if self.start is not None else None, "hall": self.hall}


@dataclass
class Outcome:
    best: object                    # Genome
    best_text: str
    leaders: list                   # Genomes, best first (leaders that play alike as one)
    generations: pd.DataFrame
    leaderboard: pd.DataFrame       # the best bot against each --against bot, fresh seeds
    matrix: pd.DataFrame            # leaders head to head
    meta: dict
    grammar: object = None
    worth: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=WORTH_COLS))  # what matters

    def render(self, genome, name: str, comments=()) -> str:
        return genome.render(self.grammar, name, comments)


def _line_of(text: str, key: str) -> int | None:
    """The line of a bot file's text where ``key`` is written (None when it is not)."""
    return load_text(text).lines.get(key)


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _mean_rate(board: pd.DataFrame) -> float | None:
    """A record's mean win rate over its opponents, or None for an empty record."""
    return round(float(board.win_rate.mean()), 5) if len(board) else None


def _whole_deals(n: int, players: int) -> int:
    return max(players, -(-n // players) * players)


def _rate(x) -> float:
    """A win rate from (win shares in units of 1/share, games, share)."""
    wins, games, share = x[:3]
    return wins / share / games if games else 0.0


def _allot(n: int, weights, players: int) -> tuple:
    """Games per opponent for a stage of ``n`` games per opponent on average, in proportion
    to each one's weight in the fitness (the allocation that makes the weighted mean the
    most exact for its games): all n when the weights are equal; a --start bot that counts as
    much as all the others plays about half the games."""
    total = sum(weights)
    return tuple(_whole_deals(round(n * w * len(weights) / total), players) for w in weights)


def _score(per_opp, weights=None) -> float:
    """Fitness: the mean over opponents of the win rate, each capped at CAP (weighted by
    ``weights``, one per opponent: the start bot's, see ``Optimizer.weights``)."""
    if not per_opp:
        return 0.0
    w = weights or [1.0] * len(per_opp)
    return sum(wi * min(CAP, _rate(x)) for wi, x in zip(w, per_opp)) / sum(w)


class Optimizer:
    def __init__(self, s: Settings, out: Path | None, progress=None):
        self.tools = tools(s.setup)  # the game's: grammar, seeds, bot_from_text, fits
        self.s = s
        self.out = out
        self.say = progress or (lambda line: None)
        self.grammar = self.tools.grammar(s.setup, s.players, s.pool_cards)
        self.rng = random.Random(s.seed)
        self.generation = 0
        self.games = 0
        self.seconds = 0.0
        self.pace = 0.0                # the fastest games per second of a stage so far (a warm pool's)
        self.opening = None            # the first generation's best
        self.history = []
        self.fame = []                 # past generations' bests, oldest first
        self.first = []                # a --start run's first leaders: the start bot's best alternatives
        seeds, self.kept, self.start = [], [], None
        if s.start is not None:  # the start bot and (if the game says) its nearest alternatives all start
            where = str(s.start.path or s.start.name)
            self.start, self.kept = G.from_bot(s.start.source, self.grammar, where, True)
            for lst in G.missing(self.start, self.grammar):
                raise one_error(f"the '{lst}' list is empty, and dsim optimize starts from a bot's rules",
                                where, _line_of(s.start.source, lst),
                                hint=f"give it a {lst} rule, or leave out --start to evolve a bot "
                                     "from scratch")
            near = getattr(self.tools, "neighbours", None)
            seeds += [self.start] + (near(self.grammar, self.start) if near else [])
        size = max(s.population, len(seeds))  # the first generation: the population, or all of those
        for b in s.against:  # the opponents start the race too (what the genome cannot express kept)
            if not getattr(b, "random", False):
                seeds.append(G.from_bot(b.source, self.grammar)[0])
        seeds += self.tools.seeds(self.grammar)
        self.population = self._fill(seeds[:size])
        self.leaders = self.population[: s.leaders]
        self.fitness = {}
        self.t0 = time.perf_counter()

    def text(self, genome, name: str, comments=()) -> str:
        return genome.render(self.grammar, name, comments)

    # -- state, for --out resumes
    def save(self):
        if self.out is None:
            return
        st = {"key": self.s.key(), "generation": self.generation, "games": self.games, "seconds": self.elapsed(),
              "history": self.history, "population": [g.to_json() for g in self.population],
              "leaders": [g.to_json() for g in self.leaders], "fame": [g.to_json() for g in self.fame],
              "first": [g.to_json() for g in self.first],
              "opening": self.opening.to_json() if self.opening is not None else None,
              "rng": _jsonable(self.rng.getstate())}
        write_all(self.out, [lambda: write_json(st, self.out / STATE)])

    def resume(self) -> bool:
        path = self.out / STATE if self.out is not None else None
        st = read_state(path)
        if st is None:
            return False
        same_run(st, self.s.key(), self.out, "optimize")
        try:
            population = [G.Genome.from_json(d, self.grammar) for d in _nonempty(st, "population")]
            leaders = [G.Genome.from_json(d, self.grammar) for d in _nonempty(st, "leaders")]
            fame = [G.Genome.from_json(d, self.grammar) for d in st.get("fame", [])]
            first = [G.Genome.from_json(d, self.grammar) for d in st.get("first", [])]
            opening = G.Genome.from_json(st["opening"], self.grammar) if st.get("opening") is not None else None
            rng = random.Random()
            rng.setstate(_tupled(st["rng"]))
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise damaged(path, e) from None
        self.generation, self.games, self.seconds = st["generation"], st["games"], st["seconds"]
        self.history, self.population, self.leaders, self.rng = st["history"], population, leaders, rng
        self.fame, self.first, self.opening = fame, first, opening
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
            g = G.mutate(self.rng.choice(base), self.grammar, self.rng)
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
            g = G.crossover(a, self.rng.choice(parents), self.grammar, self.rng) if self.rng.random() < 0.3 else a
            for _ in range(self.rng.choice((1, 1, 2, 3))):
                g = G.mutate(g, self.grammar, self.rng)
            if g.key() not in seen:
                seen.add(g.key())
                children.append(g)
        return children

    def opponents(self) -> list:
        """The --against bots and the hall of fame's newest (as texts): past generations'
        bests, so the race keeps beating what it beat before and cannot cycle."""
        texts = [b.source for b in self.s.against]
        texts += [self.text(g, f"Past best {k + 1}") for k, g in enumerate(self.fame[-self.s.hall:])
                  if self.s.hall]
        return texts

    def weights(self, n: int) -> list:
        """How much each of the first n opponents counts in the fitness: the --start bot,
        when it is one of the --against bots, as much as all the others together (the run
        is to improve that bot: beating it is half the score, the hall of fame counted among
        the others); every other one 1."""
        start = self.s.start.source if self.s.start is not None else None
        is_start = [i < len(self.s.against) and self.s.against[i].source == start for i in range(n)]
        others = n - sum(is_start)
        return [float(max(1, others)) if s else 1.0 for s in is_start]

    def run_generation(self, ev: Evaluator):
        s = self.s
        seed = derived_seed(s.seed, f"generation {self.generation}")
        opps = self.opponents()
        w = self.weights(len(opps))
        texts = [self.text(g, f"Candidate {i + 1}") for i, g in enumerate(self.population)]
        fit = [[[0, 0, 1] for _ in opps] for _ in texts]   # per opponent: win shares, games, the share unit
        alive = list(range(len(texts)))
        firsts, n = (0,) * len(opps), _whole_deals(s.stage_games, s.players)
        for stage in range(s.stages):
            ns = _allot(n, w, s.players)
            tasks = [(texts[i], tuple(opps), seed, firsts, ns, False) for i in alive]
            t, before = time.perf_counter(), self.games
            for i, res in zip(alive, ev.map(tasks)):
                for o, (wins, games, share, _) in enumerate(res):
                    fit[i][o][0] += wins
                    fit[i][o][1] += games
                    fit[i][o][2] = share
                    self.games += games
            self.pace = max(self.pace, (self.games - before) / max(1e-9, time.perf_counter() - t))
            firsts = tuple(f + k for f, k in zip(firsts, ns))
            n *= 2
            if stage == 0:
                mean = sum(_score(fit[i], w) for i in alive) / len(alive)
            alive = sorted(alive, key=lambda i: (-_score(fit[i], w), i))[: max(2, len(alive) // 2)]
        # the racing order: candidates that reached later stages (more games) first
        played = [sum(x[1] for x in f) for f in fit]
        ordered = sorted(range(len(texts)), key=lambda i: (-played[i], -_score(fit[i], w), i))
        genomes = [self.population[i] for i in ordered]
        self.leaders = genomes[: s.leaders]
        self.fitness = {genomes[k].key(): _score(fit[i], w) for k, i in enumerate(ordered)}
        best = _score(fit[ordered[0]], w)
        if self.generation == 0:
            self.opening = self.leaders[0]  # the first generation's best: what evolution is measured against
            if self.start is not None:
                self.first = list(self.leaders)
        if all(g.key() != self.leaders[0].key() for g in self.fame):
            self.fame = (self.fame + [self.leaders[0]])[-FAME:]
        self.generation += 1
        self.population = self.leaders + self._offspring(genomes)
        return best, mean

    def elapsed(self) -> float:
        """Seconds spent on this run, earlier sessions of a resumed run included."""
        return self.seconds + time.perf_counter() - self.t0

    def final_seconds(self) -> float:
        """What the end of the run will take (pruning, the final evaluation, the leaders'
        matrix), at the pace of the fastest stage so far: the first stage's pace holds the
        workers' start, which a short budget (each item's share of --each-card's) would
        otherwise count as the pace of every game to come (the budget covers the end too)."""
        s = self.s
        rules = max(1, sum(len(G.parts(g)) for g in self.leaders[:1]))
        finalists = len(self.leaders) + len(self.fame) + len(self.first) + (self.start is not None)
        # the final records (the best's, generation 1's best's), pruning, what matters (each part
        # out alone), choosing the finalists
        games = len(s.against) * (s.final_games * (2 + rules) + s.prune_games * (rules * len(self.leaders)
                                                                                 + len(self.leaders)
                                                                                 + len(s.against))
                                  + s.select_games * finalists) \
            + len(self.leaders) ** 2 * max(s.stage_games, s.final_games // 4)
        rate = self.pace or self.games / max(1e-9, self.elapsed())
        return games / rate if rate else 0.0

    def evolve(self, ev: Evaluator) -> str:
        """Generations until the budget or the generation count is reached; returns why it
        stopped ("budget", "generations" or "interrupt")."""
        s = self.s
        while True:
            if s.generations is not None and self.generation >= s.generations:
                return "generations"
            # what the end of the run will take (with a margin) comes out of the budget too
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

    # -- what the best bot is, in practice
    def select(self, ev: Evaluator) -> list:
        """The last leaders and the hall of fame (distinct), and for a --start run the bot
        as it was and the first generation's leaders (its best simple alternatives, which
        a long noisy race may lose), best first by their fitness against the --against bots
        over ``select_games`` games each, on a seed of their own: a run finds a change to
        a person's bot only when one does better than the bot itself."""
        s = self.s
        start = [self.start] if self.start is not None else []
        pool = list({g.key(): g for g in self.leaders + self.fame[::-1] + self.first + start}.values())
        seed = derived_seed(s.seed, "select")
        opps = tuple(b.source for b in s.against)
        w = self.weights(len(opps))
        ns = _allot(_whole_deals(s.select_games, s.players), w, s.players)
        res = ev.map([(self.text(g, f"Finalist {i + 1}"), opps, seed, 0, ns, False) for i, g in enumerate(pool)])
        self.games += sum(x[1] for r in res for x in r)
        order = sorted(range(len(pool)), key=lambda i: (-_score(res[i], w), i))
        return [pool[i] for i in order]

    def fingerprints(self, ev: Evaluator, texts) -> list:
        """For each bot text, the fingerprints of its games against every --against bot, on
        seeds of their own: equal fingerprints, the same games."""
        s = self.s
        seed = derived_seed(s.seed, "prune")
        n = _whole_deals(s.prune_games, s.players)
        opps = tuple(b.source for b in s.against)
        return [tuple(x[3] for x in r) for r in ev.map([(t, opps, seed, 0, n, True) for t in texts])]

    def prune(self, ev: Evaluator, genome):
        """The genome without the rules and conditions that change none of its games
        against the --against bots (a rule after an unconditional one for a cheaper card, a
        play rule for a card it never buys ...), and how many were dropped. Each step takes
        out one part or more (a rule, or a clause), never puts one back: the loop ends
        after as many steps as the genome has parts at most."""
        base = self.fingerprints(ev, [self.text(genome, "Best")])[0]
        dropped = 0
        for _ in range(len(G.parts(genome))):
            parts = G.parts(genome)
            # a part is dropped only if the genome is smaller without it (the sole rule of a
            # list every bot has is no part: the game's grammar puts one back)
            variants = [(p, v) for p in parts
                        if len(G.parts(v := G.without(genome, self.grammar, p))) < len(parts)]
            same = [(p, v) for (p, v), d in zip(variants, self.fingerprints(ev, [self.text(v, "Best")
                                                                                for _, v in variants]))
                    if d == base]
            if not same:
                break
            together, taken = genome, []
            for p, v in same:  # parts come last first, so each one's place is still right
                smaller = G.without(together, self.grammar, p)
                if len(G.parts(smaller)) < len(G.parts(together)):  # not the last rule of a list put back
                    together, taken = smaller, taken + [(p, v)]
            same = taken
            if len(same) > 1 and self.fingerprints(ev, [self.text(together, "Best")])[0] != base:
                together, same = same[0][1], same[:1]
            genome, dropped = together, dropped + len(same)
        return genome, dropped

    def alike(self, ev: Evaluator, genomes) -> tuple:
        """The genomes with those that play the same games as an earlier one left out, and
        the --against bot each one plays exactly like (or None)."""
        prints = self.fingerprints(ev, [self.text(g, f"Leader {i + 1}") for i, g in enumerate(genomes)])
        theirs = self.fingerprints(ev, [b.source for b in self.s.against])
        kept, seen, same_as = [], set(), []
        for g, p in zip(genomes, prints):
            if p not in seen:
                seen.add(p)
                kept.append(g)
                same_as.append(next((b for b, q in zip(self.s.against, theirs) if q == p), None))
        return kept, same_as

    def worth(self, ev: Evaluator, genome, board: pd.DataFrame) -> pd.DataFrame:
        """What matters in ``genome``: each of its parts (a rule, a condition of a rule)
        taken out alone, and the bot without it played on the final evaluation's fresh seeds
        (the same deals as ``board``, the genome's own record): its worth is the genome's mean
        win rate over the --against bots less the one without it, in points, with a 95%
        interval (as if the two were independent: they played the same deals, so it is
        wider than it need be). Largest first."""
        s = self.s
        variants = [(p, v) for p in G.parts(genome) if (v := G.without(genome, self.grammar, p)) != genome]
        if not variants or not len(board):
            return pd.DataFrame(columns=WORTH_COLS)
        seed = derived_seed(s.seed, "final")
        n = _whole_deals(s.final_games, s.players)
        opps = [b.source for b in s.against]
        res = ev.map([(self.text(v, f"Without {i + 1}"), (o,), seed, 0, n, False)
                      for i, (_, v) in enumerate(variants) for o in opps])
        k = len(opps)
        mine = board.win_rate.to_numpy(float)
        mine_var = float(np.sum(mine * (1 - mine) / board.games.to_numpy(float))) / k ** 2
        rows = []
        for j, (p, _) in enumerate(variants):
            xs = [r[0] for r in res[j * k:(j + 1) * k]]
            rates = np.array([_rate(x) for x in xs])
            var = float(np.sum(rates * (1 - rates) / np.array([max(1, x[1]) for x in xs]))) / k ** 2
            d = float(mine.mean() - rates.mean())
            half = 1.96 * float(np.sqrt(var + mine_var))
            rows.append({"part": G.part_text(genome, self.grammar, p),
                         "win_rate_without": round(float(rates.mean()), 5), "worth_points": round(100 * d, 2),
                         "ci_low_points": round(100 * (d - half), 2), "ci_high_points": round(100 * (d + half), 2)})
        self.games += sum(x[1] for r in res for x in r)
        return pd.DataFrame(rows, columns=WORTH_COLS).sort_values("worth_points", ascending=False,
                                                                   kind="stable").reset_index(drop=True)

    # -- the record on fresh seeds
    def record(self, ev: Evaluator, genome, name: str) -> pd.DataFrame:
        s = self.s
        seed = derived_seed(s.seed, "final")
        n = _whole_deals(s.final_games, s.players)
        res = ev.map([(self.text(genome, name), (b.source,), seed, 0, n, False) for b in s.against])
        rows = []
        for b, [x] in zip(s.against, res):
            lo, hi = wilson(x[0] / x[2], x[1])
            rows.append({"opponent": b.name, "games": x[1], "win_rate": round(_rate(x), 5),
                         "ci_low": round(lo, 5), "ci_high": round(hi, 5)})
        return pd.DataFrame(rows, columns=BOARD_COLS)

    def matrix(self, ev: Evaluator, genomes) -> pd.DataFrame:
        s = self.s
        seed = derived_seed(s.seed, "matrix")
        n = _whole_deals(max(s.stage_games, s.final_games // 4), s.players)
        names = [f"Leader {i + 1}" for i in range(len(genomes))]
        texts = [self.text(g, nm) for g, nm in zip(genomes, names)]
        res = ev.map([(texts[i], tuple(texts), seed, 0, n, False) for i in range(len(texts))])
        m = pd.DataFrame([[round(_rate(x), 4) for x in row] for row in res], index=names, columns=names)
        m.index.name = "leader"
        return m


#: past bests the state keeps (the newest ``Settings.hall`` of them are played)
FAME = 8


HISTORY = ("generation", "best_fitness", "mean_fitness", "games_played", "seconds")


def damaged(path, why) -> InputErrors:
    why = f"{short(why.args[0])} is missing" if isinstance(why, KeyError) else str(why)
    return one_error(f"{path} is damaged: {printable(why, 120)}",
                     hint="use another --out, or delete the folder")


def _nonempty(st: dict, key: str) -> list:
    v = st.get(key)
    if not isinstance(v, list) or not v:
        raise ValueError(f"'{key}' is not a list of genomes")
    return v


def count_field(v, what: str, real: bool = False):
    ok = (isinstance(v, (int, float)) and math.isfinite(v)) if real else isinstance(v, int)
    if isinstance(v, bool) or not ok or v < 0:
        raise ValueError(f"'{what}' is not a {'number' if real else 'whole number'} of 0 or more")
    return v


def load_state(path, what: str) -> dict | None:
    """The JSON of a state file (None when there is none): a mapping holding its run's
    settings ('key'), or an InputErrors saying what is wrong with it."""
    if path is None or not path.exists():
        return None
    try:
        st = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        raise one_error(f"{path} is not a dsim {what} state file",
                        hint="use another --out, or delete the folder") from None
    if not isinstance(st, dict) or not isinstance(st.get("key"), dict):
        raise damaged(path, "it holds no settings ('key')")
    return st


def same_run(st: dict, key: dict, out, what: str) -> None:
    """A resume must continue the same run: its settings as saved."""
    if st["key"] != json.loads(json.dumps(key)):
        raise one_error(f"{out} holds another {what} run (another setup, rules, bots or settings)",
                        hint="use another --out, or the same options as that run")


def read_state(path) -> dict | None:
    """A resumable run's state (``STATE`` in its folder), checked field by field (a file
    edited by hand or cut short is an InputErrors naming what is wrong), or None."""
    st = load_state(path, "optimize")
    if st is None:
        return None
    try:
        st["generation"] = count_field(st.get("generation"), "generation")
        st["games"] = count_field(st.get("games"), "games")
        st["seconds"] = float(count_field(st.get("seconds"), "seconds", real=True))
        hist = st.get("history")
        if not isinstance(hist, list) or not all(isinstance(h, dict) and set(HISTORY) <= set(h) for h in hist):
            raise ValueError("'history' is not a list of generations")
        for h in hist:
            for k in HISTORY:
                count_field(h[k], f"history: {k}", real=k not in ("generation", "games_played"))
    except ValueError as e:
        raise damaged(path, e) from None
    return st


def _jsonable(x):
    return [_jsonable(v) for v in x] if isinstance(x, (tuple, list)) else x


def _tupled(x):
    return tuple(_tupled(v) for v in x) if isinstance(x, list) else x


def _evolvable(game, setup=None):
    """``game`` when the optimiser can evolve its bots (and ``setup``, if given, is that
    game's); else an InputErrors naming the games it can evolve."""
    if (setup is not None and game is not game_of_setup(setup)) or "optimize" not in offers(game):
        able = [get_game(n).LABELS["game"] for n in game_names() if "optimize" in offers(get_game(n))]
        raise one_error(f"dsim optimize evolves {' and '.join(able)} bots; the bots given are "
                        f"{game.LABELS['game']} bots", hint=f"give {' or '.join(able)} bots")
    return game


def default_against(setup) -> list:
    """The shipped bots (strategies/ of this checkout, its folders included) of the setup's
    game that can play it, search bots aside (each of their games costs thousands)."""
    folder = ROOT / STRATEGIES
    if not folder.is_dir():
        raise one_error("no --against bots given and no strategies/ folder to take them from",
                        hint="give --against BOT (one or more bot files)")
    game = game_of_setup(setup)
    fits = tools(setup).fits
    paths = [p for p in sorted(folder.rglob("*.yaml")) if game_of_bots([p]) is game]
    return [b for b in (game.load_bot(p) for p in paths) if fits(b, setup) and getattr(b, "search", None) is None]


OPTIMIZE_FILES = ("best.yaml", "best.md", "leaders/", "generations.csv", "leaderboard.csv", "leaders_matrix.csv",
                  "what_matters.csv", "progress.png", "report.html", "run.json", STATE)
BOARD_COLS = ["opponent", "games", "win_rate", "ci_low", "ci_high"]
#: what_matters.csv: each part of the best bot, its win rate without it, and its worth in points
WORTH_COLS = ["part", "win_rate_without", "worth_points", "ci_low_points", "ci_high_points"]


def saved_seed(out, names=(STATE,)) -> int | None:
    """The seed of the run stopped in ``out`` (its state file's), so that the same command
    without --seed resumes it; None when there is none to resume."""
    if out is None:
        return None
    for name in names:
        path = Path(out) / name
        if path.is_file():
            try:
                seed = json.loads(path.read_text(encoding="utf-8"))["key"]["seed"]
            except (OSError, ValueError, UnicodeDecodeError, KeyError, TypeError):
                return None  # the resume says what is wrong with the file
            return seed if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= 2**63 - 1 else None
    return None


def check_advanced(population=16, stage_games=400, final_games=20_000, stages=3, leaders=4, pool_cards=None,
                   hall=3) -> dict:
    """The racing settings, checked with the messages of the command line's options."""
    return {"population": api.whole("population", population, 4, 1000),
            "stage_games": api.whole("stage games", stage_games, 4, 10**7),
            "final_games": api.whole("final games", final_games, 4, 10**8),
            "stages": api.whole("stages", stages, 1, 10), "leaders": api.whole("leaders", leaders, 1, 1000),
            "pool_cards": pool_cards, "hall": api.whole("hall", hall, 0, FAME)}


def _which_game(game, bots, setup_file, loaded=None):
    """The game a run evolves bots for: ``game`` if given, else the one the bot files are
    written for, else the setup file's; files of another game are an InputErrors naming
    them."""
    bot_game = game_of_bots(bots) if bots else None  # bots of two games: an error naming them
    setup_game = game_of_bots([setup_file]) if setup_file is not None else loaded
    chosen = get_game(game) if game is not None else bot_game or setup_game or get_game()
    why = f"--game {game}" if game is not None else "the bots' game" if bot_game else "the setup's game"
    setup_what = f"{setup_file} is a {{}} file" if setup_file is not None else "the setup given is a {} setup"
    for found, what in ((bot_game, "the bots given are {} bots"), (setup_game, setup_what)):
        if found is not None and found is not chosen:
            raise one_error(f"{what.format(found.LABELS['game'])}, but the run evolves "
                            f"{chosen.LABELS['game']} bots ({why})",
                            hint="give the bots and the setup of one game")
    return chosen


@api.setup_aliases
def optimize(setup=None, against=(), players: int = 2, budget="10m", generations: int | None = None,
             seed: int | None = None, jobs: int | None = None, out=None, progress=None, backend: str = "local",
             scheduler: str | None = None, dask_client=None, start=None, game=None, **advanced) -> Outcome:
    """Evolve the best bot for ``setup`` (a setup: a file or a loaded one; a game that has
    a default setup, such as standard rules, needs none) against the ``against`` bots
    (paths or loaded bots; default: the shipped bots that can play it, and ``start``).
    ``start`` (a bot) is where the evolution starts: the result says what changed from
    it. ``game`` names the game when no file does. Stops after ``generations`` if given,
    else when ``budget`` ("10m") is spent, or on Ctrl-C (keeping the best so far). With
    ``out``, saves its state there after every generation and resumes a run that stopped in
    it (without ``seed``, with that run's seed); ``write`` then writes the files of
    docs/optimize.md. ``backend`` "dask" plays on a Dask cluster (``scheduler``, or a local
    one), with the same results."""

    t_start = time.perf_counter()  # the budget counts from here
    if out is not None:
        out = Path(api.path_arg("out", out, "folder"))
    setup, bots, start = _inputs(setup, against, start, game)
    s, pool, drawn = _settings(setup, bots, start, players, budget, generations, seed, jobs, out,
                               RunOptions(0, None, backend, scheduler, dask_client), advanced)
    say = progress or (lambda line: None)
    _before(s, out, drawn, say)
    opt = Optimizer(s, out, say)
    for line in opt.kept[:MAX_KEPT]:
        say(f"kept as written (the genome cannot change it): {printable(line, 100)}")
    if len(opt.kept) > MAX_KEPT:
        say(f"... and {len(opt.kept) - MAX_KEPT} more kept as written")
    resumed = opt.resume()
    if resumed:
        opt.say(f"resuming from generation {opt.generation} in {out}")
    opt.t0 = t_start
    stopped, found = _evolve_and_choose(opt, pool)
    return _outcome(opt, found, stopped, resumed)


def _inputs(setup, against, start, game) -> tuple:
    """(the setup, the --against bots, the start bot), loaded and checked to be of one
    game that the optimiser can evolve; the default setup and opponents where none are
    given."""
    if isinstance(against, (str, os.PathLike)) or hasattr(against, "game"):
        against = [against]
    against = list(against)
    bot_files = against + ([start] if start is not None else [])
    if setup is None or isinstance(setup, (str, os.PathLike)):
        chosen = _which_game(game, bot_files, setup)
    else:  # a loaded setup says its game
        chosen = _which_game(game, bot_files, None, game_of_setup(setup))
    if start is not None:
        start = api.load_bots([start])[0]
        _evolvable(game_of_bots([start]))
        if getattr(start, "random", False):
            raise one_error(f"{start.path or start.name}: a random bot has no rules to start from",
                            hint="give a bot with rules to --start")
    if setup is None:
        setup = chosen.default_setup() if "default_setup" in offers(chosen) else None
        if setup is None:
            raise one_error(f"optimize needs a {chosen.LABELS['setup']}",
                            hint="give -k FILE")
    elif isinstance(setup, (str, os.PathLike)):
        try:
            setup = chosen.load_setup(api.path_arg("setup", setup))
        except InputError as e:
            raise InputErrors([e]) from None
    bots = api.load_bots(against) if against else default_against(setup)
    if not against and start is not None and all(b.source != start.source for b in bots):
        bots = bots + [start]
    if not bots:
        raise one_error("no bot to play against", hint="give --against BOT")
    _evolvable(game_of_bots(bots), setup)
    return setup, bots, start


def _settings(setup, bots, start, players, budget, generations, seed, jobs, out, pool: RunOptions,
              advanced: dict) -> tuple:
    """(the run's Settings, its RunOptions, whether its seed was drawn), checked; a run
    resumed in ``out`` keeps the seed it had."""
    game = game_of_setup(setup)
    players = api.whole("players", players, game.MIN_PLAYERS, game.MAX_PLAYERS)
    seed = api.whole("seed", seed, 0, api.MAX_SEED, none_ok=True)
    drawn = seed is None and saved_seed(out) is None
    if seed is None:
        seed = saved_seed(out)
    seed = secrets.randbelow(2**31) if seed is None else seed
    jobs = api.whole("jobs", jobs, 1, api.MAX_JOBS, none_ok=True) or default_jobs()
    generations = api.whole("generations", generations, 1, 100_000, none_ok=True)
    api.choice("backend", pool.backend, api.BACKENDS)
    budget = parse_budget(budget)  # checked even when the generations say when to stop
    s = Settings(setup, bots, players, None if generations else budget, generations, seed, jobs,
                 **check_advanced(**advanced), start=start)
    s.leaders = max(1, min(s.leaders, s.population // 2))  # half the population at least is new each time
    return s, replace(pool, seed=seed, jobs=jobs), drawn


def _before(s: Settings, out, drawn: bool, say) -> None:
    """What is said and checked before the first game: the rules an opponent has for an
    item the setup lacks, that ``out`` can be written, the seed a person did not give."""
    game = game_of_setup(s.setup)
    for b in s.against:  # each opponent fits the setup (an item it names may be missing: said)
        for path, line, item in dict.fromkeys(game.missing(api.prepare([b] * s.players, s.setup))):
            say(f"Warning: {path}:{line}: '{item}' is not in the {game.LABELS['setup']}; the rule never applies")
    if out is not None:
        try:
            check_writable(out, "the optimizer's files")
        except InputError as e:
            raise InputErrors([e]) from None
    if drawn:
        say(f"seed {s.seed} (give --seed {s.seed} to repeat this run)")


@dataclass
class _Found:
    """What the end of a run found: the best bot, the leaders, the --against bot each
    plays like, how many parts pruning dropped, the record on fresh seeds, the matrix."""
    best: object
    leaders: list
    same_as: list
    dropped: int = 0
    board: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=BOARD_COLS))
    matrix: pd.DataFrame = field(default_factory=pd.DataFrame)
    worth: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=WORTH_COLS))
    opening: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=BOARD_COLS))  # generation 1's best


def _evolve_and_choose(opt: Optimizer, pool: RunOptions) -> tuple:
    """The generations, then (unless stopped by Ctrl-C or before any generation) the
    finalists chosen again, the best pruned, the leaders that play alike shown once, the
    record on fresh seeds and the leaders' matrix: (why it stopped, a _Found)."""
    s = opt.s
    stopped, ev = "interrupt", None
    found = _Found(G.simplified(opt.leaders[0], opt.grammar),
                   [G.simplified(g, opt.grammar) for g in opt.leaders], [None])
    try:
        ev = Evaluator((s.setup, s.players, s.rules), pool)
        stopped = opt.evolve(ev)
        found.best = G.simplified(opt.leaders[0], opt.grammar)
        found.leaders = [found.best] + [G.simplified(g, opt.grammar) for g in opt.leaders[1:]]
        if stopped != "interrupt" and opt.generation:
            n = len({g.key() for g in opt.leaders + opt.fame + opt.first})
            yours = f" and {s.start.name} as it is" if s.start is not None else ""
            split = " on average, half of all against it" if len(set(opt.weights(len(s.against)))) > 1 else ""
            opt.say(f"choosing the best of {n} leaders and past bests{yours} on {s.select_games:,} games per "
                    f"opponent{split} ...")
            finalists = [G.simplified(g, opt.grammar) for g in opt.select(ev)]
            opt.say("dropping the rules and conditions that change no game ...")
            found.best, found.dropped = opt.prune(ev, finalists[0])
            # every saved bot without its dead rules, not only the best
            others = [opt.prune(ev, g)[0] for g in finalists[1:len(opt.leaders)]]
            found.leaders, found.same_as = opt.alike(ev, [found.best] + others)
            opt.say(f"final evaluation on fresh seeds: {s.final_games:,} games against each of {len(s.against)} "
                    "bots ...")
            found.board = opt.record(ev, found.best, "Best")
            opt.say("what matters: each rule and condition of the best bot taken out alone, on the same seeds ...")
            found.worth = opt.worth(ev, found.best, found.board)
            if opt.opening is not None:  # did evolution beat its first generation? the same fresh seeds say
                found.opening = opt.record(ev, G.simplified(opt.opening, opt.grammar), "Generation 1's best")
            found.matrix = opt.matrix(ev, found.leaders)
    except KeyboardInterrupt:
        stopped = "interrupt"
        found.board, found.matrix = pd.DataFrame(columns=BOARD_COLS), pd.DataFrame()
        found.worth = pd.DataFrame(columns=WORTH_COLS)
    finally:
        if ev is not None:
            ev.close(cancel=stopped == "interrupt")
    return stopped, found


def _outcome(opt: Optimizer, found: _Found, stopped: str, resumed: bool) -> Outcome:
    """The run's Outcome: the best bot (what the start bot had written as its file writes
    it), the leaders, the history and the record, with run.json's meta."""
    s, start = opt.s, opt.s.start
    game = game_of_setup(s.setup)
    seconds = opt.elapsed()
    warning = None
    if not opt.generation:
        warning = (f"no generation ran within the budget of {s.budget:g} s, so nothing was evolved or evaluated; "
                   "give a larger --budget (a few minutes) or --generations G")
    best, leaders = found.best, found.leaders
    if opt.start is not None:  # what the start bot had is written as its file writes it
        best, leaders = G.as_written(best, opt.start), [G.as_written(g, opt.start) for g in leaders]
    equivalent = found.same_as[0]
    meta = {"dsim_version": __version__, "setup": opt.tools.setup_name(s.setup),
            "setup_contents": s.setup.card_names(),
            "game": game.NAME, "against": [b.name for b in s.against], "players": s.players, "seed": s.seed,
            "jobs": s.jobs, "generations": opt.generation, "games_played": opt.games, "seconds": round(seconds, 1),
            "stopped_by": stopped, "partial": stopped == "interrupt", "resumed": resumed,
            "best_fitness": opt.fitness.get(opt.leaders[0].key()), "warning": warning,
            "dropped": found.dropped, "prune_games": s.prune_games, "fitness_cap": CAP, "hall": s.hall,
            "leaders_alike": len(opt.leaders) - len(leaders) if len(found.board) else 0,
            "equivalent": _shown_path(equivalent) if equivalent is not None else None,
            "start": _shown_path(start) if start is not None else None,
            "start_name": start.name if start is not None else None, "setup_word": game.LABELS["setup"],
            "kept": opt.kept, "changes": G.diff(opt.start, best, opt.grammar) if opt.start is not None else [],
            "best_rate": _mean_rate(found.board), "opening_rate": _mean_rate(found.opening),
            "plan": G.plan(best, opt.grammar) if opt.generation else None}
    res = Outcome(best, "", leaders, pd.DataFrame(opt.history, columns=list(HISTORY)), found.board, found.matrix,
                  meta, opt.grammar, found.worth)
    res.best_text = res.render(best, "Best", _comments(meta, found.board))
    return res


MAX_KEPT = 10


def summary_lines(res: Outcome) -> list:
    """What a person should know of the result besides its record: what it plays like,
    what was dropped, what changed from the bot it started from."""
    m, out = res.meta, []
    if m.get("plan"):
        out.append(f"The plan: {m['plan']}")
    if m.get("equivalent"):
        out.append(f"The best bot plays the same games as {m['equivalent']} on this {m['setup_word']}.")
    if m.get("dropped"):
        what = "rule or condition that changed" if m["dropped"] == 1 else "rules or conditions that changed"
        out.append(f"Dropped {m['dropped']} {what} none of {m['prune_games']:,} games against each opponent.")
    if m.get("leaders_alike"):
        out.append(f"{m['leaders_alike']} leaders played the same games as a better one: shown once.")
    if m.get("start"):
        board = res.leaderboard
        row = board[board.opponent == m["start_name"]] if len(board) else board
        if len(row):
            r = row.iloc[0]
            even = 1 / m.get("players", 2)
            out.append(f"Against {m['start']}: {100 * r.win_rate:.1f}% [{100 * r.ci_low:.1f}, {100 * r.ci_high:.1f}],"
                       f" {100 * (r.win_rate - even):+.1f} points from an even share ({100 * even:.1f}%).")
        out += ["What changed from it:"] + [f"  {c}" for c in m["changes"][:40]] if m["changes"] else \
            ["No change to it was found that plays better."]
    if m.get("opening_rate") is not None and m.get("best_rate") is not None:
        gain = 100 * (m["best_rate"] - m["opening_rate"])
        out.append(f"Evolution: the first generation's best won {100 * m['opening_rate']:.1f}%, the best found "
                   f"{100 * m['best_rate']:.1f}% ({gain:+.1f} points), the mean over the --against bots on the same "
                   "fresh seeds.")
    return out + worth_lines(getattr(res, "worth", None))


def best_md(res: Outcome, meta: dict) -> str:
    """best.md: the best bot for a person to read - its plan in words, its record on fresh
    seeds, what matters in it, what changed from the start bot, and the bot itself."""
    lines = [f"# The best bot found for {meta['setup']} ({meta['players']} players)", "",
             f"{_count(meta['generations'], 'generation')}, {meta['games_played']:,} games, {meta['seconds']:.0f} s, "
             f"seed {meta['seed']}" + (" (stopped early: partial)" if meta.get("partial") else "") + ".", "",
             "## The plan", "", meta["plan"], ""]
    if len(res.leaderboard):
        lines += ["## Its record on fresh seeds", "", "| opponent | games | win rate | 95% interval |",
                  "|---|---:|---:|---|"]
        lines += [f"| {printable(r.opponent, 60)} | {r.games:,} | {100 * r.win_rate:.2f}% | "
                  f"{100 * r.ci_low:.2f}% – {100 * r.ci_high:.2f}% |" for r in res.leaderboard.itertuples()]
        lines.append("")
    if meta.get("opening_rate") is not None:
        lines += [f"The first generation's best won {100 * meta['opening_rate']:.1f}% on the same seeds; the best "
                  f"found {100 * meta['best_rate']:.1f}%.", ""]
    if len(res.worth):
        lines += ["## What matters", "", "Each rule or condition taken out alone and the bot replayed on the same "
                  "fresh seeds: its worth in points of the mean win rate, with a 95% interval.", "",
                  "| part | worth (points) | 95% interval |", "|---|---:|---|"]
        lines += [f"| `{r.part}` | {r.worth_points:+.2f} | {r.ci_low_points:+.2f} – {r.ci_high_points:+.2f} |"
                  for r in res.worth.itertuples()]
        lines.append("")
    if meta.get("start"):
        lines += [f"## What changed from {meta['start']}", ""]
        lines += [f"- `{c}`" for c in meta["changes"]] or ["No change to it was found that plays better."]
        lines.append("")
    lines += ["## The bot (best.yaml)", "", "```yaml", res.render(res.best, "Best").rstrip("\n"), "```", ""]
    return "\n".join(lines)


def board_lines(board: pd.DataFrame) -> list:
    """The best bot's record on fresh seeds as lines: each opponent, its games, the win rate
    and interval."""
    if not len(board):
        return []
    w = max(len("opponent"), *(len(str(o)) for o in board.opponent))
    out = [f"{'opponent':<{w}}  {'games':>7}  {'win rate':>8}  95% CI"]
    out += [f"{printable(o, 60):<{w}}  {g:>7,}  {100 * r:>7.2f}%  [{100 * lo:.2f}%, {100 * hi:.2f}%]"
            for o, g, r, lo, hi in board[BOARD_COLS].itertuples(index=False)]
    return out


def worth_lines(worth, most: int = 20) -> list:
    """The what-matters table as lines: each part of the best bot with its worth in points
    (its mean win rate less the bot's without it) and the interval, largest first."""
    if worth is None or not len(worth):
        return []
    out = ["What matters (each rule or condition taken out alone and replayed on the same fresh seeds; "
           "its worth in points of win rate, 95% interval):"]
    for r in worth.head(most).itertuples():
        out.append(f"  {r.worth_points:+6.2f}  [{r.ci_low_points:+.2f}, {r.ci_high_points:+.2f}]  {r.part}")
    if len(worth) > most:
        out.append(f"  ... {len(worth) - most} more in what_matters.csv")
    return out


def _shown_path(bot) -> str:
    """A bot's file as a person finds it: relative to the checkout when inside it."""
    p = getattr(bot, "path", None)
    if not p:
        return bot.name
    try:
        return str(Path(p).resolve().relative_to(ROOT))
    except ValueError:
        return str(p)


def _comments(meta: dict, board: pd.DataFrame) -> list:
    lines = [f"dsim optimize: the best bot found for {meta['setup']} ({meta['players']} players)",
             f"{_count(meta['generations'], 'generation')}, {meta['games_played']:,} games, {meta['seconds']:.0f} s, "
             f"seed {meta['seed']}" + (" (stopped early: partial)" if meta["partial"] else "")]
    if meta.get("equivalent"):
        lines.append(f"plays the same games as {meta['equivalent']} here")
    if meta.get("start"):
        lines.append(f"started from {meta['start']}; changes:" if meta["changes"] else
                     f"started from {meta['start']}; no change found")
        lines += [f"  {c}" for c in meta["changes"][:40]]
    if len(board):
        lines.append("record on fresh seeds (win rate, shared wins as 1/k, 95% interval):")
        for r in board.itertuples():
            lines.append(f"  vs {r.opponent}: {100 * r.win_rate:.1f}% [{100 * r.ci_low:.1f}, {100 * r.ci_high:.1f}]"
                         f" over {r.games:,} games")
    if meta.get("command"):
        lines.append(f"command: {meta['command']}")
    return lines


def replace_folder(folder: Path, pattern: str, files: dict) -> list:
    """``files`` ({name: text}) written into ``folder``, which keeps no other file of
    ``pattern`` (an earlier run's left-overs)."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob(pattern):
        if old.name not in files:
            old.unlink()
    return [write_text(text, folder / name) for name, text in files.items()]


def write(res: Outcome, out: Path, command: str | None = None) -> list:
    """Write best.yaml, leaders/*.yaml, generations.csv, leaderboard.csv,
    leaders_matrix.csv, progress.png (when a generation ran) and run.json into ``out``,
    each atomically; returns the files written. A file that cannot be written (a full
    disk) is an OutputError naming it and those written before."""
    out = Path(out)
    meta = dict(res.meta, command=command)
    writers = [lambda: write_text(res.render(res.best, "Best", _comments(meta, res.leaderboard)), out / "best.yaml"),
               lambda: replace_folder(out / "leaders", "leader_*.yaml", {
                   f"leader_{i + 1}.yaml": res.render(g, f"Leader {i + 1}", [f"leader {i + 1} of {meta['setup']}"])
                   for i, g in enumerate(res.leaders)}),
               lambda: write_csv(res.generations, out / "generations.csv"),
               lambda: write_csv(res.leaderboard, out / "leaderboard.csv")]
    if len(res.matrix):
        writers.append(lambda: _put_csv_index(res.matrix, out / "leaders_matrix.csv"))
    if len(res.worth):
        writers.append(lambda: write_csv(res.worth, out / "what_matters.csv"))
    if meta.get("plan"):
        writers.append(lambda: write_text(best_md(res, meta), out / "best.md"))
    writers.append(lambda: write_json(meta, out / "run.json"))
    if len(res.generations):
        from ..report.charts import optimize_progress
        writers.append(lambda: optimize_progress(res.generations, out / "progress.png", meta))
    if meta.get("plan"):
        writers.append(lambda: optimize_report(res, out, [out / "progress.png"], meta))
    return write_all(out, writers)


def _put_csv_index(df, path) -> Path:
    with atomic_open(path, "w", newline="", encoding="utf-8") as f:
        df.to_csv(f)
    return Path(path)




def print_line(line: str):
    print(line, file=sys.stderr, flush=True)
