"""``dsim play``: a person plays a game against bots in the terminal (game-agnostic).

The game provides a ``PersonTable`` (simulator/person.py): each call plays the game with
the person's answers so far (on from the start of the turn of the last question) and
gives the next question (a screen, a prompt, numbered choices, a hint) or the end. This
module reads the answers (typed at a terminal or piped in, one per line), checks them
against the choices, and answers the commands ``?``, ``hint``, ``log`` and ``quit``. It
names no game.
"""
from __future__ import annotations

import shlex
import textwrap
from dataclasses import dataclass, field

from ..errors import printable
from ..person import resolve

HELP = """Answer with a choice's number or its name (any case; the start of a name is enough when
only one choice starts so). Commands:
  ?      this help
  hint   what {bot} would do here, and which of its rules says so
  log    the last turns
  quit   end the game here, with the score so far
End of input (Ctrl-D) also ends the game; Ctrl-C stops at once."""

#: the longest answer line read (a longer one is refused, not kept)
MAX_LINE = 200


@dataclass
class Session:
    """What a game played so far holds: the answers (as the engine takes them) and the
    words that gave them (what a replay types)."""
    answers: list = field(default_factory=list)
    words: list = field(default_factory=list)
    ended: str = ""     # "over", "quit", "eof", "interrupt", "bad answer" (piped)
    last: object = None  # the last question asked


def choices_text(q) -> str:
    """The numbered choices, a line each, then a line for each group of folded ones, then 0
    (none) when it is one."""
    width = max(len(str(c.number)) for c in q.choices)
    one = [c for c in q.choices if c.group is None]
    groups = [f"  {g}" for g in dict.fromkeys(c.group for c in q.choices if c.group)]
    return "\n".join([f"  {c.number:>{width}}  {c.label}" for c in one if c.number] + groups
                     + [f"  {c.number:>{width}}  {c.label}" for c in one if not c.number])  # 0 (none) last


def fit(text: str, width: int) -> str:
    """Lines longer than the terminal wrapped, each continuation indented past its
    line's own indent (a terminal narrower than a line still reads)."""
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        lead = " " * (len(line) - len(line.lstrip()))
        out += textwrap.wrap(line, width, initial_indent="", subsequent_indent=lead + "    ",
                             break_on_hyphens=False) or [line]
    return "\n".join(out)


def play(table, read_line, write, width: int = 80, hint_bot: str = "the bot", echo: bool = False,
         piped: bool = False) -> Session:
    """Play ``table`` with the person's answers from ``read_line()`` (a line, '' at the end
    of input; it may raise KeyboardInterrupt), writing the screens with ``write(text)``.
    ``echo``: write each answer read after the prompt (input that is not a terminal);
    ``piped``: a refused answer ends the game (the answers are a script, not a person).
    Ctrl-C (a KeyboardInterrupt) ends it at once with the score so far."""
    s = Session()
    try:
        return _play(s, table, read_line, lambda text: write(fit(text, width)), width, hint_bot, echo, piped)
    except KeyboardInterrupt:
        write("\n")
        s.ended = "interrupt"
        if s.last is not None:
            write(fit(s.last.standing, width))
        return s


def _play(s, table, read_line, write, width, hint_bot, echo, piped) -> Session:
    while True:
        st = table.replay(s.answers)
        q = s.last = table.question(st, width)
        if q is None:
            s.ended = "over"
            write(table.final(st))
            return s
        write(q.screen + "\n" + q.prompt + "\n" + choices_text(q) + "\n")
        while True:
            write("> ")
            line = read_line()
            if line == "":
                write("\n" if not echo else "(end of input)\n")
                s.ended = "eof"
                write(q.standing)
                return s
            line = line.rstrip("\r\n")
            if echo:
                write(printable(line, MAX_LINE) + "\n")
            if len(line) > MAX_LINE:
                why = f"that answer is {len(line):,} characters long; a choice's name or number is enough"
                if _refused(s, q, why, write, piped):
                    return s
                continue
            cmd = line.strip().lower()
            if cmd in ("?", "help"):
                write(HELP.format(bot=hint_bot) + "\n" + q.prompt + "\n" + choices_text(q) + "\n")
                continue
            if cmd in ("hint", "log"):  # then the question again, to answer it
                write((q.hint if cmd == "hint" else q.recent) + "\n" + q.prompt + "\n" + choices_text(q) + "\n")
                continue
            if cmd in ("quit", "exit"):
                s.ended = "quit"
                write(q.standing)
                return s
            choice, why = resolve(line, q.choices, q.refused)
            if choice is None:
                if _refused(s, q, why, write, piped):
                    return s
                continue
            s.answers.append(choice.value)
            s.words.append(choice.key)
            break


def _refused(s: Session, q, why: str, write, piped: bool) -> bool:
    """Say why an answer is refused. At a terminal the question is asked again; piped in,
    the next line was meant for a later question, so the game stops here, saying where
    (True)."""
    write(why + "\n")
    if not piped:
        return False
    write(f"the answers piped in stop fitting this game at answer {len(s.answers) + 1}; stopping here\n")
    s.ended = "bad answer"
    write(q.standing)
    return True


def command_line(parts: list) -> str:
    return " ".join(shlex.quote(str(p)) for p in parts)
