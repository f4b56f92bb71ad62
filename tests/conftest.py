"""Shared pytest configuration: hypothesis profiles.

Profiles (select with the ``HYPOTHESIS_PROFILE`` environment variable):

* ``dev`` (default): about 50 examples per property, quick feedback.
* ``ci`` (default when ``CI`` is set): 200 examples, no deadline, derandomized so a CI
  run is reproducible; sized so the whole suite stays fast on two cores.
* ``ci-compiled``: the ``ci`` profile with 50 examples, for ``.ci/run``'s second pass of
  the whole of ``tests/`` against the compiled build (issue 24), which the differential
  test (``tests/test_compiled.py``) binds to the pure build action by action; the first
  pass draws the ``ci`` profile's examples against the same code.
* ``fuzz`` (opt-in): many examples, for a long local hunt for counter-examples.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

# Make ``import strategies`` work whatever the rootdir / import mode.
_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

settings.register_profile(
    "dev",
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci-compiled",
    max_examples=50,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "fuzz",
    max_examples=5_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

_default = "ci" if os.environ.get("CI") else "dev"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _default))
