"""What the Splendor tests share: known boards (a state dealt as a run deals it, then
changed by the test), cards and nobles by what they are, bots from text, and the
engine's own moves (the k-th legal action, whole turns)."""
from simulator.splendor import engine as K
from simulator.splendor import layout as E
from simulator.splendor.bots import bot_from_text
from simulator.splendor.cards import CARDS, NOBLES
from simulator.splendor.game import GAME, State, make_match
from simulator.person import PersonTable
from simulator.tools.play import play

W, U, G, R, B, GOLD = range(6)


def card(level, bonus, points=None, cost=None) -> int:
    """The id of the first card with these attributes."""
    for c in CARDS:
        if c.level == level and c.bonus == bonus and (points is None or c.points == points) \
                and (cost is None or c.cost == tuple(cost)):
            return c.id
    raise LookupError((level, bonus, points, cost))


def noble(req) -> int:
    return next(n.id for n in NOBLES if n.req == tuple(req))


def bot(text="", name="b"):
    return bot_from_text(f"game: splendor\nname: {name}\n{text}", f"{name}.yaml")


def state(players=2, bots=None, seed=3, person=None, **rules) -> State:
    """A game dealt as a run deals it (``person``: the seat a person plays)."""
    bots = bots or [bot(name=f"p{i}") for i in range(players)]
    st = State(make_match(bots, rule_overrides=rules, seats="fixed"), log_capacity=4000, person=person)
    st.new_game(seed)
    return st


def person_turns(st, answers, turns=1, ended="over"):
    """Play ``turns`` turns of ``st`` with the person's ``answers`` piped in (one a line,
    as ``dsim play`` reads them), which must end as ``ended`` says: (the state played,
    what the person saw)."""
    table = PersonTable(GAME, st.match, int(st.S[E.G_HUMAN]).bit_length() - 1, 0, start=st, turns=turns)
    lines = iter(a + "\n" for a in answers)
    out = []
    s = play(table, lambda: next(lines, ""), out.append, width=1000, echo=True)  # no line wrapped
    assert s.ended == ended, "".join(out)[-3000:]
    return table.replay(s.answers), "".join(out)


def n_actions(st, p=0) -> int:
    return int(K.nth_action(st.S, st.R, st.T, st.F, st.A, p, p, -1))


def play_action(st, k, p=0) -> int:
    return int(K.nth_action(st.S, st.R, st.T, st.F, st.A, p, p, k))


def find_action(st, check, p=0) -> int:
    """The index of the first legal action after which ``check(state)`` holds."""
    for k in range(n_actions(st, p)):
        trial = State(st.match, log_capacity=4000)
        trial.S[:] = st.S
        play_action(trial, k, p)
        if check(trial):
            return k
    raise AssertionError("no legal action does that")


def turns(st, n=1):
    st.run(E.MODE_RESUME, max_turns=n)


def one_level_board(st, cards=(), level=1):
    """Only these face-up cards, on one level's row (the other rows empty): a board where
    a bot's choice has one place to go."""
    for lv in (1, 2, 3):
        st.set_board(lv, [-1] * 4)
    st.set_board(level, list(cards) + [-1] * (4 - len(cards)))
