# mk/web.mk -- make web: the page that plays in a browser (doc/WEB.md),
# included by the Makefile.
#
# The core library (the LIB_SRC the native build compiles), libcdok-json
# with jansson built from its Debian source (below) and the page's
# exported layer (WEB_LAYER: web/cdok_web.c and the cw_*.c files) are
# compiled with Debian's emscripten into WebAssembly,
# inlined in its JavaScript (-sSINGLE_FILE=1: a page opened from file://
# may not fetch a .wasm file).  build/web/ then holds
# exactly what the page loads:
#
#   index.html   the page
#   cdok.css     its styles
#   cdok.js      one script: the WebAssembly module (wrapped in a
#                function, so that the page can also start it in a Worker
#                made from a Blob URL), then the page's code, WEB_JS in
#                order
#
# make web-check runs the page's tests in Chromium (web/test/, doc/WEB.md);
# make check runs it too.

.PHONY: web web-check

EMCC ?= emcc
# emscripten's tools are node scripts that need Debian's node modules
# (acorn, ...), which a node not from Debian does not look for.
WEB_NODE_PATH = $(if $(NODE_PATH),$(NODE_PATH):)/usr/share/nodejs
WEB_EMCC = NODE_PATH=$(WEB_NODE_PATH) $(EMCC)
# -O2: the size and speed figures of bench/RESULTS.md ("web") are with
# it; -Os made the solver slower for little gain in weight.
WEB_OPT ?= -O2
WEB_CFLAGS = -std=c11 $(WEB_OPT) $(WARN) -I$(JANSSON_DIR)/src -Iinclude \
	     -Ilib -DCDOK_BUILDING -D_POSIX_C_SOURCE=200809L

# jansson for the page.  Debian ships no jansson built for WebAssembly,
# so the page's build compiles jansson's Debian source (the package the
# native build links, libjansson-dev) with emcc.  scripts/install-deps
# --web (or --test) fetches the source package with apt, which checks it
# against Debian's signed index, into CDOK_WEB_DEPS; make web unpacks it
# with dpkg-source (which checks it against its .dsc) into build/ and
# works offline from then on.  The repository holds none of jansson's
# code: only web/jansson_private_config.h, what jansson's configure
# would find out, while jansson_config.h is made from jansson's own
# jansson_config.h.in.
CDOK_WEB_DEPS ?= /usr/local/src/cdok-web-deps
JANSSON_DSC = $(lastword $(sort $(wildcard $(CDOK_WEB_DEPS)/jansson_*.dsc)))
JANSSON_DIR = $(BUILD)/jansson-src
# jansson's src/*.c, as its Makefile.am lists them.
JANSSON_C = dump error hashtable hashtable_seed load memory pack_unpack \
	    strbuffer strconv utf value version
JANSSON_CONFIG = $(JANSSON_DIR)/src/jansson_config.h
JANSSON_CFLAGS = -std=c99 $(WEB_OPT) -w -DHAVE_CONFIG_H -I$(JANSSON_DIR)/src -Iweb \
		 -D_POSIX_C_SOURCE=200809L

# Unpacked afresh when the fetched source changes; says what to run when
# it was never fetched.
$(JANSSON_DIR)/.unpacked: $(JANSSON_DSC)
	@test -n "$(JANSSON_DSC)" || { echo "make web: jansson's Debian" \
		"source is missing from $(CDOK_WEB_DEPS): run" \
		"scripts/install-deps --web (or --test) as root, or set" \
		"CDOK_WEB_DEPS to where it was fetched" >&2; exit 1; }
	@command -v dpkg-source >/dev/null 2>&1 || { echo "make web:" \
		"dpkg-source is missing: run scripts/install-deps --web" >&2; \
		exit 1; }
	rm -rf $(JANSSON_DIR)
	@mkdir -p $(BUILD)
	dpkg-source --no-copy -x $(JANSSON_DSC) $(JANSSON_DIR) \
		> $(BUILD)/jansson-unpack.log 2>&1 || { \
		cat $(BUILD)/jansson-unpack.log >&2; exit 1; }
	touch $@

# jansson_config.h as jansson's configure makes it on a C99 compiler with
# long long and localeconv(); no atomic builtins: the page has one
# thread (the Worker has its own module).
$(JANSSON_CONFIG): $(JANSSON_DIR)/.unpacked mk/web.mk
	sed -e 's/@json_inline@/inline/' \
	    -e 's/@json_have_long_long@/1/' \
	    -e 's/@json_have_localeconv@/1/' \
	    -e 's/@json_have_atomic_builtins@/0/' \
	    -e 's/@json_have_sync_builtins@/0/' \
	    $(JANSSON_DIR)/src/jansson_config.h.in > $@.tmp
	mv $@.tmp $@

$(BUILD)/web-obj/jansson/%.o: $(JANSSON_CONFIG) web/jansson_private_config.h \
		| web-emcc
	@mkdir -p $(dir $@)
	$(WEB_EMCC) $(JANSSON_CFLAGS) -c $(JANSSON_DIR)/src/$*.c -o $@

# The layer the page calls, one concern a file (web/cdok_web.h).
WEB_LAYER = web/cdok_web.c web/cw_generate.c web/cw_steps.c web/cw_cells.c
# The page's code, one concern a file, joined in this order into cdok.js:
# engine.js (the library's calls, the Worker) first, main.js (which
# starts the page) last; the others only define functions and state.
WEB_JS = web/engine.js web/game.js web/storage.js web/view.js web/play.js \
	 web/dialogs.js web/address.js web/input.js web/main.js
# The core, libcdok-json, jansson, and the layer the page calls.
WEB_SRC = $(LIB_SRC) $(LIB_json_SRC) $(WEB_LAYER)
WEB_JANSSON_OBJ = $(JANSSON_C:%=$(BUILD)/web-obj/jansson/%.o)
WEB_OBJ = $(WEB_SRC:%.c=$(BUILD)/web-obj/%.o) $(WEB_JANSSON_OBJ)
# The functions the page calls (WEB_LAYER).
WEB_EXPORTS = _cw_read,_cw_generate,_cw_hint,_cw_check,_cw_explain,_cw_combos,_cw_cage_marks,_cw_peers,_cw_levels,_cw_solve,_cw_free,_cw_version,_malloc,_free
WEB_LDFLAGS = $(WEB_OPT) -sSINGLE_FILE=1 -sMODULARIZE=1 \
	      -sEXPORT_NAME=CdokModule -sALLOW_MEMORY_GROWTH=1 \
	      -sENVIRONMENT=web,worker -sFILESYSTEM=0 \
	      -sEXPORTED_FUNCTIONS=$(WEB_EXPORTS) \
	      -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString,stringToUTF8

WEB_FILES = $(BUILD)/web/index.html $(BUILD)/web/cdok.css \
	    $(BUILD)/web/cdok.js $(BUILD)/web/sw.js \
	    $(BUILD)/web/manifest.webmanifest $(BUILD)/web/icon.svg

web: $(WEB_FILES)

# Says what to install when emscripten is not there (order-only: it
# never makes anything out of date).
.PHONY: web-emcc
web-emcc:
	@command -v $(EMCC) >/dev/null 2>&1 || { echo "make web: $(EMCC) is" \
		"missing: install emscripten (scripts/install-deps --test)" >&2; \
		exit 1; }

$(BUILD)/web-obj/%.o: %.c include/cdok.h web/cdok_web.h $(LIB_HDR) \
		$(JANSSON_CONFIG) | web-emcc
	@mkdir -p $(dir $@)
	$(WEB_EMCC) $(WEB_CFLAGS) -c $< -o $@

$(BUILD)/web-obj/cdok-wasm.js: $(WEB_OBJ) mk/web.mk
	$(WEB_EMCC) $(WEB_LDFLAGS) -o $@ $(WEB_OBJ)

# One script: the module inside a function the page calls (and sends to
# its Worker as text), then the page's own code.
$(BUILD)/web/cdok.js: $(BUILD)/web-obj/cdok-wasm.js $(WEB_JS) mk/web.mk
	@mkdir -p $(dir $@)
	{ printf '/* cdok %s, the page (doc/WEB.md) */\n' \
		'$(VERSION)'; \
	  printf '"use strict";\nfunction cdokWasmFactory() {\n'; \
	  cat $(BUILD)/web-obj/cdok-wasm.js; \
	  printf '\nreturn CdokModule;\n}\n'; \
	  cat $(WEB_JS); } > $@.tmp
	mv $@.tmp $@

$(BUILD)/web/index.html: web/index.html
	@mkdir -p $(dir $@)
	sed 's/@VERSION@/$(VERSION)/g' $< > $@

$(BUILD)/web/cdok.css: web/cdok.css
	@mkdir -p $(dir $@)
	cp $< $@

# Over http(s) the page is an installable web app that opens offline
# after the first visit (web/sw.js); the cache is named by the release.
$(BUILD)/web/sw.js: web/sw.js
	@mkdir -p $(dir $@)
	sed 's/@VERSION@/$(VERSION)/g' $< > $@

$(BUILD)/web/manifest.webmanifest: web/manifest.webmanifest
	@mkdir -p $(dir $@)
	cp $< $@

$(BUILD)/web/icon.svg: web/icon.svg
	@mkdir -p $(dir $@)
	cp $< $@

# The exported layer built natively, timed on the work bench/web.js
# gives the page (bench/RESULTS.md, "The page").
$(BUILD)/web-bench-native: web/bench_native.c $(WEB_LAYER) web/cdok_web.h \
		include/cdok.h $(BUILD)/libcdok-json.a $(BUILD)/libcdok.a
	$(CC) $(CFLAGS_ALL) -D_POSIX_C_SOURCE=200809L -o $@ web/bench_native.c \
		$(WEB_LAYER) $(BUILD)/libcdok-json.a $(BUILD)/libcdok.a \
		$(LIB_json_LIBS) -lm

# The page's reader over the same jansson source, built natively: the
# tests hold it against build/cdok, on Debian's libjansson, file by file.
WEB_JSON_OBJ = $(LIB_json_SRC:%.c=$(BUILD)/web-json-obj/%.o) \
	       $(JANSSON_C:%=$(BUILD)/web-json-obj/jansson/%.o) \
	       $(BUILD)/web-json-obj/web/cdok_web.o

$(BUILD)/web-json-obj/jansson/%.o: $(JANSSON_CONFIG) \
		web/jansson_private_config.h
	@mkdir -p $(dir $@)
	$(CC) $(JANSSON_CFLAGS) -c $(JANSSON_DIR)/src/$*.c -o $@

$(BUILD)/web-json-obj/%.o: %.c include/cdok.h web/cdok_web.h $(LIB_HDR) \
		$(JANSSON_CONFIG)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -I$(JANSSON_DIR)/src -Ilib -DCDOK_BUILDING \
		-D_POSIX_C_SOURCE=200809L -c $< -o $@

$(BUILD)/web-json-read: web/test/json_read.c $(WEB_JSON_OBJ) $(BUILD)/libcdok.a
	$(CC) $(CFLAGS_ALL) -o $@ web/test/json_read.c $(WEB_JSON_OBJ) \
		$(BUILD)/libcdok.a -lm

# The page's tests in Chromium, driven by playwright-core (web/test/).
# They need build/cdok too: a puzzle made in the page must be the one the
# program makes.  The layer is also built natively (web-bench-native), so
# that gcc's warnings see it as well as emscripten's clang.
WEB_TEST_DIR = web/test
web-check: web $(BUILD)/cdok $(BUILD)/web-bench-native $(BUILD)/web-json-read
	@command -v node >/dev/null 2>&1 || { echo "web-check: node is" \
		"missing: run scripts/install-deps --test" >&2; exit 1; }
	@test -x $${CHROMIUM:-/usr/bin/chromium} || { echo "web-check:" \
		"chromium is missing: run scripts/install-deps --test" >&2; \
		exit 1; }
	@test -d $(WEB_TEST_DIR)/node_modules/playwright-core || { echo \
		"web-check: playwright-core is missing: run" \
		"scripts/install-deps --test (npm ci in $(WEB_TEST_DIR))" >&2; \
		exit 1; }
	CDOK_BIN=$(CURDIR)/$(BUILD)/cdok CDOK_WEB=$(CURDIR)/$(BUILD)/web \
	CDOK_JSON_READ=$(CURDIR)/$(BUILD)/web-json-read \
	CDOK_WEB_SHOTS=$(CURDIR)/build/web-test \
		node $(WEB_TEST_DIR)/run.js
