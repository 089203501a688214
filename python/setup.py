"""Build the cdok package's extension from the library's C sources.

The extension (cdok._cdok) is compiled from python/src/*.c and every C
file of the library's folders listed below, so the package needs no
installed libcdok and follows the library as it changes: a new file in
those folders is picked up by the glob.  The JSON formats use jansson
(Debian's libjansson-dev), the pictures cairo (libcairo2-dev).  The package lives in the repository: build it from
there (pip install ./python), not from a copy of this folder alone.
"""

import glob
import os
import re
import subprocess

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)


# The library's folders compiled into the extension: the core, the JSON
# formats (on jansson) and the pictures (on cairo, whose headers are
# found through pkg-config).
LIB_FOLDERS = ["model", "format", "solve", "grade", "generate", "json",
               "render"]
LIBRARIES = ["jansson", "cairo"]


def cairo_include():
    try:
        out = subprocess.run(["pkg-config", "--cflags-only-I", "cairo"],
                             capture_output=True, text=True,
                             check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        out = ["-I/usr/include/cairo"]
    return [flag[2:] for flag in out if flag.startswith("-I")]


def sources():
    lib = [p for folder in LIB_FOLDERS
           for p in sorted(glob.glob(os.path.join(TOP, "lib", folder, "*.c")))]
    own = sorted(glob.glob(os.path.join(HERE, "src", "*.c")))
    if not lib:
        raise SystemExit("setup.py: no C sources under ../lib: build the "
                         "package from the cdok repository")
    # Relative paths: setuptools refuses absolute ones.
    return [os.path.relpath(p, HERE) for p in own + lib]


def version():
    with open(os.path.join(TOP, "include", "cdok.h")) as f:
        return re.search(r'#define CDOK_VERSION "([^"]+)"', f.read()).group(1)


setup(
    version=version(),
    ext_modules=[Extension(
        "cdok._cdok",
        sources=sources(),
        include_dirs=[os.path.join(TOP, "include"), os.path.join(TOP, "lib")]
        + cairo_include(),
        define_macros=[("CDOK_BUILDING", None),
                       ("_POSIX_C_SOURCE", "200809L")],
        extra_compile_args=["-std=c11", "-fvisibility=hidden"],
        libraries=LIBRARIES,
    )],
)
