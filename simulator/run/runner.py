"""Runs many games in chunks over worker processes or a Dask cluster (game-agnostic).

The runner knows a game only through a small interface (``simulator.games``):
``game.play(match, seed, first_game, n_games, paired, records)`` returns a ``Tally``
(and optionally per-game records). Game ``i`` of a run depends only on the run's seed
and ``i`` (each game seeds its own streams from them), so the results are the same
for any number of workers, any chunking and any backend; merging tallies is integer
addition. With ``--until-ci`` chunks are merged in index order and the stopping rule is
checked at chunk boundaries, so the stopping point is also independent of ``--jobs``.
"""
from __future__ import annotations

import logging
import os
import shlex
import sys
import time
import traceback
from dataclasses import dataclass, field

from ..errors import RunError
from ..games import get_game
from .options import RunOptions
from .pool import make_pool
from ..interrupts import HoldSignals
from .tasks import TaskCrash
from .stats import BOT_COLS, Tally, win_interval

wlog = logging.getLogger("dsim.worker")

CHUNK = 12_000      # games per chunk when stopping by --until-ci: a multiple of 2, 3 and 4
BIG_CHUNK = 48_000  # games per chunk of a run of a fixed size, but for its last few
MIN_CHUNK = 1_200   # the smallest chunk: a small run's, and the last ones of a run of a fixed size
#: how much smaller a match's chunks are when a bot searches (lang/search.py): its games
#: cost a thousand times a plain game's, so that a chunk still takes a second or two and a
#: Ctrl-C, the progress bar and the workers' hand-overs keep their pace
SEARCH_SCALE = 1_000

#: a game that raised inside a chunk (its chunk, first game, the game, the traceback)
GameCrash = TaskCrash


@dataclass
class RunOutcome:
    tally: Tally
    games_requested: int
    games_played: int
    chunks_done: int
    chunks_total: int
    partial: bool = False
    stopped_by: str = "games"        # games | until-ci | interrupt | error
    error: str | None = None
    seconds: float = 0.0
    meta: dict = field(default_factory=dict)


class ChunkPlan:
    """The chunks of a run, (first_game, n) each, computed on demand: a plan for ten
    billion games costs no memory. The ``head`` chunks (their sizes, cut at the run's
    games), a body of equal chunks of ``size``, then the ``tail`` chunks (their sizes)."""

    def __init__(self, games: int, size: int, tail: tuple[int, ...] = (), head: tuple[int, ...] = ()):
        self.games = games
        self.size = size
        self.tail = tail
        firsts, first = [], 0
        for k in head:
            if first >= games - sum(tail):
                break
            firsts.append((first, min(k, games - sum(tail) - first)))
            first += k
        self.head = tuple(firsts)
        self.head_games = sum(k for _, k in self.head)
        self.body_games = games - self.head_games - sum(tail)
        self.body = -(-self.body_games // size)

    def __len__(self) -> int:
        return len(self.head) + self.body + len(self.tail)

    def __getitem__(self, idx: int) -> tuple[int, int]:
        if not 0 <= idx < len(self):
            raise IndexError(idx)
        if idx < len(self.head):
            return self.head[idx]
        j = idx - len(self.head)
        if j < self.body:
            first = j * self.size
            return self.head_games + first, min(self.size, self.body_games - first)
        return self.games - sum(self.tail[j - self.body:]), self.tail[j - self.body]

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def describe(self, idx: int) -> str:
        first, n = self[idx]
        return f"chunk {idx} (games {first}-{first + n - 1})"


def plan_chunks(games: int, jobs: int | None, multiple: int, scale: int = 1) -> ChunkPlan:
    """The chunks of a run. Chunk sizes never change a run's results; ``scale`` divides
    them all (SEARCH_SCALE for a match whose games are slow: a search bot's).

    With ``jobs`` None (sequential stopping, checked between chunks) they do not depend on
    the number of games (an upper bound) nor on --jobs, so neither moves the stopping
    point: chunks that double from MIN_CHUNK (a wide interval is reached in few games),
    then chunks of CHUNK.
    Otherwise the body is chunks of BIG_CHUNK (few hand-overs between the parent and its
    workers), and the last ``jobs`` x BIG_CHUNK games or so shrink geometrically (each
    about the games left over twice the workers, down to MIN_CHUNK), so the workers
    finish within a small chunk of one another."""
    def whole(k):  # a multiple of ``multiple`` (paired deals never straddle two chunks)
        return -(-k // multiple) * multiple
    small, chunk = max(1, MIN_CHUNK // scale), max(1, CHUNK // scale)
    if jobs is None:
        return ChunkPlan(games, whole(chunk), head=tuple(whole(small << i) for i in range(4)))
    big = whole(max(1, BIG_CHUNK // scale))
    body = max(0, (games - jobs * big) // big) * big
    tail, left = [], games - body
    while left > 0:
        k = min(left, big, whole(max(small, left // (2 * jobs))))
        tail.append(k)
        left -= k
    return ChunkPlan(games, big, tuple(tail))


def _crash_fault(chunk: int, first: int) -> None:
    """Fault injection for the tests: ``DSIM_FAULT=crash:K`` raises inside chunk K's first
    game (the pool's ``kill:K`` kills the worker that plays it)."""
    spec = os.environ.get("DSIM_FAULT", "")
    if spec == f"crash:{chunk}":
        err = RuntimeError("injected fault (DSIM_FAULT)")
        err.game = first  # like the engine's GameFailure: the game it happened in
        raise err


def play_chunk(context, task, idx):
    """A pool task: the games ``task`` = (first, n) of the match in ``context`` = (game's
    name, match, seed, paired, records); returns (Tally, records or None)."""
    game_name, match, seed, paired, records = context
    first, n = task
    wlog.info("worker %d: chunk %d (games %d-%d)", os.getpid(), idx, first, first + n - 1)
    try:
        _crash_fault(idx, first)
        return get_game(game_name).play(match, seed, first, n, paired, records)
    except Exception as e:  # noqa: BLE001 - reported with its context
        raise GameCrash(f"{type(e).__name__}: {e}", idx, first, getattr(e, "game", None),
                        traceback.format_exc()) from e


def progress_bar(total: int, enabled: bool, label: str | None = None):
    """A tqdm bar on stderr (games done, games/s, time left); a no-op when disabled."""
    from tqdm import tqdm
    return tqdm(total=total, disable=not enabled, file=sys.stderr, unit=" games", unit_scale=True,
                desc=label, leave=False, dynamic_ncols=True, mininterval=0.2)


def ci_reached(tally: Tally, width: float, paired: bool = False) -> bool:
    """Every bot's 95% interval (as reported) has half-width at most ``width``."""
    g = BOT_COLS.index("games")
    for b in range(tally.bot.shape[0]):
        if tally.bot[b, g] == 0:
            return False
        lo, hi = win_interval(tally, b, paired)
        if (hi - lo) / 2 > width:
            return False
    return True


def run(game, match, games: int, opts: RunOptions, paired: bool = False, until_ci: float | None = None,
        progress: bool = False, on_records=None, records: bool = False, label: str | None = None) -> RunOutcome:
    """Play ``games`` games of ``match`` with the seed and workers of ``opts``; returns
    merged results, partial if interrupted.

    ``on_records(first_game, array)`` receives per-game records as chunks finish (in
    chunk order) when ``records`` is set.
    """
    seed = opts.seed
    multiple = match.players if paired else 1
    chunks = plan_chunks(games, opts.workers if until_ci is None else None, multiple,
                         SEARCH_SCALE if getattr(match, "searching", False) else 1)
    t_compile = t0 = time.perf_counter()
    total = game.empty_tally(match)
    out = RunOutcome(total, games, 0, 0, len(chunks))
    bar = progress_bar(games, progress, label)
    results: dict[int, Tally] = {}
    next_merge = 0

    def merge(idx):
        nonlocal total
        t, r = results.pop(idx)
        total += t
        out.chunks_done += 1
        out.games_played += chunks[idx][1]
        if r is not None and on_records is not None:  # a failure here (a full disk) keeps the chunk counted
            on_records(chunks[idx][0], r)

    def accept(idx, tally, recs):
        nonlocal next_merge
        results[idx] = (tally, recs)
        # merge in index order (for the stopping rule and for ordered per-game records)
        while next_merge in results:
            with HoldSignals():
                merge(next_merge)
                next_merge += 1
            if until_ci is not None and ci_reached(total, until_ci, paired):
                out.stopped_by = "until-ci"
                return True
        bar.update(out.games_played - bar.n)
        return False

    try:
        if opts.backend == "local":
            game.warm_up(match)  # compile or load the kernels once, before workers start
        t0 = time.perf_counter()
        with make_pool(play_chunk, (game.NAME, match, seed, paired, records), opts, tasks=len(chunks)) as pool:
            pool.map(chunks, lambda idx, result: accept(idx, *result))
    except KeyboardInterrupt:
        out.partial = True
        out.stopped_by = "interrupt"
    except GameCrash as e:
        out.partial = True
        out.stopped_by = "error"
        out.error = _crash_message(e, match, seed)
    except RunError as e:
        out.partial = True
        out.stopped_by = "error"
        out.error = str(e)
    finally:
        bar.close()
    # chunks that finished out of order after an interruption still count (a plain run),
    # their per-game records too (each row names its game)
    if out.partial and until_ci is None:
        for idx in sorted(results):
            merge(idx)
    if out.games_played < games and out.stopped_by == "games":
        out.partial = True
    out.tally.games = out.games_played
    out.seconds = time.perf_counter() - t0
    out.meta["compile_seconds"] = round(t0 - t_compile, 3)
    return out


def _crash_message(e: GameCrash, match, seed) -> str:
    bots = " ".join(shlex.quote(b.path or b.name) for b in match.bots)
    where = f"game {e.game}" if e.game is not None else f"a game of games {e.first_game}..."
    setup = f" -k {shlex.quote(match.setup.path)}" if getattr(match.setup, "path", None) else ""
    seats = f" --seats {match.seats}" if getattr(match, "seats", "rotate") != "rotate" else ""
    replay = f"dsim log {bots}{setup}{seats} --seed {seed} --game {e.game}" if e.game is not None else ""
    return (f"a game failed: {e} (chunk {e.chunk}, {where}, seed {seed}, bots: "
            f"{', '.join(match.bot_names)})" + (f"; reproduce with: {replay}" if replay else ""))
