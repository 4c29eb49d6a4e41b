"""Console tables, CSV/JSON files and PNG charts of Results (game-agnostic).

Every file is written atomically (a temporary file in the same folder, then a rename),
so an interrupted run never leaves half a CSV behind.
"""
from __future__ import annotations

import csv
import os
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

from ..errors import InputError, printable
from ..games import get_game
from ..kernels.tally_layout import GR_PER_SEAT, GR_SEAT
from ..run.stats import (Results, fit_summary, fit_verdict, interval_cells, largest_misses, setup_of, setups_of,
                         stats_spec, tournament_title, words)
from .html import compare_report, run_report, tournament_report
from .outfiles import (FileLock, OutputError, check_writable, pct, umask_now, write_all, write_csv, write_json,
                       write_text)

RUN_FILES = ("summary.csv", "seats.csv", "game_length.csv", "endings.csv", "cards.csv", "cards_by_turn.csv",
             "curves.csv", "run.json", "win_rates.png", "seats.png", "game_length.png", "curves.png", "cards.png",
             "report.html")


def run_files(meta: dict) -> tuple:
    """The files ``write_reports`` writes for a run with this meta (the game's own
    figures add NAME.csv and NAME.png)."""
    spec = stats_spec(meta)
    return RUN_FILES + ((f"{spec['name']}.csv", f"{spec['name']}.png") if spec else ())


COMPARE_FILES = ("compare.csv", "pooled.csv", "run.json", "compare.png", "report.html")
TOURNAMENT_FILES = ("tournament.csv", "ranking.csv", "run.json", "tournament.png", "report.html")


# ---------------------------------------------------------------- console
def title(res: Results) -> str:
    m = res.meta
    names = " vs ".join(b["name"] for b in m.get("bots", []))
    k = setup_of(m)
    kname = k.get("name", "")
    if not k.get("named", True):
        kname += f" ({', '.join(k.get('contents', [])) or words(m)['no_setup']})"
    return f"{names} — {res.games:,} games, {m.get('players')} players, {words(m)['setup']}: {kname}"


def format_table(res: Results, since_start: float | None = None) -> str:
    """The run on screen; ``since_start``: the seconds since the command started (its
    libraries and engine loaded, the games played), said beside the games' own time."""
    m = res.meta
    lines = []
    if res.partial:
        lines.append(f"PARTIAL: {res.games:,} of {m.get('games_requested', 0):,} games "
                     f"({m.get('stopped_by')})")
    lines.append(title(res))
    rules = m.get("rules", {})
    lines.append("seed {} · rules: {} · seats: {}{}".format(
        m.get("seed"), " ".join(f"{k}={v}" for k, v in rules.items()), m.get("seats"),
        " · paired" if m.get("paired") else ""))
    lines.append("")
    s = res.summary
    w = words(m)
    if not res.games:  # stopped before a game finished: no rate, no mean, only the run's record
        return "\n".join(lines + ["no game finished, so there is nothing to count"])
    rows = [["bot", "games", "wins", "ties", "losses", "win rate", "95% CI", f"mean {w['vp_title']}", "mean turns"]]
    for _, r in s.iterrows():
        rows.append([r.bot, f"{r.games:,}", f"{r.wins:,}", f"{r.ties:,}", f"{r.losses:,}", pct(r.win_rate),
                     f"[{pct(r.ci_low)}, {pct(r.ci_high)}]", f"{r['mean_' + w['vp']]:.2f}", f"{r.mean_turns:.2f}"])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for j, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells))
    lines += seat_lines(res)
    ls = res.length_stats
    lines.append("")
    if ls["games"]:
        lines.append(f"game length ({w['length']}): mean {ls['mean']:.2f}, "
                     f"median {ls['median']:.0f}, 5th percentile {ls['p5']:.0f}, 95th percentile {ls['p95']:.0f}")
        total = int(res.endings.games.sum())
        ends = ", ".join(f"{r.ending} {r.games:,} ({100 * r.games / total:.1f}%)" for r in res.endings.itertuples())
        lines.append(f"endings: {ends}")
        cap = int(res.endings.loc[res.endings.ending == "cap", "games"].sum())
        if cap:
            lines.append(f"warning: {cap:,} games hit the turn cap ({rules.get('turn_cap')} turns each) and "
                         f"were {m.get('unfinished') or 'scored by ' + w['vp_title'] + ' at the cap'}")
    if m.get("stopped_by") == "until-ci":
        lines.append(f"stopped after {res.games:,} games: every win-rate interval is within "
                     f"±{m.get('until_ci')}")
    elif m.get("until_ci_reached") is False and m.get("stopped_by") == "games" and len(s):
        widest = float(((s.ci_high - s.ci_low) / 2).max())
        lines.append(f"--until-ci {m.get('until_ci')} not reached: stopped at the -n limit of "
                     f"{res.games:,} games with intervals up to ±{widest:.4f} (raise -n to go on)")
    if m.get("seconds"):
        rate = res.games / m["seconds"] if m["seconds"] else 0
        lines.append(f"played in {m['seconds']:.1f} s ({rate:,.0f} games/s)" + (
            f"; {since_start:.1f} s in all, with dsim's start (its libraries and the engine loaded)"
            if since_start and since_start > m["seconds"] + 0.5 else ""))
    return "\n".join(lines)


def seat_lines(res: Results) -> list[str]:
    """Each bot's win rate in each seat (seat 1 plays first), a line per bot: how much the
    seats matter in this match."""
    st = res.seats
    if not len(st) or st.seat.nunique() < 2:
        return []
    seats = sorted(st.seat.unique())
    rates = st.pivot_table(index="bot", columns="seat", values="win_rate", sort=False).reindex(res.summary.bot)
    out = ["", *text_rows(rates.reset_index(), ["win rate by seat", *(f"seat {s}" for s in seats)],
                      lambda r: [r[0], *("—" if v != v else pct(v) for v in r[1:])], text=1)]
    if len(seats) > 2 and res.meta.get("seats") == "rotate":
        out.append("(rotate keeps the bots' cyclic order, who plays after whom; --seats all plays every order)")
    return out


# ---------------------------------------------------------------- files
def write_reports(res: Results, out_dir, charts: bool = True) -> list[Path]:
    """Write the CSV files, run.json and (with ``charts``) the PNG charts of a run."""
    out = Path(out_dir)
    writers = [lambda name=name, df=df: write_csv(df, out / name) for name, df in (
        ("summary.csv", res.summary), ("seats.csv", res.seats), ("game_length.csv", res.game_length),
        ("endings.csv", res.endings), ("cards.csv", res.cards), ("cards_by_turn.csv", res.cards_by_turn),
        ("curves.csv", res.curves))]
    spec = stats_spec(res.meta)
    if spec and res.game_stats is not None:
        writers.append(lambda: write_csv(res.game_stats, out / f"{spec['name']}.csv"))
    writers.append(lambda: write_json(run_info(res), out / "run.json"))
    pngs: list[Path] = []  # the charts, embedded in the report written after them

    def draw_charts():
        from . import charts as ch
        pngs.extend(ch.run_charts(res, out))
        return pngs

    if charts:
        writers.append(draw_charts)
    writers.append(lambda: run_report(res, out, pngs))
    return write_all(out, writers)


def format_compare(cmp) -> str:
    m = cmp.meta
    w = words(m)
    word = w["setup"]
    k = len(cmp.runs)
    lines = [f"{' vs '.join(dict.fromkeys(cmp.table.bot))} on {k} {word}{'s' if k != 1 else ''} — seed {m.get('seed')}"]
    if cmp.meta.get("partial"):
        cut = m.get("unfinished") or []
        lines.insert(0, "PARTIAL: " + (f"stopped during {word} {cut[0]['name']} ({cut[0]['games_played']:,} of "
                                       f"{cut[0]['games']:,} games): its rows are shown, the verdict over {word}s "
                                       "leaves it out" if cut else "a run was interrupted"))
    lines.append("")
    for k in setups_of(m):
        lines.append(f"{k['name']}: {', '.join(k['contents']) or words(m)['no_setup']}")
    lines.append("")
    vp = "mean_" + w["vp"]
    lacking = "lacks" in cmp.table and (cmp.table.lacks != "").any()
    lines += text_rows(cmp.table.rename(columns={word: "setup", vp: "mean_points"}),
                   [word, "bot", "games", "win rate", "95% CI", f"mean {w['vp_title']}", "mean turns",
                    *(["lacks (its rules for these never apply)"] if lacking else [])],
                   lambda r: [r.setup, r.bot, f"{r.games:,}", pct(r.win_rate), f"[{pct(r.ci_low)}, {pct(r.ci_high)}]",
                              f"{r.mean_points:.2f}", f"{r.mean_turns:.2f}", *([r.lacks] if lacking else [])])
    if cmp.pooled is not None and cmp.pooled_over >= 2:
        k = cmp.pooled_over
        lines += ["", f"over the {k} {word}s{' that finished' if k < len(cmp.runs) else ''} "
                      f"({m.get('pooled_method', '')}):"]
        lines += text_rows(cmp.pooled, ["bot", "win rate", "95% CI", f"spread between {word}s", "won clearly",
                                    "lost clearly"],
                       lambda r: [r.bot, pct(r.win_rate), f"[{pct(r.ci_low)}, {pct(r.ci_high)}]", pct(r.spread),
                                  f"{r.won_clearly} of {k}", f"{r.lost_clearly} of {k}"], text=1)
        lines.append(f"(won or lost clearly: in that {word}, the bot's 95% interval is wholly above or below the even "
                     "share)")
    return "\n".join(lines)


MATRIX_ON_SCREEN = 16  # bots: a larger win-rate matrix is left to tournament.csv and the chart


def format_tournament(tr) -> str:
    """The ranking by rating, then (up to MATRIX_ON_SCREEN bots) the win-rate matrix with
    bots numbered by rank; the per-match rows are in tournament.csv."""
    m = tr.meta
    lines = [f"{tournament_title(m)}, {m['players']}-player games, {m['games_per_match']:,} games "
             f"per match, seed {m['seed']}"]
    if m.get("ladder"):
        lines.append(f"the rungs' own matches: {m['ladder']['rung_matches']}; ratings: the rungs' mean is 1500")
    if m.get("partial"):
        lines.insert(0, "PARTIAL: the tournament was stopped; only the matches that finished are ranked")
    fit = m.get("fit") or {}
    widened = fit.get("widened_by", 1.0) > 1.0
    lines += ["", "ranking by rating (Bradley-Terry / Luce on Elo's scale, 95% interval"
              + (f", widened {fit['widened_by']:.2f}x for the overdispersion" if widened else "") + "):"]
    lines += text_rows(tr.ranking, ["rank", "bot", "rating", "95% CI", "mean win rate", "matches"],
                   lambda r: [str(r.rank), r.bot, f"{r.rating:.0f}", f"[{r.rating_low:.0f}, {r.rating_high:.0f}]",
                              pct(r.mean_win_rate), str(r.matches)])
    lines += fit_lines(tr)
    mat = tr.matrix
    if m["players"] == 2 and len(mat) <= MATRIX_ON_SCREEN:
        rank = {b: i + 1 for i, b in enumerate(tr.ranking.bot)}
        lines += ["", "win rate of the row bot against the column bot (columns: rank):"]
        header = ["#", "bot"] + [str(rank[c]) for c in mat.columns]
        body = [[str(rank[b]), b] + ["—" if v != v else f"{100 * v:.0f}%" for v in row]
                for b, row in zip(mat.index, mat.to_numpy())]
        widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
        for r in [header, *body]:
            lines.append("  ".join(c.ljust(w) if i == 1 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
    else:
        lines += ["", "the win-rate matrix is in tournament.csv and tournament.png (--out)"]
    return "\n".join(lines)


def fit_lines(tr) -> list[str]:
    """How well the ratings fit the matches: the chi-square, and when they fit poorly, a
    sentence that says so and the largest misses (predicted against observed)."""
    fit = tr.meta.get("fit") or {}
    if fit.get("df", 0) <= 0:
        return []
    out = [f"ratings' fit: {fit_summary(fit)}"]
    verdict = fit_verdict(fit)
    if verdict:
        out.append(verdict + ":")
        for r in largest_misses(tr.table).itertuples():
            out.append(f"  {r.bot} against {r.opponents}: predicted {pct(r.predicted_win_rate)}, observed "
                       f"{pct(r.win_rate)} [{pct(r.ci_low)}, {pct(r.ci_high)}], {r.miss_z:+.1f} standard errors")
    return out


def text_rows(df, header, cells, text: int = 2) -> list[str]:
    """A table's lines: the first ``text`` columns left-aligned, the others right."""
    rows = [header] + [cells(r) for r in df.itertuples(index=False)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    out = []
    for row in rows:
        out.append("  ".join(c.ljust(w) if i < text else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))))
    return out


def write_compare(cmp, out_dir) -> list[Path]:
    from . import charts as ch
    out = Path(out_dir)
    pooled = [] if cmp.pooled is None else [lambda: write_csv(cmp.pooled, out / "pooled.csv")]
    return write_all(out, [lambda: write_csv(cmp.table, out / "compare.csv"), *pooled,
                           lambda: write_json(cmp.meta, out / "run.json"),
                           lambda: ch.compare_chart(cmp, out / "compare.png"),
                           lambda: compare_report(cmp, out, [out / "compare.png"])])


def write_tournament(tr, out_dir) -> list[Path]:
    from . import charts as ch
    out = Path(out_dir)
    return write_all(out, [lambda: write_csv(tr.table, out / "tournament.csv"),
                           lambda: write_csv(tr.ranking, out / "ranking.csv"),
                           lambda: write_json(tr.meta, out / "run.json"),
                           lambda: ch.tournament_heatmap(tr, out / "tournament.png"),
                           lambda: tournament_report(tr, out, [out / "tournament.png"])])


LADDER_FILES = (*TOURNAMENT_FILES, "ladder.md", "ladder_results.json")


def write_ladder(tr, out_dir) -> list[Path]:
    """A ladder's reports: a tournament's, ``ladder.md`` (the ranking and the matrix with
    intervals, in Markdown), and ``ladder_results.json`` when the rungs' matches were
    played (the file a ladder's ``results:`` names)."""
    from . import charts as ch
    out = Path(out_dir)
    meta = {k: v for k, v in tr.meta.items() if k != "ladder_results"}
    results = [lambda: write_json(tr.meta["ladder_results"], out / "ladder_results.json")] \
        if "ladder_results" in tr.meta else []
    return write_all(out, [lambda: write_csv(tr.table, out / "tournament.csv"),
                           lambda: write_csv(tr.ranking, out / "ranking.csv"),
                           lambda: write_json(meta, out / "run.json"),
                           lambda: write_text(ladder_markdown(tr), out / "ladder.md"), *results,
                           lambda: ch.tournament_heatmap(tr, out / "tournament.png"),
                           lambda: tournament_report(tr, out, [out / "tournament.png"])])


def ladder_markdown(tr) -> str:
    """A ladder's ranking and win-rate matrix (each cell with its 95% interval) as
    Markdown tables, with the command that plays it."""
    m, lad = tr.meta, tr.meta["ladder"]
    rank = {b: i + 1 for i, b in enumerate(tr.ranking.bot)}
    placed = [f["path"] for f in m["bots_files"][len(lad["rungs"]):]]
    quick = placed and lad.get("placed_games", m["games_per_match"]) != m["games_per_match"]
    command = ["dsim ladder", lad["file"], *placed, *([f"-n {lad['placed_games']}"] if quick else [])]
    lines = [f"## {tournament_title(m)}", "",
             f"`{' '.join(command)}` (dsim {m['dsim_version']}): {m['games_per_match']:,} games per match"
             + (f" ({lad['placed_games']:,} for the bots placed)" if quick else "")
             + f"{', paired deals' if m.get('paired') else ''}, seed {m['seed']}; the rungs' own matches "
             f"{lad['rung_matches']}." + (" PARTIAL: stopped before every match finished." if m.get("partial") else ""),
             "", "| rank | bot | rating | 95% interval | mean win rate |", "|---:|---|---:|---|---:|"]
    lines += [f"| {r.rank} | {_md(r.bot)}{' (placed)' if r.bot in lad['placed'] else ''} | {r.rating:.0f} | "
              f"{r.rating_low:.0f} – {r.rating_high:.0f} | {pct(r.mean_win_rate)} |" for r in tr.ranking.itertuples()]
    cell = interval_cells(tr)
    mat = tr.matrix
    lines += ["", "Win rate of the row bot against the column bot (columns by rank), with its 95% interval:", "",
              "| # | bot | " + " | ".join(str(rank[c]) for c in mat.columns) + " |",
              "|---:|---|" + "---:|" * len(mat.columns)]
    lines += [f"| {rank[b]} | {_md(b)} | " + " | ".join(cell.get((b, c), "—") for c in mat.columns) + " |"
              for b in mat.index]
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    """A bot's name in a Markdown table's cell: its bars and the characters Markdown
    formats escaped."""
    return "".join("\\" + ch if ch in "|\\*_`[]<>" else ch for ch in text)


def run_info(res: Results) -> dict:
    m = dict(res.meta)
    m["length"] = dict(res.length_stats)
    return m


class GameWriter:
    """Writes one row per game as chunks finish (``--save-games FILE``, CSV or Parquet),
    into a temporary file of its own in FILE's folder (``.FILE.XXXX.partial``), renamed
    into place when closed; ``.FILE.lock`` keeps a second run from writing FILE at the
    same time. If a write fails (full disk) the partial file is removed, so a truncated
    file never takes the real name."""

    def __init__(self, path, match):
        self.path = Path(path)
        self.match = match
        suffix = self.path.suffix.lower()
        if suffix not in (".csv", ".parquet", ".pq"):
            what = printable(suffix, 40) if suffix else "a file without an extension"
            raise InputError(f"--save-games writes a .csv or a .parquet file, not {what}",
                             hint="name it games.csv, or games.parquet for a smaller file")
        self.parquet = suffix in (".parquet", ".pq")
        check_writable(self.path.parent, "--save-games")
        self._writer = None
        self._file = None
        self.failed = None
        self.tmp = None
        self.lock = FileLock(self.path.with_name(f".{self.path.name}.lock"), self.path.name,
                             "wait for it to finish, or choose another --save-games file")
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".partial", dir=self.path.parent)
            self.tmp = Path(tmp)
            if hasattr(os, "fchmod"):
                os.fchmod(fd, 0o666 & ~umask_now())
            self._file = os.fdopen(fd, "wb" if self.parquet else "w", **({} if self.parquet else
                                                                          {"newline": "", "encoding": "utf-8",
                                                                           "errors": "dsim-path"}))
        except OSError as e:
            self.discard()
            raise InputError(f"cannot write --save-games to {self.path.parent}: {e.strerror}",
                             hint="choose a folder you can write to") from None
        self._rows = get_game(match.game).records_frame
        self.columns = list(self._rows(match, np.zeros((0, GR_SEAT + GR_PER_SEAT * match.players), np.int32)))
        if not self.parquet:
            self._csv = csv.writer(self._file)
            self._csv.writerow(self.columns)

    def write(self, first_game: int, rec) -> None:
        try:
            self._write(rec)
        except OSError as e:
            self._fail(e, " (the other results are kept)")

    def _fail(self, e: OSError, kept: str = ""):
        """Drop the partial file after a failed write and say so, as an OutputError."""
        self.failed = f"cannot write {self.path}: {e.strerror or e}"
        self.discard()
        raise OutputError(f"{self.failed}; the per-game file was removed{kept}") from None

    def _write(self, rec) -> None:
        df = pd.DataFrame(self._rows(self.match, rec), columns=self.columns)
        if self.parquet:
            import pyarrow as pa
            import pyarrow.parquet as pq
            table = pa.Table.from_pandas(df, preserve_index=False)
            if self._writer is None:
                self._writer = pq.ParquetWriter(self._file, table.schema)
            self._writer.write_table(table)
        else:
            df.to_csv(self._file, header=False, index=False)
            self._file.flush()

    def discard(self) -> None:
        for closer in (self._writer, self._file):
            try:
                if closer is not None:
                    closer.close()
            except OSError:
                pass
        self._writer = self._file = None
        if self.tmp is not None:
            try:
                os.unlink(self.tmp)
            except OSError:
                pass
        self.lock.close()

    def close(self) -> None:
        if self.failed:
            return
        try:
            if self.parquet and self._writer is None:  # no game finished: no file
                self.discard()
                return
            if self._writer is not None:
                self._writer.close()
            self._file.close()
            os.replace(self.tmp, self.path)
        except OSError as e:
            self._fail(e)
        finally:
            self.lock.close()
