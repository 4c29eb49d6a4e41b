"""The HTML reports in a real browser: headless Chromium (Debian's package, driven by
Playwright) loads each report with no console error and no network request, shows its
tables and draws every chart. ``make test`` installs Chromium when it is missing; in CI
a missing browser fails this test rather than skipping it."""
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from ..helpers import scaled
from simulator.cli import cli

ROOT = Path(__file__).resolve().parents[2]
S = ROOT / "strategies"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM or not _has_playwright():
        if os.environ.get("CI"):
            pytest.fail("CI needs Chromium and Playwright for the report test (make test installs them)")
        pytest.skip("Chromium or Playwright is not installed")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _has_playwright() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
        return True
    except ImportError:
        return False


def _watch(page) -> tuple[list, list]:
    """The console errors and the requests of ``page``, as lists that fill while it loads."""
    errors, requests = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    return errors, requests


def _reports(tmp: Path) -> dict:
    n = str(scaled(600, 12))
    runs = {
        "run": ["run", str(S / "witch.yaml"), str(S / "militia.yaml"), str(S / "big_money_ultimate.yaml"), "-n", n],
        "compare": ["compare", str(S / "witch.yaml"), str(S / "big_money_ultimate.yaml"), "-k",
                    str(ROOT / "kingdoms" / "first_game.yaml"), "--random-kingdoms", "1", "-n", n],
        "tournament": ["tournament", str(S / "witch.yaml"), str(S / "militia.yaml"), str(S / "smithy_big_money.yaml"),
                       "-n", n],
    }
    out = {}
    for name, args in runs.items():
        r = CliRunner().invoke(cli, [*args, "--seed", "1", "-j", "1", "-q", "--out", str(tmp / name)])
        assert r.exit_code == 0, r.output
        out[name] = tmp / name / "report.html"
    return out


def test_every_report_loads_offline_with_no_console_error_and_draws_its_charts(browser, tmp_path):
    for name, path in _reports(tmp_path).items():
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors, requests = _watch(page)
        page.goto(path.as_uri(), wait_until="load")
        assert errors == [], (name, errors)
        assert [u for u in requests if not u.startswith(("file:", "data:"))] == [], (name, requests)
        assert page.locator("table").count() >= 1 and page.locator("table").first.is_visible()
        widths = page.eval_on_selector_all("img", "imgs => imgs.map(i => i.complete ? i.naturalWidth : 0)")
        assert widths and all(w > 300 for w in widths), (name, widths)
        shot = tmp_path / f"{name}.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 20_000
        page.close()
