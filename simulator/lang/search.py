"""A bot file's ``search:`` block (docs/search.md): the bot looks ahead at its decisions by
playing each option out to the end of the game many times (rollouts) and takes the one
with the best mean result. What a game searches and how it lists the options is the
game's; this module reads the block, the same for every game."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, short
from .yamlio import LineDict

#: rollouts per decision (the race's comparisons stay within 32-bit sums below this)
MAX_ROLLOUTS = 10_000
KEYS = ("rollouts", "policy", "options", "decisions", "margin")
#: the most standard errors a margin may ask
MAX_MARGIN = 10
OPTIONS = ("list", "all")


@dataclass(frozen=True)
class Search:
    """A bot's search: ``rollouts`` per decision; ``policy``: None (the bot's own lists
    play its seat in the rollouts) or the path of the bot file that does; ``options``:
    'list' (the options its list would weigh, as the game defines them) or 'all' (every
    legal option); ``decisions``: the kinds of decision searched; ``margin``: by how many
    standard errors another option must beat the list's own on the same deals."""
    rollouts: int = 200
    policy: str | None = None
    options: str = "list"
    decisions: tuple = ()
    margin: float = 0.0


def parse_search(data, path: str, errors: list, decisions: tuple) -> Search | None:
    """The ``search:`` block of a bot file's ``data`` (None without one); ``decisions``:
    the game's kinds of decision that can be searched, the first the default. Mistakes go
    to ``errors`` with file and line."""
    if "search" not in data:
        return None
    block, line = data["search"], data.lines["search"]
    if not isinstance(block, LineDict):
        errors.append(InputError("'search' is a mapping", path, line,
                                 hint="e.g. 'search: {rollouts: 200, policy: self}'"))
        return None
    before = len(errors)
    for key in block:
        if key not in KEYS:
            errors.append(InputError(f"unknown key {short(key, 30)} in 'search'", path, block.lines[key],
                                     hint="keys: " + ", ".join(KEYS)))
    rollouts = block.get("rollouts", Search.rollouts)
    if isinstance(rollouts, bool) or not isinstance(rollouts, int) or not 1 <= rollouts <= MAX_ROLLOUTS:
        errors.append(InputError(f"'rollouts' must be a whole number from 1 to {MAX_ROLLOUTS:,}, not "
                                 f"{short(rollouts)}", path, block.lines.get("rollouts", line),
                                 hint="200 is a good start (docs/search.md says what it costs)"))
    policy = block.get("policy", "self")
    if not isinstance(policy, str) or not policy.strip():
        errors.append(InputError(f"'policy' is 'self' or a bot file, not {short(policy)}", path,
                                 block.lines.get("policy", line)))
        policy = "self"
    policy = None if policy.strip() == "self" else str(Path(path).parent / policy.strip())
    options = block.get("options", "list")
    if options not in OPTIONS:
        errors.append(InputError(f"'options' is one of {', '.join(OPTIONS)}, not {short(options)}", path,
                                 block.lines.get("options", line)))
    kinds = block.get("decisions", [decisions[0]])
    if isinstance(kinds, str):
        kinds = [kinds]
    if not isinstance(kinds, list) or not kinds or any(k not in decisions for k in kinds):
        errors.append(InputError(f"'decisions' lists what is searched, of: {', '.join(decisions)}; got "
                                 f"{short(kinds)}", path, block.lines.get("decisions", line),
                                 hint=f"e.g. 'decisions: [{decisions[0]}]'"))
    margin = block.get("margin", Search.margin)
    if isinstance(margin, bool) or not isinstance(margin, (int, float)) or not 0 <= margin <= MAX_MARGIN:
        errors.append(InputError(f"'margin' is a number of standard errors from 0 to {MAX_MARGIN}, not "
                                 f"{short(margin)}", path, block.lines.get("margin", line),
                                 hint="0 (the default): any better result on the same deals; 2: clearly better"))
    if len(errors) > before:
        return None
    return Search(rollouts, policy, options, tuple(dict.fromkeys(kinds)), float(margin))


def load_policies(bots, load, room: int) -> list:
    """The rollout policies the search bots among ``bots`` name, each loaded once with
    ``load(path)`` (a policy that searches is refused: rollouts play lists), for an engine
    that compiles ``room`` bots at most, seated and policies together."""
    out, seen = [], {}
    for bot in bots:
        s = getattr(bot, "search", None)
        if s is None or s.policy is None or s.policy in seen:
            continue
        try:
            pol = load(s.policy)
        except InputError as e:
            raise InputError(f"the search's policy of {bot.name}: {e.message}", e.path, e.line, hint=e.hint) from None
        if getattr(pol, "search", None) is not None:
            raise InputError(f"the search's policy {short(s.policy)} searches itself; a rollout policy plays "
                             "its lists", bot.path, hint="name a bot without a 'search:' block")
        seen[s.policy] = len(out)
        out.append(pol)
    if len(bots) + len(out) > room:
        first = next(b for b in bots if getattr(b, "search", None) is not None and b.search.policy is not None)
        raise InputError(f"{len(bots)} bots and {len(out)} rollout {'policy' if len(out) == 1 else 'policies'} "
                         f"are more than the {room} bots a match holds", first.path,
                         hint="write 'policy: self', or name fewer policies")
    return out


def compiled(b: int, bots, policies, layout, decisions: tuple = ()) -> dict:
    """Bot b's search as its options row in the engine's table: {column: value} at the
    ``layout``'s O_ROLLOUTS, O_OPTIONS, O_POLICY, O_MARGIN, and, for a game that searches
    several kinds of decision (``decisions``, the game's), O_DECIDE: bit i for the i-th
    kind it searches (none for a bot that does not search)."""
    s = bots[b].search
    if s is None:
        return {}
    row = {layout.O_ROLLOUTS: s.rollouts, layout.O_OPTIONS: layout.SO_ALL if s.options == "all" else layout.SO_LIST,
           layout.O_POLICY: policy_index(b, bots, policies), layout.O_MARGIN: round(s.margin * 100)}
    if len(decisions) > 1:
        row[layout.O_DECIDE] = sum(1 << decisions.index(k) for k in s.decisions)
    return row


def policy_index(b: int, bots, policies) -> int:
    """The compiled bot that plays bot b's seat in its rollouts: b itself, or its policy
    (compiled after the bots, in ``load_policies``' order)."""
    s = bots[b].search
    if s is None or s.policy is None:
        return b
    return len(bots) + [p.path for p in policies].index(s.policy)


def rollout_text(rows, decision: str, own: bool, shown: int, interval) -> str:
    """What a search found, for a game's log and a hint: ``rows`` of (the option in words,
    its win share in rollouts, its rollouts), the longest in the race first (the most
    rollouts, then the best share; ``shown`` at most, then how many more), each with its 95%
    interval (``interval(wins, n)``: its bounds, the run's Wilson interval), and whether
    the ``decision`` taken is its list's own."""
    rows = sorted(rows, key=lambda r: (-r[2], -r[1]))
    text = "; ".join(f"{words} {share:.0%} [{', '.join(f'{100 * x:.0f}' for x in interval(share * n, n))}] of {n}"
                     for words, share, n in rows[:shown])
    more = f"; {len(rows) - shown} more" if len(rows) > shown else ""
    return (f"search, win share in rollouts: {text}{more} — "
            + (f"the list's own {decision}" if own else f"better than the list's own {decision}"))
