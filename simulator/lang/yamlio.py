"""YAML loading that remembers line numbers and rejects duplicate keys, and what every
game's bot file has (game-agnostic)."""
from __future__ import annotations

import hashlib
from pathlib import Path

import yaml

from ..errors import InputError, did_you_mean, name_problem, short

MAX_FILE_BYTES = 1_000_000   # a bot or setup file; the largest shipped one is under 1 kB
MAX_NODES = 20_000           # YAML values after expanding aliases (a "billion laughs" bomb is refused)


class LineDict(dict):
    """A mapping that knows the line of itself (``line``) and of each key (``lines``)."""
    line: int = 0
    lines: dict


class LineList(list):
    """A sequence that knows the line of itself and of each item."""
    line: int = 0
    lines: list


class _Loader(yaml.SafeLoader):
    path: str | None = None


def _mapping(loader: _Loader, node):
    d = LineDict()
    d.line = node.start_mark.line + 1
    d.lines = {}
    loader.flatten_mapping(node)
    for knode, vnode in node.value:
        key = loader.construct_object(knode, deep=True)
        try:
            hash(key)
        except TypeError:
            raise InputError("a key must be a plain name", loader.path, knode.start_mark.line + 1) from None
        if key in d:
            raise InputError(f"duplicate key '{key}'", loader.path, knode.start_mark.line + 1,
                             hint=f"first given on line {d.lines[key]}")
        d[key] = loader.construct_object(vnode, deep=True)
        d.lines[key] = knode.start_mark.line + 1
    return d


def _sequence(loader: _Loader, node):
    seq = LineList(loader.construct_object(c, deep=True) for c in node.value)
    seq.line = node.start_mark.line + 1
    seq.lines = [c.start_mark.line + 1 for c in node.value]
    return seq


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def _expanded_size(node, limit: int) -> int:
    """Values in the document once every alias is expanded, counted without expanding
    (each node's size is computed once), stopping as soon as it passes ``limit``. A node
    reached again from inside itself (``&a [*a]``) would expand forever: an InputError."""
    sizes: dict[int, int] = {}
    open_: set[int] = set()      # nodes whose values are being counted
    stack = [(node, False)]
    while stack:
        n, done = stack.pop()
        if id(n) in sizes:
            continue
        if not done and id(n) in open_:
            raise InputError("a YAML alias refers to a list or mapping that holds it, so it never ends",
                             None, n.start_mark.line + 1, hint="write the list out")
        open_.add(id(n))
        kids = []
        if isinstance(n, yaml.SequenceNode):
            kids = n.value
        elif isinstance(n, yaml.MappingNode):
            kids = [x for kv in n.value for x in kv]
        if not done:
            stack.append((n, True))
            stack.extend((k, False) for k in kids if id(k) not in sizes)
            continue
        sizes[id(n)] = min(limit + 1, 1 + sum(sizes.get(id(k), 0) for k in kids))
    return sizes[id(node)]


def load_text(text: str, path: str | None = None):
    """Parse YAML text; syntax errors become InputError with line and column."""
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as e:  # a control character: YAML refuses the text
        line = text.count("\n", 0, e.position) + 1
        raise InputError(f"the file holds a control character (code {e.character:#x}), which YAML does not allow",
                         path, line, hint="remove it; a bot or setup file is plain text") from None
    loader.path = path
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        try:
            size = _expanded_size(node, MAX_NODES)
        except InputError as e:
            raise InputError(e.message, path, e.line, hint=e.hint) from None
        if size > MAX_NODES:
            raise InputError(f"the file expands to more than {MAX_NODES:,} values (YAML aliases?)", path,
                             hint="write the lists out; a bot file is a few dozen lines")
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        msg = " ".join(x for x in (e.context, e.problem) if x)
        raise InputError(f"YAML syntax error: {msg}", path, line, col) from None
    except yaml.YAMLError as e:
        raise InputError(f"YAML error: {e}", path) from None
    except RecursionError:
        raise InputError("the file is nested too deeply", path) from None
    finally:
        loader.dispose()


def read_text(path) -> str:
    """A user's file as text: UTF-8, at most MAX_FILE_BYTES, or one clear InputError."""
    path = str(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)  # never more, however large the file
    except OSError as e:
        raise InputError(f"cannot read file: {e.strerror}", path) from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(f"the file is larger than {MAX_FILE_BYTES:,} bytes", path,
                         hint="is it a bot or setup file? those are a few hundred bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise InputError(f"the file is not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})", path,
                         line, hint="save it as UTF-8") from None


def load_file(path: str):
    text = read_text(path)
    return load_text(text, str(path)), text


MAX_RULES = 200  # rules in one list of a bot


def rule_items(items, key: str, path: str, line: int, errors: list, subject: str, example: str,
               list_example: str):
    """Each rule of a bot's priority list ``key`` as (subject text, condition text or
    None, line): a rule is 'SUBJECT: condition', 'SUBJECT' or {SUBJECT: condition}
    (``example`` is a rule, ``list_example`` a list, for hints). Mistakes of shape go to
    ``errors`` with file and line."""
    if not isinstance(items, list):
        errors.append(InputError(f"'{key}' must be a list of rules", path, line, hint=f"e.g. {list_example}"))
        return
    if len(items) > MAX_RULES:
        errors.append(InputError(f"'{key}' has {len(items):,} rules; the limit is {MAX_RULES}", path, line,
                                 hint="a strong bot needs a dozen"))
        return
    for item, ln in zip(items, getattr(items, "lines", [line] * len(items))):
        if isinstance(item, dict):
            if len(item) != 1:
                errors.append(InputError(f"a rule in '{key}' maps one {subject} to its condition", path, ln,
                                         hint=f"e.g. '- {example}'"))
                continue
            (name, cond), = item.items()
        elif isinstance(item, str):
            name, _, cond = item.partition(":")
            cond = cond.strip() or None
        else:
            errors.append(InputError(f"a rule in '{key}' is a {subject}, optionally with a condition; "
                                     f"got {short(item)}", path, ln, hint=f"e.g. '- {example}'"))
            continue
        yield str(name).strip(), cond, ln


# ---------------------------------------------------------------- what every bot file has
def _loose(word: str) -> str:
    """A key as people mistype it: case, spaces, underscores and hyphens aside."""
    return "".join(ch for ch in word.lower() if ch not in " _-")


def unknown_keys(data, keys, path: str, errors: list) -> None:
    """An error for each key of a bot file's ``data`` that is not one of ``keys``."""
    for key in data:
        if key not in keys:
            errors.append(InputError(f"unknown key {short(key, 30)}", path, data.lines[key],
                                     hint=did_you_mean(str(key), keys, "keys: " + ", ".join(keys), key=_loose)))


def flags(data, keys, path: str, errors: list) -> None:
    """An error for each of ``keys`` that a bot file gives as anything but true or false."""
    for key in keys:
        if not isinstance(data.get(key, False), bool):
            errors.append(InputError(f"'{key}' must be true or false", path, data.lines.get(key)))


def given_name(data, path: str) -> str:
    """A file's ``name`` as written (an empty one stays empty, for name_problem to refuse),
    else the file's name without its extension."""
    return ("" if data["name"] is None else str(data["name"])) if "name" in data else Path(str(path)).stem


def bot_name(data, path: str, errors: list) -> tuple:
    """A bot file's (name, description): its ``name`` (else the file's name) and its
    ``description``, each checked to be text (and the name to be a name)."""
    for key in ("name", "description"):
        if key in data and not isinstance(data[key], (str, int, float, type(None))):  # name: (nothing) is empty
            errors.append(InputError(f"'{key}' must be text", path, data.lines[key]))
    name = given_name(data, path)
    problem = name_problem(name)
    if problem:
        errors.append(InputError(f"the bot's name {short(name)} {problem}", path, data.lines.get("name", 1),
                                 hint="give a plain 'name:'" + ("" if "name" in data else
                                                                " (without one, the file's name is used)")))
    return name, str(data.get("description", "") or "").strip()


def file_facts(data, path: str, text: str, lists) -> dict:
    """What a loaded bot keeps of its file: the path, the text and its hash, and the line
    of each of its ``lists``."""
    return {"path": path, "sha256": hashlib.sha256(text.encode()).hexdigest(),
            "lines": {k: data.lines[k] for k in lists if k in data}, "source": text}
