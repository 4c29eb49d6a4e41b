"""The mutation check (``make mutate``) stays usable: every mutant still applies to the
engine as it is, and a mutant is reported killed when the rule tests fail."""
import importlib.util
from pathlib import Path

import pytest

from ..helpers import JIT

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("mutate", ROOT / "bench" / "mutate.py")
mutate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mutate)


def test_there_are_enough_mutants_and_each_applies_exactly_once():
    assert len(mutate.MUTANTS) >= 30
    names = [m[0] for m in mutate.MUTANTS]
    assert len(set(names)) == len(names)
    for name, file, old, new, *tests in mutate.MUTANTS:
        assert old != new, name
        mutate.locate(ROOT, file, old)  # exits unless the text is there exactly once


def test_every_kingdom_card_has_a_mutant():
    from simulator.dominion.cards import PLAYED_KINGDOM
    names = " ".join(m[0] for m in mutate.MUTANTS)
    assert [c.name for c in PLAYED_KINGDOM if c.name not in names] == []


#: make mutate runs the rule tests with the JIT off, in copies that compile nothing: checked
#: in the suite's plain-Python run only (the same 40 s again would check nothing new)
PLAIN_ONLY = pytest.mark.skipif(JIT, reason="make mutate runs with the JIT off: checked in the plain-Python run")


@PLAIN_ONLY
@pytest.mark.parametrize("name,killed", [("Smithy draws 2", True)])
def test_a_mutant_run_reports_killed(name, killed):
    mutant = next(m for m in mutate.MUTANTS if m[0] == name)
    got, was_killed, _, why = mutate.run_mutant(mutant, timeout=60)
    assert got == name and was_killed is killed and "test_" in why


@PLAIN_ONLY
def test_the_copy_without_a_mutant_passes():
    # otherwise every mutant would be reported killed, whatever the tests check
    _, killed, _, why = mutate.run_mutant(None, timeout=60)
    assert not killed, why


def test_the_readme_counts_the_mutants_there_are():
    import re
    m = re.search(r"\((\d+) one-line mutants, (\d+) of them Splendor's", (ROOT / "README.md").read_text())
    assert m, "README.md no longer says how many mutants make mutate runs"
    splendor = sum(1 for x in mutate.MUTANTS if "splendor" in x[1])
    assert (int(m.group(1)), int(m.group(2))) == (len(mutate.MUTANTS), splendor)
