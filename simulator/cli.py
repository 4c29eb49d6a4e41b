"""The ``dsim`` command line: parse options, call the library, print. Nothing else."""
from __future__ import annotations

import contextlib
import errno
import functools
import logging
import os
import re
import shlex
import shutil
import sys
import webbrowser
from pathlib import Path

import click
import pandas as pd

from . import api
from ._version import __version__
from .errors import InputError, InputErrors, one_error, printable
from .games import DEFAULT as DEFAULT_GAME
from .games import game_of, game_of_bots, get_game
from .report.outfiles import OutputError, OutputLock, json_text, refuse_inputs
from .report.reports import (
    COMPARE_FILES,
    LADDER_FILES,
    TOURNAMENT_FILES,
    format_compare,
    format_table,
    format_tournament,
    run_files,
    write_compare,
    write_ladder,
    write_reports,
    write_tournament,
)
from .run.signals import StopSignals
from .run.stats import identical_note
from .tools import each_item
from .tools import ladder as lad
from .tools import optimizer as opt
from .tools import play as person
from .tools.bench import MAX_BENCH_GAMES, run_bench
from .validate import validate_files

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class UserError(click.ClickException):
    """One or more user mistakes: one ``Error: ...`` line each (the first MAX_SHOWN, then
    how many more), exit code 1."""
    MAX_SHOWN = 20

    def __init__(self, errors):
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors[:self.MAX_SHOWN]))

    def show(self, file=None):
        for e in self.errors[:self.MAX_SHOWN]:
            click.echo(f"Error: {e}", err=True)
        more = len(self.errors) - self.MAX_SHOWN
        if more > 0:
            click.echo(f"Error: ... and {more:,} more errors like these (fix these first)", err=True)


def user_errors(fn):
    """Turn library input errors into clean ``Error:`` lines (no traceback)."""
    @functools.wraps(fn)
    def wrapper(*a, **kw):
        try:
            return fn(*a, **kw)
        except InputErrors as e:
            raise UserError(e.errors) from None
        except InputError as e:
            raise UserError([e]) from None
        except OutputError as e:  # a file that could not be written (a full disk): says which
            raise UserError([InputError(str(e))]) from None
    return wrapper


def write_out(writer, res, out, quiet, open_report=False) -> list:
    """Write the reports of ``res`` into ``out``; an unwritable file is one Error line.
    With ``open_report``, show report.html in a browser when there is one."""
    try:
        files = writer(res, out)
    except OutputError as e:
        raise UserError([InputError(str(e))]) from None
    if not quiet:
        click.echo(f"wrote {len(files)} files to {printable(out)}: {', '.join(p.name for p in files)}", err=True)
    if open_report:
        page = Path(out).resolve() / "report.html"
        try:
            opened = webbrowser.get().open(page.as_uri())
        except webbrowser.Error:
            click.echo(f"no web browser found here; the report is {printable(page)}", err=True)
        else:
            if not opened:
                click.echo(f"the web browser did not start; the report is {printable(page)}", err=True)
    return files


def _check_open(open_report, out):
    if open_report and not out:
        raise click.BadParameter("--open needs --out DIR (the report is written there)", param_hint="--open")


def _finish(res, stop):
    """A run that failed is an Error line (exit 1); one stopped by a signal exits 130/143."""
    if res.meta.get("error"):
        raise UserError([InputError(res.meta["error"])])
    if stop.received or res.meta.get("stopped_by") == "interrupt":
        sys.exit(stop.exit_code)


def claim_out(out, files=(), inputs=(), save_games=None):
    """Lock the --out folder before any game runs (writable, not another run's, none of
    the ``files`` the command writes there one of its ``inputs``, nor the --save-games file)."""
    if out is None:
        return contextlib.nullcontext()
    out = api.path_arg("out", out, "folder")
    refuse_inputs([os.path.join(out, f) for f in files], inputs, "--out")
    if save_games is not None:
        hit = [f for f in files if os.path.realpath(os.path.join(out, f)) == os.path.realpath(save_games)]
        if hit:
            raise one_error(f"--save-games {printable(save_games)} is the report's {hit[0]}, which --out writes",
                            hint="save the games under another name (games.csv) or in another folder")
    return OutputLock(out)


def setup_logging(verbose: int, quiet: bool):
    level = logging.WARNING
    if verbose == 1:
        level = logging.INFO
    elif verbose >= 2:
        level = logging.DEBUG
    if quiet:
        level = logging.ERROR
    # worker processes send their records through their pipes to this handler (see runner.py)
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)


def options(*opts):
    """Apply click options in the order given (each defined once, below)."""
    def deco(fn):
        for o in reversed(opts):
            fn = o(fn)
        return fn
    return deco


def _one_setup(ctx, param, value):
    """The one -k a command takes (given twice, the first would be dropped unsaid)."""
    if len(value) > 1:
        raise click.BadParameter(f"given {len(value)} times; this command plays one setup (dsim compare plays "
                                 "several)", ctx, param)
    return value[0] if value else None


def setup_option(help_text: str):
    return click.option("-k", "--setup", "--kingdom", "setup", type=click.Path(dir_okay=False), multiple=True,
                        callback=_one_setup, help=help_text)


SETUP = setup_option("The setup file of the bots' game (its docs say what one holds). Default: the "
                     "game's standard setup for these bots.")
PLAYERS = click.option("--players", type=click.IntRange(min=1), default=None,
                       help="Seats at the table (as many as the game allows); the bots given are repeated to "
                            "fill them.")
RULES = click.option("--rules", "rules", multiple=True, metavar="KEY=VALUE",
                     help="A rule of the game to change, e.g. turn_cap=80 (a key the game does not know "
                          "is an error that lists its rules).")
SEATS = click.option("--seats", type=click.Choice(["rotate", "all", "random", "fixed"]), default="rotate",
                     show_default=True,
                     help="How bots are seated in each game: rotate (game g seats bot (s + g) mod n at seat s: each "
                          "bot in each seat equally often, the cyclic order kept), all (every ordering of the bots "
                          "equally often: 6 at 3 players, 24 at 4), random (shuffled each game), fixed (as given).")
PAIRED = click.option("--paired", is_flag=True,
                      help="Play each deal once per seat rotation (cancels seat luck).")
# whole-number options are range-checked by the library (simulator.api), with its messages
JOBS = click.option("-j", "--jobs", type=int, default=None,
                    help="Worker processes (default: all cores).")
SEED = click.option("--seed", type=int, default=None,
                    help="Seed of the run (default: random, printed so the run can be repeated).")
QUIET = click.option("-q", "--quiet", is_flag=True, help="No progress bar and no warnings.")
VERBOSE = click.option("-v", "--verbose", count=True, help="Log more (-v: workers' chunks, -vv: debug).")
OUT = click.option("--out", "out", type=click.Path(file_okay=False), default=None,
                   help="Write CSV, JSON and PNG reports into this folder.")
OPEN = click.option("--open", "open_report", is_flag=True,
                    help="Open the --out folder's report.html in a web browser when the run ends.")
FORMAT = click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table",
                      show_default=True, help="How the results are printed on stdout.")


def games_option(default_help: str):
    return click.option("-n", "--games", type=int, default=10_000, show_default=True,
                        help=default_help)


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, "--version", prog_name="dsim")
def cli():
    """dsim: a fast headless strategy simulator for the games installed with it.

    \b
    Example:
      dsim run strategies/laboratory.yaml strategies/big_money_ultimate.yaml -n 100000
    """


def _rule_overrides(rules, bots):
    """The --rules options, checked by the game of the (loaded) bots."""
    return game_of_bots(bots).parse_rules(rules)


def _warn_missing(match, quiet):
    if quiet:
        return
    game = game_of(match)
    for path, line, item in game.missing(match):
        click.echo(f"Warning: {path}:{line}: '{item}' is not in the {game.LABELS['setup']}; the rule never applies",
                   err=True)


@cli.command(context_settings=CONTEXT)
@click.argument("bots", nargs=-1, required=True, type=click.Path(dir_okay=False))
@options(games_option("Games to play (an upper bound with --until-ci)."), SETUP, PLAYERS, RULES, SEATS, JOBS,
         SEED, QUIET, VERBOSE, PAIRED)
@click.option("--until-ci", type=click.FloatRange(0.0001, 0.5), default=None, metavar="W",
              help="Stop once every bot's 95% interval has half-width at most W (e.g. 0.005).")
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True)
@click.option("--scheduler", default=None, metavar="ADDRESS", help="Dask scheduler to join (--backend dask).")
@click.option("--save-games", type=click.Path(dir_okay=False), default=None,
              help="Write one row per game to FILE (.csv or .parquet).")
@options(OUT, OPEN, FORMAT)
@user_errors
def run(bots, games, setup, players, rules, seats, jobs, seed, quiet, verbose, paired, until_ci, backend,
        scheduler, save_games, out, open_report, fmt):
    """Play bots against each other and report win rates.

    \b
    Example:
      dsim run strategies/laboratory.yaml strategies/big_money_ultimate.yaml -n 100000 --seed 1
      dsim run strategies/market.yaml strategies/big_money.yaml -k kingdoms/first_game.yaml --out reports/m
    """
    _check_open(open_report, out)
    setup_logging(verbose, quiet)
    if scheduler and backend != "dask":
        raise click.BadParameter("--scheduler needs --backend dask", param_hint="--scheduler")
    with StopSignals() as stop:
        loaded = api.load_bots(list(bots))
        match = api.prepare(loaded, setup, players, _rule_overrides(rules, loaded), seats)
        _warn_missing(match, quiet)
        if paired and games % match.players and not quiet:
            whole = games + match.players - games % match.players
            click.echo(f"note: --paired plays whole deals of {match.players} games (one per seat): {whole:,} games, "
                       f"not {games:,}", err=True)
        with claim_out(out, run_files(match.describe()), api.match_inputs(match), save_games):
            res = api.simulate(None, games=games, seed=seed, jobs=jobs, paired=paired, until_ci=until_ci,
                               backend=backend, scheduler=scheduler, progress=not quiet and sys.stderr.isatty(),
                               save_games=save_games, match=match)
            stop.shield()
            _print_results(res, fmt)
            if out:
                write_out(write_reports, res, out, quiet, open_report)
    _finish(res, stop)


def since_start() -> float | None:
    """Wall seconds since this process started (Linux's /proc), or None."""
    try:
        ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return max(0.0, uptime - ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return None


def _print_results(res, fmt):
    if fmt == "table":
        click.echo(format_table(res, since_start()))
    elif fmt == "csv":
        click.echo(res.summary.to_csv(index=False, float_format="%.6g"), nl=False)
    else:
        extra = {} if res.game_stats is None else {"game_stats": res.game_stats.to_dict(orient="records")}
        click.echo(json_text({"meta": res.meta, "summary": res.summary.to_dict(orient="records"),
                              "length": res.length_stats, "endings": res.endings.to_dict(orient="records"),
                              "seats": res.seats.to_dict(orient="records"), **extra}))


@cli.command(context_settings=CONTEXT)
@click.argument("bots", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-k", "--setup", "--kingdom", "setups", multiple=True, type=click.Path(dir_okay=False),
              help="A setup file to compare on (repeat the option).")
@click.option("--random-setups", "--random-kingdoms", "random_setups", type=int, default=0, metavar="N",
              help="Also compare on N random setups, for a game that draws them (from --seed).")
@click.option("--free", is_flag=True,
              help="Draw the random setups without forcing in what the bots name: the bots meet setups "
                   "that lack it (and adapt, if their conditions say how).")
@click.option("--sets", default=None, metavar="SET,SET",
              help="The sets the random setups draw from, for a game whose items come in sets "
                   "(dsim cards lists each item's; default: the first).")
@options(games_option("Games per setup."), PLAYERS, RULES, SEATS, PAIRED, JOBS, SEED, QUIET, VERBOSE, OUT,
         OPEN, FORMAT)
@user_errors
def compare(bots, setups, random_setups, free, sets, games, players, rules, seats, paired, jobs, seed, quiet,
            verbose, out, open_report, fmt):
    """The same bots on several setups, side by side, and their verdict over all
    (each setup plays games of its own: a seed derived from --seed and the setup).

    \b
    Example:
      dsim compare strategies/laboratory.yaml strategies/big_money_ultimate.yaml \\
          -k kingdoms/first_game.yaml -k kingdoms/interaction.yaml --random-setups 3 --out reports/cmp
      dsim compare strategies/laboratory.yaml strategies/market.yaml --random-setups 20 --free
      dsim compare strategies/laboratory.yaml strategies/market.yaml --random-setups 5 --sets base,intrigue
    """
    _check_open(open_report, out)
    setup_logging(verbose, quiet)
    loaded = api.load_bots(list(bots))
    with StopSignals() as stop, claim_out(out, COMPARE_FILES, [*bots, *setups]):
        res = api.compare(loaded, setups, random_setups, games=games, seed=seed, jobs=jobs,
                          players=players, rules=_rule_overrides(rules, loaded), seats=seats, paired=paired,
                          progress=not quiet and sys.stderr.isatty(), free=free, sets=sets)
        stop.shield()
        if not quiet:
            for w in res.meta["warnings"]:
                click.echo(f"Warning: {w}", err=True)
            note = identical_note(res.meta)
            if note:
                click.echo(f"note: {note}", err=True)
        extra = {} if res.pooled is None else {"pooled": res.pooled.to_dict(orient="records")}
        _print_frame(res.table, res.meta, fmt, format_compare(res), extra)
        if out:
            write_out(write_compare, res, out, quiet, open_report)
    _finish(res, stop)


@cli.command(context_settings=CONTEXT)
@click.argument("bots", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--players", type=click.IntRange(min=1), default=None,
              help="Seats per match (default: the game's fewest, 2 for every pair); more, as many as the "
                   "game allows: every group of that size.")
@setup_option(help_text="The setup file of every match (default: the game's standard setup for each match's bots).")
@options(games_option("Games per match."), RULES, PAIRED, JOBS, SEED, QUIET, VERBOSE, OUT, OPEN, FORMAT)
@user_errors
def tournament(bots, players, setup, games, rules, paired, jobs, seed, quiet, verbose, out, open_report, fmt):
    """Round robin: every pair (or group) of bots; win-rate matrix and ranking.

    \b
    Example:
      dsim tournament strategies/*.yaml -n 20000 --out reports/tournament
    """
    _check_open(open_report, out)
    setup_logging(verbose, quiet)
    loaded = api.load_bots(list(bots))
    with StopSignals() as stop, claim_out(out, TOURNAMENT_FILES, [*bots, setup]):
        res = api.tournament(loaded, players=players, setup=setup, games=games, seed=seed, jobs=jobs,
                             rules=_rule_overrides(rules, loaded), paired=paired,
                             progress=not quiet and sys.stderr.isatty(),
                             announce=None if quiet else lambda line: click.echo(line, err=True))
        stop.shield()
        _print_frame(res.table, res.meta, fmt, format_tournament(res))
        if out:
            write_out(write_tournament, res, out, quiet, open_report)
    _finish(res, stop)


@cli.command(context_settings=CONTEXT)
@click.argument("ladder_name", metavar="[LADDER]", required=False)
@click.argument("bots", nargs=-1, type=click.Path(dir_okay=False))
@click.option("-n", "--games", type=int, default=None,
              help="Games of each match of the bots placed (default: the ladder's; fewer: a quicker, rougher "
                   "placement).")
@click.option("--replay", is_flag=True,
              help="Play the rungs' own matches again instead of reading them from the ladder's results file.")
@options(JOBS, QUIET, VERBOSE, OUT, OPEN, FORMAT)
@user_errors
def ladder(ladder_name, bots, games, replay, jobs, quiet, verbose, out, open_report, fmt):
    """Place bots on a fixed ladder: win rates against every rung, and ratings (docs/ladder.md).

    Without a LADDER, lists the shipped ladders.

    \b
    Example:
      dsim ladder first_game strategies/laboratory.yaml -n 1000 --out reports/ladder
    """
    if ladder_name is None:
        for f in lad.ladder_files():
            spec = lad.load_ladder(f)
            click.echo(f"{f.stem:<18} {spec.name} v{spec.version}: {len(spec.bots)} rungs, {spec.games:,} games a "
                       "match")
        click.echo("place a bot: dsim ladder NAME my_bot.yaml (NAME: one of the above, or a ladder file)")
        return
    _check_open(open_report, out)
    setup_logging(verbose, quiet)
    with StopSignals() as stop, claim_out(out, LADDER_FILES, [ladder_name, *bots]):
        res = lad.ladder(ladder_name, list(bots), games=games, jobs=jobs, replay=replay,
                         progress=not quiet and sys.stderr.isatty(),
                         announce=None if quiet else lambda line: click.echo(line, err=True))
        stop.shield()
        _print_frame(res.table, {k: v for k, v in res.meta.items() if k != "ladder_results"}, fmt,
                     format_tournament(res))
        if out:
            write_out(write_ladder, res, out, quiet, open_report)
    _finish(res, stop)


def _print_frame(df, meta, fmt, table_text, extra=None):
    if fmt == "table":
        click.echo(table_text)
    elif fmt == "csv":
        click.echo(df.to_csv(index=False, float_format="%.6g"), nl=False)
    else:
        click.echo(json_text({"meta": meta, "rows": df.to_dict(orient="records"), **(extra or {})}))


@cli.command(context_settings=CONTEXT)
@setup_option(help_text="The setup to optimize for (needed unless the bots' game has a standard one; not with "
                   "--each-card).")
@click.option("--against", "against", multiple=True, type=click.Path(dir_okay=False),
              help="Opponent bot (repeat for several). Default: the shipped bots that can play the setup, and "
                   "the --start bot; with --each-card, the game's baseline opponent (one bot).")
@click.option("--start", "start", type=click.Path(dir_okay=False), default=None,
              help="Your bot: evolve from it, and say what beats it and what changed.")
@click.option("--game", "game", default=None, metavar="GAME",
              help="The game to evolve bots for when no file says (an installed game's name).")
@click.option("--players", type=int, default=2, show_default=True, help="Seats at the table (2 to 4).")
@click.option("--budget", default=None, metavar="TIME",
              help="Time to spend, e.g. 10m, 90s, 1h (default 10m; with --each-card 30m in all).")
@click.option("--generations", type=int, default=None, metavar="G",
              help="Stop after G generations instead (reproducible from --seed).")
@click.option("--each-card", is_flag=True,
              help="Rank every item of the game as a baseline bot + X, for a game that offers it (docs/optimize.md).")
@click.option("--edition", type=click.Choice(["1", "2"]), default=None,
              help="With --each-card: the edition whose items are ranked (default 1).")
@click.option("--population", type=int, default=16, show_default=True, help="Candidates per generation.")
@click.option("--stage-games", type=int, default=400, show_default=True,
              help="Games per opponent in a generation's first racing stage (doubled each stage).")
@click.option("--final-games", type=int, default=20_000, show_default=True,
              help="Games per opponent of the final evaluation on fresh seeds.")
@options(JOBS, SEED, QUIET)
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True)
@click.option("--scheduler", default=None, metavar="ADDRESS", help="Dask scheduler to join (--backend dask).")
@click.option("--out", "out", type=click.Path(file_okay=False), default="reports/optimize", show_default=True,
              help="Folder for best.yaml and the other outputs; a run stopped there resumes.")
@user_errors
def optimize(setup, against, start, game, players, budget, generations, each_card, edition, population,
             stage_games, final_games, jobs, seed, quiet, backend, scheduler, out):
    """Evolve the best bot for a setup (docs/optimize.md).

    \b
    Example:
      dsim optimize -k kingdoms/first_game.yaml --budget 10m --out reports/opt
      dsim optimize --start strategies/market.yaml -k kingdoms/first_game.yaml --budget 2m
      dsim optimize --game splendor --budget 10m --out reports/opt
      dsim optimize --each-card --budget 30m --out reports/cards
    """
    say = (lambda line: None) if quiet else opt.print_line
    if each_card and (setup or start):
        raise click.BadParameter("--each-card ranks each item on the game's setup for it; it takes no -k or "
                                 "--start", param_hint="--each-card")
    if budget is not None and generations is not None:
        raise click.BadParameter("--budget and --generations each say when to stop: give one",
                                 param_hint="--budget")
    if not each_card and edition:
        raise click.BadParameter("--edition goes with --each-card (a setup file sets its own edition)",
                                 param_hint="--edition")
    advanced = opt.check_advanced(population, stage_games, final_games)
    argv = list(sys.argv[1:])

    def command(res):  # what repeats the run: with the seed it drew, when none was given
        given = "--seed" in argv or any(a.startswith("--seed=") for a in argv)
        return "dsim " + " ".join(shlex.quote(printable(a, 200))
                                  for a in argv + ([] if given else ["--seed", str(res.meta["seed"])]))

    inputs = [*against, setup, start]
    if each_card:
        against = api.load_bots(list(against)) if against else against
        ranked = get_game(game) if game else game_of_bots(against) if against else get_game()
        files = each_item.files(each_item.ranker(ranked).EACH_ITEM)
    else:
        files = opt.OPTIMIZE_FILES
    with StopSignals() as stop, claim_out(out, files, inputs):
        if each_card:
            res = each_item.each_item(ranked, list(against) or None, int(edition or 1),
                                      budget if budget is not None else "30m", generations, seed, jobs, out,
                                      progress=say, backend=backend, scheduler=scheduler, players=players,
                                      **advanced)
            stop.shield()
            word = res.meta["item"]
            if res.meta["partial"]:
                click.echo(f"PARTIAL: {res.meta[word + 's_done']} of {res.meta[word + 's_total']} {word}s "
                           f"({res.meta['stopped_by']}); the same command resumes")
            click.echo(each_item.format_ranking(res))
            written = write_out(lambda r, o: each_item.write_each_item(r, o, command(r)), res, out, True)
        else:
            res = opt.optimize(setup, list(against), players, budget if budget is not None else "10m", generations,
                               seed, jobs, out, progress=say, backend=backend, scheduler=scheduler, start=start,
                               game=game, **advanced)
            stop.shield()
            if res.meta["partial"]:
                click.echo(f"PARTIAL: stopped after {res.meta['generations']} generations "
                           f"({res.meta['stopped_by']}); the same command resumes")
            click.echo(res.best_text)
            if len(res.leaderboard):
                click.echo("\n".join(opt.board_lines(res.leaderboard)))
            for line in opt.summary_lines(res):
                click.echo(line)
            written = write_out(lambda r, o: opt.write(r, o, command(r)), res, out, True)
        if res.meta.get("warning"):
            click.echo(f"Warning: {res.meta['warning']}", err=True)
        if not quiet:
            click.echo(f"written to {out}/ ({', '.join(str(p.relative_to(out)) for p in written)})", err=True)
    if stop.received:
        sys.exit(stop.exit_code)


@cli.command(context_settings=CONTEXT)
@click.argument("bots", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--game", "game", type=int, default=0, show_default=True,
              help="Which game of the run with --seed (a failed run names the one to replay).")
@click.option("--why", is_flag=True, help="Before each choice a bot makes, the rule of its lists (or the default) "
                                           "that made it.")
@click.option("--answers", default=None, metavar="WORDS",
              help="The game a person played with dsim play (which prints this option): the person's answers, "
                   "in order, between commas; the BOTS are the other seats.")
@click.option("--seat", type=int, default=None, help="With --answers: the person's seat (default 1).")
@click.option("--hint", default=None, type=click.Path(dir_okay=False),
              help="With --answers: the --hint bot of that dsim play (it sits in the person's seat, so the "
                   "supply drawn from the bots' cards is the same).")
@options(SETUP, PLAYERS, RULES, SEATS, SEED, QUIET, VERBOSE)
@user_errors
def log(bots, game, answers, seat, hint, setup, players, rules, seats, seed, quiet, verbose, why):
    """Play one game and print it turn by turn.

    \b
    Example:
      dsim log strategies/laboratory.yaml strategies/big_money_ultimate.yaml --seed 1
      dsim log strategies/market.yaml strategies/big_money.yaml --seed 7 --game 1234
      dsim log strategies/chapel_laboratory.yaml strategies/market.yaml --why
      dsim log strategies/big_money.yaml --seed 7 --answers silver,none
    """
    setup_logging(verbose, quiet)
    if answers is not None:
        if players or game or seats != "rotate":
            raise click.BadParameter("--answers replays a person's game: its seats are --seat and the bots given",
                                     param_hint="--answers")
        loaded = api.load_bots(list(bots) + ([hint] if hint else []))
        click.echo(api.log_person(loaded[:len(bots)], answers, setup, 1 if seat is None else seat, seed or 0,
                                  _rule_overrides(rules, loaded), why, loaded[-1] if hint else None), nl=False)
        return
    if seat is not None or hint is not None:
        raise click.BadParameter("replays a person's game: give it with --answers", param_hint="--seat/--hint")
    loaded = api.load_bots(list(bots))
    match = api.prepare(loaded, setup, players, _rule_overrides(rules, loaded), seats)
    _warn_missing(match, quiet)
    click.echo(api.log_game(None, seed=seed or 0, game=game, match=match, why=why), nl=False)


@cli.command(context_settings=CONTEXT)
@click.argument("bots", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--seat", type=int, default=1, show_default=True, help="Your seat (1: you play first).")
@click.option("--hint", "hint", type=click.Path(dir_okay=False), default=None,
              help="The bot whose answer the 'hint' command shows (default: the first bot).")
@options(SETUP, RULES, SEED)
@user_errors
def play(bots, seat, hint, setup, rules, seed):
    """Play a game yourself against 1 to 3 bots, in the terminal.

    Each decision shows the table and a numbered list of choices: answer with a number or
    a name (or its first letters); ? lists the commands (hint, log, quit). Answers can be piped
    in, one per line; at the end the command that replays the game is printed.

    \b
    Example:
      dsim play strategies/big_money_ultimate.yaml -k kingdoms/first_game.yaml
      dsim play strategies/splendor/greedy.yaml --seed 7
      printf '%s\\n' silver silver | dsim play strategies/big_money.yaml --seed 7
    """
    loaded = api.load_bots(list(bots) + ([hint] if hint else []))
    table, helper = api.person_table(loaded[:len(bots)], setup, seat, seed, _rule_overrides(rules, loaded),
                                     loaded[-1] if hint else None)
    seed = table.seed
    tty = sys.stdin.isatty()
    width = shutil.get_terminal_size((80, 24)).columns

    def write(text):
        click.echo(text, nl=False)

    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not UTF-8 are a wrong answer, not a traceback
    limit = person.MAX_LINE * 4

    def read_line():
        """A line, or as much of one as an answer can be (the rest of a longer one is read
        and dropped, so that it does not become the next answers)."""
        line = sys.stdin.readline(limit)
        if len(line) == limit and not line.endswith("\n"):
            while (rest := sys.stdin.readline(limit)) and not rest.endswith("\n"):
                pass
        return line

    head = [*bots, *(["-k", setup] if setup else []), *(a for r in rules for a in ("--rules", r))]
    write(f"dsim play: you are seat {seat} of {table.match.players}; seed {seed}; ? lists the commands\n")
    s = person.play(table, read_line, write, width, helper.name, echo=not tty, piped=not tty)
    again = ["dsim", "play", *head, "--seat", seat, "--seed", seed, *(["--hint", hint] if hint else [])]
    if s.words:
        write("Replay: printf '%s\\n' " + " ".join(shlex.quote(w) for w in s.words) + " | "
              + person.command_line(again) + "\n")
    write("Whole game: " + person.command_line(["dsim", "log", *head, "--seat", seat, "--seed", seed,
                                                 *(["--hint", hint] if hint else []),
                                                 "--answers", ",".join(s.words)]) + "\n")
    if s.ended == "interrupt":
        sys.exit(130)
    if s.ended == "bad answer":  # a script whose answers no longer fit the game
        sys.exit(1)


@cli.command(context_settings=CONTEXT)
@click.option("--edition", type=click.Choice(["1", "2"]), default=None,
              help="Only the cards of that edition, in its wording (default: every card).")
@click.option("--sets", default=None, metavar="SET,SET",
              help="Only the cards of these sets, for a game whose cards come in sets (e.g. intrigue).")
@click.option("--game", "game_name", default=DEFAULT_GAME, show_default=True,
              help="Whose cards: an installed game's name (an unknown one lists them).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table")
@user_errors
def cards(edition, sets, game_name, fmt):
    """List every card with its cost, types and text.

    \b
    Example:
      dsim cards --edition 2
      dsim cards --sets intrigue --edition 1
      dsim cards --game splendor
    """
    game = get_game(game_name)
    rows = game.items_table(edition)
    if edition and rows == game.items_table(None):  # a game of one edition lists them all
        raise one_error(f"{game.LABELS['game']} has no editions to choose from", hint="leave out --edition")
    if sets is not None:
        chosen = api.sets_arg(game, sets)
        rows = [r for r in rows if r.get("set") in chosen]
    if fmt == "json":
        click.echo(json_text(rows))
        return
    if fmt == "csv":
        click.echo(pd.DataFrame(rows).to_csv(index=False), nl=False)
        return
    head = {"card": "card", "set": "set", "cost": "cost", "types": "types", "editions": "editions", "text": "text"}
    w = max(len(r["card"]) for r in [head, *rows])
    t = max(len(r["types"]) for r in [head, *rows])
    st = max(len(r.get("set", "")) for r in [head, *rows]) if rows and "set" in rows[0] else 0
    for r in [head, *rows]:
        mark = "" if r.get("implemented", True) else "  [not implemented yet]"
        where = f"{r.get('set', ''):<{st}}  " if st else ""
        click.echo(f"{r['card']:<{w}}  {where}{r['cost']!s:>4}  {r['types']:<{t}}  {r['editions']:<8}  "
                   f"{r['text']}{mark}")


@cli.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def validate(files):
    """Check bot and setup files without playing (exit 0 valid, 1 invalid).

    \b
    Example:
      dsim validate strategies/*.yaml kingdoms/*.yaml
    """
    errors, warnings, ok = validate_files(files)
    for w in warnings:
        click.echo(f"Warning: {w}", err=True)
    if errors:
        raise UserError(errors)
    click.echo(f"{ok} file{'s' if ok != 1 else ''} valid")


@cli.command(context_settings=CONTEXT)
@click.option("-n", "--games", type=click.IntRange(1000, MAX_BENCH_GAMES), default=200_000, show_default=True,
              help="Games per measured run.")
@click.option("--repeat", type=click.IntRange(1, 50), default=5, show_default=True,
              help="Measured runs per matchup (the median is reported).")
@click.option("--reference/--no-reference", default=True, show_default=True,
              help="Also time the C reference program (needs gcc).")
@click.option("--compile/--no-compile", "compile_time", default=True, show_default=True,
              help="Also time a cold compile of each engine (from an empty cache, about a minute in all).")
@user_errors
def bench(games, repeat, reference, compile_time):
    """Measure games per second per core, against the C reference in the same run.

    \b
    Example:
      dsim bench -n 100000 --repeat 3
    """
    run_bench(games, repeat, reference, echo=click.echo, compile_time=compile_time)


def _bounded(message: str, word: int = 60) -> str:
    """A click error's message with each over-long word (a value the user gave: 100,000
    letters for --seed, a number of 5,000 digits) cut, and the whole bounded and printable."""
    return printable(re.sub(r"\S{%d,}" % (word + 1), lambda m: m.group()[:word - 20] + f"…({len(m.group()):,} "
                            "characters)", str(message)))


class _Discard:
    """What stdout becomes once writing to it failed, so nothing fails again at exit."""

    def write(self, text):
        return len(text)

    def flush(self):
        pass


def main(argv=None) -> int:
    """The ``dsim`` command (``simulator.entry`` calls it): click without its own handling
    of Ctrl-C ("Aborted!", exit 1), so a Ctrl-C before a run starts exits 130 quietly as
    one during a run does; an unwritable standard output (a full disk, /dev/full) is one
    Error line; a file name that is not UTF-8 prints as ``\\xNN``."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="dsim-path")
        except (AttributeError, ValueError):  # not a text stream of ours (a test's capture)
            pass
    code = 0
    try:
        try:
            rv = cli.main(args=argv, prog_name="dsim", standalone_mode=False)
            code = rv if isinstance(rv, int) else 0
        except click.exceptions.Abort as e:  # Ctrl-C (or end of input) outside a run
            code = 130 if isinstance(e.__context__, KeyboardInterrupt) else 1
        except click.ClickException as e:
            e.message = _bounded(e.message)  # click quotes the value it refused, however long
            e.show()
            code = e.exit_code
        except KeyboardInterrupt:
            code = 130
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        sys.stdout.flush()
    except OSError as e:
        sys.stdout = _Discard()
        if e.errno != errno.EPIPE:  # a reader that went away (| head) is no error worth a line
            try:
                click.echo(f"Error: cannot write to the standard output: {e.strerror or e}", err=True)
            except OSError:
                pass
        code = code or 1
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
