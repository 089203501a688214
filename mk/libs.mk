# libs.mk -- optional libraries: parts of cdok that need more than libc
# are libraries of their own beside the core, so that a program (or an
# embedded or WebAssembly build) takes only what it needs.
#
# An optional library NAME is the folder lib/NAME/, built as
# libcdok-NAME.a and libcdok-NAME.so.$(SO_VERSION) (SONAME
# libcdok-NAME.so.$(ABI)), described to pkg-config by cdok-NAME.pc and
# installed by `make install` like the core.  Its fragment, mk/NAME.mk,
# names it in OPTIONAL_LIBS (Makefile), sets
#
#   LIB_NAME_PKGS      the pkg-config modules it needs (its Requires.private)
#   LIB_NAME_FALLBACK  link flags to use when pkg-config does not know them
#   LIB_NAME_DESC      one line for its .pc file
#
#   LIB_NAME_LOADED    yes: the program cdok does not link it but loads
#                      its shared library at run time, when it is needed
#                      (its fragment says how the program finds it)
#
# and calls $(eval $(call optional_lib,NAME)).  The library exports only
# its own API (the CDOK_API functions of its section of include/cdok.h):
# the core's internals it uses are linked in from libcdok.a and kept
# hidden (--exclude-libs), so the shared library needs neither a private
# ABI of libcdok.so nor anything but its own dependencies.  It must come
# from the same release as the core all the same (cdok-NAME.pc requires
# cdok = $(VERSION)): its formats are rows of the core's format table.

# Every optional library's sources, static archive and link flags: what
# the programs of the project link.
OPT_LIB_SRC      =
OPT_LIB_ARCHIVES =
OPT_LIB_LIBS     =
OPT_LIB_CFLAGS   =
# Optional libraries that `make install` installs (those built).
OPT_LIB_NAMES    =
# What the program cdok links of them, and the shared libraries of those
# it loads at run time instead (built before it, for it to find).
CLI_LIB_ARCHIVES =
CLI_LIB_LIBS     =
CLI_LIB_LOADED   =
# dlopen: in libc since glibc 2.34, in libdl before.
DL_LIBS          = -Wl,--push-state,--as-needed -ldl -Wl,--pop-state

define optional_lib
LIB_$(1)_SRC := $$(wildcard lib/$(1)/*.c)
LIB_$(1)_OBJ := $$(LIB_$(1)_SRC:%.c=$$(BUILD)/obj/%.o)
LIB_$(1)_CFLAGS := $$(shell $$(PKG_CONFIG) --cflags $$(LIB_$(1)_PKGS) 2>/dev/null)
LIB_$(1)_LIBS := $$(or $$(shell $$(PKG_CONFIG) --libs $$(LIB_$(1)_PKGS) 2>/dev/null),$$(LIB_$(1)_FALLBACK))

OPT_LIB_SRC      += $$(LIB_$(1)_SRC)
OPT_LIB_ARCHIVES += $$(BUILD)/libcdok-$(1).a
OPT_LIB_LIBS     += $$(LIB_$(1)_LIBS)
OPT_LIB_CFLAGS   += $$(LIB_$(1)_CFLAGS)
OPT_LIB_NAMES    += $(1)
ifeq ($$(LIB_$(1)_LOADED),yes)
CLI_LIB_LOADED   += $$(BUILD)/libcdok-$(1).so
else
CLI_LIB_ARCHIVES += $$(BUILD)/libcdok-$(1).a
CLI_LIB_LIBS     += $$(LIB_$(1)_LIBS)
endif

$$(LIB_$(1)_OBJ): LIB_CFLAGS = $$(LIB_$(1)_CFLAGS)

all: $$(BUILD)/libcdok-$(1).a $$(BUILD)/libcdok-$(1).so

$$(BUILD)/libcdok-$(1).a: $$(LIB_$(1)_OBJ)
	rm -f $$@
	ar rcs $$@ $$^

$$(BUILD)/libcdok-$(1).so: $$(BUILD)/libcdok-$(1).so.$$(SO_VERSION)
	ln -sf libcdok-$(1).so.$$(SO_VERSION) $$(BUILD)/libcdok-$(1).so.$$(ABI)
	ln -sf libcdok-$(1).so.$$(ABI) $$@

$$(BUILD)/libcdok-$(1).so.$$(SO_VERSION): $$(LIB_$(1)_OBJ) $$(BUILD)/libcdok.a
	$$(CC) -shared -Wl,-soname,libcdok-$(1).so.$$(ABI) $$(LDFLAGS_ALL) \
		-o $$@ $$(LIB_$(1)_OBJ) $$(BUILD)/libcdok.a \
		-Wl,--exclude-libs,ALL $$(LIB_$(1)_LIBS) $$(CORE_LIBS)
endef
