"""Sphinx configuration for the trumpfamily documentation.

Build (from the project root)::

    .venv/bin/python -m sphinx -W --keep-going -b html docs docs/_build/html
    .venv/bin/python -m sphinx -W --keep-going -b doctest docs docs/_build/doctest

The build needs no network: the intersphinx inventories of Python and attrs are shipped
in ``docs/_intersphinx/`` (copied from Debian's ``python3-doc`` and ``python-attr-doc``).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import warnings

import trumpfamily  # installed, or editable in the venv

# sphinx-autodoc-typehints still calls an API that Sphinx 9 deprecates: not our warning.
warnings.filterwarnings("ignore", message=".*set_application.*is deprecated")

project = "trumpfamily"
author = "trumpfamily developers"
copyright = "trumpfamily developers"
release = trumpfamily.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "sphinx_autodoc_typehints",
    "trumpfamily_tables",
]

exclude_patterns = ["_build", "_intersphinx", "_ext", "Thumbs.db", ".DS_Store"]
root_doc = "index"
language = "en"
nitpicky = True  # a broken cross-reference is a warning, and -W makes it an error
nitpick_ignore = [
    ("py:exc", "argparse.ArgumentTypeError"),  # not in Python's inventory
    ("py:mod", "cattrs"),  # cattrs publishes no inventory we can ship
    # concurrent.futures.Executor as type hints name it (Python's inventory has the public name)
    ("py:class", "concurrent.futures._base.Executor"),
]
nitpick_ignore_regex = [
    ("py:class", r"trumpfamily\.\w+\._\w+"),  # private helpers in signatures
    # the rl extra's libraries publish no inventory we can ship (trumpfamily.envs)
    ("py:class", r"(numpy|pettingzoo|gymnasium|pyspiel)\..*"),
]

# -- autodoc, napoleon, type hints -----------------------------------------------------
autodoc_member_order = "bysource"
autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
}
autodoc_typehints = "description"  # type hints in the description (sphinx-autodoc-typehints)
autodoc_typehints_description_target = "documented"
typehints_use_signature = False
typehints_use_signature_return = False
typehints_document_rtype = True
always_document_param_types = False
typehints_defaults = "comma"
typehints_document_rtype_none = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = False  # "Attributes:" entries become attributes one can link to
napoleon_use_rtype = False
python_use_unqualified_type_names = True

# -- intersphinx, offline --------------------------------------------------------------
# The targets are the public sites; the inventories are read from the shipped files, so a
# build never needs the network (and -W never fails on an unreachable site).
_INV = HERE / "_intersphinx"
intersphinx_mapping = {
    name: (url, str(_INV / f"{name}.inv"))
    for name, url in (("python", "https://docs.python.org/3"),
                      ("attrs", "https://www.attrs.org/en/stable"))
    if (_INV / f"{name}.inv").is_file()
}
intersphinx_timeout = 5
intersphinx_disabled_reftypes = ["std:doc"]

# -- doctest ---------------------------------------------------------------------------
# No global set-up: every page imports what its examples use, in a visible example, so
# that a reader can copy the examples of a page into a fresh Python session.
doctest_global_setup = ""
import doctest as _doctest

doctest_default_flags = (_doctest.ELLIPSIS | _doctest.NORMALIZE_WHITESPACE
                         | _doctest.IGNORE_EXCEPTION_DETAIL | _doctest.DONT_ACCEPT_TRUE_FOR_1)

# -- HTML ------------------------------------------------------------------------------
html_theme = "furo"
html_title = f"trumpfamily {release}"
html_static_path: list[str] = []
html_theme_options = {"navigation_with_keys": True}


# -- hidden constructor signatures -----------------------------------------------------
# HandState, BiddingHand and GameState are built with new_hand / new_game; their
# constructors take internal fields, so the reference shows the class without a signature.
_NO_SIGNATURE = {"trumpfamily.engine.HandState", "trumpfamily.game.GameState",
                 "trumpfamily.bidding.engine.BiddingHand"}


def _hide_signature(app, what, name, obj, options, signature, return_annotation):  # type: ignore[no-untyped-def]
    if what == "class" and name in _NO_SIGNATURE:
        return "", None
    return None


def _public_bases(app, name, obj, options, bases):  # type: ignore[no-untyped-def]
    # The hand states' private base (trumpfamily._valuetuple.ValueTuple) shows as the
    # tuple it is: its items are not part of the API, its value semantics are documented.
    from trumpfamily._valuetuple import ValueTuple

    bases[:] = [tuple if base is ValueTuple else base for base in bases]


def setup(app):  # type: ignore[no-untyped-def]
    app.connect("autodoc-process-signature", _hide_signature, priority=100)
    app.connect("autodoc-process-bases", _public_bases)
