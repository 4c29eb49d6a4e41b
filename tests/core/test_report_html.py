"""report.html: one self-contained page per --out folder; deterministic charts; --open."""
import base64
import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from ..helpers import scaled
from simulator import api
from simulator.report.charts import _partial
from simulator.cli import cli
from simulator.report.reports import write_reports

ROOT = Path(__file__).resolve().parents[2]
WITCH = str(ROOT / "strategies" / "witch.yaml")
BMU = str(ROOT / "strategies" / "big_money_ultimate.yaml")
SBM = str(ROOT / "strategies" / "smithy_big_money.yaml")
FIRST = str(ROOT / "kingdoms" / "first_game.yaml")


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def images(html: str) -> list[bytes]:
    return [base64.b64decode(x) for x in re.findall(r'src="data:image/png;base64,([^"]+)"', html)]


def test_a_run_report_shows_what_was_run_the_results_and_every_chart(tmp_path):
    n = scaled(2000, 20)
    r = invoke("run", WITCH, BMU, "-n", n, "--seed", 3, "-j", 1, "--rules", "tiebreak=shared", "--out", tmp_path, "-q")
    assert r.exit_code == 0
    html = (tmp_path / "report.html").read_text()
    summary = json.loads(invoke("run", WITCH, BMU, "-n", n, "--seed", 3, "-j", 1, "--rules", "tiebreak=shared", "-q",
                                "--format", "json").output)["summary"]
    for row in summary:
        assert row["bot"] in html and f"{100 * row['win_rate']:.2f}%" in html
    assert Path(WITCH).read_text().splitlines()[0] in html  # the bot's YAML
    assert "tiebreak=shared" in html and "seed" in html and "dsim version" in html
    pngs = images(html)
    assert len(pngs) == 5 and all(p.startswith(b"\x89PNG") for p in pngs)
    assert pngs[0] == (tmp_path / "win_rates.png").read_bytes()
    assert "how long the games lasted" in html.lower() and "survivorship" in html
    assert "http://" not in html and "https://" not in html  # nothing to fetch


def test_the_command_in_the_report_replays_the_run(tmp_path):
    n = scaled(1200, 12)
    args = ["run", SBM, BMU, "-n", n, "--seed", 8, "-k", FIRST, "--seats", "random", "--rules", "edition=2"]
    first = invoke(*args, "-j", 1, "--out", tmp_path, "-q", "--format", "json")
    html = (tmp_path / "report.html").read_text()
    command = re.search(r'<pre class="command">(.*?)</pre>', html, re.S).group(1)
    import html as html_lib
    argv = shlex.split(html_lib.unescape(command))
    assert argv[:2] == ["dsim", "run"]
    again = invoke(*argv[1:], "-j", 1, "-q", "--format", "json")
    assert again.exit_code == 0, (argv, again.output)
    assert json.loads(again.output)["summary"] == json.loads(first.output)["summary"]


def test_names_are_escaped_in_the_report(tmp_path):
    bot = tmp_path / "b.yaml"
    bot.write_text('name: "<script>alert(1)</script>"\nbuy: [Gold, Silver]\n')
    r = invoke("run", str(bot), BMU, "-n", scaled(300, 10), "-j", 1, "--out", tmp_path / "r", "-q")
    assert r.exit_code == 0
    html = (tmp_path / "r" / "report.html").read_text()
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "0.00%" in html  # a bot that never wins still gets its charts (whiskers of zero width)


def test_compare_and_tournament_reports(tmp_path):
    n = scaled(600, 12)
    r = invoke("compare", WITCH, BMU, "-k", FIRST, "--random-kingdoms", 1, "-n", n, "--seed", 1, "-j", 1,
               "--out", tmp_path / "c", "-q")
    assert r.exit_code == 0
    html = (tmp_path / "c" / "report.html").read_text()
    assert "First Game" in html and "Cellar, Moat, Village" in html and len(images(html)) == 1
    assert "dsim compare" in html and "--random-setups 1" in html
    r = invoke("tournament", WITCH, BMU, SBM, "-n", n, "--seed", 1, "-j", 1, "--out", tmp_path / "t", "-q")
    assert r.exit_code == 0
    html = (tmp_path / "t" / "report.html").read_text()
    assert "Ranking" in html and "95% interval" in html and "dsim tournament" in html and len(images(html)) == 1


def test_a_partial_run_is_marked_in_the_report_and_the_charts(tmp_path):
    res = api.simulate([WITCH, BMU], games=scaled(600, 12), seed=2, jobs=1)
    res.meta.update(partial=True, stopped_by="interrupt", games_requested=10 ** 6)
    assert _partial(res).startswith("PARTIAL (")
    write_reports(res, tmp_path)
    html = (tmp_path / "report.html").read_text()
    assert "PARTIAL:" in html and "of 1,000,000 games were played (interrupt)" in html


def test_same_seed_gives_byte_identical_charts_and_report(tmp_path):
    for d in ("a", "b"):
        r = invoke("run", WITCH, BMU, "-n", scaled(600, 12), "--seed", 4, "-j", 1, "--out", tmp_path / d, "-q")
        assert r.exit_code == 0
    for f in ("win_rates.png", "game_length.png", "curves.png", "cards.png", "report.html"):
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes(), f


def test_open_shows_the_report_in_a_browser_or_says_where_it_is(tmp_path, monkeypatch):
    import webbrowser
    opened = []

    class Browser:
        def open(self, url):
            opened.append(url)
    monkeypatch.setattr(webbrowser, "get", lambda: Browser())
    r = invoke("run", WITCH, BMU, "-n", scaled(300, 10), "-j", 1, "--out", tmp_path, "--open", "-q")
    assert r.exit_code == 0 and opened == [(tmp_path / "report.html").resolve().as_uri()]

    def none():
        raise webbrowser.Error("no browser")
    monkeypatch.setattr(webbrowser, "get", none)
    r = invoke("run", WITCH, BMU, "-n", scaled(300, 10), "-j", 1, "--out", tmp_path, "--open", "-q")
    assert r.exit_code == 0 and f"the report is {(tmp_path / 'report.html').resolve()}" in r.stderr


@pytest.mark.parametrize("cmd", ["run", "compare", "tournament"])
def test_open_without_out_is_an_error(cmd):
    r = invoke(cmd, WITCH, BMU, "--open", "-n", 10)
    assert r.exit_code != 0 and "--open needs --out" in r.output


def test_the_report_opens_with_a_verdict_and_names_its_interval(tmp_path):
    from simulator.report.html import verdict
    res = api.simulate([SBM, BMU], games=scaled(4000, 400), seed=3, jobs=1, paired=True)
    write_reports(res, tmp_path)
    page = (tmp_path / "report.html").read_text()
    s = res.summary.set_index("bot")
    said = verdict(res)
    assert said.startswith(f"Smithy Big Money won {s.win_rate['Smithy Big Money'] * 100:.2f}% of {res.games:,} games")
    assert said.endswith(f"clearly ahead of Big Money Ultimate ({s.win_rate['Big Money Ultimate'] * 100:.2f}%)")
    assert f'<p class="verdict">{said}</p>' in page and page.index("verdict") < page.index("What was run")
    assert "95% interval: from the spread between deals (--paired)" in page and "Wilson" not in page
    # a mirror: the two are not told apart; no game: no verdict
    mirror = api.simulate([BMU, BMU], games=scaled(400, 100), seed=3, jobs=1)
    assert "not told apart from Big Money Ultimate (2)" in verdict(mirror)
    assert "95% interval: Wilson" in (write_reports(mirror, tmp_path / "m") and (tmp_path / "m" / "report.html")
                                      .read_text())
    mirror.summary = mirror.summary.iloc[:1]
    assert verdict(mirror) is None
