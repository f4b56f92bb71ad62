"""``python -m trumpfamily``: the command line (:mod:`trumpfamily.cli`); with no arguments,
the demonstration (``trumpfamily demo``)."""

from __future__ import annotations

import sys

from .cli import main


def run(argv: list[str] | None = None) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``), or the demo when empty."""
    args = sys.argv[1:] if argv is None else argv
    return main(args if args else ["demo"])


if __name__ == "__main__":
    raise SystemExit(run())
