"""A person at the table (``dsim play``): the question an engine asked, the choices as the
person sees them, and the table that plays a game again with the person's answers so far
and how an answer is read against the choices (simulator/tools/play.py is the terminal
around it; a game's table.py makes its questions)."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .errors import norm, printable


@dataclass
class Asked:
    """A question the engine asked the person (simulator/kernels/ask_layout.py): the game's
    kind of question, whose decision, what it is about (e.g. a card, -1), a number it
    names, whose cards the options are, the options (the answers the engine takes; with
    ``optional`` ANSWER_NONE too), the seat's bot's answer (None: unknown) and the events
    its decision logged (its why), and ``view``: the state as it stood when it asked."""
    kind: int
    player: int
    about: int
    arg: int
    owner: int
    options: list
    optional: bool
    hint: int | None
    hint_events: np.ndarray
    view: object                   # the game's EngineState (simulator/engine_base.py)


@dataclass
class Choice:
    """One answer to a question as the person sees it: ``value`` is what the engine
    takes, ``key`` the one word that names it (what a replay prints), ``label`` how the
    list shows it, ``number`` what to type for it; ``group``: a line that stands for it and
    the others of the same group (their numbers in it), instead of a line each (the
    choices few want, or many alike)."""
    value: int
    key: str
    label: str
    number: int
    group: str | None = None


@dataclass
class Question:
    """A decision put to the person: ``screen``, what a player at the table sees;
    ``prompt``, the decision in one line; the numbered ``choices``; ``hint``, what the
    seat's bot would answer and which of its rules (or defaults) says so; ``recent``, the
    last turns as the log prints them; ``standing``, the score so far (a game left
    unfinished ends with it)."""
    screen: str
    prompt: str
    choices: list
    hint: str
    recent: str
    standing: str
    refused: dict = field(default_factory=dict)  # a name that is no choice now -> why not ("costs 6, ...")


class PersonTable:
    """A game a person plays at seat ``seat`` (0-based): a fresh game of the run with
    ``seed`` (or the prepared state ``start``, for ``turns`` turns) played with the
    person's answers so far, to the next question. The engine plays a fresh game a turn
    at a time and a copy of the state is kept at the start of each turn (the newest
    ``KEEP``, and the game as dealt): the next answer goes on from the start of the turn
    its question came in, with the answers given since. A game depends only on its seed
    and the answers, so that is the same game one decision further, and no answer plays
    the game again from its start. (A prepared state, a rule test's few turns, is played
    again from it.)"""

    #: turn starts kept besides the dealt game (an answer that changes an earlier one
    #: goes on from the newest kept turn before it)
    KEEP = 4

    def __init__(self, game, match, seat: int, seed: int, game_index: int = 0, start=None,
                 turns: int = 1 << 30, **run_args):
        """``game``: an EngineGame (simulator/engine_base.py); ``run_args``: what else its
        State's ``run`` takes when it continues ``start`` (a stacked test's stop, e.g.
        a stop of the game's own)."""
        self.game, self.match, self.seat, self.seed, self.game_index = game, match, seat, seed, game_index
        self.start, self.turns, self.run_args = start, turns, run_args
        self._dealt = None   # the fresh game before its first turn
        self._turns = []     # (the answers read before a turn, the state at its start)
        self.resumed_at = 0  # answers read before the turn the last replay went on from (0: the deal)

    def replay(self, answers):
        """The game played with ``answers``: stopped at a question (``asked()``), or over."""
        E = self.game.layout
        answers = [int(a) for a in answers]
        if self.start is not None:
            st = self.start.copy()
            st.set_answers(answers)
            st.run(E.MODE_RESUME, max_turns=self.turns, **self.run_args)
            return st
        if self._dealt is None:
            self._dealt = self.game.State(self.match, log_capacity=self.game.LOG_CAPACITY, person=self.seat)
            self._dealt.run(E.MODE_SETUP, self.seed, self.game_index, 1)
        n, base = 0, self._dealt
        for given, st in reversed(self._turns):
            if given == tuple(answers[:len(given)]):
                n, base = len(given), st
                break
        self.resumed_at = n
        st = base.copy()
        st.set_answers(answers[n:])
        while True:
            st.run(E.MODE_RESUME, max_turns=1)
            if st.over or st.asked() is not None:
                return st
            k = n + st.answers_read()  # a turn played to its end: the next one's start
            given = tuple(answers[:k])
            kept = [t for t in self._turns if t[0] != given]
            self._turns = kept[-(self.KEEP - 1):] + [(given, st.copy())]

    def question(self, st, width: int = 80) -> "Question | None":
        """The question ``st`` stopped at, as the person sees it (None: the game is over)."""
        asked = st.asked()
        return None if asked is None else self.game.question(asked, self.match, width)

    def final(self, st) -> str:
        """The end: the scores and the winner, as the log prints them."""
        return self.game.final_text(st, self.match)


# ---------------------------------------------------------------- a person's answers
def resolve(text: str, choices: list, refused: dict | None = None) -> tuple:
    """(the choice an answer names, None) or (None, why not, in one line: ``refused`` says
    why a name that is no choice now is not (a card too dear, a pile empty))."""
    t = text.strip()
    digits = t[1:] if t[:1] == "-" else t
    if digits.isascii() and digits.isdecimal():  # not '²' or '٣', which int() refuses or reads
        for c in choices:
            if c.number == int(t):
                return c, None
        nums = sorted(c.number for c in choices)
        return None, f"{printable(t, 12)} is not one of the numbers {nums[0]} to {nums[-1]}"
    n = norm(t)
    if not n:
        return None, "type a number or a name (? for help)"
    for c in choices:
        if n in (norm(c.key), norm(c.label)):
            return c, None
    hits = [c for c in choices if norm(c.key).startswith(n) or norm(c.label).startswith(n)]
    if len(hits) == 1:
        return hits[0], None
    refused = {norm(k): v for k, v in (refused or {}).items()}
    if not hits and n in refused:
        return None, f"'{printable(t, 30)}' is not a choice here: {refused[n]}"
    if hits:
        return None, f"'{printable(t, 30)}' fits {', '.join(c.key for c in hits[:6])}" + \
            (" ..." if len(hits) > 6 else "") + ": type more of the name, or its number"
    return None, f"'{printable(t, 30)}' is not a choice here: type a number from the list, or ? for help"


def replay_words(table, words) -> tuple:
    """The engine's answers for answer words given at once (``dsim log --answers``),
    resolved question by question as ``play`` resolves them; raises ValueError naming
    the first word that is not a choice."""
    answers = []
    for i, w in enumerate(words):
        st = table.replay(answers)
        q = table.question(st)
        if q is None:
            raise ValueError(f"the game is over after {i} answers; {len(words) - i} more were given")
        choice, why = resolve(w, q.choices)
        if choice is None:
            raise ValueError(f"answer {i + 1} ({q.prompt}): {why}")
        answers.append(choice.value)
    return answers
