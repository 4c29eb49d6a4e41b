"""The engine's shape: one kernel per card with the card's text, the layout's accessors
used instead of offset arithmetic, and every kernel compiled once, for one signature."""
import re
from pathlib import Path

import pytest

from simulator.dominion import engine as E
from simulator.dominion.cards import CARDS
from simulator.dominion.engine import _jit, effects

pytestmark = pytest.mark.timeout(300)

ENGINE_DIR = Path(E.__file__).parent
#: text a card's table row already plays (+Cards, +Actions, +Buys, +coins)
#: and an Action–Victory card's VP
TABLE_PART = re.compile(r"\+\d+ (Cards?|Actions?|Buy|coins?)[.,]?\s*|(?<![\w+])\d+ VP\.$")


def py(f):
    return getattr(f, "py_func", f)


def own_text(card) -> str:
    return TABLE_PART.sub("", card.text).strip()


def test_every_card_with_own_text_has_a_kernel_with_that_text():
    for card in CARDS:
        if "Action" not in card.types or card.id not in E.IMPLEMENTED:
            continue
        name = card.name.lower().replace(" ", "_")
        kernel = getattr(effects, name, None)
        if card.name == "Moat":  # its text is a reaction: decisions.blocked
            assert kernel is None
            continue
        if not own_text(card):
            assert kernel is None, f"{card.name} does only what its table row says"
            continue
        assert kernel is not None, f"{card.name} has no kernel in effects.py"
        doc = " ".join(py(kernel).__doc__.split())
        assert doc.startswith(card.text), f"{card.name}'s kernel does not start with its text"


def test_the_dispatch_names_every_card_kernel_once():
    """The base set's cards in ``effect``, the Intrigue cards (from INTRIGUE_FIRST on) in
    ``effect_intrigue``, which ``effect`` calls for them only."""
    src = (ENGINE_DIR / "effects.py").read_text()
    base = src[src.index("def effect("):]
    base = base[:base.index("\n@")]
    intrigue = src[src.index("def effect_intrigue("):]
    intrigue = intrigue[:intrigue.index("\n@")] if "\n@" in intrigue else intrigue
    kernels = [c for c in CARDS if hasattr(effects, c.name.lower().replace(" ", "_"))]
    assert sum(c.id >= E.INTRIGUE_FIRST for c in kernels) == 29
    for card in kernels:
        const = card.name.upper().replace(" ", "_")
        home, other = (intrigue, base) if card.id >= E.INTRIGUE_FIRST else (base, intrigue)
        assert home.count(f"c == {const}:") == 1 and other.count(f"c == {const}:") == 0, card.name
    assert base.count("elif c >= INTRIGUE_FIRST:\n        effect_intrigue(") == 1


def test_no_offset_arithmetic_outside_the_accessors():
    for path in ENGINE_DIR.glob("*.py"):
        src = path.read_text()
        if path.name == "state.py":  # where the accessors are defined
            src = src[src.index("def zb("):]
        for pattern in (r"S_ZN \+ [a-z]\w* \* NZ", r"S_PS \+ [a-z]\w* \* NPS", r"S_OWN \+ [a-z]\w* \* NCS",
                        r"T_CT \+ [a-z]\w* \* NCOL"):
            assert not re.search(pattern, src), f"{path.name}: {pattern} (use zn/ps/own/col)"


@pytest.mark.skipif(not hasattr(E.run_games, "signatures"), reason="the JIT is off")
def test_every_kernel_is_compiled_once():
    E.compile_kernels()
    for d in _jit.KERNELS:
        assert len(d.signatures) == 1, f"{d.py_func.__name__}: {d.signatures}"
        assert not d._can_compile, d.py_func.__name__
