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

import importlib
import importlib.util
import re
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
    # the serve extra's Starlette publishes no inventory we ship (trumpfamily.server)
    ("py:class", "starlette.applications.Starlette"),
]
nitpick_ignore_regex = [
    ("py:class", r"trumpfamily(\.\w+)+\._\w+"),  # private helpers in signatures (and bases)
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

# -- the optional extras: the docs build with only the docs extra ----------------------
# ``pip install '.[docs]'`` installs Sphinx, not numpy, numba, the learning libraries or
# matplotlib. Without them, the modules that import them when imported (trumpfamily.batch,
# trumpfamily.envs) are replaced by stand-ins read from their source (_stand_in, below),
# so that their reference pages are still built from their docstrings, with the same
# signatures; and the doctest builder skips the examples that need a missing library,
# naming them (_skip_examples_needing, below). With every extra installed (the project's
# test set-up) nothing is replaced or skipped.
_EXTRAS = {  # the import name of each optional library -> the extra that installs it
    "numpy": "batch", "numba": "batch", "llvmlite": "batch", "pettingzoo": "rl",
    "gymnasium": "rl", "pyspiel": "rl", "matplotlib": "plot", "distributed": "dist",
    "tqdm": "dist", "starlette": "serve", "uvicorn": "serve", "websockets": "serve",
}
MISSING = sorted(name for name in _EXTRAS if importlib.util.find_spec(name) is None)
autodoc_mock_imports = MISSING
# The modules that import an optional library when they are imported, in import order.
_OPTIONAL_MODULES = ("trumpfamily.batch", "trumpfamily.envs.encoding",
                     "trumpfamily.envs._episode", "trumpfamily.envs.pettingzoo",
                     "trumpfamily.envs.gymnasium", "trumpfamily.envs.openspiel")


def _stand_in(name: str) -> None:
    """Put a stand-in for module ``name`` in ``sys.modules``: its source run one top-level
    statement at a time, the missing libraries replaced by autodoc's mock objects; a
    statement that fails (a computation on a mock array, a check of the compiled core)
    is left out. Defining a function or class runs none of its code, so the public
    functions and classes keep their docstrings and signatures, and the page its source
    links; only the private constants computed with numpy are missing."""
    import __future__

    import ast
    import types

    from sphinx.ext.autodoc.mock import mock

    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None, name
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    module = types.ModuleType(name, ast.get_docstring(tree))
    module.__file__, module.__spec__, module.__loader__ = spec.origin, spec, spec.loader
    if spec.submodule_search_locations is not None:
        module.__path__ = list(spec.submodule_search_locations)
    module.__package__ = name if spec.submodule_search_locations else name.rpartition(".")[0]
    sys.modules[name] = module
    parent, _, child = name.rpartition(".")
    setattr(importlib.import_module(parent), child, module)
    flags = __future__.annotations.compiler_flag
    with mock(MISSING):
        for statement in tree.body:
            code = compile(ast.Module([statement], []), spec.origin, "exec", flags=flags,
                           dont_inherit=True)
            try:
                exec(code, module.__dict__)  # noqa: S102 (the project's own source)
            except Exception:  # noqa: BLE001, S110 (left out of the stand-in, as said)
                pass


if MISSING:
    for _name in _OPTIONAL_MODULES:
        _stand_in(_name)


# What an example's code names -> the optional libraries it needs.
_NEEDS = {
    r"\bnumpy\b|\bnp\.": ("numpy",),
    r"\bbatch\b": ("numpy", "numba", "llvmlite"),
    r"\benvs\b": ("numpy",),
    r"\bpettingzoo\b": ("pettingzoo",),
    r"\bgymnasium\b": ("gymnasium",),
    r"\bpyspiel\b|\bopenspiel\b": ("pyspiel",),
    r"\bplot\.|\bimport plot\b|\bmatplotlib\b": ("matplotlib",),
    r"\bdistributed\b|\bdask\b": ("distributed",),
}
# The modules whose docstrings' examples need optional libraries.
_MODULE_NEEDS = {"trumpfamily.batch": ("numpy", "numba"), "trumpfamily.envs": ("numpy",),
                 "trumpfamily.plot": ("matplotlib",)}
_SKIPPED: list[str] = []


def _needs(code: str, owner: str | None) -> list[str]:
    """The missing libraries an example (its code, and the module whose docstring holds
    it, if any) needs."""
    libraries = {lib for pattern, libs in _NEEDS.items() if re.search(pattern, code)
                 for lib in libs}
    if owner is not None:
        libraries.update(lib for module, libs in _MODULE_NEEDS.items()
                         if owner == module or owner.startswith(module + ".") for lib in libs)
    return sorted(libraries & set(MISSING))


def _skip_examples_needing(app, doctree):  # type: ignore[no-untyped-def]
    """In the doctest builder, without some optional libraries: leave out each example
    that needs a missing one, and every later example of its doctest group (which may
    use what it made), and say so (``_SKIPPED``, reported when the build ends)."""
    from docutils import nodes

    if not MISSING or app.builder.name != "doctest":
        return
    tests = [node for node in doctree.findall(nodes.Element)
             if isinstance(node, nodes.doctest_block) or node.get("testnodetype")]
    skipping: dict[str, list[str]] = {}  # group -> the libraries that made us skip it
    for node in tests:
        groups = node.get("groups") or ["default"]
        source = node.source or ""
        _, docstring, owner = source.rpartition(":docstring of ")
        needed = _needs(node.astext(), owner if docstring else None)
        if needed and node.get("testnodetype") not in ("testsetup", "testcleanup"):
            for group in groups:
                skipping.setdefault(group, needed)
        if any(group in skipping for group in groups) or "*" in groups and skipping:
            if node.get("testnodetype") not in ("testsetup", "testcleanup"):
                why = skipping.get(groups[0], needed)
                _SKIPPED.append(f"{app.env.docname} ({', '.join(groups)}), "
                                f"needs {', '.join(why)}")
            node.parent.remove(node)


def _report_skipped(app, exception):  # type: ignore[no-untyped-def]
    """Name the examples left out, in the doctest builder's report and the log."""
    if not _SKIPPED or app.builder.name != "doctest" or exception is not None:
        return
    from collections import Counter

    from sphinx.util import logging as sphinx_logging

    lines = [f"{where}: {count} block(s)" for where, count in Counter(_SKIPPED).items()]
    extras = sorted({_EXTRAS[name] for name in MISSING})
    summary = (f"Not run: {len(_SKIPPED)} blocks of examples that need libraries not installed "
               f"({', '.join(MISSING)}; pip install '.[{','.join(extras)}]'):\n  "
               + "\n  ".join(lines))
    sphinx_logging.getLogger(__name__).info(summary)
    with open(Path(app.outdir) / "output.txt", "a", encoding="utf-8") as report:
        report.write("\n" + summary + "\n")


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


# -- the reference index: what ``import trumpfamily`` gives, by kind --------------------
# The table of docs/reference/index.rst: one small table per kind (functions, classes,
# constants, exceptions, modules), each name linked to its entry with the first sentence
# of its summary, the rules digest's citations left to the entry itself.
_CITATION = re.compile(r"\s*\((?:[^()]|\([^()]*\))*?(?:§|\.md\b|\bEX-\d)(?:[^()]|\([^()]*\))*\)")
_KINDS = {"function": "Functions", "class": "Classes", "constant": "Constants and type aliases",
          "exception": "Exceptions", "module": "Modules"}


def _short_summary(doc: str, limit: int = 150) -> str:
    """The first sentence of a docstring's first paragraph, without citations, cut at a
    clause (``;``) past ``limit`` characters."""
    text = _CITATION.sub("", doc.strip().split("\n\n")[0].replace("\n", " "))
    for end in re.finditer(r"(?<=[.!?])\s+(?=[A-Z])", text):
        if text.count("``", 0, end.start()) % 2 == 0:  # not inside a literal
            text = text[:end.start()]
            break
    if len(text) > limit:
        clauses, kept = text.split("; "), ""
        for clause in clauses:
            if kept and len(kept) + len(clause) > limit:
                return kept + "; …"
            kept = f"{kept}; {clause}" if kept else clause
    return text


def _api_index_directive():  # type: ignore[no-untyped-def]
    import inspect
    import types
    import typing

    from trumpfamily_tables import _attribute_doc, _defining_module, _list_table, _TableDirective

    class ApiIndex(_TableDirective):
        """``.. trumpfamily-api-index::``: the package's ``__all__``, by kind."""

        def lines(self) -> list[str]:
            groups: dict[str, list[list[str]]] = {kind: [] for kind in _KINDS}
            for name in trumpfamily.__all__:
                if name.startswith("__"):
                    continue
                obj = getattr(trumpfamily, name)
                if inspect.ismodule(obj):
                    kind, ref, doc = "module", f":mod:`{obj.__name__}`", inspect.getdoc(obj)
                elif inspect.isclass(obj):
                    kind = "exception" if issubclass(obj, BaseException) else "class"
                    role = "exc" if kind == "exception" else "class"
                    ref = f":{role}:`~{obj.__module__}.{obj.__qualname__}`"
                    doc = inspect.getdoc(obj)
                elif callable(obj) and not typing.get_origin(obj):
                    kind = "function"
                    ref, doc = f":func:`~{obj.__module__}.{obj.__qualname__}`", inspect.getdoc(obj)
                else:
                    module = _defining_module(name)
                    kind, ref = "constant", f":data:`~{module}.{name}`"
                    doc = _attribute_doc(module, name)
                    if isinstance(obj, types.UnionType) or typing.get_origin(obj) is not None:
                        ref += " (type)"
                groups[kind].append([ref, _short_summary(doc or "")])
            out: list[str] = []
            for kind, rows in groups.items():
                rows.sort(key=lambda row: row[0].rpartition(".")[2].lower())
                if rows:
                    title = _KINDS[kind]
                    out += [title, "~" * len(title), ""]
                    out += _list_table(["name", "summary"], rows, [30, 70])
            return out

    return ApiIndex


def setup(app):  # type: ignore[no-untyped-def]
    app.connect("autodoc-process-signature", _hide_signature, priority=100)
    app.connect("autodoc-process-bases", _public_bases)
    app.add_directive("trumpfamily-api-index", _api_index_directive())
    app.connect("doctree-read", _skip_examples_needing, priority=600)  # after the groups
    app.connect("build-finished", _report_skipped)
