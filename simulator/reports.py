"""Console tables, CSV/JSON files and PNG charts of Results (game-agnostic).

Every file is written atomically (a temporary file in the same folder, then a rename),
so an interrupted run never leaves half a CSV behind.
"""
from __future__ import annotations

import csv
import json
import math
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

from .stats import Results


# ---------------------------------------------------------------- atomic files
@contextmanager
def atomic_open(path, mode="w", **kw):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, mode, **kw) as f:
            yield f
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_csv(df, path) -> Path:
    with atomic_open(path, "w", newline="", encoding="utf-8") as f:
        df.to_csv(f, index=False, float_format="%.6g")
    return Path(path)


def write_json(obj, path) -> Path:
    with atomic_open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=2, default=str)
        f.write("\n")
    return Path(path)


# ---------------------------------------------------------------- console
def pct(x: float) -> str:
    return "n/a" if x != x else f"{100 * x:.2f}%"


def _num(x) -> str:
    return f"{x:,}" if isinstance(x, int) else f"{x:.2f}"


def title(res: Results) -> str:
    m = res.meta
    names = " vs ".join(b["name"] for b in m.get("bots", []))
    k = m.get("kingdom", {})
    kname = k.get("name", "")
    if not k.get("complete", True):
        kname += f" ({', '.join(k.get('cards', [])) or 'basic cards only'})"
    return f"{names} — {res.games:,} games, {m.get('players')} players, kingdom: {kname}"


def format_table(res: Results) -> str:
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
    rows = [["bot", "games", "wins", "ties", "losses", "win rate", "95% CI", "mean VP", "mean turns"]]
    for r in s.itertuples():
        rows.append([r.bot, f"{r.games:,}", f"{r.wins:,}", f"{r.ties:,}", f"{r.losses:,}", pct(r.win_rate),
                     f"[{pct(r.ci_low)}, {pct(r.ci_high)}]", f"{r.mean_vp:.2f}", f"{r.mean_turns:.2f}"])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for j, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells))
    ls = res.length_stats
    lines.append("")
    if ls["games"]:
        lines.append(f"game length (turns of the player who took the most): mean {ls['mean']:.2f}, "
                     f"median {ls['median']:.0f}, 5th percentile {ls['p5']:.0f}, 95th percentile {ls['p95']:.0f}")
        total = int(res.endings.games.sum())
        ends = ", ".join(f"{r.ending} {r.games:,} ({100 * r.games / total:.1f}%)" for r in res.endings.itertuples())
        lines.append(f"endings: {ends}")
        cap = int(res.endings.loc[res.endings.ending == "cap", "games"].sum())
        if cap:
            lines.append(f"warning: {cap:,} games hit the turn cap ({rules.get('turn_cap')} turns each) and "
                         "were scored by VP at the cap")
    if m.get("stopped_by") == "until-ci":
        lines.append(f"stopped after {res.games:,} games: every win-rate interval is within "
                     f"±{m.get('until_ci')}")
    if m.get("seconds"):
        rate = res.games / m["seconds"] if m["seconds"] else 0
        lines.append(f"played in {m['seconds']:.1f} s ({rate:,.0f} games/s)")
    if m.get("error"):
        lines.append(f"error: {m['error']}")
    return "\n".join(lines)


# ---------------------------------------------------------------- files
def write_reports(res: Results, out_dir, charts: bool = True) -> list[Path]:
    """Write the CSV files, run.json and (with ``charts``) the PNG charts of a run."""
    out = Path(out_dir)
    files = [
        write_csv(res.summary, out / "summary.csv"),
        write_csv(res.seats, out / "seats.csv"),
        write_csv(res.game_length, out / "game_length.csv"),
        write_csv(res.endings, out / "endings.csv"),
        write_csv(res.cards, out / "cards.csv"),
        write_csv(res.curves, out / "curves.csv"),
        write_json(run_info(res), out / "run.json"),
    ]
    if charts:
        from . import charts as ch
        files += ch.run_charts(res, out)
    return files


def format_compare(cmp) -> str:
    lines = [f"{' vs '.join(dict.fromkeys(cmp.table.bot))} on {len(cmp.runs)} kingdoms — seed {cmp.meta.get('seed')}"]
    if cmp.meta.get("partial"):
        lines.insert(0, "PARTIAL: a run was interrupted")
    lines.append("")
    lines += _rows(cmp.table, ["kingdom", "bot", "games", "win rate", "95% CI", "mean VP", "mean turns"],
                   lambda r: [r.kingdom, r.bot, f"{r.games:,}", pct(r.win_rate), f"[{pct(r.ci_low)}, {pct(r.ci_high)}]",
                              f"{r.mean_vp:.2f}", f"{r.mean_turns:.2f}"])
    return "\n".join(lines)


def format_tournament(tr) -> str:
    m = tr.meta
    lines = [f"Tournament of {len(m['bots'])} bots, {m['players']}-player games, {m['games_per_match']:,} games "
             f"per match, seed {m['seed']}", ""]
    lines += _rows(tr.table, ["bot", "opponents", "games", "win rate", "95% CI"],
                   lambda r: [r.bot, r.opponents, f"{r.games:,}", pct(r.win_rate),
                              f"[{pct(r.ci_low)}, {pct(r.ci_high)}]"])
    lines += ["", "ranking by mean win rate:"]
    lines += _rows(tr.ranking, ["rank", "bot", "matches", "mean win rate"],
                   lambda r: [str(r.rank), r.bot, str(r.matches), pct(r.mean_win_rate)])
    return "\n".join(lines)


def _rows(df, header, cells) -> list[str]:
    rows = [header] + [cells(r) for r in df.itertuples(index=False)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    out = []
    for row in rows:
        out.append("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))))
    return out


def write_compare(cmp, out_dir) -> list[Path]:
    from . import charts as ch
    out = Path(out_dir)
    return [write_csv(cmp.table, out / "compare.csv"), write_json(cmp.meta, out / "run.json"),
            ch.compare_chart(cmp, out / "compare.png")]


def write_tournament(tr, out_dir) -> list[Path]:
    from . import charts as ch
    out = Path(out_dir)
    return [write_csv(tr.table, out / "tournament.csv"), write_csv(tr.ranking, out / "ranking.csv"),
            write_json(tr.meta, out / "run.json"), ch.tournament_heatmap(tr, out / "tournament.png")]


def run_info(res: Results) -> dict:
    m = dict(res.meta)
    m["length"] = {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in res.length_stats.items()}
    return m


class GameWriter:
    """Writes one row per game as chunks finish (``--save-games FILE``, CSV or Parquet)."""

    def __init__(self, path, match):
        self.path = Path(path)
        self.match = match
        self.parquet = self.path.suffix.lower() in (".parquet", ".pq")
        self.tmp = self.path.with_name(f".{self.path.name}.partial")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._writer = None
        self._file = None
        self.columns = ["game", "ending", "length"]
        for s in range(match.players):
            self.columns += [f"seat{s + 1}_bot", f"seat{s + 1}_vp", f"seat{s + 1}_turns", f"seat{s + 1}_win"]
        if not self.parquet:
            self._file = open(self.tmp, "w", newline="", encoding="utf-8")
            self._csv = csv.writer(self._file)
            self._csv.writerow(self.columns)

    def write(self, first_game: int, rec) -> None:
        import pandas as pd
        endings = self.match.ending_names
        names = self.match.bot_names
        rows = {"game": rec[:, 0], "ending": [endings[e - 1] for e in rec[:, 1]], "length": rec[:, 2]}
        for s in range(self.match.players):
            o = 3 + 4 * s
            rows[f"seat{s + 1}_bot"] = [names[b] for b in rec[:, o]]
            rows[f"seat{s + 1}_vp"] = rec[:, o + 1]
            rows[f"seat{s + 1}_turns"] = rec[:, o + 2]
            rows[f"seat{s + 1}_win"] = rec[:, o + 3] / 12.0
        df = pd.DataFrame(rows, columns=self.columns)
        if self.parquet:
            import pyarrow as pa
            import pyarrow.parquet as pq
            table = pa.Table.from_pandas(df, preserve_index=False)
            if self._writer is None:
                self._writer = pq.ParquetWriter(self.tmp, table.schema)
            self._writer.write_table(table)
        else:
            df.to_csv(self._file, header=False, index=False)

    def close(self) -> None:
        if self.parquet:
            if self._writer is None:
                return
            self._writer.close()
        else:
            self._file.close()
        os.replace(self.tmp, self.path)
