# mk/python.mk -- the Python package (python/, README "Python"), included
# from the Makefile.
#
#   make python         build/python/cdok: the package with its extension,
#                       importable with PYTHONPATH=build/python
#   make python-test    its unittest suite (part of make check); some
#                       tests compare with the program, build/cdok
#   make python-venv    pip install ./python into a fresh venv of Debian's
#                       python3 (no download), then the suite again there
#                       (make check-ci; pip builds again only when a
#                       source changed)
#   make python-check   both, one after the other
#
# The extension is linked here from the library's own position-
# independent objects, so make check builds it in a second; pip builds
# the same sources through python/setup.py.  Debian's interpreter is
# named explicitly: the first python3 on PATH may be another one without
# Debian's modules.

PYTHON        ?= /usr/bin/python3
PY_BUILD       = $(BUILD)/python
PY_CONFIG      = $(PYTHON) -c 'import sysconfig; print(sysconfig.$(1))' \
		 2>/dev/null
PY_INCLUDE    := $(shell $(call PY_CONFIG,get_paths()["include"]))
PY_EXT_SUFFIX := $(shell $(call PY_CONFIG,get_config_var("EXT_SUFFIX")))
PY_EXT_SRC     = $(wildcard python/src/*.c)
PY_EXT_OBJ     = $(PY_EXT_SRC:%.c=$(BUILD)/obj/%.o)
PY_EXT         = $(PY_BUILD)/cdok/_cdok$(PY_EXT_SUFFIX)
# The library's folders the extension links, as in python/setup.py (an
# optional folder that is not there is skipped), built by the Makefile's
# rule for library objects.
PY_LIB_FOLDERS = model format solve grade generate json render
PY_LIB_OBJ     = $(patsubst %.c,$(BUILD)/obj/%.o,\
		 $(wildcard $(PY_LIB_FOLDERS:%=lib/%/*.c)))
PY_FILES       = $(patsubst python/cdok/%,$(PY_BUILD)/cdok/%,\
		 $(wildcard python/cdok/*.py python/cdok/*.pyi) python/cdok/py.typed)
PY_TEST_ENV    = PYTHONPATH=$(CURDIR)/$(PY_BUILD) PYTHONDONTWRITEBYTECODE=1
PY_VENV        = $(BUILD)/python-venv

.PHONY: python python-test python-venv python-check python-clean

# One after the other, even under make -j, so that outputs do not mix.
python-check:
	$(MAKE) --no-print-directory python-test
	$(MAKE) --no-print-directory python-venv

python: $(PY_EXT) $(PY_FILES)

$(BUILD)/obj/python/src/%.o: python/src/%.c python/src/pycdok.h include/cdok.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -I$(PY_INCLUDE) -fPIC -fvisibility=hidden \
		-D_POSIX_C_SOURCE=200809L -c $< -o $@

$(PY_EXT): $(PY_EXT_OBJ) $(PY_LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -shared $(LDFLAGS_ALL) -o $@ $(PY_EXT_OBJ) $(PY_LIB_OBJ) \
		$(OPT_LIB_LIBS) $(CORE_LIBS)

$(PY_BUILD)/cdok/%: python/cdok/%
	@mkdir -p $(dir $@)
	cp $< $@

python-test: python $(BUILD)/cdok
	$(PY_TEST_ENV) $(PYTHON) -m unittest discover -s python/tests -t python/tests

# pip's build runs only when a source changed since the last install.
PY_VENV_STAMP  = $(PY_VENV)/installed.stamp

python-venv: $(PY_VENV_STAMP) $(BUILD)/cdok
	cd python/tests && PYTHONDONTWRITEBYTECODE=1 \
		../../$(PY_VENV)/bin/python -m unittest discover -s . -t .

# python/build and python/cdok.egg-info are setuptools' (in-tree build,
# as pip does it); a stale manifest there can break the next build.
$(PY_VENV_STAMP): python/setup.py python/pyproject.toml $(PY_EXT_SRC) \
		python/src/pycdok.h $(wildcard python/cdok/*) \
		$(wildcard $(PY_LIB_FOLDERS:%=lib/%/*.c)) \
		$(LIB_HDR) include/cdok.h
	rm -rf $(PY_VENV) python/build python/cdok.egg-info
	$(PYTHON) -m venv --system-site-packages $(PY_VENV)
	$(PY_VENV)/bin/pip install --quiet --no-build-isolation --no-index \
		./python
	touch $@

# make clean also removes what pip's in-tree build leaves in python/.
clean: python-clean

python-clean:
	rm -rf python/build python/cdok.egg-info
