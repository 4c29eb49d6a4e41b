"""YAML loading that remembers line numbers and rejects duplicate keys (game-agnostic)."""
from __future__ import annotations

import yaml

from .errors import InputError


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


def load_text(text: str, path: str | None = None):
    """Parse YAML text; syntax errors become InputError with line and column."""
    loader = _Loader(text)
    loader.path = path
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        msg = " ".join(x for x in (e.context, e.problem) if x)
        raise InputError(f"YAML syntax error: {msg}", path, line, col) from None
    except yaml.YAMLError as e:
        raise InputError(f"YAML error: {e}", path) from None
    finally:
        loader.dispose()


def load_file(path: str):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise InputError(f"cannot read file: {e.strerror}", str(path)) from None
    return load_text(text, str(path)), text
