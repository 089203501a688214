# mk/web.mk -- make web: the page that plays in a browser (doc/WEB.md),
# included by the Makefile.
#
# The core library (the LIB_SRC the native build compiles), libcdok-json
# (on web/jansson/ instead of jansson) and the page's exported layer
# web/cdok_web.c are compiled with Debian's emscripten into WebAssembly,
# inlined in its JavaScript (-sSINGLE_FILE=1: a page opened from file://
# may not fetch a .wasm file).  build/web/ then holds
# exactly what the page loads:
#
#   index.html   the page
#   cdok.css     its styles
#   cdok.js      one script: the WebAssembly module (wrapped in a
#                function, so that the page can also start it in a Worker
#                made from a Blob URL), then web/engine.js, web/app.js
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
WEB_CFLAGS = -std=c11 $(WEB_OPT) $(WARN) -Iweb/jansson -Iinclude -Ilib \
	     -DCDOK_BUILDING -D_POSIX_C_SOURCE=200809L

# The core, libcdok-json over web/jansson/ (jansson's API as lib/json
# uses it: Debian has no jansson for WebAssembly; doc/WEB.md), and the
# layer the page calls.
WEB_SRC = $(LIB_SRC) $(LIB_json_SRC) web/jansson/jansson.c web/cdok_web.c
WEB_OBJ = $(WEB_SRC:%.c=$(BUILD)/web-obj/%.o)
# The functions the page calls (web/cdok_web.c).
WEB_EXPORTS = _cw_read,_cw_generate,_cw_hint,_cw_check,_cw_explain,_cw_combos,_cw_solve,_cw_free,_cw_version,_malloc,_free
WEB_LDFLAGS = $(WEB_OPT) -sSINGLE_FILE=1 -sMODULARIZE=1 \
	      -sEXPORT_NAME=CdokModule -sALLOW_MEMORY_GROWTH=1 \
	      -sENVIRONMENT=web,worker -sFILESYSTEM=0 \
	      -sEXPORTED_FUNCTIONS=$(WEB_EXPORTS) \
	      -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString,stringToUTF8

WEB_FILES = $(BUILD)/web/index.html $(BUILD)/web/cdok.css \
	    $(BUILD)/web/cdok.js

web: $(WEB_FILES)

# Says what to install when emscripten is not there (order-only: it
# never makes anything out of date).
.PHONY: web-emcc
web-emcc:
	@command -v $(EMCC) >/dev/null 2>&1 || { echo "make web: $(EMCC) is" \
		"missing: install emscripten (scripts/install-deps --test)" >&2; \
		exit 1; }

$(BUILD)/web-obj/%.o: %.c include/cdok.h $(LIB_HDR) web/jansson/jansson.h \
		| web-emcc
	@mkdir -p $(dir $@)
	$(WEB_EMCC) $(WEB_CFLAGS) -c $< -o $@

$(BUILD)/web-obj/cdok-wasm.js: $(WEB_OBJ) mk/web.mk
	$(WEB_EMCC) $(WEB_LDFLAGS) -o $@ $(WEB_OBJ)

# One script: the module inside a function the page calls (and sends to
# its Worker as text), then the page's own code.
$(BUILD)/web/cdok.js: $(BUILD)/web-obj/cdok-wasm.js web/engine.js web/app.js
	@mkdir -p $(dir $@)
	{ printf '/* cdok %s, the page (doc/WEB.md) */\n' \
		'$(VERSION)'; \
	  printf '"use strict";\nfunction cdokWasmFactory() {\n'; \
	  cat $(BUILD)/web-obj/cdok-wasm.js; \
	  printf '\nreturn CdokModule;\n}\n'; \
	  cat web/engine.js web/app.js; } > $@.tmp
	mv $@.tmp $@

$(BUILD)/web/index.html: web/index.html
	@mkdir -p $(dir $@)
	sed 's/@VERSION@/$(VERSION)/g' $< > $@

$(BUILD)/web/cdok.css: web/cdok.css
	@mkdir -p $(dir $@)
	cp $< $@

# The exported layer built natively, timed on the work bench/web.js
# gives the page (bench/RESULTS.md, "The page").
$(BUILD)/web-bench-native: web/bench_native.c web/cdok_web.c include/cdok.h \
		$(BUILD)/libcdok-json.a $(BUILD)/libcdok.a
	$(CC) $(CFLAGS_ALL) -D_POSIX_C_SOURCE=200809L -o $@ web/bench_native.c \
		web/cdok_web.c $(BUILD)/libcdok-json.a $(BUILD)/libcdok.a \
		$(LIB_json_LIBS) -lm

# The page's reader over web/jansson/, built natively: the tests hold it
# against build/cdok, on Debian's jansson, file by file.
WEB_JSON_OBJ = $(LIB_json_SRC:%.c=$(BUILD)/web-json-obj/%.o) \
	       $(BUILD)/web-json-obj/web/jansson/jansson.o \
	       $(BUILD)/web-json-obj/web/cdok_web.o

$(BUILD)/web-json-obj/%.o: %.c include/cdok.h $(LIB_HDR) web/jansson/jansson.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Iweb/jansson -Ilib -DCDOK_BUILDING \
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
