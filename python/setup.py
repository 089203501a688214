"""Build the cdok package's extension from the library's C sources.

The extension (cdok._cdok) is compiled from python/src/*.c and every C
file of the library's folders listed below, so the package needs no
installed libcdok and follows the library as it changes: a new file in
those folders is picked up by the glob.  The JSON formats use jansson
(Debian's libjansson-dev).  The package lives in the repository: build it from
there (pip install ./python), not from a copy of this folder alone.
"""

import glob
import os
import re

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)


# The library's folders compiled into the extension.  An optional part
# that has its own folder (the JSON formats, on jansson) is taken when it
# is there; parts on other system libraries (pictures, on cairo) are not
# taken unless added here with their library.
LIB_FOLDERS = ["model", "format", "solve", "grade", "generate", "json"]
LIBRARIES = ["jansson"]


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
        include_dirs=[os.path.join(TOP, "include"), os.path.join(TOP, "lib")],
        define_macros=[("CDOK_BUILDING", None),
                       ("_POSIX_C_SOURCE", "200809L")],
        extra_compile_args=["-std=c11", "-fvisibility=hidden"],
        libraries=LIBRARIES,
    )],
)
