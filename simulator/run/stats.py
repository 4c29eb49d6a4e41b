"""Mergeable accumulators, confidence intervals and result tables (game-agnostic).

A ``Tally`` holds only integer counts and sums, so merging chunks in any order gives
bit-identical results: that is what makes a run's numbers independent of ``--jobs``
and of the backend. Win shares are counted in whole units of 1/``share`` of a win, where
``share`` (a game's ``share_unit``, 12 for games of up to 4 players) is divisible by every
number of players: a k-way shared win gives each winner share/k, exact for any k.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..kernels.tally_layout import A_TB, A_TE, A_TG, A_TS, MAXB, MAXP, NTB, NTS, SHARE

#: columns of Tally.bot (the game kernels write these positions)
BOT_COLS = ("games", "wins", "ties", "losses", "w12", "vp", "turns")
#: columns of Tally.seat[b, s, :]
SEAT_COLS = ("games", "wins", "ties", "losses", "w12")
#: columns of Tally.curve[b, turn, :]
CURVE_COLS = ("vp", "coins", "n")
Z95 = 1.959963984540054

#: the words of a game's reports and the names of its result columns (a game's LABELS,
#: which its matches record in ``meta["labels"]``, replace these neutral ones):
#: setup (what a game is played on), item (what the "cards" tables count), vp and coins (the two
#: curve series, as column names), their titles, the game's name, and what a setup with no
#: contents of its own is called
WORDS = {"setup": "setup", "item": "item", "items": "items", "vp": "vp", "vp_title": "VP", "coins": "coins",
         "coins_title": "coins", "game": "game", "length": "turns of the player who took the most",
         "no_setup": "nothing"}


def words(meta: dict | None) -> dict:
    """The report words of the game a result's ``meta`` comes from."""
    return {**WORDS, **((meta or {}).get("labels") or {})}


def stats_spec(meta: dict | None) -> dict | None:
    """What a run's game reports of its own figures (meta["stats"], the game's STATS_REPORT),
    or None."""
    return (meta or {}).get("stats") or None


def setup_of(meta: dict | None) -> dict:
    """The setup a run was played on, as recorded in its meta (name, contents, path, named:
    engine_base.EngineGame.setup_record)."""
    return (meta or {}).get(words(meta)["setup"]) or {}


def setups_of(meta: dict | None) -> list:
    """The setups of a comparison (its meta's key for them: the game's word for a setup + "s")."""
    return (meta or {}).get(words(meta)["setup"] + "s") or []


def identical_pair(meta: dict, d: dict) -> list:
    """The two setups of an entry of a comparison's meta["identical"]."""
    return d[words(meta)["setup"] + "s"]


@dataclass
class Tally:
    """Counts and sums over a set of games; ``+=`` merges another tally."""
    bot: np.ndarray      # int64[NB, >= len(BOT_COLS)]
    seat: np.ndarray     # int64[NB, MAXP, >= len(SEAT_COLS)]
    length: np.ndarray   # int64[L]: games by length (turns of the player who took most)
    ending: np.ndarray   # int64[NENDINGS]
    gained: np.ndarray   # int64[NB, NITEMS]: items (cards) gained
    curve: np.ndarray    # int64[NB, T, 3]: per own turn: VP sum, coins sum, games running
    #: int64[1 + 2 NB]: units (games, or paired deals), then per bot the sum and the sum of
    #: squares of its win twelfths per unit: the spread of results, for paired intervals
    unit: np.ndarray = None
    #: int64[NB, T, NITEMS]: items gained per bot and own turn (the turn the bot was in, or
    #: had just finished when another player's card made it gain)
    gained_turn: np.ndarray = None
    #: int64[NB, NSTATS]: the game's own counters per bot (its STATS: e.g. actions by kind)
    stats: np.ndarray = None
    games: int = 0
    #: the win-share columns (w12) count wins in units of 1/share (see share_unit)
    share: int = 12

    #: the arrays of a tally (merged by ``+=``, compared part by part)
    PARTS = ("bot", "seat", "length", "ending", "gained", "curve", "unit", "gained_turn", "stats")

    @classmethod
    def empty(cls, nbots: int, seats: int, max_len: int, n_endings: int, n_items: int, ncols_bot: int,
              ncols_seat: int, share: int = 12, n_stats: int = 0) -> "Tally":
        return cls(
            bot=np.zeros((nbots, ncols_bot), np.int64),
            seat=np.zeros((nbots, seats, ncols_seat), np.int64),
            length=np.zeros(max_len + 2, np.int64),
            ending=np.zeros(n_endings, np.int64),
            gained=np.zeros((nbots, n_items), np.int64),
            curve=np.zeros((nbots, max_len + 2, len(CURVE_COLS)), np.int64),
            unit=np.zeros(1 + 2 * nbots, np.int64),
            gained_turn=np.zeros((nbots, max_len + 2, n_items), np.int64),
            stats=np.zeros((nbots, n_stats), np.int64),
            share=share,
        )

    def __iadd__(self, other: "Tally") -> "Tally":
        if other.share != self.share:
            raise ValueError(f"cannot merge tallies that count win shares in 1/{self.share} and 1/{other.share}")
        for name in self.PARTS:
            getattr(self, name).__iadd__(getattr(other, name))
        self.games += other.games
        return self


def share_unit(max_players: int) -> int:
    """The smallest unit of a win that every k-way shared win (k = 1..max_players) divides
    into exactly: lcm(1..max_players) (12 for up to 4 players, 420 for 7)."""
    return math.lcm(*range(1, max(1, max_players) + 1))


def win_share(t: "Tally", value) -> float:
    """A win-share count (a w12 column or a sum of them) of tally t as wins."""
    return value / float(t.share)


def tally_lines(t: "Tally", bot_names, item_names, ending_names, stat_names=()) -> list[str]:
    """A tally as text, a count or a row of counts per line, zeros left out (reference files:
    a diff says which count moved). Each line starts with its part's name."""
    out = [] if t.share == 12 else [f"share: {t.share}"]
    cols = [*BOT_COLS, *(f"col{k}" for k in range(len(BOT_COLS), t.bot.shape[1]))]
    for b, name in enumerate(bot_names):
        out.append(f"bot {name}: " + " ".join(f"{c} {v}" for c, v in zip(cols, t.bot[b].tolist())))
        for s in range(t.seat.shape[1]):
            if t.seat[b, s].any():
                out.append(f"seat {name} in seat {s + 1}: "
                           + " ".join(f"{c} {v}" for c, v in zip(SEAT_COLS, t.seat[b, s].tolist())))
    out += [f"length {n}: {v}" for n, v in enumerate(t.length.tolist()) if v]
    out += [f"ending {e}: {v}" for e, v in zip(ending_names, t.ending.tolist()) if v]
    out.append("unit: " + " ".join(str(v) for v in t.unit.tolist()))
    for b, name in enumerate(bot_names):
        out += [f"gained {name} {item}: {v}" for item, v in zip(item_names, t.gained[b].tolist()) if v]
    if t.stats is not None:
        for b, name in enumerate(bot_names):
            out += [f"stats {name} {k}: {v}" for k, v in zip(stat_names, t.stats[b].tolist()) if v]
    for b, name in enumerate(bot_names):
        for turn in range(t.curve.shape[1]):
            if t.curve[b, turn].any():
                out.append(f"curve {name} turn {turn}: "
                           + " ".join(f"{c} {v}" for c, v in zip(CURVE_COLS, t.curve[b, turn].tolist())))
            if t.gained_turn[b, turn].any():
                out.append(f"gained_turn {name} turn {turn}: " + ", ".join(
                    f"{item} {v}" for item, v in zip(item_names, t.gained_turn[b, turn].tolist()) if v))
    return out


def engine_tally(A: np.ndarray, nbots: int, cap: int, n_endings: int, n_items: int, item_stride: int,
                 games: int, n_stats: int = 0, stats_stride: int = 0) -> Tally:
    """A Tally (copies) from a game engine's tally array A, laid out as
    simulator/kernels/tally_layout.py says: per bot, per bot and seat, endings, items gained
    (``item_stride`` per bot), the game's own counters (``stats_stride`` per bot), units
    (1, then 2 per bot), then (cap + 2) game lengths, the curves (len(CURVE_COLS) per bot
    and turn) and the items gained per bot and turn."""
    L = cap + 2
    a_tx = A_TG + MAXB * item_stride
    a_tu = a_tx + MAXB * stats_stride
    a_tl = a_tu + 1 + 2 * MAXB
    a_items = a_tl + L * (1 + MAXB * len(CURVE_COLS))
    return Tally(
        bot=A[A_TB:A_TS].reshape(MAXB, NTB)[:nbots].copy(),
        seat=A[A_TS:A_TE].reshape(MAXB, MAXP, NTS)[:nbots].copy(),
        length=A[a_tl:a_tl + L].copy(),
        ending=A[A_TE:A_TE + n_endings].copy(),
        gained=A[A_TG:a_tx].reshape(MAXB, item_stride)[:nbots, :n_items].copy(),
        stats=A[a_tx:a_tu].reshape(MAXB, stats_stride)[:nbots, :n_stats].copy(),
        curve=A[a_tl + L:a_items].reshape(MAXB, L, len(CURVE_COLS))[:nbots].copy(),
        gained_turn=A[a_items:a_items + MAXB * L * item_stride].reshape(MAXB, L, item_stride)[:nbots, :, :n_items]
        .copy(),
        unit=A[a_tu:a_tu + 1 + 2 * nbots].copy(),
        games=games,
        share=SHARE,
    )


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (successes may be fractional)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def unit_interval(t: Tally, b: int, z: float = Z95) -> tuple[float, float, float]:
    """(win rate, low, high) of bot b from the spread of its results per unit (a game, or
    a paired deal): a normal interval that credits the pairing of seats."""
    units = int(t.unit[0])
    games = int(t.bot[b, BOT_COLS.index("games")])
    if units < 2 or games == 0:
        return (float("nan"), 0.0, 1.0)
    size = games / units                      # games per unit
    s1 = t.unit[1 + 2 * b] / (float(t.share) * size)    # sum of per-unit win rates
    s2 = t.unit[2 + 2 * b] / (float(t.share) * size) ** 2
    mean = s1 / units
    var = max(0.0, (s2 - units * mean * mean) / (units - 1))
    half = z * math.sqrt(var / units)
    return (mean, max(0.0, mean - half), min(1.0, mean + half))


def win_interval(t: Tally, b: int, paired: bool) -> tuple[float, float]:
    """The 95% interval of bot b's win rate: Wilson for independent games; from the
    per-deal spread for paired runs."""
    g = t.bot[b, BOT_COLS.index("games")]
    if paired:
        _, lo, hi = unit_interval(t, b)
        return (lo, hi)
    return wilson(win_share(t, t.bot[b, BOT_COLS.index("w12")]), g)


def hist_percentile(hist: np.ndarray, q: float) -> float:
    """The q-th percentile (0..100) of values given as a histogram (value = index)."""
    total = hist.sum()
    if total == 0:
        return float("nan")
    target = q / 100 * total
    cum = np.cumsum(hist)
    return float(np.searchsorted(cum, max(target, 1), side="left"))


@dataclass
class Results:
    """A run's results as pandas DataFrames (columns as in the CSV files) plus metadata."""
    summary: pd.DataFrame
    seats: pd.DataFrame
    game_length: pd.DataFrame
    endings: pd.DataFrame
    cards: pd.DataFrame
    curves: pd.DataFrame
    length_stats: dict
    meta: dict = field(default_factory=dict)
    tally: Tally | None = None
    #: mean items gained per game by each bot at each of its own turns (bot, turn, card)
    cards_by_turn: pd.DataFrame | None = None
    #: the game's own figures, one row per bot, then any reference rows (the game's
    #: stats_table; its meta["stats"] says what they are), or None
    game_stats: pd.DataFrame | None = None

    @property
    def games(self) -> int:
        return int(self.meta.get("games_played", 0))

    @property
    def partial(self) -> bool:
        return bool(self.meta.get("partial", False))


def summary_rows(t: Tally, bot_names: list[str], meta: dict | None = None) -> list[tuple]:
    """The summary table's rows (``summary_cols``), one tuple per bot, without pandas (a
    tournament reads only these of each of its matches)."""
    bc = {c: i for i, c in enumerate(BOT_COLS)}
    paired = bool((meta or {}).get("paired"))
    rows = []
    for b, name in enumerate(bot_names):
        g = int(t.bot[b, bc["games"]])
        lo, hi = win_interval(t, b, paired)
        rows.append((name, g, int(t.bot[b, bc["wins"]]), int(t.bot[b, bc["ties"]]), int(t.bot[b, bc["losses"]]),
                     win_share(t, t.bot[b, bc["w12"]]) / g if g else float("nan"), lo, hi,
                     t.bot[b, bc["vp"]] / g if g else float("nan"), t.bot[b, bc["turns"]] / g if g else float("nan")))
    return rows


def results_from_tally(t: Tally, bot_names: list[str], ending_names: list[str], item_names: list[str],
                       meta: dict | None = None) -> Results:
    bc = {c: i for i, c in enumerate(BOT_COLS)}
    w = words(meta)
    vp, coins, item = f"mean_{w['vp']}", f"mean_{w['coins']}", w["item"]
    summary = pd.DataFrame(summary_rows(t, bot_names, meta), columns=summary_cols(meta))
    sc = {c: i for i, c in enumerate(SEAT_COLS)}
    srows = []
    for b, name in enumerate(bot_names):
        for s in range(t.seat.shape[1]):
            g = int(t.seat[b, s, sc["games"]])
            if g == 0:
                continue
            w = win_share(t, t.seat[b, s, sc["w12"]])
            lo, hi = wilson(w, g)
            srows.append({"bot": name, "seat": s + 1, "games": g, "wins": int(t.seat[b, s, sc["wins"]]),
                          "ties": int(t.seat[b, s, sc["ties"]]), "losses": int(t.seat[b, s, sc["losses"]]),
                          "win_rate": w / g, "ci_low": lo, "ci_high": hi})
    seats = pd.DataFrame(srows, columns=["bot", "seat", "games", "wins", "ties", "losses", "win_rate",
                                         "ci_low", "ci_high"])
    nz = np.nonzero(t.length)[0]
    game_length = pd.DataFrame({"turns": nz.astype(int), "games": t.length[nz].astype(int)})
    endings = pd.DataFrame({"ending": ending_names, "games": t.ending.astype(int)})
    crow = []
    for b, name in enumerate(bot_names):
        g = t.bot[b, bc["games"]]
        for i, name_i in enumerate(item_names):
            if t.gained[b, i]:
                crow.append({"bot": name, item: name_i, "mean_gained": t.gained[b, i] / g})
    cards = pd.DataFrame(crow, columns=["bot", item, "mean_gained"])
    trow = []
    if t.gained_turn is not None:
        for b, name in enumerate(bot_names):
            g = t.bot[b, bc["games"]]
            for turn, i in zip(*np.nonzero(t.gained_turn[b])):
                trow.append({"bot": name, "turn": int(turn), item: item_names[i],
                             "mean_gained": t.gained_turn[b, turn, i] / g})
    cards_by_turn = pd.DataFrame(trow, columns=["bot", "turn", item, "mean_gained"])
    cur = []
    for b, name in enumerate(bot_names):
        for turn in range(1, t.curve.shape[1]):
            n = int(t.curve[b, turn, 2])
            if n == 0:
                continue
            cur.append({"bot": name, "turn": turn, vp: t.curve[b, turn, 0] / n,
                        coins: t.curve[b, turn, 1] / n, "games_running": n})
    curves = pd.DataFrame(cur, columns=["bot", "turn", vp, coins, "games_running"])
    total = int(t.length.sum())
    lengths = np.arange(len(t.length))
    length_stats = {
        "games": total,
        "mean": float((lengths * t.length).sum() / total) if total else float("nan"),
        "median": hist_percentile(t.length, 50),
        "p5": hist_percentile(t.length, 5),
        "p95": hist_percentile(t.length, 95),
    }
    m = dict(meta or {})
    m.setdefault("games_played", total)
    return Results(summary, seats, game_length, endings, cards, curves, length_stats, m, t, cards_by_turn)


def summary_cols(meta: dict | None) -> list[str]:
    """The columns of a summary table (its points column is named by the game)."""
    return ["bot", "games", "wins", "ties", "losses", "win_rate", "ci_low", "ci_high", f"mean_{words(meta)['vp']}",
            "mean_turns"]


@dataclass
class CompareResults:
    """The same bots on several setups: ``table`` has one row per setup and bot, ``pooled``
    one row per bot over all of them (``pooled_table``; its interval needs two setups)."""
    table: pd.DataFrame          # the setup's name (column named by the game) + summary_cols + lacks
    runs: dict                   # setup name -> Results
    meta: dict = field(default_factory=dict)
    pooled: pd.DataFrame | None = None

    @property
    def pooled_over(self) -> int:
        """How many setups the pooled verdict is over: those that finished (a setup a Ctrl-C
        stopped part-way is shown, not pooled: its games are not the sample the others are)."""
        return self.meta.get("pooled_setups", len(self.runs))


def interval_name(meta: dict) -> str:
    """What a run's 95% intervals are computed from."""
    return "from the spread between deals (--paired)" if meta.get("paired") else "Wilson"


#: how the pooled verdict is computed ("setup" is said in the game's word for it)
POOLED_METHOD = "setups as the sampling unit: the mean of the per-setup win rates, Student-t 95% interval"
POOLED_DETAIL = ("from the spread of the per-setup win rates (k - 1 degrees of freedom for k setups), so it holds the "
                 "differences between setups as well as each one's own noise")
#: pooled.csv's columns (the second is named by the game's word for its setups, + "s")
POOLED_COLS = ["bot", "setups", "games", "win_rate", "ci_low", "ci_high", "spread", "won_clearly", "lost_clearly"]


def pooled_table(table: pd.DataFrame, setup_col: str, players: int) -> pd.DataFrame:
    """Each bot's verdict over the setups of a comparison (POOLED_METHOD): its mean win
    rate, the interval, the standard deviation between setups (``spread``), and in how many
    setups it won or lost clearly (its 95% interval wholly above or below the even share,
    1 / players)."""
    from scipy.stats import t as student
    even = 1.0 / players
    rows = []
    for bot, d in table.groupby("bot", sort=False):
        rates = d.win_rate.to_numpy(float)
        k = len(rates)
        mean = float(rates.mean())
        spread = lo = hi = float("nan")          # one setup: no spread, no interval
        if k > 1:
            spread = float(rates.std(ddof=1))
            half = float(student.ppf(0.975, k - 1)) * spread / math.sqrt(k)
            lo, hi = max(0.0, mean - half), min(1.0, mean + half)
        rows.append({"bot": bot, "setups": k, "games": int(d.games.sum()), "win_rate": mean,
                     "ci_low": lo, "ci_high": hi, "spread": spread,
                     "won_clearly": int((d.ci_low > even).sum()), "lost_clearly": int((d.ci_high < even).sum())})
    return pd.DataFrame(rows, columns=POOLED_COLS).rename(columns={"setups": setup_col + "s"})


@dataclass
class TournamentResults:
    """Every pair (or group) of bots: ``table`` has one row per match and bot,
    ``matrix`` the win rates (rows: bot; columns: opponent, or group of 3-4),
    ``ranking`` the bots by mean win rate over their matches."""
    table: pd.DataFrame
    matrix: pd.DataFrame
    ranking: pd.DataFrame
    meta: dict = field(default_factory=dict)

    def by_opponent(self) -> pd.DataFrame:
        """Each bot's (rows) mean win rate over the matches where each other bot (columns) sat
        at its table: at 3-4 players, a bot-by-bot view of the per-group matrix (the
        diagonal empty); both axes in rating order."""
        seats = self.table.groupby("match", sort=False).bot.agg(list)
        acc: dict = {}
        for match, bot, rate in self.table[["match", "bot", "win_rate"]].itertuples(index=False):
            for other in seats[match]:
                if other != bot:
                    acc.setdefault((bot, other), []).append(rate)
        order = list(self.ranking.bot)
        out = pd.DataFrame([[float(np.mean(acc[(b, o)])) if (b, o) in acc else np.nan for o in order]
                            for b in order], index=order, columns=order)
        out.index.name, out.columns.name = "bot", "opponent"
        return out


#: how many of the largest misses between the ratings and the matches are reported
MISSES = 5


def interval_cells(tr) -> dict:
    """Each cell of a tournament's matrix as text: {(bot, opponents): "57.1% [55.0, 59.2]"},
    the row bot's win rate against the column with its 95% interval."""
    return {(r.bot, r.opponents): f"{100 * r.win_rate:.1f}% [{100 * r.ci_low:.1f}, {100 * r.ci_high:.1f}]"
            for r in tr.table.itertuples() if r.games}


def largest_misses(table: pd.DataFrame, n: int = MISSES) -> pd.DataFrame:
    """The rows of a tournament table whose observed win rate lies furthest (in standard
    errors) from the ratings' prediction, one row per match (a pair's two rows mirror
    each other: the first bot's is kept)."""
    t = table.dropna(subset=["miss_z"])
    t = t.loc[t.groupby("match", sort=False).miss_z.apply(lambda z: z.abs().idxmax())]
    return t.reindex(t.miss_z.abs().sort_values(ascending=False).index).head(n)


def fit_summary(fit: dict) -> str:
    """The ratings' fit in one sentence: the chi-square, its p-value, the overdispersion."""
    p = fit["p_value"]
    p_text = f"p = {p:.2g}" if p > 0 else "p < 1e-300"        # a p-value that underflows
    return (f"chi-square {fit['chi2']:.1f} on {fit['df']} degrees of freedom ({p_text}); the matches vary "
            f"{fit['overdispersion']:.2f} times as much as the ratings predict")


def fit_verdict(fit: dict) -> str | None:
    """A sentence when the ratings fit the matches poorly (p < 0.01 and the results vary
    at least 1.5 times as much as the model says), else None."""
    if not fit or fit.get("df", 0) <= 0:
        return None
    if fit["p_value"] < 0.01 and fit["overdispersion"] >= 1.5:
        return ("ratings are a summary, and these matches disagree with them (a bot beats some bots better than "
                "its rating says and others worse)")
    return None


def alike_setups(runs: dict, items) -> list[tuple[str, str]]:
    """Pairs of setups that play alike for the bots: all that differs between them is
    ``items`` (the game's) that no bot gained in either, so their
    results differ only by their games' luck (a setup that differs in rules never does)."""
    items = set(items)
    contents = {k: set(setup_of(r.meta).get("contents", [])) for k, r in runs.items()}
    gained = {k: set(r.cards.loc[r.cards.mean_gained > 0, r.cards.columns[1]]) for k, r in runs.items()}
    names = list(runs)
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            differ = contents[a] ^ contents[b]
            if differ <= items and not differ & (gained[a] | gained[b]):
                out.append((a, b))
    return out


def identical_note(meta: dict, where: str = " (report.html lists them)") -> str | None:
    """One line for every setup that plays alike with another (``alike_setups``), or None."""
    pairs = [identical_pair(meta, d) for d in meta.get("identical", [])]
    if not pairs:
        return None
    w = words(meta)
    same = {k for pair in pairs for k in pair}
    total = len(setups_of(meta))
    return (f"{len(same)} of {total} {w['setup']}s play alike with another: no bot gained the {w['items']} that "
            f"differ, so each is the same {w['setup']} played again; the verdict over {w['setup']}s counts them "
            f"apart, so its interval is narrower than the {w['setup']}s warrant{where}")


def compare_table(runs: dict) -> pd.DataFrame:
    frames = []
    for name, res in runs.items():
        df = res.summary.copy()
        df.insert(0, words(res.meta)["setup"], name)
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def tournament_title(meta: dict) -> str:
    """What a tournament's reports call it: "Ladder NAME v1" for a ladder (dsim ladder),
    else "Tournament of N bots"."""
    lad = meta.get("ladder")
    if lad:
        placed = len(lad.get("placed", []))
        return f"Ladder {lad['name']} v{lad['version']}" + (f", {placed} bot{'s' * (placed > 1)} placed" if placed
                                                              else "")
    return f"Tournament of {len(meta.get('bots', []))} bots"


class TournamentTally:
    """What a tournament keeps of each match as it finishes: the summary rows of its bots
    and the wins the ratings are fitted from, a few hundred bytes a match (not the
    match's Results), so a tournament of 70,000 groups stays small in memory."""

    ROW = ("match", "bot", "opponents", "games", "wins", "ties", "losses", "win_rate", "ci_low", "ci_high")

    def __init__(self):
        self.rows: list[tuple] = []
        self.groups: list[tuple] = []   # (member names, wins of each, games)
        self.row_group: list[tuple] = []  # per row: (its group's index or -1, its place in the group)
        self.fit: dict = {}
        self.vp = "mean_vp"

    def add(self, label: str, rows: list[tuple], meta: dict) -> None:
        """A finished match: its summary rows (``summary_rows``, one per bot of the group)."""
        self.vp = f"mean_{words(meta)['vp']}"
        members = [r[0] for r in rows]
        games = max((r[1] for r in rows), default=0)
        for pos, (bot, g, wins, ties, losses, rate, lo, hi, vp, _turns) in enumerate(rows):
            others = " + ".join(m for m in members if m != bot)
            self.rows.append((label, bot, others, g, wins, ties, losses, rate, lo, hi, vp))
            self.row_group.append((len(self.groups) if games else -1, pos))
        if games:
            self.groups.append((tuple(members), np.array([r[5] * r[1] for r in rows]), games))

    def tables(self) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
        """(table, matrix, ranking): one row per match and bot; win rates of each bot
        (rows) against each opponent or group (columns); bots by rating."""
        table = pd.DataFrame(self.rows, columns=[*self.ROW, self.vp])
        matrix = table.pivot_table(index="bot", columns="opponents", values="win_rate", sort=False)
        bots = list(dict.fromkeys(table.bot))
        cols = list(dict.fromkeys(table.opponents))
        # pairs: the same order on both axes (the diagonal stays empty)
        matrix = matrix.reindex(index=bots, columns=bots if set(cols) <= set(bots) else cols)
        ranking = (table.groupby("bot", sort=False)
                   .agg(matches=("match", "count"), mean_win_rate=("win_rate", "mean"), games=("games", "sum"))
                   .reset_index())
        index = {b: i for i, b in enumerate(bots)}
        groups = [([index[b] for b in members], wins, games) for members, wins, games in self.groups]
        rating, low, high = luce_ratings(len(bots), groups)
        fit = ratings_fit(rating, groups)
        widen = math.sqrt(max(1.0, fit["overdispersion"])) if fit["df"] > 0 else 1.0
        low, high = rating - (rating - low) * widen, rating + (high - rating) * widen
        self.fit = {**{k: v for k, v in fit.items() if k != "predicted"}, "widened_by": widen}
        # each row's predicted win rate, and how far (in standard errors) the observed one lies from it
        predicted, miss = [], []
        rate = self.ROW.index("win_rate")
        for row, (gi, pos) in zip(self.rows, self.row_group):
            pb = float(fit["predicted"][gi][pos]) if gi >= 0 else float("nan")
            g = self.groups[gi][2] if gi >= 0 else 0
            predicted.append(pb)
            miss.append((row[rate] - pb) / math.sqrt(pb * (1 - pb) / g) if g and 0 < pb < 1 else float("nan"))
        table["predicted_win_rate"], table["miss_z"] = predicted, miss
        ranking["rating"], ranking["rating_low"], ranking["rating_high"] = rating, low, high
        ranking = ranking.sort_values(["rating", "mean_win_rate"], ascending=False).reset_index(drop=True)
        ranking.insert(0, "rank", range(1, len(ranking) + 1))
        ranking = ranking[["rank", "bot", "rating", "rating_low", "rating_high", "matches", "mean_win_rate",
                           "games"]]
        order = list(ranking.bot)
        matrix = matrix.reindex(index=order, columns=order if list(matrix.columns) == bots else matrix.columns)
        return table, matrix, ranking


ELO = 400 / np.log(10)  # rating points per unit of log-strength (Elo's scale)


def ratings_fit(rating: np.ndarray, groups) -> dict:
    """How well ratings (Elo's scale) explain the group results they were fitted to:
    Pearson's chi-square of the observed wins against the predicted (each group a
    multinomial of its games: k - 1 degrees of freedom, less the n - 1 ratings), its
    p-value, the overdispersion (chi-square over its degrees of freedom: about 1 when the
    model fits; the factor by which the results vary more than it says), and the
    predicted win shares of each group's members."""
    from scipy.stats import chi2
    s = np.exp((np.asarray(rating, float) - 1500) / ELO)
    x2, df, predicted = 0.0, 0, []
    for idx, w, g in groups:
        p = s[idx] / s[idx].sum()
        predicted.append(p)
        expect = g * p
        x2 += float((((np.asarray(w, float) - expect) ** 2) / np.where(expect > 0, expect, 1)).sum())
        df += len(idx) - 1
    df -= len(rating) - 1
    return {"chi2": x2, "df": df, "p_value": float(chi2.sf(x2, df)) if df > 0 else float("nan"),
            "overdispersion": x2 / df if df > 0 else float("nan"), "predicted": predicted}


def luce_ratings(n: int, groups, iters: int = 10_000, tol: float = 1e-10):
    """Ratings of ``n`` bots from group results, with 95% intervals, on Elo's scale
    (mean 1500; 400 points = 10:1 odds in a two-player game).

    ``groups``: (bot indices, wins of each (shared wins as fractions), games) per match.
    The model is Luce's choice model (Bradley-Terry for pairs): in a group G, bot i wins
    with probability s_i / sum over G of s_j. Strengths are fitted by maximum likelihood
    with Hunter's MM iteration; intervals come from the observed information matrix.
    Hand-written (about 30 lines of numpy) because choix, the maintained library, takes
    one observation per game and no shared wins, and a tournament has millions of games.
    A bot that won every game (or none) has no finite strength; it is fitted with half a
    win moved against it (or for it), so its rating is a bound, and its interval is wide.
    """
    # the groups as arrays, one set per group size: members (G, k), wins (G, k), games (G)
    sizes: dict[int, list] = {}
    for idx, w, g in groups:
        sizes.setdefault(len(idx), []).append((idx, w, g))
    blocks = [(np.array([x[0] for x in gs], np.int64).reshape(len(gs), k),
               np.array([x[1] for x in gs], float).reshape(len(gs), k),
               np.array([x[2] for x in gs], float)) for k, gs in sizes.items()]
    wins, total = np.zeros(n), np.zeros(n)
    for idx, w, g in blocks:
        np.add.at(wins, idx, w)
        np.add.at(total, idx, np.repeat(g[:, None], idx.shape[1], axis=1))
    # keep every strength finite: no bot at exactly 0% or 100% of its games
    wins = np.clip(wins, 0.5, np.maximum(total - 0.5, 0.5))
    s = np.ones(n)
    for _ in range(iters):
        denom = np.zeros(n)
        for idx, _w, g in blocks:
            np.add.at(denom, idx, np.repeat((g / s[idx].sum(axis=1))[:, None], idx.shape[1], axis=1))
        new = np.where(denom > 0, wins / np.where(denom > 0, denom, 1), s)
        new /= np.exp(np.log(new).mean())
        done = np.max(np.abs(np.log(new) - np.log(s))) < tol
        s = new
        if done:
            break
    theta = np.log(s)
    info = np.zeros((n, n))
    for idx, _w, g in blocks:
        p = s[idx] / s[idx].sum(axis=1, keepdims=True)                       # (G, k)
        k = idx.shape[1]
        block = g[:, None, None] * (p[:, :, None] * np.eye(k) - p[:, :, None] * p[:, None, :])
        np.add.at(info, (np.repeat(idx, k, axis=1).reshape(-1, k, k), np.tile(idx, (1, k)).reshape(-1, k, k)), block)
    # the strengths are defined up to a constant: fix the last bot's, invert the rest of
    # the information matrix, then express the covariance of the ratings centred at their mean
    full = np.zeros((n, n))
    full[:-1, :-1] = np.linalg.pinv(info[:-1, :-1])
    centre = np.eye(n) - 1.0 / n
    sd = np.sqrt(np.clip(np.diag(centre @ full @ centre.T), 0, None))
    rating = 1500 + ELO * (theta - theta.mean())
    return rating, rating - 1.96 * ELO * sd, rating + 1.96 * ELO * sd
