"""Paths and helpers shared by the tests of the cdok package.

The tests run with Debian's python3 (make python-test, make
python-venv) against the package found on sys.path: build/python for
make check, the virtual environment's site-packages after pip install.
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(REPO, "tests", "data", "corpus")
EXAMPLES = os.path.join(REPO, "examples")
CDOK = os.path.join(REPO, "build", "cdok")


def latin(n):
    """A puzzle every Latin square of size n solves: one sum cage per
    row (every cell needs a cage or a given)."""
    import cdok
    total = n * (n + 1) // 2
    return cdok.Puzzle(n, [("+", total, [(r, c) for c in range(n)])
                           for r in range(n)])


def corpus(*parts):
    return os.path.join(CORPUS, *parts)


def files(folder, suffix):
    """The corpus files of a folder with this suffix, sorted."""
    path = corpus(folder)
    return sorted(os.path.join(path, name) for name in os.listdir(path)
                  if name.endswith(suffix))


def read_grid_file(path):
    """A .sol or .out file: rows of numbers separated by spaces."""
    with open(path) as f:
        return [[int(v) for v in line.split()] for line in f
                if line.strip()]


def run_module(module, *args, stdin=None):
    """python3 -m MODULE ARGS with this interpreter and sys.path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return subprocess.run([sys.executable, "-m", module, *args],
                          input=stdin, capture_output=True, env=env,
                          check=False)
