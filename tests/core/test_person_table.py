"""dsim play's table goes on from the start of the turn a question came in (PersonTable's
kept turn starts), never from the game's start: the same game, question for question and
event for event, as the game played from its start with the same answers."""
import random

import numpy as np
import pytest

from ..helpers import ROOT, scaled
from simulator import api

CASES = {
    "dominion": (["strategies/militia.yaml", "strategies/chapel_witch.yaml"], "kingdoms/interaction.yaml"),
    "intrigue": (["strategies/intrigue/masquerade.yaml", "strategies/intrigue/torturer.yaml"],
                 "kingdoms/intrigue/deconstruction.yaml"),
    "splendor": (["strategies/splendor/greedy.yaml", "strategies/splendor/noble_chaser.yaml"], None),
}


def from_the_start(table, answers):
    """The game played from its deal with every answer (how dsim play once went on)."""
    E = table.game.layout
    st = table.game.State(table.match, log_capacity=table.game.LOG_CAPACITY, person=table.seat)
    st.set_answers(answers)
    st.run(E.MODE_FRESH, table.seed, table.game_index, 1)
    return st


def same(a, b):
    """Two states stopped at the same point of the same game."""
    assert np.array_equal(a.events(), b.events())
    assert a.over == b.over
    qa, qb = a.asked(), b.asked()
    assert (qa is None) == (qb is None)
    if qa is not None:
        fields = ("kind", "player", "about", "arg", "owner", "options", "optional", "hint")
        assert [getattr(qa, f) for f in fields] == [getattr(qb, f) for f in fields]
        assert np.array_equal(qa.hint_events, qb.hint_events)
        E = a.ENGINE.layout
        assert np.array_equal(qa.view.S[:E.S_EV], qb.view.S[:E.S_EV])


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("seed", [3, 11])
def test_each_answer_goes_on_from_its_turn_as_the_game_from_its_start(case, seed):
    bots, setup = CASES[case]
    table, _ = api.person_table([str(ROOT / b) for b in bots], setup and str(ROOT / setup), seat=2, seed=seed)
    rng = random.Random(seed)
    answers, resumed = [], []
    for _ in range(scaled(400, 60)):
        st = table.replay(answers)
        resumed.append(table.resumed_at)
        same(st, from_the_start(table, answers))
        q = st.asked()
        if q is None:
            assert st.over and table.final(st) == table.final(from_the_start(table, answers))
            break
        answers.append(rng.choice(q.options + ([-1] if q.optional else [])))
    # past the first turns, an answer went on from a turn's start, not from the deal
    assert max(resumed) > 0 and resumed == sorted(resumed)


@pytest.mark.parametrize("case", ["dominion", "splendor"])
def test_an_earlier_answer_changed_goes_on_from_a_turn_before_it(case):
    """Answers that are not the last ones plus one (a replay of a game typed again
    differently) go on from the newest kept turn whose answers they share."""
    bots, setup = CASES[case]
    table, _ = api.person_table([str(ROOT / b) for b in bots], setup and str(ROOT / setup), seat=1, seed=5)
    answers = []
    for _ in range(12):
        q = table.replay(answers).asked()
        answers.append(q.options[0])
    k = 8
    st = table.replay(answers[:k])
    other = [o for o in st.asked().options if o != answers[k]]
    assert other
    changed = answers[:k] + other[:1]
    st = table.replay(changed)
    assert table.resumed_at <= k
    same(st, from_the_start(table, changed))
