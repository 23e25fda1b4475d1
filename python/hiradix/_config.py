"""Configs and overrides as the texts the CLI's ``--set key=value`` takes.

A config given as a dict is flattened into dotted keys and applied as overrides on the defaults (the
same as ``hiradix run`` of an empty config with one ``--set`` per key): the resolved config, and so the
result, is the one the CLI gives for a YAML file with the same content.
"""

import json
import numbers
import os
import re

from . import _core


_PLAIN = re.compile(r"^[A-Za-z0-9_./+-][A-Za-z0-9_./+ -]*$")
_NULLS = {"~", "null", "Null", "NULL"}


def override_text(value):
    """The text after ``--set key=`` that means ``value``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        # repr is the shortest text that reads back as the same double (numpy's floats included), so a
        # value the CLI is given as 0.3 and the Python float 0.3 are the same number.
        return float.__repr__(float(value))
    if isinstance(value, str):
        # As typed after --set, unless YAML would read it as something else (null, a mapping, a comment...):
        # then double-quoted, which YAML reads back as exactly this string ("" for an empty file name).
        return value if _PLAIN.match(value) and value not in _NULLS else json.dumps(value)
    if value is None:
        return "null"  # the loader's "has no value", as an empty --set
    if isinstance(value, (list, tuple, dict)):
        return json.dumps(value)  # JSON is YAML flow syntax: traffic.mix lists
    raise TypeError(f"hiradix: cannot use a {type(value).__name__} as a config value: {value!r}")


_schema_keys = None


def _keys():
    global _schema_keys
    if _schema_keys is None:
        _schema_keys = frozenset(k["key"] for k in _core.keys())
    return _schema_keys


def _is_section(key):
    return any(k.startswith(key + ".") for k in _keys())


def flatten(config, prefix="", into=None):
    """The (dotted key, value) pairs of a nested config dict, in order. A key given twice (``"topology.h"``
    beside ``{"topology": {"h": 2}}``) is refused as the YAML loader refuses it; an unknown key is left to
    the C++ loader, whose message says what it is and what was meant."""
    into = {} if into is None else into
    for name, value in config.items():
        key = f"{prefix}.{name}" if prefix else str(name)
        if key not in _keys() and _is_section(key):
            if isinstance(value, dict):
                flatten(value, key, into)
                continue
            if value is None:  # an empty section, which the YAML loader refuses too
                raise _core.ConfigError(f"config error: {key}: is empty (null): give its keys, or leave the section "
                                        "out to take every default")
        if key in into:
            raise _core.ConfigError(f"config error: {key}: given twice in the config dict (once as a dotted key and "
                                    "once inside its section); keep one")
        into[key] = value
    return into


def resolve(config, overrides):
    """(config path, overrides as [(key, text)]) for the C++ loader: a YAML path is read by it, a dict
    becomes overrides on the defaults, before ``overrides`` (which win, as --set does)."""
    sets = []
    if config is None:
        path = ""
    elif isinstance(config, (str, os.PathLike)):
        path = os.fspath(config)
        if not path:
            raise _core.ConfigError("config error: config: an empty path; give a YAML file or a dict ({} = defaults)")
    elif isinstance(config, dict):
        path = ""
        sets = [(k, override_text(v)) for k, v in flatten(config).items()]
    else:
        raise TypeError(f"hiradix: config must be a YAML path or a dict, not {type(config).__name__}")
    for key, value in (overrides or {}).items():
        sets.append((str(key), override_text(value)))
    return path, sets
